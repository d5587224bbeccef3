"""Extracted text cut into passages that know where they are: a PDF's page, a spreadsheet's
sheet and rows (under its header), a DOCX or Markdown heading, a text's lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.documents.samples import docx_file, pdf_document, xlsx_file
from trichome.documents.chunks import CHUNK_WORDS, MAX_CHUNKS, ROWS_PER_CHUNK, chunk_text
from trichome.documents.extract import extract_text
from trichome.documents.types import DOCX, PDF, XLSX


def test_pdf_passages_keep_their_page_and_undo_layout_breaks() -> None:
    content = pdf_document(
        ["Transport SOP", "Scope: every transfer."],
        ["Vehicle security", "The driver checks the seal every 50 miles and writes", "it down."],
    )
    chunks = chunk_text(extract_text(content, PDF), PDF.name)
    assert [(c.locator, c.page) for c in chunks] == [("page 1", 1), ("page 2", 2)]
    assert chunks[1].text == (
        "Vehicle security\nThe driver checks the seal every 50 miles and writes it down."
    )


def test_a_long_page_is_cut_into_passages_of_bounded_size_on_the_same_page() -> None:
    sentence = "Every package is weighed at the loading bay before it leaves the site. "
    chunks = chunk_text("Short page.\f" + sentence * 60, PDF.name)
    later = chunks[1:]
    assert len(later) > 3 and {c.page for c in later} == {2}
    assert all(len(c.text.split()) <= CHUNK_WORDS for c in chunks)
    assert " ".join(" ".join(c.text.split()) for c in later) == " ".join((sentence * 60).split())


def test_spreadsheet_rows_are_cited_by_sheet_and_row_under_their_header() -> None:
    rows: list[list[object]] = [["Analyte", "Result"]]
    rows += [[f"Pesticide {n}", "ND"] for n in range(ROWS_PER_CHUNK + 3)]
    chunks = chunk_text(extract_text(xlsx_file(rows, title="Pesticides"), XLSX), XLSX.name)
    assert [c.locator for c in chunks] == [
        f"sheet Pesticides, rows 2-{ROWS_PER_CHUNK + 1}",
        f"sheet Pesticides, rows {ROWS_PER_CHUNK + 2}-{ROWS_PER_CHUNK + 4}",
    ]
    assert all(c.text.startswith("Analyte | Result\n") for c in chunks)
    assert "Pesticide 0 | ND" in chunks[0].text


def test_headings_name_the_sections_of_docx_and_markdown() -> None:
    text = "Preamble line.\n# Vehicles\nLock the cage.\n## Keys\nThe driver keeps them."
    chunks = chunk_text(text, "markdown")
    assert [(c.locator, c.text) for c in chunks] == [
        (None, "Preamble line."),
        ('section "Vehicles"', "Vehicles\nLock the cage."),
        ('section "Keys"', "Keys\nThe driver keeps them."),
    ]
    docx_text = extract_text(docx_file("Intro", [["Step", "Owner"]]), DOCX)
    assert [c.text for c in chunk_text(docx_text, DOCX.name)] == ["Intro\nStep\tOwner"]


def test_csv_rows_and_text_lines() -> None:
    csv = chunk_text("analyte,result\nTHCA,21.3\nCBD,0.4\n", "csv")
    assert [(c.locator, c.text) for c in csv] == [
        ("rows 2-3", "analyte,result\nTHCA,21.3\nCBD,0.4")
    ]
    assert [c.locator for c in chunk_text("one note", "text")] == [None]
    long_text = "\n".join(f"Line {n} of the log says the door was shut." for n in range(40))
    assert chunk_text(long_text, "text")[0].locator == "lines 1-12"


@given(st.text(max_size=3000), st.sampled_from(["pdf", "docx", "xlsx", "csv", "markdown", "text"]))
def test_any_text_is_chunked_without_error_or_loss_of_words(text: str, kind: str) -> None:
    chunks = chunk_text(text, kind)
    assert len(chunks) <= MAX_CHUNKS
    assert [c.position for c in chunks] == list(range(len(chunks)))
    assert all(c.text.strip() for c in chunks)
    if kind in ("pdf", "text"):
        # Pages and lines are cut and joined, never dropped.
        assert " ".join(c.text for c in chunks).split() == text.split()
