"""The track-and-trace page in Debian's Chromium (headless, Playwright), against a real
dashboard beside the seeded sandbox and the tool server: an owner stores the sandbox's
Metrc keys, an MCP call without keys uses them and the page shows its time as the last
successful call, "Test" lists the licences the keys reach, a BioTrack login is stored and
tried, and both are removed. Screenshots go to test-artifacts/dashboard/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.conftest import require_service
from tests.e2e.test_toolserver import call
from tests.support.servers import create_key, dashboard_server, trichome
from tests.support.toolserver import SANDBOX_KEYS, Servers

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dashboard"
ORG = "Tracking Farm"
STORE = ("990202", "store@sandbox.test", "sandbox-password")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_service(None if CHROMIUM.exists() else f"{CHROMIUM} is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox"]
        )
        yield launched
        launched.close()


def _facilities_without_keys(servers: Servers, key: str) -> dict[str, Any]:
    """`list_facilities` over MCP with only an API key: the organisation's stored keys."""

    async def listed() -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {key}"}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=120) as http,
            Client(streamable_http_client(servers.mcp, http_client=http)) as client,
        ):
            return await call(client, "list_facilities")

    # Its own thread: Playwright's sync API holds this one's event loop.
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(anyio.run, listed).result(timeout=180)


def _row(page: Page, system: str) -> Any:
    return page.get_by_role("row", name=re.compile(f"^{system}"))


def test_an_owner_connects_tests_and_removes_from_the_dashboard(
    browser: Browser, servers: Servers, tmp_path: Path
) -> None:
    key = create_key(servers.env, "operator", ORG)
    with dashboard_server(servers.env, tmp_path / "dashboard.log") as (base, env):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(trichome("dashboard", "login-link", "--org", ORG, env=env).stdout.strip())
        page.get_by_role("link", name="Track and trace").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Track and trace")
        expect(page.get_by_text("None stored")).to_be_visible()

        page.get_by_label("Vendor key").fill(SANDBOX_KEYS["X-Metrc-Vendor-Key"])
        page.get_by_label("User key").fill(SANDBOX_KEYS["X-Metrc-User-Key"])
        page.get_by_role("button", name="Store Metrc keys").click()
        metrc = _row(page, "Metrc")
        expect(metrc).to_contain_text("vendor key …-key, user key …-key")
        expect(metrc.get_by_role("cell").nth(3)).to_have_text("never")
        assert "sandbox-user-key" not in page.content()

        facilities = _facilities_without_keys(servers, key)
        licences = [facility["LicenseNumber"] for facility in facilities["items"]]
        assert licences
        page.reload()
        expect(metrc.get_by_role("cell").nth(3)).to_have_text("just now")

        metrc.get_by_role("button", name="Test the Metrc connection").click()
        status = page.get_by_role("status")
        expect(status).to_contain_text("Metrc answered: the keys reach")
        for licence in licences:
            expect(status).to_contain_text(licence)
        shot(page, "tracking-metrc-tested")

        page.get_by_label("State").select_option("NM")
        page.get_by_label("Licence number or UBI").fill(STORE[0])
        page.get_by_label("Username").fill(STORE[1])
        page.get_by_label("Password").fill(STORE[2])
        page.get_by_role("button", name="Store BioTrack login").click()
        biotrack = _row(page, "BioTrack")
        expect(biotrack).to_contain_text("NM")
        expect(biotrack).to_contain_text(STORE[0])
        expect(biotrack).to_contain_text("user …test")
        assert STORE[1] not in page.content() and STORE[2] not in page.content()
        biotrack.get_by_role("button", name="Test the BioTrack connection").click()
        expect(page.get_by_role("status")).to_have_text(
            f"BioTrack accepted the login for licence {STORE[0]} (NM). Licences: {STORE[0]}."
        )
        expect(_row(page, "BioTrack").get_by_role("cell").nth(3)).to_have_text("just now")
        shot(page, "tracking-both")

        for system in ("Metrc", "BioTrack"):
            _row(page, system).get_by_role("link", name=f"Remove the {system} connection").click()
            page.get_by_role("button", name="Remove connection").click()
            expect(page).to_have_url(f"{base}/tracking")
        expect(page.get_by_text("None stored")).to_be_visible()
        page.close()
    listed = trichome("tracking", "connections", env=servers.env).stdout
    assert ORG not in listed


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
