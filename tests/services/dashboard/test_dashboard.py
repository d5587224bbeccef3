"""The dashboard app: its health, its routes, and the error body on every failure."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.conftest import reconfigured, started
from tests.services.chat.test_chat import assert_error
from tests.support.stripe_events import SECRET
from trichome.cli.serve import BUILT_SERVICES
from trichome.config import Settings
from trichome.services.dashboard.app import create_app

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("secret", [None, SECRET])
async def test_health_needs_no_credential_and_says_whether_webhooks_are_on(
    settings: Settings, secret: str | None
) -> None:
    async with started(create_app(reconfigured(settings, stripe_webhook_secret=secret))) as client:
        response = await client.get("/api/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "healthy" and body["reasons"] == []
    assert body["stripe_webhooks"] is (secret is not None)
    assert set(body) == {"status", "uptime", "version", "timestamp", "stripe_webhooks", "reasons"}


async def test_an_unknown_route_gets_the_error_body(settings: Settings) -> None:
    async with started(create_app(settings)) as client:
        response = await client.get("/nowhere")
    assert_error(response, 404, "not_found")
    assert response.headers["x-request-id"]


def test_the_routes_are_described_and_the_service_is_served() -> None:
    paths = create_app(Settings()).openapi()["paths"]
    assert {"/api/webhooks/stripe", "/api/health", "/login", "/keys", "/team"} <= set(paths)
    assert not any(path.startswith("/static") for path in paths)
    # Pages take the session cookie; sign-in, the webhook and health take none.
    assert paths["/keys"]["post"]["security"] == [{"SessionCookie": []}]
    assert paths["/login/link"]["get"]["security"] == []
    assert paths["/api/webhooks/stripe"]["post"]["security"] == []
    assert BUILT_SERVICES["dashboard"] == "trichome.services.dashboard.app"


def test_a_blank_webhook_secret_is_refused_at_startup() -> None:
    with pytest.raises(ValueError, match="is blank"):
        Settings(stripe_webhook_secret="  ")


def test_the_price_map_names_real_tiers() -> None:
    assert Settings(stripe_price_tiers={"price_1": "pro"}).stripe_price_tiers == {"price_1": "pro"}
    with pytest.raises(ValueError, match="stripe_price_tiers"):
        Settings(stripe_price_tiers={"price_1": "gold"})


async def test_health_is_degraded_when_the_database_is_gone(tmp_path: Path) -> None:
    broken = Settings(
        data_dir=tmp_path, database_url="postgresql+asyncpg://nobody@127.0.0.1:9/none"
    )
    async with started(create_app(broken)) as client:
        response: httpx.Response = await client.get("/api/health")
    assert response.status_code == 200
    assert response.json()["status"] == "degraded" and response.json()["reasons"]
