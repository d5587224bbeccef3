"""Item brands, files and photos through the client against the sandbox, in the shapes Metrc
documents for its v2 Items operations (GetItemBrands, CreateItemBrand, UpdateItemBrand,
ArchiveItemBrand, UploadFile, GetFileById, UploadImage, GetImageById; fixtures in
tests/metrc/fixtures/documented/extras)."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.metrc.documented.conftest import FIXTURES
from tests.support.asgi import running_app
from tests.support.sandbox import (
    CULTIVATOR,
    DISPENSARY,
    KEYS,
    remove_database,
    sandbox_client,
    seeded_database,
)
from trichome.config import Settings
from trichome.metrc import (
    ItemBrandCreate,
    ItemBrandUpdate,
    ItemFileUpload,
    MetrcClient,
    MetrcNotFound,
    MetrcValidationError,
)
from trichome.services.sandbox.app import create_app

pytestmark = pytest.mark.anyio


def documented(name: str) -> Any:
    document = json.loads((FIXTURES / "extras" / f"{name}.json").read_text("utf-8"))
    return document["requests"][0]


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    settings = seeded_database(tmp_path_factory.mktemp("media"), template_dir)
    yield settings
    remove_database(settings)


@pytest.fixture
async def client(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year) as sandbox:
        yield sandbox


async def test_brands_are_created_renamed_and_archived(client: MetrcClient) -> None:
    created = await client.create_item_brands(
        CULTIVATOR,
        [ItemBrandCreate(name="Front Range Reserve"), {"Name": "Mile High Basics"}],
    )
    reserve, basics = created["Ids"]
    brands = await client.item_brands(CULTIVATOR, page_size=1)
    # GetItemBrands' documented record, key for key.
    shape = [list(record) for record in documented("items_brands")["response"]["Data"]]
    assert [list(record) for record in brands] == shape
    assert [b["Name"] for b in brands] == ["Front Range Reserve", "Mile High Basics"]
    assert {b["Status"] for b in brands} <= {"Paid", "NotPaid"}
    assert await client.item_brands(DISPENSARY) == []  # a licence sees its own brands

    answer = await client.update_item_brands(
        CULTIVATOR, [ItemBrandUpdate(id=reserve, name="Front Range Select")]
    )
    assert answer["Ids"] == []  # UpdateItemBrand answers nothing
    with pytest.raises(MetrcValidationError, match="already exists"):
        await client.update_item_brands(CULTIVATOR, [{"Id": basics, "Name": "front range select"}])
    with pytest.raises(MetrcValidationError, match="already exists"):
        await client.create_item_brands(CULTIVATOR, [{"Name": "Mile High Basics"}])
    with pytest.raises(MetrcValidationError, match="not found"):
        await client.update_item_brands(DISPENSARY, [{"Id": basics, "Name": "Stolen"}])

    await client.archive_item_brand(CULTIVATOR, basics)
    assert [b["Name"] for b in await client.item_brands(CULTIVATOR)] == ["Front Range Select"]
    with pytest.raises(MetrcNotFound):
        await client.archive_item_brand(CULTIVATOR, basics)
    # Archived, its name is free again.
    again = await client.create_item_brands(CULTIVATOR, [{"Name": "Mile High Basics"}])
    assert len(again["Ids"]) == 1


async def test_files_and_photos_upload_and_read_back_as_documented(client: MetrcClient) -> None:
    pdf = documented("items_file_upload")["body"]
    png = documented("items_photo_upload")["body"]
    (file_id,) = (await client.upload_item_files(CULTIVATOR, pdf))["Ids"]
    (photo_id,) = (await client.upload_item_photos(CULTIVATOR, png))["Ids"]
    stored = await client.item_file(CULTIVATOR, file_id)
    image = await client.item_photo(CULTIVATOR, photo_id)
    # GetFileById's and GetImageById's documented fields, in order.
    assert list(stored) == list(documented("items_file")["response"])
    assert list(image) == list(documented("items_photo")["response"])
    assert stored["FileContents"] == pdf[0]["EncodedImageBase64"]
    assert image["FileDownloadName"] == "blue-dream-jar.png"
    assert base64.b64decode(image["FileContents"]).startswith(b"\x89PNG")
    # Another licence cannot read them; a file is not an image.
    with pytest.raises(MetrcNotFound):
        await client.item_file(DISPENSARY, file_id)
    with pytest.raises(MetrcNotFound):
        await client.item_photo(CULTIVATOR, file_id)


async def test_uploads_are_checked_for_type_size_and_encoding(client: MetrcClient) -> None:
    # A PDF is a file, not an image: UploadImage takes BMP, GIF, JPG and PNG only.
    pdf = documented("items_file_upload")["body"]
    with pytest.raises(MetrcValidationError, match="BMP, GIF, JPG or PNG"):
        await client.upload_item_photos(CULTIVATOR, pdf)
    with pytest.raises(MetrcValidationError, match="PDF"):
        await client.upload_item_files(
            CULTIVATOR, [ItemFileUpload.from_bytes("notes.docx", b"PK\x03\x04")]
        )
    with pytest.raises(MetrcValidationError, match="at most 5 MB"):
        await client.upload_item_photos(
            CULTIVATOR, [ItemFileUpload.from_bytes("huge.png", b"\0" * (5 * 1024 * 1024 + 1))]
        )
    with pytest.raises(MetrcValidationError, match="not Base64"):
        await client.upload_item_photos(
            CULTIVATOR, [{"FileName": "a.png", "EncodedImageBase64": "not base64!"}]
        )
    # Exactly 5 MB is taken.
    (photo,) = (
        await client.upload_item_photos(
            CULTIVATOR, [ItemFileUpload.from_bytes("edge.jpg", b"\xff" * (5 * 1024 * 1024))]
        )
    )["Ids"]
    assert (await client.item_photo(CULTIVATOR, photo))["FileDownloadName"] == "edge.jpg"


async def test_more_than_ten_brands_in_one_request_are_refused(year: Settings) -> None:
    async with (
        running_app(create_app(year)) as app,
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://sandbox.test"
        ) as http,
    ):
        answer = await http.post(
            "/items/v2/brand",
            params={"licenseNumber": CULTIVATOR},
            json=[{"Name": f"Brand {n}"} for n in range(11)],
            auth=(KEYS.vendor_key, KEYS.user_key),
        )
    assert answer.status_code == 413
