"""Item brands, and the files and images items show (Metrc v2 `Items`).

Shapes follow Metrc's documentation of GetItemBrands, CreateItemBrand, UpdateItemBrand,
ArchiveItemBrand, UploadFile, GetFileById, UploadImage and GetImageById (ThunkMetrc bruno
Items/GetBrands, CreateBrand, UpdateBrand, DeleteBrandById, CreateFile, GetFileById,
CreatePhoto, GetPhotoById): a brand is `{Id, Name, Status}` (Metrc's example shows the
statuses Paid and NotPaid; the sandbox takes no fees, so a new brand is NotPaid); creation
and uploads answer `{Ids, Warnings}`, renaming and archiving an empty body. An upload is
`{FileName, EncodedImageBase64}`; a file or image reads back as `{FileContents, ContentType,
FileDownloadName}` with the content type Metrc's examples give, application/octet-stream.
Metrc documents images as BMP, GIF, JPG or PNG of at most 5 MB, and files as images or PDFs;
the sandbox checks the type by the name's extension and the size of the decoded content.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, TEXT, shape
from trichome.services.sandbox.common import (
    _by_id,
    archive_route,
    json,
    list_routes,
    owned,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
BRAND = "itembrand"
NEW_BRAND = shape({"Name": TEXT})
BRAND_CHANGE = shape({"Id": ID, "Name": TEXT})
UPLOAD = shape({"FileName": TEXT, "EncodedImageBase64": TEXT})
IMAGE_TYPES = frozenset({".bmp", ".gif", ".jpg", ".jpeg", ".png"})
FILE_TYPES = IMAGE_TYPES | {".pdf"}
MAX_IMAGE_BYTES = 5 * 1024 * 1024
# Metrc's examples answer application/octet-stream for a PNG file and image alike.
CONTENT_TYPE = "application/octet-stream"
STORED: dict[str, Any] = {
    "type": "object",
    "required": ["FileContents", "ContentType", "FileDownloadName"],
    "properties": {
        "FileContents": {"type": "string", "description": "The content, Base64-encoded."},
        "ContentType": {"type": "string"},
        "FileDownloadName": {"type": "string"},
    },
}

list_routes(router, BRAND, {"/items/v2/brands": ["active"]})


async def _names_free(
    request: Request, license_number: str, names: Sequence[tuple[int, str, int | None]]
) -> RowErrors:
    """Brand names are unique among a facility's active brands (and within one write)."""
    errors = RowErrors()
    seen: set[str] = set()
    async with store(request).transaction() as tx:
        active = await tx.all(license_number, BRAND, ["active"])
    for row, name, own_id in names:
        key = name.casefold()
        clash = any(b.id != own_id and str(b.name).casefold() == key for b in active)
        if name and (clash or key in seen):
            errors.add(row, f"An item brand named {name!r} already exists.")
        seen.add(key)
    return errors


@router.post("/items/v2/brand", **openapi.write(NEW_BRAND))
async def create_brands(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    names = [(row, text(obj, "Name", row, errors), None) for row, obj in enumerate(objects)]
    errors.raise_if_any()
    (await _names_free(request, facility.license_number, names)).raise_if_any()
    async with store(request).transaction() as tx:
        created = [
            await tx.insert(
                Record(
                    facility.license_number,
                    BRAND,
                    "active",
                    {"Name": name, "Status": "NotPaid"},
                    name=name,
                )
            )
            for _, name, _ in names
        ]
    return json(writes(created))


@router.put("/items/v2/brand", **openapi.write(BRAND_CHANGE, answer=None))
async def update_brands(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    changes: list[tuple[int, Record, str]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            record = await tx.get(BRAND, int(obj["Id"]))
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Item brand Id {obj['Id']} was not found.")
            elif record.state != "active":
                errors.add(row, f"Item brand Id {obj['Id']} is archived.")
            else:
                changes.append((row, record, name))
    errors.raise_if_any()
    names = [(row, name, record.id) for row, record, name in changes]
    (await _names_free(request, facility.license_number, names)).raise_if_any()
    async with store(request).transaction() as tx:
        for _, record, name in changes:
            record.name = record.data["Name"] = name
            await tx.save(record)
    return Response(status_code=200)


archive_route(router, "/items/v2/brand/{brand_id:int}", BRAND, "Item brand")


def _decoded(obj: dict[str, Any], row: int, errors: RowErrors, image: bool) -> str | None:
    """The upload's file name, after its type, content and size are checked."""
    name = text(obj, "FileName", row, errors)
    suffix = PurePosixPath(name).suffix.lower()
    allowed = IMAGE_TYPES if image else FILE_TYPES
    if name and suffix not in allowed:
        kinds = "BMP, GIF, JPG or PNG" if image else "an image (BMP, GIF, JPG, PNG) or a PDF"
        errors.add(row, f"{name} is not {kinds}; Metrc allows only those.")
    encoded = obj.get("EncodedImageBase64")
    try:
        content = base64.b64decode(str(encoded), validate=True)
    except (binascii.Error, ValueError):
        errors.add(row, "EncodedImageBase64 is not Base64.")
        return None
    if not content:
        errors.add(row, "EncodedImageBase64 is empty.")
    elif image and len(content) > MAX_IMAGE_BYTES:
        errors.add(row, f"{name} is {len(content)} bytes; Metrc takes images of at most 5 MB.")
    return name


def _uploads(kind: str, path: str, image: bool) -> None:
    """Register an upload (POST) and its read by Id (GET)."""

    async def upload(request: Request) -> Response:
        facility = writing(request)
        objects = await written(request)
        errors = RowErrors()
        names = [_decoded(obj, row, errors, image) for row, obj in enumerate(objects)]
        errors.raise_if_any()
        async with store(request).transaction() as tx:
            created = [
                await tx.insert(
                    Record(
                        facility.license_number,
                        kind,
                        "active",
                        {
                            "FileContents": obj["EncodedImageBase64"],
                            "ContentType": CONTENT_TYPE,
                            "FileDownloadName": name,
                        },
                        name=name,
                    )
                )
                for obj, name in zip(objects, names, strict=True)
            ]
        return json(writes(created))

    async def one(request: Request, object_id: int) -> Response:
        facility = reading(request)
        what = "Image" if image else "File"
        async with store(request).transaction() as tx:
            record = owned(await tx.get(kind, object_id), facility, f"{what} {object_id}")
        return json(dict(record.data))

    router.add_api_route(path, upload, methods=["POST"], **openapi.write(UPLOAD))
    read = {
        "openapi_extra": openapi.operation(openapi.LICENSE),
        "responses": openapi.responses(STORED, 400, 401, 404, 429),
    }
    _by_id(router, f"{path}/{{file_id:int}}", "GET", one, f"one_{kind}", read)


_uploads("itemfile", "/items/v2/file", image=False)
_uploads("itemphoto", "/items/v2/photo", image=True)
