"""Pictures of text are read by OCR from models that come inside the installed package:
images of every accepted type, the pages of a TIFF, the scanned pages of a PDF (pages with
a text layer keep it); nothing is downloaded; pixels, pages and time are bounded."""

from __future__ import annotations

import io
import socket
import struct
import zlib
from pathlib import Path
from typing import Any

import pypdf
import pytest
from PIL import Image

from tests.documents.samples import (
    image_file,
    pdf_with_scanned_page,
    phone_photo,
    scanned_pdf,
    text_picture,
)
from trichome.documents import ocr
from trichome.documents.chunks import chunk_text
from trichome.documents.errors import FileRejected
from trichome.documents.extract import extract_text
from trichome.documents.types import JPEG, PDF, PNG, TIFF, WEBP, FileKind, sniff


def _words(text: str) -> list[str]:
    return text.lower().replace(",", " ").split()


@pytest.mark.parametrize(
    ("image_format", "kind", "name"),
    [("PNG", PNG, "seal.png"), ("JPEG", JPEG, "seal.jpg"), ("WEBP", WEBP, "seal.webp")],
)
def test_the_lines_of_an_image_are_read_in_order(
    image_format: str, kind: FileKind, name: str
) -> None:
    content = image_file(
        ["Check the cargo seal every 50 miles", "Log the seal number"], image_format
    )
    assert sniff(content, name) is kind
    text = extract_text(content, kind)
    assert [_words(line) for line in text.splitlines()] == [
        ["check", "the", "cargo", "seal", "every", "50", "miles"],
        ["log", "the", "seal", "number"],
    ]


@pytest.mark.parametrize(
    ("turned", "exif_orientation"),
    [(0, 1), (-8, 1), (12, 1), (4, 6), (-3, 8)],
    ids=["slanted", "turned-right", "turned-left", "stored-sideways", "stored-other-side"],
)
def test_a_phone_photo_of_a_page_is_read_line_by_line(turned: float, exif_orientation: int) -> None:
    page = text_picture(["Transport SOP revision 4", "Check the cargo seal every 50 miles"])
    text = extract_text(phone_photo(page, turned, exif_orientation), JPEG)
    assert [_words(line) for line in text.splitlines()] == [
        ["transport", "sop", "revision", "4"],
        ["check", "the", "cargo", "seal", "every", "50", "miles"],
    ]


def test_each_page_of_a_tiff_is_a_page_and_is_cited_by_it() -> None:
    out = io.BytesIO()
    first, second = text_picture(["Manifest copy"]), text_picture(["Driver Maria Lopez"])
    first.save(out, "TIFF", save_all=True, append_images=[second])
    text = extract_text(out.getvalue(), TIFF)
    assert [_words(page) for page in text.split("\f")] == [
        ["manifest", "copy"],
        ["driver", "maria", "lopez"],
    ]
    cited = [chunk.locator for chunk in chunk_text(text, TIFF.name) if "Lopez" in chunk.text]
    assert cited == ["page 2"]


def test_a_scanned_pdf_page_is_read_and_a_page_with_text_keeps_its_text() -> None:
    content = pdf_with_scanned_page(
        ["Transport SOP, revision 4"], ["Broken seals are reported within one hour"]
    )
    # The second page really has no text layer: only OCR can read it.
    assert pypdf.PdfReader(io.BytesIO(content)).pages[1].extract_text().strip() == ""
    text = extract_text(content, PDF)
    typed, scanned = text.split("\f")
    assert typed == "Transport SOP, revision 4"
    assert _words(scanned) == ["broken", "seals", "are", "reported", "within", "one", "hour"]
    chunks = chunk_text(text, PDF.name)
    assert [chunk.page for chunk in chunks if "reported" in chunk.text] == [2]


def test_the_models_come_from_the_installed_package_and_nothing_is_downloaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import rapidocr

    package = Path(rapidocr.__file__).parent
    for path in ocr.model_paths().values():
        assert path.is_file() and path.is_relative_to(package)
        assert path.stat().st_size > 500_000  # the weights themselves, not a pointer

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"OCR reached for the network: {args}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    ocr._engine.cache_clear()  # built afresh, with the network closed
    try:
        assert _words(ocr.read_picture(text_picture(["Lot 42 passed"]))) == ["lot", "42", "passed"]
    finally:
        ocr._engine.cache_clear()


def test_a_scan_with_more_pages_than_the_budget_is_refused() -> None:
    out = io.BytesIO()
    # Pages too small to hold a line are counted without running the models.
    Image.new("L", (4, 4), 255).save(
        out, "TIFF", save_all=True, append_images=[Image.new("L", (4, 4), 255)] * 2
    )
    assert ocr.image_text(out.getvalue(), ocr.Budget(60, pages=3)) == "\f\f"
    with pytest.raises(FileRejected) as refused:
        ocr.image_text(out.getvalue(), ocr.Budget(60, pages=2))
    assert refused.value.code == "extraction_limit_exceeded"
    assert "more than 2 pages" in refused.value.message


def test_ocr_past_its_time_is_refused() -> None:
    with pytest.raises(FileRejected) as refused:
        extract_text(scanned_pdf(["Vehicle log"]), PDF, ocr_seconds=-1)
    assert refused.value.code == "extraction_limit_exceeded"
    assert "to read by OCR" in refused.value.message


def _png_header(width: int, height: int) -> bytes:
    """A PNG that declares its size and holds no pixels (a decompression bomb's header)."""

    def chunk(name: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"") + chunk(b"IEND", b"")


@pytest.mark.parametrize("side", [8_000, 100_000])  # past our limit; past Pillow's own too
def test_a_picture_of_too_many_pixels_is_refused_before_it_is_decoded(side: int) -> None:
    with pytest.raises(FileRejected) as refused:
        extract_text(_png_header(side, side), PNG)
    assert refused.value.code == "extraction_limit_exceeded"
    assert "more than 50 million pixels" in refused.value.message


def test_a_damaged_image_is_refused_as_damaged() -> None:
    with pytest.raises(FileRejected) as refused:
        extract_text(image_file(["Lot 42"])[:60], PNG)
    assert (refused.value.status, refused.value.code) == (400, "corrupt_file")
