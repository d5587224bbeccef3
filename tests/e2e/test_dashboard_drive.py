"""The documents page's Google Drive card in Debian's Chromium (headless, Playwright),
against a dashboard whose Google is the local one: connect through the consent redirect,
choose a folder with subfolders, see the first sync under way (the page answered at once),
then the synced files and the refused ones with their reasons; the card passes axe-core
and does not scroll sideways on a phone, in light and dark. Screenshots go beside the
other dashboard pages'."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.documents.samples import pdf
from tests.e2e.test_dashboard_design import ARTIFACTS, NARROW, PHONE, _axe, _context, browser
from tests.support.google_drive import GoogleServer, google_server
from tests.support.servers import dashboard_server, trichome, trichome_env

pytestmark = pytest.mark.e2e
__all__ = ["browser"]


@dataclass
class DriveDashboard:
    """A running dashboard whose Google is `google`, and the owner's browser state."""

    base: str
    google: GoogleServer
    owner_state: dict[str, Any]
    folder: str


@pytest.fixture(scope="module")
def drive_dashboard(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[DriveDashboard]:
    tmp_path = tmp_path_factory.mktemp("dashboard-drive")
    with google_server() as google:
        folder = google.add_folder("Compliance")
        labs = google.add_folder("Lab results", parent=folder)
        google.add_file(
            folder, "Transport SOP.pdf", pdf("Vehicles stay locked."), "application/pdf"
        )
        google.add_file(folder, "notes.pdf", b"plain words, not a PDF", "application/pdf")
        google.add_file(labs, "plate.gif", b"GIF89a\x01\x00\x01\x00", "image/gif")
        google.add_file(labs, "coa.txt", b"Total THC 21.4 %", "text/plain")
        env = {
            **trichome_env(tmp_path / "data"),
            "TRICHOME_GOOGLE_CLIENT_ID": google.client_id,
            "TRICHOME_GOOGLE_CLIENT_SECRET": google.client_secret,
            "TRICHOME_GOOGLE_AUTH_URL": google.auth_url,
            "TRICHOME_GOOGLE_TOKEN_URL": google.token_url,
            "TRICHOME_GOOGLE_REVOKE_URL": google.revoke_url,
            "TRICHOME_GOOGLE_DRIVE_URL": google.drive_url,
            "TRICHOME_GOOGLE_DRIVE_SYNC_MINUTES": "0",
        }
        trichome("keys", "create", "--org", "Drive Co", "--tier", "pro", env=env)
        with dashboard_server(env, tmp_path / "dashboard.log") as (base, dashboard_env):
            google.redirect_uris.add(f"{base}/documents/drive/callback")
            context = browser.new_context(viewport=PHONE)
            owner = context.new_page()
            link = trichome("dashboard", "login-link", "--org", "Drive Co", env=dashboard_env)
            owner.goto(link.stdout.strip())
            state = context.storage_state()
            context.close()
            yield DriveDashboard(base, google, dict(state), folder)


def _settled(page: Page, base: str) -> None:
    """Reload the documents page until the sync under way has finished."""
    for _ in range(600):  # a minute and more: extraction is slow on a busy machine
        page.goto(f"{base}/documents")
        if page.locator("#drive-syncing").count() == 0:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the sync never finished")


def _checked(page: Page, base: str, name: str, scheme: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}-phone-{scheme}.png"), full_page=True)
    assert _axe(page, base) == []
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name} is {width} px wide"


def test_connect_choose_a_folder_and_see_the_sync_and_the_refused_files(
    browser: Browser, drive_dashboard: DriveDashboard
) -> None:
    base, google = drive_dashboard.base, drive_dashboard.google
    context = _context(browser, drive_dashboard, PHONE, "dark", True)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{base}/documents")
    page.get_by_role("link", name="Connect Google Drive").click()
    card = page.get_by_role("region", name="Google Drive")
    expect(card.get_by_role("status").first).to_have_text(
        "Google Drive is connected. Choose the folder to sync."
    )
    page.get_by_label("Folder id or address").fill(
        f"https://drive.google.com/drive/folders/{drive_dashboard.folder}"
    )
    google.gate.clear()  # the listing waits: the first sync stays under way
    try:
        page.get_by_role("button", name="Choose folder").click()
        expect(card.get_by_role("status").first).to_have_text(
            "The folder is chosen; its first sync has started."
        )
        expect(page.locator("#drive-syncing")).to_contain_text("A sync is under way.")
        expect(page.get_by_role("button", name="Sync now")).to_have_count(0)
        _checked(page, base, "documents-drive-syncing", "dark")
    finally:
        google.gate.set()
    _settled(page, base)
    expect(page.locator("#drive-files")).to_have_text("2")
    expect(page.get_by_role("link", name="Transport SOP.pdf", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="coa.txt", exact=True)).to_be_visible()
    refused = page.locator("#drive-refused")
    expect(refused).to_contain_text("Not synced: 2 files refused")
    expect(refused).to_contain_text("Lab results/plate.gif: not a type documents accept")
    expect(refused).to_contain_text("notes.pdf:")
    _checked(page, base, "documents-drive", "dark")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_drive_card_passes_axe_and_fits_a_narrow_phone(
    browser: Browser, drive_dashboard: DriveDashboard, scheme: str
) -> None:
    context = _context(browser, drive_dashboard, NARROW, scheme, True)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{drive_dashboard.base}/documents")
    expect(page.get_by_role("heading", name="Google Drive")).to_be_visible()
    assert _axe(page, drive_dashboard.base) == []
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= NARROW["width"], f"the documents page is {width} px wide"
    context.close()
