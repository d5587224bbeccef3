"""Files Metrc answers: a transfer's manifest as a PDF, a lab test result's document.

Metrc answers a file in one of two ways. GetLabTestDocumentById answers the file itself:
Metrc documents no example answer for it ("No response"), and a client of Metrc's
production API stores that answer's bytes as the PDF, as they come, while it decodes the
manifest's JSON (tests/metrc/fixtures/documented/labtests_labtestdocument.json names both
sources). The transport returns such an answer (any non-JSON media type) untouched, never
decoded as text, as a `MetrcFile`, and names a PDF sent as `application/octet-stream`
`application/pdf`. Other reads wrap the file in JSON: GetManifestPdf's documented example
is `{FileContents (Base64), ContentType, FileDownloadName, HttpStatusCode}`, and Items
GetFileById and GetImageById document the same fields but the last
(api-<state>.metrc.com/Documentation; captured in thunkier/ThunkMetrc,
`specs/generated/bruno/Transfers/GetManifestPdfById.bru`, `Items/GetFileById.bru`).
`as_file` takes either, so a caller gets the same `MetrcFile` whichever Metrc sends.

A file is read whole into memory, so the transport refuses one larger than
`MAX_FILE_BYTES` (20 MB; Metrc takes lab documents and item files of at most 5 MB).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from trichome.metrc.errors import MetrcError

MAX_FILE_BYTES = 20 * 1024 * 1024
# Media types read as JSON or text (anything else with a body is a file).
_TEXTUAL = re.compile(r"^(application/(json|problem\+json|[\w.+-]+\+json)|text/[\w.+-]+)$")
_GENERIC = {"", "application/octet-stream", "binary/octet-stream"}
_FILENAME_STAR = re.compile(r"filename\*\s*=\s*[\w-]+'[^']*'([^;]+)", re.IGNORECASE)
_FILENAME = re.compile(r'filename\s*=\s*(?:"([^"]*)"|([^;]+))', re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class MetrcFile:
    """A file Metrc answered: its bytes, media type and, when Metrc names it, its name."""

    content: bytes
    content_type: str
    file_name: str | None = None

    @property
    def size(self) -> int:
        """The file's size in bytes."""
        return len(self.content)

    def __repr__(self) -> str:
        return f"MetrcFile({self.file_name!r}, {self.content_type!r}, {self.size} bytes)"


def media_type(header: str | None) -> str:
    """The bare media type of a Content-Type header, lower case (`` when there is none)."""
    return (header or "").split(";", 1)[0].strip().lower()


def is_file_type(header: str | None) -> bool:
    """Whether a response of this Content-Type is a file rather than JSON or text.

    A response without a Content-Type is read as JSON, as before files were known.
    """
    kind = media_type(header)
    return bool(kind) and _TEXTUAL.match(kind) is None


def file_name_of(disposition: str | None) -> str | None:
    """The file name a Content-Disposition header gives (RFC 6266 `filename*` first)."""
    if not disposition:
        return None
    starred = _FILENAME_STAR.search(disposition)
    if starred:
        return unquote(starred.group(1).strip()) or None
    plain = _FILENAME.search(disposition)
    if plain:
        return (plain.group(1) if plain.group(1) is not None else plain.group(2).strip()) or None
    return None


def sniffed_type(declared: str | None, content: bytes) -> str:
    """The declared media type, or `application/pdf` when Metrc declares a generic one for
    what is a PDF (its GetManifestPdf example declares `application/octet-stream`)."""
    kind = media_type(declared)
    if kind in _GENERIC and content.startswith(b"%PDF-"):
        return "application/pdf"
    return kind or "application/octet-stream"


def as_file(found: Any, where: str) -> MetrcFile:
    """The file in what a read answered: the file itself, or Metrc's JSON envelope of it.

    Raises:
        MetrcError: the answer holds no file, or its contents are not Base64.
    """
    if isinstance(found, MetrcFile):
        return found
    if isinstance(found, Mapping) and isinstance(found.get("FileContents"), str):
        try:
            content = base64.b64decode(str(found["FileContents"]), validate=True)
        except (binascii.Error, ValueError):
            raise MetrcError(f"Metrc's file for {where} is not Base64.") from None
        if len(content) > MAX_FILE_BYTES:
            raise MetrcError(
                f"Metrc's file for {where} is {len(content)} bytes, over the "
                f"{MAX_FILE_BYTES // (1024 * 1024)} MB this client reads."
            )
        name = found.get("FileDownloadName")
        return MetrcFile(
            content,
            sniffed_type(str(found.get("ContentType") or ""), content),
            str(name) if name else None,
        )
    if found is None:
        raise MetrcError(f"Metrc answered {where} with no file.")
    raise MetrcError(f"Metrc answered {where} with {type(found).__name__} data, not a file.")
