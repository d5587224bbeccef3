"""The MCP clients page: connected clients with last use, and revoking one."""

from __future__ import annotations

import pytest

from tests.conftest import started
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from tests.support.oauth import connect, refresh
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio


async def test_a_connected_client_is_listed_and_can_be_revoked(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        empty = await web.get("/connections")
        assert "No MCP client is connected" in empty.text
        assert "http://127.0.0.1:8001/api/mcp" in empty.text
        client, tokens = await connect(web, allow_write=False)
        page = await web.get("/connections")
        assert (
            page.status_code == 200 and '<a href="/connections" aria-current="page">' in page.text
        )
        assert "Test editor" in page.text and "read only" in page.text
        assert "never" in page.text and "active" in page.text
        grant_link = page.text.split('href="/connections/')[1].split('"')[0]
        assert grant_link.startswith("grant_") and grant_link.endswith("/revoke")
        confirm = await web.get(f"/connections/{grant_link}")
        assert "Revoke “Test editor”?" in confirm.text
        forged = await web.post(f"/connections/{grant_link}", data={"csrf_token": "0" * 64})
        assert forged.status_code == 403
        still = await refresh(web, client["client_id"], tokens["refresh_token"])
        assert still.status_code == 200
        revoked = await web.post(
            f"/connections/{grant_link}", data={"csrf_token": csrf_of(confirm)}
        )
        assert revoked.status_code == 303 and revoked.headers["location"] == "/connections"
        after = await refresh(web, client["client_id"], still.json()["refresh_token"])
        assert after.status_code == 400 and after.json()["error"] == "invalid_grant"
        listed = await web.get("/connections")
    assert "revoked: revoked in the dashboard" in listed.text
    assert f'href="/connections/{grant_link}"' not in listed.text


async def test_another_organisation_neither_sees_nor_revokes_a_connection(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client, tokens = await connect(web)
        page = await web.get("/connections")
        grant_link = page.text.split('href="/connections/')[1].split('"')[0]
    async with started(dashboard.create_app(settings)) as other:
        await sign_in(other, settings, org="Rival Co", tier=Tier.OPERATOR)
        listed = await other.get("/connections")
        confirm = await other.get(f"/connections/{grant_link}")
        csrf = csrf_of(listed)
        revoke = await other.post(f"/connections/{grant_link}", data={"csrf_token": csrf})
    assert "Test editor" not in listed.text
    assert confirm.status_code == 404 and revoke.status_code == 404
    async with started(dashboard.create_app(settings)) as web:
        still = await refresh(web, client["client_id"], tokens["refresh_token"])
    assert still.status_code == 200


async def test_the_page_needs_a_session(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        response = await web.get("/connections")
    assert response.status_code == 303 and response.headers["location"] == "/login"
