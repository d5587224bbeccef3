"""/v1/files: upload, list, retrieve, content and delete within one organisation; limits,
types and quotas refused with clear 4xx errors; deletion removes the bytes from the store
(local disk and an S3-compatible server alike) and gives back the quota."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import KeyMaker, reconfigured, started
from tests.documents.samples import docx_file, encrypted_pdf, pdf, xlsx_file
from tests.services.chat.files_support import (
    STORES,
    assert_error,
    auth,
    settings_on,
    stored_objects,
    stored_rows,
    upload,
    used_bytes,
)
from trichome.config import Settings
from trichome.documents.service import clean_filename
from trichome.plans import STORAGE_QUOTA_BYTES, Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio


@pytest.fixture(params=STORES)
def settings(
    request: pytest.FixtureRequest, migrated_database_url: str, tmp_path: Path
) -> Settings:
    """Each test runs with files on local disk and in an S3-compatible store."""
    return settings_on(request.param, request, migrated_database_url, tmp_path)


async def test_upload_list_retrieve_content_delete(settings: Settings, make_key: KeyMaker) -> None:
    key = await make_key(Tier.PRO)
    content = pdf("Vehicles stay locked in transit.")
    async with started(create_app(settings)) as client:
        created = await upload(client, key, "transport-sop.pdf", content)
        assert created.status_code == 200, created.text
        file = created.json()
        assert file["id"].startswith("file_") and file["object"] == "file"
        assert (file["bytes"], file["filename"], file["purpose"], file["status"]) == (
            len(content),
            "transport-sop.pdf",
            "assistants",
            "processed",
        )
        listed = (await client.get("/v1/files", headers=auth(key))).json()
        assert listed["object"] == "list" and listed["data"] == [file]
        assert listed["has_more"] is False
        retrieved = await client.get(f"/v1/files/{file['id']}", headers=auth(key))
        assert retrieved.json() == file
        served = await client.get(f"/v1/files/{file['id']}/content", headers=auth(key))
        assert served.status_code == 200 and served.content == content
        assert served.headers["content-type"] == "application/pdf"
        assert served.headers["x-content-type-options"] == "nosniff"
        assert served.headers["content-disposition"].startswith("attachment;")
        assert "sandbox" in served.headers["content-security-policy"]
        rows = await stored_rows(settings)
        assert [row.text for row in rows] == ["Vehicles stay locked in transit."]
        assert stored_objects(settings) == [rows[0].storage_key]
        assert await used_bytes(settings) == {rows[0].organization_id: len(content)}
        deleted = await client.delete(f"/v1/files/{file['id']}", headers=auth(key))
        assert deleted.json() == {"id": file["id"], "object": "file", "deleted": True}
        assert_error(
            await client.get(f"/v1/files/{file['id']}", headers=auth(key)), 404, "file_not_found"
        )
        assert_error(
            await client.delete(f"/v1/files/{file['id']}", headers=auth(key)),
            404,
            "file_not_found",
        )
    assert await stored_rows(settings) == []
    assert stored_objects(settings) == []
    assert set((await used_bytes(settings)).values()) == {0}


async def test_another_organisations_files_are_not_found(
    settings: Settings, make_key: KeyMaker
) -> None:
    owner, stranger = await make_key(Tier.OPERATOR), await make_key(Tier.OPERATOR)
    async with started(create_app(settings)) as client:
        file = (await upload(client, owner, "licence.txt", b"Licence expires 2027-03-01")).json()
        path = f"/v1/files/{file['id']}"
        for response in (
            await client.get(path, headers=auth(stranger)),
            await client.get(f"{path}/content", headers=auth(stranger)),
            await client.delete(path, headers=auth(stranger)),
        ):
            assert_error(response, 404, "file_not_found")
        assert (await client.get("/v1/files", headers=auth(stranger))).json()["data"] == []
        assert (await client.get(path, headers=auth(owner))).status_code == 200
    assert len(stored_objects(settings)) == 1


async def test_each_type_is_stored_with_its_text(settings: Settings, make_key: KeyMaker) -> None:
    key = await make_key(Tier.PRO)
    uploads = {
        "sop.docx": (docx_file("Lock the van", [["Step", "Owner"]]), "Lock the van\nStep\tOwner"),
        "coas.xlsx": (xlsx_file([["THCA", 21.3]]), "# Results\n[row 1]\tTHCA\t21.3"),
        "coas.csv": (b"analyte,result\nTHCA,21.3\n", "analyte,result\nTHCA,21.3\n"),
        "notes.md": (b"# Notes\n", "# Notes\n"),
        "notes.txt": (b"plain", "plain"),
    }
    async with started(create_app(settings)) as client:
        for name, (content, _) in uploads.items():
            response = await upload(client, key, name, content, purpose="user_data")
            assert response.status_code == 200, response.text
        served = await client.get(f"/v1/files/{response.json()['id']}/content", headers=auth(key))
        assert served.headers["content-type"] == "text/plain; charset=utf-8"
    texts = {row.filename: row.text for row in await stored_rows(settings)}
    assert texts == {name: text for name, (_, text) in uploads.items()}


async def test_bad_files_get_clear_errors_and_leave_nothing(
    settings: Settings, make_key: KeyMaker
) -> None:
    settings = reconfigured(settings, max_file_bytes=4096)
    key = await make_key(Tier.PRO)
    async with started(create_app(settings)) as client:
        assert_error(await upload(client, key, "big.txt", b"a" * 5000), 413, "file_too_large")
        huge = await upload(client, key, "big.txt", b"a" * 200_000)
        assert_error(huge, 413, "file_too_large")
        assert_error(
            await upload(client, key, "x.exe", b"MZ\x90\x00\x03"), 415, "unsupported_file_type"
        )
        assert_error(await upload(client, key, "x.pdf", b"just text"), 415, "mislabelled_file")
        assert_error(await upload(client, key, "x.pdf", encrypted_pdf()), 400, "encrypted_file")
        assert_error(await upload(client, key, "x.pdf", b"%PDF-1.4 junk"), 400, "corrupt_file")
        assert_error(await upload(client, key, "x.txt", b""), 400, "empty_file")
        error = assert_error(
            await upload(client, key, "x.txt", b"hi", purpose="fine-tune"), 400, "invalid_value"
        )
        assert error["param"] == "purpose"
        missing = await client.post(
            "/v1/files", headers=auth(key), files={"purpose": (None, "assistants")}
        )
        assert_error(missing, 400, "missing_required_field")
        extra = await client.post(
            "/v1/files",
            headers=auth(key),
            data={"purpose": "assistants", "expires_after": "3600"},
            files={"file": ("notes.txt", b"a valid note")},
        )
        assert assert_error(extra, 400, "unsupported_parameter")["param"] == "expires_after"
        not_form = await client.post("/v1/files", headers=auth(key), json={"purpose": "x"})
        assert_error(not_form, 415, "unsupported_media_type")
        assert_error(
            await client.get("/v1/files/file_nope", headers=auth(key)), 404, "file_not_found"
        )
        assert_error(await client.get("/v1/files"), 401, "missing_api_key")
    assert await stored_rows(settings) == []
    assert stored_objects(settings) == []


async def test_odd_names_and_ids_are_harmless(settings: Settings, make_key: KeyMaker) -> None:
    key = await make_key(Tier.PRO)
    async with started(create_app(settings)) as client:
        sent = await upload(client, key, "../../etc/pass\x00wd\n.txt", b"notes")
        assert sent.status_code == 200, sent.text
        # httpx percent-encodes what a header cannot carry; the path is dropped either way.
        assert sent.json()["filename"] == "pass%00wd%0A.txt"
        assert clean_filename("C:\\tmp\\../a\x00b\n.pdf") == "ab.pdf"
        for path in ("/v1/files/file_%00", "/v1/files/..%2Fsecret", "/v1/files/x/content"):
            odd = await client.get(path, headers=auth(key))
            # A path that no longer names the route is the router's plain 404.
            assert odd.status_code == 404 and odd.json()["error"]["code"].endswith("not_found")
        for query in ("purpose=fine%00tune", "after=file_%00", "purpose=batch"):
            listed = await client.get(f"/v1/files?{query}", headers=auth(key))
            assert listed.status_code == 200, listed.text
        assert len(listed.json()["data"]) == 0
    rows = await stored_rows(settings)
    assert [row.storage_key for row in rows] == [f"{rows[0].organization_id}/{rows[0].id}"]


async def test_the_tiers_storage_quota_is_kept(settings: Settings, make_key: KeyMaker) -> None:
    quota = STORAGE_QUOTA_BYTES[Tier.FREE]
    settings = reconfigured(settings, max_file_bytes=quota)
    key = await make_key(Tier.FREE)
    first = b"a" * (quota - 10)
    async with started(create_app(settings)) as client:
        assert (await upload(client, key, "a.txt", first)).status_code == 200
        over = await upload(client, key, "b.txt", b"b" * 11)
        assert_error(over, 403, "storage_quota_exceeded")
        assert "Free" in over.json()["error"]["message"]
        assert (await upload(client, key, "c.txt", b"c" * 10)).status_code == 200
    assert len(stored_objects(settings)) == 2


async def test_listing_pages_in_order(settings: Settings, make_key: KeyMaker) -> None:
    key = await make_key(Tier.PRO)
    async with started(create_app(settings)) as client:
        ids = [
            (await upload(client, key, f"{n}.txt", b"note %d" % n)).json()["id"] for n in range(3)
        ]
        page = (await client.get("/v1/files?limit=2&order=asc", headers=auth(key))).json()
        rest = (
            await client.get(
                f"/v1/files?limit=2&order=asc&after={page['last_id']}", headers=auth(key)
            )
        ).json()
        newest = (await client.get("/v1/files?limit=1", headers=auth(key))).json()
        other = (await client.get("/v1/files?purpose=user_data", headers=auth(key))).json()
    # Uploads within one clock tick tie on created_at; the id breaks the tie.
    in_order = [f["id"] for f in page["data"]] + [f["id"] for f in rest["data"]]
    assert sorted(in_order) == sorted(ids) and len(set(in_order)) == 3
    assert page["has_more"] is True and rest["has_more"] is False
    assert newest["data"][0]["id"] == in_order[-1]
    assert other["data"] == []
