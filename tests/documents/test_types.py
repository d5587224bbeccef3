"""Accepted types are told by content; names must agree; the rest is refused clearly."""

from __future__ import annotations

import pytest

from tests.documents.samples import docx_file, image_file, pdf, xlsx_file, zip_with
from trichome.documents.errors import FileRejected
from trichome.documents.types import (
    CSV,
    DOCX,
    JPEG,
    MARKDOWN,
    PDF,
    PNG,
    TEXT,
    TIFF,
    WEBP,
    XLSX,
    FileKind,
    sniff,
)


@pytest.mark.parametrize(
    ("content", "filename", "kind"),
    [
        (pdf("SOP"), "transport-sop.pdf", PDF),
        (pdf("SOP"), "no-extension", PDF),
        (docx_file("Hello", [["a"]]), "sop.DOCX", DOCX),
        (xlsx_file([["a", 1]]), "coas.xlsx", XLSX),
        (b"analyte,result\nTHCA,21.3\n", "coa.csv", CSV),
        (b"# Transport SOP\n", "sop.md", MARKDOWN),
        (b"\xef\xbb\xbfPlain notes\r\n", "notes.txt", TEXT),
        (b"Plain notes\n", "README", TEXT),
        (image_file(["a"], "PNG"), "scan.png", PNG),
        (image_file(["a"], "JPEG"), "photo.JPEG", JPEG),
        (image_file(["a"], "JPEG"), "photo.jpg", JPEG),
        (image_file(["a"], "TIFF"), "scan.tif", TIFF),
        (image_file(["a"], "WEBP"), "photo.webp", WEBP),
        (image_file(["a"], "PNG"), "no-extension", PNG),
    ],
)
def test_accepted_kinds_are_told_by_content(content: bytes, filename: str, kind: FileKind) -> None:
    assert sniff(content, filename) is kind


@pytest.mark.parametrize(
    ("content", "filename", "status", "code"),
    [
        (b"MZ\x90\x00\x03\x00\x00\x00", "tool.exe", 415, "unsupported_file_type"),
        (b"MZ\x90\x00\x03\x00\x00\x00", "sop.pdf", 415, "unsupported_file_type"),
        (b"GIF89a\x01\x00\x01\x00", "scan.gif", 415, "unsupported_file_type"),
        (image_file(["a"], "PNG"), "scan.jpg", 415, "mislabelled_file"),
        (image_file(["a"], "JPEG"), "scan.pdf", 415, "mislabelled_file"),
        (b"plain text pretending", "sop.pdf", 415, "mislabelled_file"),
        (pdf("SOP"), "sop.docx", 415, "mislabelled_file"),
        (zip_with("a.txt"), "sop.docx", 415, "unsupported_file_type"),
        (zip_with("word/document.xml", "word/vbaProject.bin"), "m.docx", 400, "macro_file"),
        (b"PK\x03\x04 truncated", "sop.docx", 400, "corrupt_file"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 8, "old.doc", 400, "encrypted_file"),
    ],
)
def test_other_content_is_refused(content: bytes, filename: str, status: int, code: str) -> None:
    with pytest.raises(FileRejected) as refused:
        sniff(content, filename)
    assert (refused.value.status, refused.value.code) == (status, code)
    assert refused.value.message
