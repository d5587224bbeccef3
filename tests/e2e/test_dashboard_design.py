"""Every dashboard page in Debian's Chromium (headless, Playwright), light and dark, desktop
and phone: no serious or critical axe-core violation, no sideways scroll at 360 px, usable
from the keyboard, a once-shown key copied with its button. Screenshots of every page at
1280 and 390 px, in both schemes, go to test-artifacts/dashboard-design/ (gitignored).

axe-core comes from npm (tests/e2e/a11y, installed by `make install`) and is served to the
page from the dashboard's own origin by a Playwright route, so the pages' Content-Security-
Policy stays as it is."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from tests.conftest import require_service
from tests.documents.coa_samples import CALIFORNIA_FLOWER
from tests.support.oauth import REDIRECT_URI, Pkce, authorization_url
from tests.support.servers import (
    chat_server,
    dashboard_server,
    free_port,
    trichome,
    trichome_env,
)

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "e2e" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "test-artifacts" / "dashboard-design"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}
BLOCKING = {"serious", "critical"}
GUESTS = itertools.count(1)


@dataclass
class Dashboard:
    """A running dashboard with a Team organisation: two members, a pending invitation, a
    used key and a revoked one, a certificate of analysis uploaded through the chat API
    (at `chat`), and the signed-in owner's browser state."""

    base: str
    owner_state: dict[str, Any]
    key_id: str
    invitation_path: str
    authorize_path: str
    secret: str
    coa_id: str
    chat: str


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_service(None if CHROMIUM.exists() else f"{CHROMIUM} is not installed")
    require_service(None if AXE.exists() else f"{AXE} is missing (make install fetches it)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox"]
        )
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def dashboard(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dashboard]:
    tmp_path = tmp_path_factory.mktemp("dashboard-design")
    env = trichome_env(tmp_path / "data")
    created = trichome(
        "keys", "create", "--org", "Crew", "--tier", "team", "--name", "build server", env=env
    )
    secret = created.stdout.strip().splitlines()[-1]
    # A stored Metrc connection for the track-and-trace page, at an address where nothing
    # answers (its "Test" shows the failure).
    env = {**env, "TRICHOME_METRC_BASE_URL": f"http://127.0.0.1:{free_port()}"}
    trichome(
        "tracking", "connect", "--org", "Crew", "--system", "metrc",
        env={**env, "TRICHOME_METRC_VENDOR_KEY": "design-vendor-key",
             "TRICHOME_METRC_USER_KEY": "design-user-key"},
    )  # fmt: skip
    # Each server knows the other's address: the playground's page calls the chat API, which
    # lets the dashboard's origin read its answers.
    chat_port = free_port()
    env = {**env, "TRICHOME_CHAT_PORT": str(chat_port)}
    with (
        dashboard_server(env, tmp_path / "dashboard.log") as (base, dashboard_env),
        chat_server(dashboard_env, tmp_path / "chat.log", port=chat_port) as chat,
    ):
        client = openai.OpenAI(base_url=f"{chat}/v1", api_key=secret, max_retries=0)
        for _ in range(3):
            client.chat.completions.create(
                model="operator-agent",
                messages=[{"role": "user", "content": "What is the decarboxylation factor?"}],
            )
        context = browser.new_context(viewport=DESKTOP)
        owner = context.new_page()
        owner.goto(
            trichome("dashboard", "login-link", "--org", "Crew", env=dashboard_env).stdout.strip()
        )
        owner.get_by_label("Label").fill("laptop")
        owner.get_by_role("button", name="Create key").click()
        owner.get_by_role("link", name="Back to API keys").click()
        owner.get_by_role("link", name="Revoke laptop").click()
        key_id = owner.url.split("/keys/")[1].split("/")[0]
        owner.get_by_role("button", name="Revoke key").click()
        # A member with a name, and an invitation still pending.
        links = {}
        for email in ("dana@example.com", "lee@example.com"):
            owner.goto(f"{base}/team")
            owner.get_by_label("Email").fill(email)
            owner.get_by_role("button", name="Invite").click()
            links[email] = owner.get_by_label("Invitation link").input_value()
        dana = trichome(
            "dashboard", "login-link", "--email", "dana@example.com", "--name", "Dana Diaz",
            env=dashboard_env,
        )  # fmt: skip
        invitee = browser.new_context(viewport=DESKTOP).new_page()
        invitee.goto(dana.stdout.strip())
        invitee.goto(links["dana@example.com"])
        invitee.get_by_role("button", name="Accept invitation").click()
        expect(invitee).to_have_url(f"{base}/team")
        invitee.context.close()
        # An MCP client asking to connect: the consent page (and, signed out, its sign-in).
        registered = httpx.post(
            f"{base}/oauth/register",
            json={"client_name": "Claude Desktop", "redirect_uris": [REDIRECT_URI],
                  "grant_types": ["authorization_code", "refresh_token"],
                  "token_endpoint_auth_method": "none"},
        )  # fmt: skip
        assert registered.status_code == 201, registered.text
        authorize = authorization_url("", registered.json()["client_id"], Pkce.new())
        # A certificate of analysis uploaded through the API, for the documents pages.
        coa = client.files.create(
            file=("blue-dream-coa.pdf", CALIFORNIA_FLOWER), purpose="assistants"
        )
        state = context.storage_state()
        context.close()
        yield Dashboard(
            base,
            dict(state),
            key_id,
            links["lee@example.com"].removeprefix(base),
            authorize,
            secret,
            coa.id,
            chat,
        )


