"""A file's extracted text cut into passages small enough to cite, each knowing where in
the file it is: the page of a PDF or of an image read by OCR (its layout's line breaks
undone), the sheet and rows of a spreadsheet (cells between `|`, under the sheet's header
row, repeated so each passage reads on its own), the heading of a DOCX or Markdown section,
the lines of a plain text. The marks it reads are those `extract` writes."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from trichome.documents.types import CSV, DOCX, IMAGE_KINDS, MARKDOWN, PDF, TEXT, XLSX

# Kinds whose text comes in pages, a form feed between them.
_PAGED = {PDF.name, *(kind.name for kind in IMAGE_KINDS)}

# A passage holds about this many words: enough for a rule and its context, few enough
# that a cited passage says what the answer took from it.
CHUNK_WORDS = 120
# Past this, a single line or sentence is cut between words.
_MAX_PIECE_WORDS = CHUNK_WORDS
# Spreadsheet and CSV rows per passage.
ROWS_PER_CHUNK = 12
# A file yields at most this many passages (a long manual's first ~240,000 words).
MAX_CHUNKS = 2000

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_ROW = re.compile(r"^\[row (\d+)\]\t?(.*)$")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


@dataclass(frozen=True, slots=True)
class Chunk:
    """One passage of a file: its text, where it is (`page 3`, `sheet Results, rows 2-9`,
    `section "Vehicles"`, `lines 1-20`; None for a plain text of one passage, or text before a
    document's first heading), and the page number when the file has pages."""

    position: int
    text: str
    locator: str | None
    page: int | None = None


@dataclass(frozen=True, slots=True)
class _Section:
    lines: tuple[str, ...]
    locator: str | None
    page: int | None = None
    # Lines numbered from this (plain text), to cite the lines of each passage.
    first_line: int | None = None


def _pieces(line: str) -> Iterator[str]:
    """A line as pieces of at most `_MAX_PIECE_WORDS` words, cut at sentence ends first."""
    for sentence in _SENTENCE_END.split(line):
        words = sentence.split()
        for start in range(0, len(words), _MAX_PIECE_WORDS):
            piece = " ".join(words[start : start + _MAX_PIECE_WORDS])
            if piece:
                yield piece


def _windows(section: _Section) -> Iterator[tuple[str, str | None]]:
    """A section's text in passages of about `CHUNK_WORDS` words, with their locators."""
    pieces: list[tuple[str, int]] = []
    for offset, line in enumerate(section.lines):
        words = len(line.split())
        if words > CHUNK_WORDS:
            pieces += [(piece, offset) for piece in _pieces(line)]
        elif words:
            pieces.append((line.strip(), offset))
    current: list[tuple[str, int]] = []
    count = 0
    for piece, offset in pieces:
        size = len(piece.split())
        if current and count + size > CHUNK_WORDS:
            yield _window_text(current), _window_locator(section, current)
            current, count = [], 0
        current.append((piece, offset))
        count += size
    if current:
        yield _window_text(current), _window_locator(section, current)


def _window_text(pieces: Sequence[tuple[str, int]]) -> str:
    return "\n".join(piece for piece, _ in pieces)


def _window_locator(section: _Section, pieces: Sequence[tuple[str, int]]) -> str | None:
    if section.first_line is None:
        return section.locator
    first = section.first_line + pieces[0][1]
    last = section.first_line + pieces[-1][1]
    return f"line {first}" if first == last else f"lines {first}-{last}"


def _reflowed(lines: Sequence[str]) -> tuple[str, ...]:
    """A PDF page's lines with the breaks of its layout undone: a line going on in lower
    case after one that does not end a sentence or a clause belongs to it."""
    joined: list[str] = []
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        previous = joined[-1] if joined else ""
        if previous and line[0].islower() and not previous.endswith((".", ":", ";", "!", "?")):
            joined[-1] = f"{previous} {line}"
        else:
            joined.append(line)
    return tuple(joined)


def _pdf_sections(text: str) -> Iterator[_Section]:
    for number, page in enumerate(text.split("\f"), start=1):
        yield _Section(_reflowed(page.splitlines()), f"page {number}", number)


def _heading_sections(text: str) -> Iterator[_Section]:
    """Sections under their nearest heading (`#` marks); text before any heading has none."""
    heading: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        found = _HEADING.match(line.strip())
        if found:
            if any(part.strip() for part in lines):
                yield _Section(tuple(lines), f'section "{heading}"' if heading else None)
            heading, lines = found.group(2), [found.group(2)]
        else:
            lines.append(line)
    if any(part.strip() for part in lines):
        yield _Section(tuple(lines), f'section "{heading}"' if heading else None)


def _row_chunks(
    rows: Sequence[tuple[int, str]], sheet: str | None
) -> Iterator[tuple[str, str | None]]:
    """Rows in groups, each group under the first row (the header) and named by its rows."""
    if not rows:
        return
    header, body = rows[0], list(rows[1:]) or [rows[0]]
    where = f"sheet {sheet}, " if sheet else ""
    for start in range(0, len(body), ROWS_PER_CHUNK):
        group = body[start : start + ROWS_PER_CHUNK]
        first, last = group[0][0], group[-1][0]
        span = f"row {first}" if first == last else f"rows {first}-{last}"
        lines = [line for _, line in group]
        if group[0] is not header:
            lines.insert(0, header[1])
        yield "\n".join(lines), where + span


def _sheet_chunks(text: str) -> Iterator[tuple[str, str | None]]:
    sheet: str | None = None
    rows: list[tuple[int, str]] = []
    for line in text.splitlines():
        found = _ROW.match(line)
        if found:
            cells = found.group(2).split("\t")
            rows.append((int(found.group(1)), " | ".join(cell.strip() for cell in cells)))
        elif line.startswith("# "):
            yield from _row_chunks(rows, sheet)
            sheet, rows = line[2:].strip(), []
        elif line.strip():
            # Text extracted before rows were numbered: counted as they come.
            rows.append((len(rows) + 1, line))
    yield from _row_chunks(rows, sheet)


def _csv_chunks(text: str) -> Iterator[tuple[str, str | None]]:
    rows = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    yield from _row_chunks(rows, None)


def _text_sections(text: str) -> Iterator[_Section]:
    yield _Section(tuple(text.splitlines()), None, first_line=1)


def chunk_text(text: str, kind_name: str) -> list[Chunk]:
    """The passages of a file's extracted text, in order, numbered from 0 (at most
    `MAX_CHUNKS`)."""
    pieces: list[tuple[str, str | None, int | None]] = []
    if kind_name in (XLSX.name, CSV.name):
        rows = _sheet_chunks(text) if kind_name == XLSX.name else _csv_chunks(text)
        pieces = [(body, where, None) for body, where in rows]
    else:
        if kind_name in _PAGED:
            sections = _pdf_sections(text)
        elif kind_name in (DOCX.name, MARKDOWN.name):
            sections = _heading_sections(text)
        else:
            sections = _text_sections(text)
        for section in sections:
            pieces += [(body, where, section.page) for body, where in _windows(section)]
            if len(pieces) >= MAX_CHUNKS:
                break
    if len(pieces) == 1 and kind_name == TEXT.name:
        pieces = [(pieces[0][0], None, None)]  # a short note is cited whole
    return [
        Chunk(position, body, where, page)
        for position, (body, where, page) in enumerate(pieces[:MAX_CHUNKS])
    ]
