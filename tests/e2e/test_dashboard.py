"""The dashboard in Debian's Chromium (headless, driven by Playwright) against real
`trichome serve dashboard` and `trichome serve chat` processes on a fresh data dir: sign in
with the login link the command prints, create a key, use it with the `openai` SDK, revoke
it and get 401, and see the usage page count calls. Screenshots go to
test-artifacts/dashboard/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.conftest import require_service
from tests.support.servers import chat_server, dashboard_server, trichome, trichome_env

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dashboard"
QUESTION = "What is the decarboxylation factor for THCA?"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_service(None if CHROMIUM.exists() else f"{CHROMIUM} is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--headless", "--no-sandbox"]
        )
        yield launched
        launched.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def ask(base: str, key: str) -> openai.types.chat.ChatCompletion:
    client = openai.OpenAI(base_url=f"{base}/v1", api_key=key, max_retries=0)
    return client.chat.completions.create(
        model="operator-agent", messages=[{"role": "user", "content": QUESTION}], stream=False
    )


def test_sign_in_create_use_revoke_and_see_usage(browser: Browser, tmp_path: Path) -> None:
    env = trichome_env(tmp_path / "data")
    trichome("migrate", env=env)
    with (
        dashboard_server(env, tmp_path / "dashboard.log") as (dashboard, dashboard_env),
        chat_server(env, tmp_path / "chat.log") as chat,
    ):
        link = trichome("dashboard", "login-link", env=dashboard_env).stdout.strip()
        assert link.startswith(f"{dashboard}/login/link?token=")
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(link)
        expect(page).to_have_url(f"{dashboard}/keys")
        expect(page.get_by_role("heading", name="API keys")).to_be_visible()
        expect(page.get_by_role("link", name="API keys")).to_have_attribute("aria-current", "page")
        shot(page, "01-keys-empty")

        page.get_by_label("Label").fill("e2e key")
        page.get_by_role("button", name="Create key").click()
        secret = page.get_by_label("Your new API key").input_value()
        assert re.fullmatch(r"trk_[A-Za-z0-9_-]{40,}", secret)
        shot(page, "02-key-created")

        answer = ask(chat, secret)
        assert answer.choices[0].message.content

        page.goto(f"{dashboard}/keys")
        expect(page.get_by_role("cell", name=f"{secret[:10]}…{secret[-4:]}")).to_be_visible()
        page.get_by_role("link", name="Revoke e2e key").click()
        expect(page.get_by_role("heading", name=re.compile("Revoke the key"))).to_be_visible()
        shot(page, "03-revoke-confirm")
        page.get_by_role("button", name="Revoke key").click()
        expect(page.get_by_role("cell", name="revoked")).to_be_visible()
        shot(page, "04-revoked")
        with pytest.raises(openai.AuthenticationError):
            ask(chat, secret)

        page.get_by_label("Label").fill("second key")
        page.get_by_role("button", name="Create key").click()
        second = page.get_by_label("Your new API key").input_value()
        for _ in range(3):
            ask(chat, second)
        page.goto(f"{dashboard}/usage")
        # 1 call with the first key + 3 with the second, all counted in the quota at once.
        expect(page.locator("#calls-summary")).to_contain_text("4 of 5,000 calls used")
        # The per-model log is flushed every couple of seconds.
        for _ in range(20):
            if page.get_by_role("row", name=re.compile(r"operator-agent.*4")).count():
                break
            page.wait_for_timeout(500)
            page.reload()
        expect(page.get_by_role("row", name=re.compile(r"operator-agent.*4"))).to_be_visible()
        shot(page, "05-usage")

        for path, heading in [("/endpoints", "Endpoints"), ("/subscription", "Subscription"),
                              ("/feedback", "Feedback received"), ("/team", "Team")]:  # fmt: skip
            page.goto(f"{dashboard}{path}")
            expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
            shot(page, f"06{path.replace('/', '-')}")

        page.get_by_role("button", name="Sign out").click()
        expect(page).to_have_url(f"{dashboard}/login")
        page.goto(link)  # a login link works once
        expect(
            page.get_by_role("heading", name="This sign-in link no longer works")
        ).to_be_visible()
        page.close()


def test_invite_accept_and_switch_organisation(browser: Browser, tmp_path: Path) -> None:
    env = trichome_env(tmp_path / "data")
    trichome("keys", "create", "--org", "Crew", "--tier", "team", "--name", "crew key", env=env)
    with dashboard_server(env, tmp_path / "dashboard.log") as (dashboard, dashboard_env):
        owner_link = trichome("dashboard", "login-link", "--org", "Crew", env=dashboard_env)
        owner = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        owner.goto(owner_link.stdout.strip())
        owner.get_by_role("link", name="Team").click()
        owner.get_by_label("Email").fill("dana@example.com")
        owner.get_by_role("button", name="Invite").click()
        expect(owner.get_by_role("status")).to_contain_text(
            "This server sends no email, so send them the link yourself"
        )
        invitation = owner.get_by_label("Invitation link").input_value()
        assert re.fullmatch(rf"{dashboard}/invitations/[\w-]{{43}}", invitation)
        shot(owner, "07-invitation-created")
        owner.get_by_role("link", name="Back to the team").click()
        expect(owner.get_by_role("row", name=re.compile("dana@example.com member"))).to_be_visible()

        # The invitee, in a browser of their own, opens the link before signing in.
        invitee = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        invitee.goto(invitation)
        expect(invitee.get_by_role("heading", name="Join Crew")).to_be_visible()
        expect(invitee.get_by_role("heading", name="Sign in to accept")).to_be_visible()
        shot(invitee, "08-invitation-sign-in")
        link = trichome("dashboard", "login-link", "--email", "dana@example.com", env=dashboard_env)
        invitee.goto(link.stdout.strip())
        expect(invitee).to_have_url(invitation)  # sign-in came back to the invitation
        invitee.get_by_role("button", name="Accept invitation").click()
        expect(invitee).to_have_url(f"{dashboard}/team")
        expect(invitee.get_by_text("dana@example.com · Crew (Team)")).to_be_visible()
        shot(invitee, "09-joined")

        switcher = invitee.get_by_label("Organisation")
        personal = next(
            name for name in switcher.locator("option").all_inner_texts() if "personal" in name
        )
        switcher.select_option(label=personal)
        invitee.get_by_role("button", name="Switch").click()
        expect(invitee).to_have_url(f"{dashboard}/team")
        invitee.get_by_role("link", name="API keys").click()
        expect(invitee.get_by_text("No keys yet.")).to_be_visible()
        invitee.get_by_label("Organisation").select_option(label="Crew")
        invitee.get_by_role("button", name="Switch").click()
        expect(invitee).to_have_url(f"{dashboard}/keys")
        expect(invitee.get_by_role("rowheader", name="crew key")).to_be_visible()
        shot(invitee, "10-team-keys")

        invitee.goto(invitation)  # used up
        expect(
            invitee.get_by_role("heading", name="This invitation link does not work")
        ).to_be_visible()
        owner.reload()
        expect(owner.get_by_role("rowheader", name="dana@example.com")).to_be_visible()
        owner.context.close()
        invitee.context.close()