# (name, path, whether it needs the owner signed in); key-created, invitation-created and
# tracking-tested are the answers to forms, and the playground is shown answering, reached
# by `_open`.
PAGES = [
    ("sign-in", "/login", False),
    ("keys", "/keys", True),
    ("key-created", None, True),
    ("key-revoke", "/keys/{key_id}/revoke", True),
    ("usage", "/usage", True),
    ("playground", None, True),
    ("endpoints", "/endpoints", True),
    ("subscription", "/subscription", True),
    ("feedback", "/feedback", True),
    ("team", "/team", True),
    ("invitation-created", None, True),
    ("invitation", "{invitation_path}", False),
    ("connections", "/connections", True),
    ("tracking", "/tracking", True),
    ("tracking-tested", None, True),
    ("tracking-remove", "/tracking/metrc/remove", True),
    ("documents", "/documents", True),
    ("document-coa", "/documents/{coa_id}/coa", True),
    ("document-delete", "/documents/{coa_id}/delete", True),
    ("authorize", "{authorize_path}", True),
    ("authorize-sign-in", "{authorize_path}", False),
    ("not-found", "/keys/key_nope/revoke", True),
]


def _context(
    browser: Browser, dashboard: Dashboard, viewport: dict[str, int], scheme: str, signed_in: bool
) -> BrowserContext:
    context = browser.new_context(
        viewport=viewport,
        color_scheme=scheme,  # type: ignore[arg-type]
        storage_state=dashboard.owner_state if signed_in else None,  # type: ignore[arg-type]
    )
    axe = AXE.read_text(encoding="utf-8")
    context.route(
        f"{dashboard.base}/__axe.js",
        lambda route: route.fulfill(body=axe, content_type="application/javascript"),
    )
    return context


