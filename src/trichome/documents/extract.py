"""The text of an accepted file, for indexing: PDF pages (form feed between them; a page
without a text layer read by OCR), DOCX paragraphs (headings marked `#` as in Markdown) and
tables, spreadsheet rows as tab-separated lines after their row number (`[row 2]`), text as
it is, images read by OCR (`trichome.documents.ocr`; a TIFF's pages as a PDF's). The marks
let `trichome.documents.chunks` cite a page, a heading or a row. Nothing in a file is
executed: formulas are read as their cached values, macros are refused before this point."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator

import docx
import openpyxl
import pypdf
from docx.text.paragraph import Paragraph

from trichome.documents import ocr
from trichome.documents.errors import FileRejected, corrupt
from trichome.documents.types import CSV, DOCX, IMAGE_KINDS, MARKDOWN, PDF, TEXT, XLSX, FileKind

# pypdf reports recoverable damage through logging; the upload's outcome says enough.
logging.getLogger("pypdf").setLevel(logging.ERROR)

# Seconds OCR may spend on one file unless the caller says otherwise.
OCR_SECONDS = 120.0


def _pdf_text(content: bytes, budget: ocr.Budget) -> str:
    reader = pypdf.PdfReader(io.BytesIO(content))
    if reader.is_encrypted:
        raise FileRejected(
            400, "encrypted_file", "The PDF is encrypted; upload it without a password."
        )
    pages: list[str] = []
    for page in reader.pages:
        text = (page.extract_text() or "").strip()
        # A page with no text layer is a scan (or a picture of text): read what it shows.
        pages.append(text or ocr.scanned_page_text(page, budget).strip())
    # A form feed between pages keeps page numbers recoverable for citations.
    return "\f".join(pages)


_HEADING_STYLE = re.compile(r"^Heading ([1-6])$")


def _heading_level(paragraph: Paragraph) -> int:
    """1 to 6 for a paragraph styled as a heading (or the title, 1), else 0."""
    name = paragraph.style.name if paragraph.style is not None else ""
    if name == "Title":
        return 1
    found = _HEADING_STYLE.match(name or "")
    return int(found.group(1)) if found else 0


def _docx_blocks(document: docx.document.Document) -> Iterator[str]:
    for paragraph in document.paragraphs:
        text = paragraph.text.strip()
        if text:
            level = _heading_level(paragraph)
            yield f"{'#' * level} {text}" if level else paragraph.text
    for table in document.tables:
        for row in table.rows:
            yield "\t".join(cell.text.strip() for cell in row.cells)


def _docx_text(content: bytes) -> str:
    return "\n".join(_docx_blocks(docx.Document(io.BytesIO(content))))


def _xlsx_text(content: bytes) -> str:
    workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    try:
        lines: list[str] = []
        for sheet in workbook.worksheets:
            lines.append(f"# {sheet.title}")
            for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
                cells = ["" if value is None else str(value) for value in row]
                if any(cells):
                    lines.append(f"[row {number}]\t" + "\t".join(cells).rstrip("\t"))
        return "\n".join(lines)
    finally:
        workbook.close()


def _plain_text(content: bytes) -> str:
    return content.decode("utf-8-sig")


def _extract(content: bytes, kind: FileKind, budget: ocr.Budget) -> str:
    if kind.name == PDF.name:
        return _pdf_text(content, budget)
    if kind in IMAGE_KINDS:
        return ocr.image_text(content, budget)
    readers = {
        DOCX.name: _docx_text,
        XLSX.name: _xlsx_text,
        CSV.name: _plain_text,
        MARKDOWN.name: _plain_text,
        TEXT.name: _plain_text,
    }
    return readers[kind.name](content)


def extract_text(content: bytes, kind: FileKind, ocr_seconds: float = OCR_SECONDS) -> str:
    """The text of a file of an accepted kind, OCR spending at most `ocr_seconds` on it
    (CPU-bound and otherwise unbounded: the service runs it through
    `trichome.documents.bounded`).

    Raises:
        FileRejected: 400 when the file is encrypted, does not parse as its kind, or needs
            more OCR than its budget.
    """
    try:
        return _extract(content, kind, ocr.Budget(ocr_seconds))
    except (FileRejected, MemoryError):
        # MemoryError is the memory bound of `trichome.documents.bounded`, not damage.
        raise
    except Exception as error:
        # Parsers of damaged files raise almost anything (zipfile, lxml, pypdf, openpyxl
        # errors, KeyError, RecursionError, ...); each means the same to the client, and
        # nothing a client uploads may become a 500.
        raise corrupt(
            f"The {kind.name.upper()} file is damaged and cannot be read ({type(error).__name__})."
        ) from None
