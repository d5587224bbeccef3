"""The documents page: upload (the same form a drop fills), the list with what extraction
found, COA findings, download, and deletion after a confirmation step, for members of the
organisation only; refused uploads say why and keep nothing (local disk and S3 alike)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from tests.conftest import reconfigured, started
from tests.documents.coa_samples import CALIFORNIA_FLOWER
from tests.documents.samples import pdf
from tests.services.chat.files_support import STORES, settings_on, stored_objects, stored_rows
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio
SOP = pdf("Transport SOP. Vehicles stay locked in transit and carry the manifest.")


@pytest.fixture(params=STORES)
def settings(
    request: pytest.FixtureRequest, migrated_database_url: str, tmp_path: Path
) -> Settings:
    """Each test runs with files on local disk and in an S3-compatible store."""
    return settings_on(request.param, request, migrated_database_url, tmp_path)


async def _upload(
    web: httpx.AsyncClient, name: str, content: bytes, csrf: str | None = None
) -> httpx.Response:
    if csrf is None:
        csrf = csrf_of(await web.get("/documents"))
    return await web.post("/documents", files={"file": (name, content)}, data={"csrf_token": csrf})


def _file_ids(page: httpx.Response) -> list[str]:
    return re.findall(r'href="/documents/(file_[0-9a-f]+)/content"', page.text)


async def test_a_member_uploads_lists_reads_a_coa_downloads_and_deletes(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.PRO)
        empty = await web.get("/documents")
        assert empty.status_code == 200 and "No documents yet" in empty.text
        assert '<a href="/documents" aria-current="page">' in empty.text
        assert 'type="file"' in empty.text and 'enctype="multipart/form-data"' in empty.text
        # Sizes read as people write them: the Pro tier's 500 MB, not "500.0 MB".
        assert "uses 0 bytes of its 500 MB." in empty.text
        sent = await _upload(web, "transport-sop.pdf", SOP)
        assert sent.status_code == 303
        assert sent.headers["location"].startswith("/documents?uploaded=file_")
        shown = await web.get(sent.headers["location"])
        assert "Uploaded “transport-sop.pdf”." in shown.text
        coa = await _upload(web, "blue-dream-coa.pdf", CALIFORNIA_FLOWER)
        assert coa.status_code == 303
        listed = await web.get("/documents")
        coa_id, sop_id = _file_ids(listed)  # newest first
        rows = listed.text.split("<tbody>")[1]
        assert "transport-sop.pdf" in rows and "blue-dream-coa.pdf" in rows
        assert "certificate of analysis</span>" in rows and "text extracted</span>" in rows
        assert f"{len(SOP)} bytes" in rows and "PDF" in rows and "just now" in rows
        assert f'href="/documents/{coa_id}/coa"' in rows
        assert f'href="/documents/{sop_id}/coa"' not in rows

        findings = await web.get(f"/documents/{coa_id}/coa")
        assert findings.status_code == 200
        assert "Failed: 1 analyte" in findings.text
        failed = findings.text.split('<ul class="failed">')[1].split("</ul>")[0]
        assert "Lead" in failed
        assert "California" in findings.text and "Total THC" in findings.text
        other_state = await web.get(f"/documents/{coa_id}/coa", params={"state": "MI"})
        assert '<option value="MI" selected>' in other_state.text
        not_a_coa = await web.get(f"/documents/{sop_id}/coa")
        assert "does not look like a certificate of analysis" in " ".join(not_a_coa.text.split())

        served = await web.get(f"/documents/{sop_id}/content")
        assert served.status_code == 200 and served.content == SOP
        assert served.headers["content-disposition"].startswith("attachment;")

        confirm = await web.get(f"/documents/{sop_id}/delete")
        assert "Delete “transport-sop.pdf”?" in confirm.text
        forged = await web.post(f"/documents/{sop_id}/delete", data={"csrf_token": "0" * 64})
        assert forged.status_code == 403
        assert len(stored_objects(settings)) == 2
        deleted = await web.post(
            f"/documents/{sop_id}/delete", data={"csrf_token": csrf_of(confirm)}
        )
        assert deleted.status_code == 303 and deleted.headers["location"] == "/documents?deleted=1"
        after = await web.get("/documents")
        gone = await web.get(f"/documents/{sop_id}/content")
    assert _file_ids(after) == [coa_id]
    assert gone.status_code == 404
    assert [key.split("/")[1] for key in stored_objects(settings)] == [coa_id]


async def test_another_organisation_neither_sees_reads_nor_deletes_a_document(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.PRO)
        await _upload(web, "blue-dream-coa.pdf", CALIFORNIA_FLOWER)
        (file_id,) = _file_ids(await web.get("/documents"))
    async with started(dashboard.create_app(settings)) as other:
        await sign_in(other, settings, org="Rival Co", tier=Tier.PRO)
        listed = await other.get("/documents")
        csrf = csrf_of(listed)
        answers = [
            await other.get(f"/documents/{file_id}/content"),
            await other.get(f"/documents/{file_id}/coa"),
            await other.get(f"/documents/{file_id}/delete"),
            await other.post(f"/documents/{file_id}/delete", data={"csrf_token": csrf}),
        ]
    assert "blue-dream-coa.pdf" not in listed.text
    assert [answer.status_code for answer in answers] == [404] * 4
    assert len(stored_objects(settings)) == 1


async def test_refused_uploads_say_why_and_keep_nothing(settings: Settings) -> None:
    small = reconfigured(settings, max_file_bytes=2048)
    async with started(dashboard.create_app(small)) as web:
        await sign_in(web, small, org="Grower Co", tier=Tier.FREE)
        csrf = csrf_of(await web.get("/documents"))
        no_token = await web.post("/documents", files={"file": ("a.pdf", SOP)})
        forged = await _upload(web, "a.pdf", SOP, csrf="0" * 64)
        too_large = await _upload(web, "big.txt", b"x" * 5000, csrf)
        mislabelled = await _upload(web, "notes.pdf", b"plain words", csrf)
        empty = await _upload(web, "empty.txt", b"", csrf)
        no_file = await web.post(
            "/documents", data={"csrf_token": csrf}, files={"other": ("x", b"x")}
        )
        not_multipart = await web.post("/documents", data={"csrf_token": csrf})
    assert no_token.status_code == 403 and forged.status_code == 403
    assert too_large.status_code == 413 and "the largest accepted is" in too_large.text
    assert mislabelled.status_code == 415 and "rename it to match" in mislabelled.text
    assert empty.status_code == 400 and "The file is empty." in empty.text
    assert no_file.status_code == 400 and "Choose a file to upload." in no_file.text
    assert not_multipart.status_code == 400
    assert 'role="alert"' in too_large.text and 'aria-invalid="true"' in too_large.text
    assert stored_objects(small) == [] and await stored_rows(small) == []


async def test_unknown_ids_are_not_found_and_the_pages_need_a_session(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        signed_out = [
            await web.get("/documents"),
            await web.post("/documents", files={"file": ("a.pdf", SOP)}),
            await web.get("/documents/file_0/coa"),
        ]
        await sign_in(web, settings, org="Grower Co", tier=Tier.PRO)
        unknown = [
            await web.get("/documents/file_0123/coa"),
            await web.get("/documents/..%2Fetc/content"),
            await web.get("/documents/file_0123/delete"),
            await web.get("/documents/file_0123/coa", params={"state": "\x00"}),
        ]
    assert all(r.status_code == 303 and r.headers["location"] == "/login" for r in signed_out)
    assert [r.status_code for r in unknown] == [404] * 4


def test_sizes_are_written_as_people_read_them() -> None:
    from trichome.services.dashboard.routes.documents import _size

    assert [_size(n) for n in (0, 1023, 2662, 20 * 1024**2, 20 * 1024**3, 1536 * 1024**3)] == [
        "0 bytes",
        "1,023 bytes",
        "2.6 KB",
        "20 MB",
        "20 GB",
        "1,536 GB",
    ]