def _open(page: Page, dashboard: Dashboard, name: str, path: str | None) -> None:
    base = dashboard.base
    if name == "key-created":
        page.goto(f"{base}/keys")
        page.get_by_label("Label").fill("ci runner")
        page.get_by_role("button", name="Create key").click()
        expect(page.get_by_role("heading", name="Key created")).to_be_visible()
    elif name == "playground":
        # Photographed and checked with an answer on the page: its agent and its sources.
        page.goto(f"{base}/playground")
        page.get_by_role("button", name="Send").click()
        expect(page.get_by_role("status")).to_have_text(re.compile("^Answered by"), timeout=30_000)
    elif name == "tracking-tested":
        page.goto(f"{base}/tracking")
        page.get_by_role("button", name="Test the Metrc connection").click()
        expect(page.get_by_role("alert")).to_contain_text("Metrc could not be used")
    elif name == "invitation-created":
        page.goto(f"{base}/team")
        page.get_by_label("Email").fill(f"guest{next(GUESTS)}@example.com")
        page.get_by_role("button", name="Invite").click()
        expect(page.get_by_role("heading", name="Invitation created")).to_be_visible()
    else:
        assert path is not None
        page.goto(base + path.format(**vars(dashboard)))
    # A page reached by a click is in the DOM (what the expectations above wait for) before its
    # stylesheet has loaded; measured then, an unstyled table is wider than a phone.
    page.wait_for_load_state("load")


def _axe(page: Page, base: str) -> list[dict[str, Any]]:
    """The page's serious and critical axe-core violations (after checking axe did run its
    rules: a page it could not read would pass with nothing checked)."""
    page.add_script_tag(url=f"{base}/__axe.js")
    results: dict[str, Any] = page.evaluate(
        """async () => {
            const results = await axe.run(document, {resultTypes: ['violations']});
            return {passed: results.passes.map(p => p.id),
                    violations: results.violations.map(v => ({
                        id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.map(n => n.target.join(' '))}))};
        }"""
    )
    assert {"document-title", "landmark-one-main", "html-has-lang"} <= set(results["passed"])
    return [v for v in results["violations"] if v["impact"] in BLOCKING]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_every_page_passes_axe_and_is_photographed(
    browser: Browser, dashboard: Dashboard, size: str, viewport: dict[str, int], scheme: str
) -> None:
    found: dict[str, list[dict[str, Any]]] = {}
    for name, path, signed_in in PAGES:
        context = _context(browser, dashboard, viewport, scheme, signed_in)
        page = context.new_page()
        _open(page, dashboard, name, path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"{name}-{size}-{scheme}.png"), full_page=True)
        found[name] = _axe(page, dashboard.base)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{name} is {width} px wide at {viewport['width']}"
        context.close()
    blocking = {name: violations for name, violations in found.items() if violations}
    assert not blocking, blocking


def test_no_page_scrolls_sideways_at_360_px(browser: Browser, dashboard: Dashboard) -> None:
    wide = {}
    for name, path, signed_in in PAGES:
        context = _context(browser, dashboard, NARROW, "light", signed_in)
        page = context.new_page()
        _open(page, dashboard, name, path)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > NARROW["width"]:
            wide[name] = width
        context.close()
    assert not wide, wide


def test_members_show_by_name_and_email_and_keys_by_last_use(
    browser: Browser, dashboard: Dashboard
) -> None:
    context = _context(browser, dashboard, DESKTOP, "light", True)
    page = context.new_page()
    page.goto(f"{dashboard.base}/team")
    dana = page.get_by_role("rowheader", name="Dana Diaz dana@example.com")
    expect(dana).to_be_visible()
    assert "usr_" not in page.locator("main").inner_text()
    page.goto(f"{dashboard.base}/keys")
    used = page.get_by_role("row", name=re.compile("build server"))
    expect(used.locator("time").nth(1)).to_have_text(re.compile(r"just now|minutes? ago"))
    expect(page.get_by_role("row", name=re.compile("laptop"))).to_contain_text("never")
    context.close()


