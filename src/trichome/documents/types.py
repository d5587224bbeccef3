"""The accepted file types, recognised by their content (magic bytes and structure), never
by the name alone; the name only tells the text kinds (CSV, Markdown, plain) apart and
must agree with the content."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import PurePath

from trichome.documents.errors import FileRejected, corrupt, unsupported


@dataclass(frozen=True, slots=True)
class FileKind:
    """An accepted type: its name, the media type it is served with, its file extensions."""

    name: str
    media_type: str
    extensions: tuple[str, ...]


PDF = FileKind("pdf", "application/pdf", (".pdf",))
DOCX = FileKind(
    "docx",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    (".docx",),
)
XLSX = FileKind(
    "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", (".xlsx",)
)
CSV = FileKind("csv", "text/csv; charset=utf-8", (".csv",))
MARKDOWN = FileKind("markdown", "text/markdown; charset=utf-8", (".md", ".markdown"))
TEXT = FileKind("text", "text/plain; charset=utf-8", (".txt", ".text", ""))
# Pictures of text (photos, scans), read by OCR.
PNG = FileKind("png", "image/png", (".png",))
JPEG = FileKind("jpeg", "image/jpeg", (".jpg", ".jpeg"))
TIFF = FileKind("tiff", "image/tiff", (".tif", ".tiff"))
WEBP = FileKind("webp", "image/webp", (".webp",))

IMAGE_KINDS = (PNG, JPEG, TIFF, WEBP)
KINDS = (PDF, DOCX, XLSX, CSV, MARKDOWN, TEXT, *IMAGE_KINDS)
_TEXT_KINDS = (CSV, MARKDOWN, TEXT)
ACCEPTED = "PDF, DOCX, XLSX, CSV, TXT, Markdown, or an image of text (PNG, JPEG, TIFF, WebP)"

# A DOCX or XLSX may expand to at most this much: a small archive of huge members is a
# decompression bomb, not a document.
MAX_UNPACKED_BYTES = 200 * 1024 * 1024
# Control characters a text file may not hold (tab, line feed, form feed and carriage
# return are allowed).
_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def _image_kind(content: bytes) -> FileKind | None:
    """The image type the content's signature names (PNG, JPEG, TIFF, WebP), or None."""
    if content.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG
    if content.startswith(b"\xff\xd8\xff"):
        return JPEG
    if content.startswith((b"II*\x00", b"MM\x00*")):
        return TIFF
    if content.startswith(b"RIFF") and content[8:12] == b"WEBP":
        return WEBP
    return None


def _extension(filename: str) -> str:
    return PurePath(filename).suffix.lower()


def _kind_named(filename: str) -> FileKind | None:
    extension = _extension(filename)
    return next((kind for kind in KINDS if extension in kind.extensions), None)


def _office_kind(content: bytes) -> FileKind:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError) as error:
        raise corrupt(f"The file looks like a ZIP archive but cannot be read: {error}.") from None
    names = {member.filename for member in members}
    if sum(member.file_size for member in members) > MAX_UNPACKED_BYTES:
        raise corrupt("The archive expands to more than 200 MB; it is refused.")
    if any(name.lower().endswith("vbaproject.bin") for name in names):
        raise FileRejected(400, "macro_file", "Files with macros (DOCM, XLSM) are refused.")
    if "word/document.xml" in names:
        return DOCX
    if "xl/workbook.xml" in names:
        return XLSX
    raise unsupported(f"The file is a ZIP archive, not a DOCX or XLSX. Accepted: {ACCEPTED}.")


def _is_text(content: bytes) -> bool:
    try:
        decoded = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return _CONTROL.search(decoded) is None


def sniff(content: bytes, filename: str) -> FileKind:
    """The accepted type of a file, from its content; the name must agree with it.

    Raises:
        FileRejected: 415 for content of no accepted type or a name that says otherwise,
            400 for a damaged archive, an Office file with macros or an encrypted one.
    """
    image = _image_kind(content)
    if content.startswith(b"%PDF-"):
        kind = PDF
    elif image is not None:
        kind = image
    elif content.startswith(b"PK\x03\x04"):
        kind = _office_kind(content)
    elif content.startswith(_OLE_MAGIC):
        raise FileRejected(
            400,
            "encrypted_file",
            "The file is a legacy or password-protected Office file (DOC, XLS or an "
            f"encrypted DOCX/XLSX); save it unprotected as DOCX or XLSX. Accepted: {ACCEPTED}.",
        )
    elif content and _is_text(content):
        named = _kind_named(filename)
        if named is None or named in _TEXT_KINDS:
            return named or TEXT
        kind = TEXT
    else:
        raise unsupported(f"The file's content is not of an accepted type. Accepted: {ACCEPTED}.")
    named = _kind_named(filename)
    if named is not None and named is not kind and _extension(filename):
        raise FileRejected(
            415,
            "mislabelled_file",
            f"The file is named '{filename}' but its content is {kind.name.upper()}; "
            "rename it to match.",
        )
    return kind
