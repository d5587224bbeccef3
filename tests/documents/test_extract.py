"""Text comes out of every accepted type; encrypted and damaged files are refused."""

from __future__ import annotations

import io

import docx
import pytest

from tests.documents.samples import docx_file, encrypted_pdf, pdf, xlsx_file
from trichome.documents.errors import FileRejected
from trichome.documents.extract import extract_text
from trichome.documents.types import CSV, DOCX, MARKDOWN, PDF, TEXT, XLSX


def test_pdf_pages_are_separated_by_form_feeds() -> None:
    text = extract_text(pdf("Vehicles are locked in transit.", "Manifest before departure."), PDF)
    assert text.split("\f") == ["Vehicles are locked in transit.", "Manifest before departure."]


def test_docx_paragraphs_and_tables() -> None:
    content = docx_file("Transport SOP rev 3", [["Step", "Owner"], ["Lock van", "Driver"]])
    assert extract_text(content, DOCX) == "Transport SOP rev 3\nStep\tOwner\nLock van\tDriver"


def test_xlsx_rows_are_tab_separated_under_the_sheet_name_after_their_number() -> None:
    content = xlsx_file(
        [["Analyte", "Result", "Unit"], [None, None, None], ["THCA", 21.3, "%"], [None] * 3]
    )
    assert extract_text(content, XLSX) == (
        "# Results\n[row 1]\tAnalyte\tResult\tUnit\n[row 3]\tTHCA\t21.3\t%"
    )


def test_docx_headings_are_marked_as_in_markdown() -> None:
    document = docx.Document()
    document.add_heading("Transport SOP", 0)
    document.add_heading("Vehicles", 1)
    document.add_paragraph("Lock the cage.")
    document.add_heading("Keys", 2)
    document.add_paragraph("The driver keeps them.")
    out = io.BytesIO()
    document.save(out)
    assert extract_text(out.getvalue(), DOCX) == (
        "# Transport SOP\n# Vehicles\nLock the cage.\n## Keys\nThe driver keeps them."
    )


def test_xlsx_formulas_are_read_not_run() -> None:
    content = xlsx_file([["Total", "=1+1"]])
    # No cached value was saved with the formula, and none is computed.
    assert extract_text(content, XLSX) == "# Results\n[row 1]\tTotal"


@pytest.mark.parametrize(
    ("content", "kind", "text"),
    [
        (b"analyte,result\nTHCA,21.3\n", CSV, "analyte,result\nTHCA,21.3\n"),
        (b"# SOP\n\n- lock the van\n", MARKDOWN, "# SOP\n\n- lock the van\n"),
        ("\ufeffNotes: caf\u00e9".encode(), TEXT, "Notes: caf\u00e9"),
    ],
)
def test_text_kinds_are_kept_as_they_are(content: bytes, kind: object, text: str) -> None:
    assert extract_text(content, kind) == text  # type: ignore[arg-type]


def test_an_encrypted_pdf_is_refused() -> None:
    with pytest.raises(FileRejected) as refused:
        extract_text(encrypted_pdf(), PDF)
    assert (refused.value.status, refused.value.code) == (400, "encrypted_file")


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (b"%PDF-1.4\n garbage without objects", PDF),
        (b"PK\x03\x04" + b"\x00" * 40, DOCX),
        (docx_file("x", [["a"]])[:200], DOCX),
        (xlsx_file([["a"]])[:300], XLSX),
    ],
)
def test_damaged_files_are_refused(content: bytes, kind: object) -> None:
    with pytest.raises(FileRejected) as refused:
        extract_text(content, kind)  # type: ignore[arg-type]
    assert (refused.value.status, refused.value.code) == (400, "corrupt_file")
