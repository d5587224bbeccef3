"""`/docs` renders in Debian's Chromium with every other host unreachable: Swagger UI comes
from the service itself. Screenshots go to test-artifacts/docs/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Route, expect, sync_playwright

from tests.conftest import require_service
from tests.support.servers import chat_server, dashboard_server, trichome, trichome_env

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "docs"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_service(None if CHROMIUM.exists() else f"{CHROMIUM} is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--headless", "--no-sandbox"]
        )
        yield launched
        launched.close()


def _renders_offline(browser: Browser, base: str, title: str, operation: str, name: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    elsewhere: list[str] = []
    problems: list[str] = []

    def offline(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", offline)
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{base}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text(title, timeout=20_000)
    expect(page.locator(".opblock-summary-path", has_text=operation).first).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)
    page.close()
    assert not elsewhere, f"/docs asked other hosts: {elsewhere}"
    assert not problems, f"errors in the console: {problems}"


def test_the_chat_and_dashboard_docs_render_with_no_other_host(
    browser: Browser, tmp_path: Path
) -> None:
    env = trichome_env(tmp_path / "data")
    trichome("migrate", env=env)
    with (
        chat_server(env, tmp_path / "chat.log") as chat,
        dashboard_server(env, tmp_path / "dashboard.log") as (dashboard, _),
    ):
        _renders_offline(browser, chat, "Trichome chat API", "/v1/chat/completions", "chat")
        _renders_offline(browser, dashboard, "Trichome dashboard", "/api/health", "dashboard")
