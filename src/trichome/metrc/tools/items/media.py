"""Item file and photo tools: labels, packaging images and documents items show (Metrc v2
Items UploadFile, GetFileById, UploadImage, GetImageById).

An upload is `{FileName, EncodedImageBase64}` and answers the new Ids; a file reads back as
`{FileContents, ContentType, FileDownloadName}`, its contents Base64-encoded. Metrc takes
images (photos) as BMP, GIF, JPG or PNG of at most 5 MB, and files as images or PDFs.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.media import ItemFileUpload
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, Written, shape, written

IMAGE_TYPES = frozenset({".bmp", ".gif", ".jpg", ".jpeg", ".png"})
FILE_TYPES = IMAGE_TYPES | {".pdf"}
MAX_BYTES = 5 * 1024 * 1024
# Base64 takes 4 characters for every 3 bytes.
MAX_ENCODED = (MAX_BYTES + 2) // 3 * 4

MediaKind = Annotated[
    Literal["file", "photo"],
    Field(
        description="photo: an item image (BMP, GIF, JPG or PNG); file: a label or document "
        "(an image or a PDF)."
    ),
]


@shape
class ItemMedia(TypedDict):
    """An uploaded item file or photo."""

    license_number: str
    kind: Literal["file", "photo"]
    id: int
    file_name: str | None
    content_type: str | None
    size_bytes: Annotated[int, Field(ge=0, description="The decoded content's size.")]
    content_base64: Annotated[
        str | None, Field(description="The content, Base64-encoded, when asked for.")
    ]


def _checked_upload(kind: str, file_name: str, content_base64: str) -> ItemFileUpload:
    name = file_name.strip()
    allowed = IMAGE_TYPES if kind == "photo" else FILE_TYPES
    if PurePosixPath(name).suffix.lower() not in allowed:
        raise ToolProblem(f"A {kind} must be one of {', '.join(sorted(allowed))}; {name!r} is not.")
    encoded = "".join(content_base64.split())
    try:
        content = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise ToolProblem("content_base64 is not valid Base64.") from None
    if not content:
        raise ToolProblem("The content is empty.")
    if len(content) > MAX_BYTES:
        raise ToolProblem(f"Metrc takes {kind}s of at most 5 MB; this one is {len(content)} bytes.")
    return ItemFileUpload(file_name=name, encoded_image_base64=encoded)


@tool("items", title="Upload an item file or photo", read_only=False, returns=Written)
async def upload_item_media(
    license_number: LicenseNumber,
    kind: MediaKind,
    file_name: Annotated[
        str,
        Field(
            min_length=5,
            max_length=200,
            description="The file's name with its extension, e.g. label.pdf or front.png.",
        ),
    ],
    content_base64: Annotated[
        str,
        Field(min_length=4, max_length=MAX_ENCODED + 1000, description="The content, Base64."),
    ],
) -> dict[str, Any]:
    """Upload an item's photo or file (a label, packaging image or document) to Metrc; the
    Id it returns is what an item names to show it. At most 5 MB."""
    metrc = access()
    upload = _checked_upload(kind, file_name, content_base64)
    send = metrc.client.upload_item_photos if kind == "photo" else metrc.client.upload_item_files
    result = await send(license_number, [upload], credentials=metrc.credentials)
    return written(result, f"Uploaded the {kind} {upload.file_name!r}.")


@tool("items", title="Get an item file or photo", returns=ItemMedia)
async def get_item_media(
    license_number: LicenseNumber,
    kind: MediaKind,
    media_id: Annotated[int, Field(ge=1, description="The Id its upload returned.")],
    include_content: Annotated[
        bool, Field(description="True to get the content itself (Base64; up to 5 MB).")
    ] = False,
) -> dict[str, Any]:
    """An uploaded item photo or file: its name, type and size, and its content when asked."""
    metrc = access()
    read = metrc.client.item_photo if kind == "photo" else metrc.client.item_file
    record = await read(license_number, media_id, credentials=metrc.credentials)
    encoded = str(record.get("FileContents") or "")
    try:
        size = len(base64.b64decode(encoded, validate=True))
    except (binascii.Error, ValueError):
        raise ToolProblem(f"Metrc's answer for {kind} {media_id} is not Base64.") from None
    return {
        "license_number": license_number,
        "kind": kind,
        "id": media_id,
        "file_name": record.get("FileDownloadName"),
        "content_type": record.get("ContentType"),
        "size_bytes": size,
        "content_base64": encoded if include_content else None,
    }
