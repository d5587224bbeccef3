"""The documents page in Debian's Chromium (headless, Playwright) with real uploads: one from
the keyboard (the file field and the Upload button), one dropped on the drop zone; each
listed with what extraction found, a dropped COA's findings opened, a document deleted after
its confirmation step and gone from the API too; and the page with an upload refused still
passes axe-core."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import openai
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.documents.coa_samples import COLORADO_HEMP
from tests.documents.samples import pdf
from tests.e2e.test_dashboard_design import (  # the running dashboard and its browser
    DESKTOP,
    PHONE,
    Dashboard,
    _axe,
    _context,
    browser,
    dashboard,
)

pytestmark = pytest.mark.e2e
__all__ = ["browser", "dashboard"]
SOP = pdf("Transport SOP. The driver checks the cargo seal every 50 miles.")


def _drop(page: Page, name: str, content: bytes) -> None:
    """Drop a file on the drop zone as a desktop's file manager would."""
    transfer = page.evaluate_handle(
        """([name, encoded]) => {
            const bytes = Uint8Array.from(atob(encoded), c => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name, {type: 'application/pdf'}));
            return transfer;
        }""",
        [name, base64.b64encode(content).decode()],
    )
    page.dispatch_event("#dropzone", "dragenter", {"dataTransfer": transfer})
    page.dispatch_event("#dropzone", "drop", {"dataTransfer": transfer})


def test_upload_by_keyboard_and_by_drop_then_read_a_coa_and_delete(
    browser: Browser, dashboard: Dashboard, tmp_path: Path
) -> None:
    context = _context(browser, dashboard, PHONE, "dark", True)
    page = context.new_page()
    page.goto(f"{dashboard.base}/documents")
    expect(page.get_by_text("Drop a file here, or choose one:")).to_be_visible()
    # From the keyboard: Tab reaches the file field, then the Upload button.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "file":
            break
    expect(page.get_by_label("File")).to_be_focused()
    (tmp_path / "transport-sop.pdf").write_bytes(SOP)
    page.get_by_label("File").set_input_files(tmp_path / "transport-sop.pdf")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Upload")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").first).to_have_text("Uploaded “transport-sop.pdf”.")
    sop_row = page.get_by_role("row", name=re.compile("transport-sop.pdf"))
    expect(sop_row).to_contain_text("text extracted")
    expect(sop_row).to_contain_text(f"{len(SOP)} bytes")

    _drop(page, "front-range-hemp.pdf", COLORADO_HEMP)
    expect(page.get_by_role("status").first).to_have_text("Uploaded “front-range-hemp.pdf”.")
    coa_row = page.get_by_role("row", name=re.compile("front-range-hemp.pdf"))
    expect(coa_row).to_contain_text("certificate of analysis")
    coa_row.get_by_role("link", name="COA findings of front-range-hemp.pdf").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("COA findings: front-range-hemp.pdf")
    # STEC present, and over the federal hemp limit of total THC.
    expect(page.get_by_role("heading", name="Failed: 2 analytes")).to_be_visible()
    expect(page.locator("ul.failed")).to_contain_text("E. coli")
    expect(page.get_by_label("Limits of")).to_have_value("CO")  # read from the certificate

    # The file's link serves it to the signed-in member, as an attachment.
    page.goto(f"{dashboard.base}/documents")
    href = page.get_by_role("link", name="transport-sop.pdf", exact=True).get_attribute("href")
    served = page.request.get(f"{dashboard.base}{href}")
    assert served.ok and served.body() == SOP
    assert served.headers["content-disposition"].startswith("attachment;")

    page.get_by_role("link", name="Delete transport-sop.pdf").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete “transport-sop.pdf”?")
    page.get_by_role("button", name="Delete document").click()
    expect(page.get_by_role("status").first).to_have_text("The document was deleted.")
    expect(page.get_by_role("row", name=re.compile("transport-sop.pdf"))).to_have_count(0)
    context.close()
    with openai.OpenAI(
        base_url=dashboard.chat + "/v1", api_key=dashboard.secret, max_retries=0
    ) as client:
        names = {file.filename for file in client.files.list()}
    assert "transport-sop.pdf" not in names and "front-range-hemp.pdf" in names


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_refused_upload_is_announced_and_the_page_passes_axe(
    browser: Browser, dashboard: Dashboard, scheme: str, tmp_path: Path
) -> None:
    context = _context(browser, dashboard, DESKTOP, scheme, True)
    page = context.new_page()
    page.goto(f"{dashboard.base}/documents")
    (tmp_path / "notes.pdf").write_text("plain words, not a PDF", encoding="utf-8")
    page.get_by_label("File").set_input_files(tmp_path / "notes.pdf")
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_role("alert")).to_contain_text("rename it to match")
    expect(page.get_by_label("File")).to_have_attribute("aria-invalid", "true")
    assert _axe(page, dashboard.base) == []
    context.close()
