"""The tool server as an OAuth protected resource: its metadata, the 401 challenge, and the
access tokens the dashboard issues (beside API keys), in process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import delete, update

from tests.conftest import KeyMaker, reconfigured, started
from tests.services.dashboard.test_web_login import sign_in
from tests.support.oauth import connect
from trichome.accounts.service import find_organization, set_tier
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Membership, OAuthGrant, OAuthToken, utcnow
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard
from trichome.services.toolserver import app as toolserver

pytestmark = pytest.mark.anyio

TOOLS = "http://127.0.0.1:8001"
MCP = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
CHALLENGE = (
    'Bearer realm="trichome", '
    f'resource_metadata="{TOOLS}/.well-known/oauth-protected-resource/api/mcp", '
    'scope="tools:read tools:write"'
)


@dataclass
class Apps:
    web: httpx.AsyncClient
    tools: httpx.AsyncClient
    settings: Settings


@pytest.fixture
async def apps(settings: Settings) -> AsyncIterator[Apps]:
    """The dashboard (signed in as the owner of Grower Co, Operator) and the tool server."""
    async with (
        started(dashboard.create_app(settings)) as web,
        started(toolserver.create_app(settings)) as tools,
    ):
        tools.base_url = httpx.URL(TOOLS)
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        yield Apps(web, tools, settings)


async def _tools(apps: Apps, token: str, path: str = "/api/mcp") -> httpx.Response:
    return await apps.tools.post(
        path, json=LIST, headers={**MCP, "Authorization": f"Bearer {token}"}
    )


async def _sql(settings: Settings, statement: object) -> None:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        await session.execute(statement)  # type: ignore[call-overload]
        await session.commit()
    await engine.dispose()


async def test_metadata_names_the_dashboard_as_authorization_server(apps: Apps) -> None:
    for path, resource in (
        ("/.well-known/oauth-protected-resource/api/mcp", f"{TOOLS}/api/mcp"),
        ("/.well-known/oauth-protected-resource", TOOLS),
    ):
        response = await apps.tools.get(path)
        assert (
            response.status_code == 200 and response.headers["access-control-allow-origin"] == "*"
        )
        metadata = response.json()
        assert metadata["resource"] == resource
        assert metadata["authorization_servers"] == ["http://127.0.0.1:8003"]
        assert metadata["scopes_supported"] == ["tools:read", "tools:write"]
        assert metadata["bearer_methods_supported"] == ["header"]
    preflight = await apps.tools.options(
        "/.well-known/oauth-protected-resource/api/mcp",
        headers={"Origin": "http://localhost:6274", "Access-Control-Request-Method": "GET"},
    )
    assert preflight.status_code == 204
    issuer = (await apps.web.get("/.well-known/oauth-authorization-server")).json()["issuer"]
    assert issuer == "http://127.0.0.1:8003"


async def test_configured_public_urls_are_what_the_metadata_says(settings: Settings) -> None:
    public = reconfigured(
        settings,
        toolserver_url="https://tools.example.com",
        dashboard_url="https://dash.example.com",
    )
    async with started(toolserver.create_app(public)) as tools:
        metadata = (await tools.get(f"{TOOLS}/.well-known/oauth-protected-resource/api/mcp")).json()
        challenge = (await tools.post(f"{TOOLS}/api/mcp", json=LIST, headers=MCP)).headers
    assert metadata["resource"] == "https://tools.example.com/api/mcp"
    assert metadata["authorization_servers"] == ["https://dash.example.com"]
    assert (
        'resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/api/mcp"'
        in challenge["www-authenticate"]
    )


async def test_a_401_carries_the_challenge_that_leads_to_sign_in(
    apps: Apps, make_key: KeyMaker
) -> None:
    nothing = await apps.tools.post("/api/mcp", json=LIST, headers=MCP)
    assert nothing.status_code == 401
    assert nothing.headers["www-authenticate"] == CHALLENGE
    assert nothing.json()["error"]["code"] == "missing_api_key"
    for credential, code in (
        ("mcp_at_unknown", "invalid_token"),
        ("trk_unknown", "invalid_api_key"),
    ):
        refused = await _tools(apps, credential)
        assert refused.status_code == 401 and refused.json()["error"]["code"] == code
        header = refused.headers["www-authenticate"]
        assert header.startswith(CHALLENGE + ', error="invalid_token", error_description=')
    # API keys keep working next to tokens.
    key = await make_key(Tier.OPERATOR)
    assert (await _tools(apps, key)).status_code == 200


async def test_an_access_token_lists_the_tools_and_records_its_use(apps: Apps) -> None:
    _, tokens = await connect(apps.web)
    listed = await _tools(apps, tokens["access_token"])
    assert listed.status_code == 200, listed.text
    names = {tool["name"] for tool in listed.json()["result"]["tools"]}
    assert {"list_facilities", "adjust_package", "needs_attention"} <= names
    page = await apps.web.get("/connections")
    assert "never" not in page.text.split("<tbody>")[1]  # last used is now


async def test_a_read_only_grant_sees_no_writes(apps: Apps) -> None:
    _, tokens = await connect(apps.web, allow_write=False)
    listed = await _tools(apps, tokens["access_token"])
    tools = listed.json()["result"]["tools"]
    assert tools and all(tool["annotations"]["readOnlyHint"] for tool in tools)
    assert "adjust_package" not in {tool["name"] for tool in tools}


async def test_expired_and_revoked_tokens_are_invalid_tokens(apps: Apps) -> None:
    _, expiring = await connect(apps.web)
    _, revoked = await connect(apps.web)
    await _sql(
        apps.settings,
        update(OAuthToken)
        .values(expires_at=utcnow() - timedelta(seconds=1))
        .where(OAuthToken.kind == "access"),
    )
    expired = await _tools(apps, expiring["access_token"])
    assert expired.status_code == 401 and "expired" in expired.json()["error"]["message"]
    assert 'error="invalid_token"' in expired.headers["www-authenticate"]
    page = await apps.web.get("/connections")
    link = page.text.split('href="/connections/')[1].split('"')[0]  # newest: `revoked`
    confirm = await apps.web.get(f"/connections/{link}")
    csrf = confirm.text.split('name="csrf_token" value="')[1].split('"')[0]
    await apps.web.post(f"/connections/{link}", data={"csrf_token": csrf})
    refused = await _tools(apps, revoked["access_token"])
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "invalid_token"


async def test_a_token_is_only_good_for_the_resource_it_was_issued_for(apps: Apps) -> None:
    _, tokens = await connect(apps.web)
    chat = await apps.tools.post(
        "/api/chat",
        json={"message": "which licences do I have?"},
        headers={"Authorization": f"Bearer {tokens['access_token']}"},
    )
    assert chat.status_code == 401 and "issued for" in chat.json()["error"]["message"]
    assert 'error="invalid_token"' in chat.headers["www-authenticate"]
    slash = await _tools(apps, tokens["access_token"], "/api/mcp/")
    assert slash.status_code == 200


async def test_the_tier_rule_applies_to_the_tokens_organisation(apps: Apps) -> None:
    _, tokens = await connect(apps.web)
    engine = create_engine(apps.settings)
    async with create_sessionmaker(engine)() as session:
        organization = await find_organization(session, "Grower Co")
        assert organization is not None
        await set_tier(session, organization, Tier.FREE)
        await session.commit()
    await engine.dispose()
    refused = await _tools(apps, tokens["access_token"])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "tier_lacks_tools"
    assert "Free tier" in refused.json()["error"]["message"]
    assert "www-authenticate" not in refused.headers


async def test_a_member_who_left_takes_their_connections_along(apps: Apps) -> None:
    _, tokens = await connect(apps.web)
    await _sql(apps.settings, delete(Membership))
    refused = await _tools(apps, tokens["access_token"])
    assert (
        refused.status_code == 401 and "left the organisation" in refused.json()["error"]["message"]
    )


async def test_metrc_keys_follow_the_tokens_organisation(settings: Settings) -> None:
    """With a real Metrc URL, Grower Co's token finds no stored keys of its own (another
    organisation's keys are never used); the token is fine, so this is a 403, not a 401."""
    real = reconfigured(settings, metrc_base_url="https://api-co.metrc.com")
    async with (
        started(dashboard.create_app(real)) as web,
        started(toolserver.create_app(real)) as tools,
    ):
        await sign_in(web, real, org="Grower Co", tier=Tier.OPERATOR)
        _, tokens = await connect(web)
        tools.base_url = httpx.URL(TOOLS)
        auth = {"Authorization": f"Bearer {tokens['access_token']}"}
        missing = await tools.post("/api/mcp", json=LIST, headers={**MCP, **auth})
        with_headers = await tools.post(
            "/api/mcp",
            json=LIST,
            headers={**MCP, **auth, "X-Metrc-Vendor-Key": "v" * 20, "X-Metrc-User-Key": "u" * 20},
        )
    assert missing.status_code == 403
    assert missing.json()["error"]["code"] == "missing_metrc_keys"
    assert "--org 'Grower Co'" in missing.json()["error"]["message"]
    assert with_headers.status_code == 200


async def test_revoking_through_the_grant_table_is_immediate(apps: Apps) -> None:
    _, tokens = await connect(apps.web)
    assert (await _tools(apps, tokens["access_token"])).status_code == 200
    await _sql(apps.settings, update(OAuthGrant).values(revoked_at=utcnow(), revoked_reason="user"))
    refused = await _tools(apps, tokens["access_token"])
    assert refused.status_code == 401 and "revoked" in refused.json()["error"]["message"]