def test_the_keyboard_creates_a_key_and_copies_it(browser: Browser, dashboard: Dashboard) -> None:
    context = _context(browser, dashboard, PHONE, "dark", True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=dashboard.base)
    page = context.new_page()
    page.goto(f"{dashboard.base}/keys")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{dashboard.base}/keys#main")
    # From the main content, Tab reaches the label field; typing and Enter create the key.
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "label":
            break
    expect(page.get_by_label("Label")).to_be_focused()
    page.keyboard.type("keyboard key")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Key created")).to_be_visible()
    secret = page.get_by_label("Your new API key").input_value()
    copy = page.get_by_role("button", name="Copy key")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent") == "Copy key":
            break
    expect(copy).to_be_focused()
    outline = copy.evaluate("b => getComputedStyle(b).outlineStyle")
    assert outline != "none"  # the focus is visible
    page.keyboard.press("Enter")
    expect(page.get_by_text("Copied to the clipboard.")).to_be_visible()
    assert page.evaluate("() => navigator.clipboard.readText()") == secret
    context.close()


def test_the_playground_streams_an_answer_and_its_snippets_run_as_copied(
    browser: Browser, dashboard: Dashboard, tmp_path: Path
) -> None:
    context = _context(browser, dashboard, PHONE, "light", True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=dashboard.base)
    page = context.new_page()
    page.goto(f"{dashboard.base}/playground")
    assert "trk_" not in page.content()  # the page holds no API key
    models = page.get_by_label("Model").locator("option").all_inner_texts()
    assert models == ["free-agent", "pro-agent", "operator-agent"]  # all three on Team
    page.get_by_label("Model").select_option("pro-agent")
    message = page.get_by_label("Message")
    message.fill("What is the decarboxylation factor for THCA?")
    # From the keyboard: Ctrl+Enter in the message sends it.
    with page.expect_response(re.compile(r"/v1/chat/completions$")) as answered:
        message.press("Control+Enter")
    response = answered.value
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.request.headers["authorization"].startswith("Bearer tpg_")
    assert '"stream":true' in (response.request.post_data or "")
    expect(page.get_by_role("status")).to_have_text(
        re.compile(r"^Answered by the formulation agent \(pro-agent\), \d+ sources?\.$"),
        timeout=30_000,
    )
    reply = page.locator("#conversation li.assistant")
    expect(reply.locator(".agent")).to_have_text("formulation")
    expect(reply.locator(".text")).to_contain_text("0.877")
    expect(reply.locator(".text")).not_to_contain_text("Sources:")
    links = reply.get_by_role("list").get_by_role("link")
    assert links.count() >= 1
    assert all(href.startswith("https://") for href in links.evaluate_all(
        "links => links.map(link => link.href)"))  # fmt: skip
    expect(message).to_be_focused()  # ready for the next message
    expect(message).to_have_value("")

    # The snippets repeat this conversation; each runs as copied, with a real key.
    run_env = {**os.environ, "TRICHOME_API_KEY": dashboard.secret}
    page.get_by_role("button", name="Copy Python").click()
    expect(page.get_by_text("Copied to the clipboard.")).to_be_visible()
    script = page.evaluate("() => navigator.clipboard.readText()")
    # The call that brought the answer: the question, asked of pro-agent.
    assert '"content": "What is the decarboxylation factor for THCA?"' in script
    assert 'model="pro-agent"' in script and '"role": "assistant"' not in script
    (tmp_path / "snippet.py").write_text(script, encoding="utf-8")
    python = subprocess.run(
        [sys.executable, str(tmp_path / "snippet.py")],
        env=run_env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert python.returncode == 0, python.stderr
    assert "0.877" in python.stdout and "\nSources:\n[1] " in python.stdout
    page.get_by_role("button", name="Copy curl").click()
    command = page.evaluate("() => navigator.clipboard.readText()")
    curl = subprocess.run(
        ["bash", "-c", command], env=run_env, capture_output=True, text=True, timeout=60,
        check=False,
    )  # fmt: skip
    assert curl.returncode == 0, curl.stderr
    assert curl.stdout.rstrip().endswith("data: [DONE]") and '"model":"pro-agent"' in curl.stdout
    page.goto(f"{dashboard.base}/usage")
    expect(
        page.get_by_role("row", name=re.compile(r"Signed-in members \(playground\)"))
    ).to_be_visible()
    context.close()
