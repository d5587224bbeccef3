"""Cannabinoid results read from a certificate of analysis (COA) table pasted as text."""

from __future__ import annotations

import itertools
import re

from trichome.agents.cannabinoids import CANNABINOID_MENTION, cannabinoid_name
from trichome.agents.coa_columns import result_cell
from trichome.agents.coa_header_rows import header_row_results
from trichome.agents.quantities import Quantity

# Cells: tabs, runs of spaces, pipes, semicolons (an export's "THCA;24.12;%"), a comma
# before a value, or a leader of dots or underscores ("d9-THC .......... 0.061 %").
_CELL_SPLIT = re.compile(r"\t|\s{2,}|\s*\|\s*|\s*;\s*|,(?=\s*[\d<nN])|\s*(?:\.{3,}|_{3,}|…+)\s*")
# A CSV line: cells joined by bare commas ("analyte,lod_mg_g,result_mg_g"); prose puts a
# space after its commas.
_CSV_LINE = re.compile(r"[^,\s][^,]*(?:,[^,\s][^,]*)+")
# A column in mg/g, however a lab or a LIMS export spells it ("mg/g", "result_mg_g", "mg g").
_MG_PER_G = r"mg\s*[/_ ]\s*g\b"
_PERCENT = r"%|percent|\bpct\b|_pct\b"
_NOT_DETECTED = re.compile(
    r"^(?:nd|n\.d\.|<\s*lo[dq]|not\s+detected|bql|<\s*[\d.]+)$", re.IGNORECASE
)


def coa_table(text: str) -> list[Quantity]:
    """Cannabinoid results from a COA table pasted as text, one per row (% column first).

    A header naming "%" or "mg/g" picks the column; without one, a row's pair of values
    where one is ten times the other is read as % and mg/g. ND and <LOQ read as 0.
    """
    found: list[Quantity] = []
    header: list[str] | None = None
    titles: list[str] | None = None  # the header's cells as written, its "Unit" kept
    for start, offset, line in _rows(text):
        raw = [c.strip() for c in _CELL_SPLIT.split(line.strip()) if c.strip()]
        cells = _units_joined(raw)
        if _CSV_LINE.fullmatch(line.strip()):
            # a CSV export's line, its cells perhaps quoted ('"L-2291","THCa","268.4"')
            csv = [c.strip().strip("\"'").strip() for c in line.strip().split(",")]
            cells = raw = csv if len(csv) > len(cells) else cells
        if len(cells) < 2:
            continue
        # the analyte's name leads the row, or follows a sample id ("L-2291","THCa",...)
        at = next((i for i in (0, 1)[: len(cells) - 1] if _names_analyte(cells[i])), 0)
        name = cannabinoid_name(cells[at]) if _names_analyte(cells[at]) else None
        if name is None:
            if header is not None and all(_UNIT_CELL.fullmatch(c) for c in cells):
                header, titles = _with_units(header, cells), None
            elif any(
                re.search(rf"{_PERCENT}|{_MG_PER_G}|result|amount|conc", c, re.IGNORECASE)
                for c in cells
            ) and not any(_STATED_VALUE.match(c) for c in cells):
                # a line with a value in it ("Total THC ... 19.6%") is no header
                # a "unit" column's cells are joined to the values beside them
                header = [c for c in cells if not _UNIT_TITLE.fullmatch(c)]
                titles = cells
            continue
        chosen = _result_column(raw[at:], titles[at:] if titles else None, text) or _table_value(
            cells[at:], header[at:] if header else None
        )
        if chosen is None:
            continue
        value, unit, written = chosen
        kind = "percent" if unit == "%" else "concentration"
        found.append(
            Quantity(
                value,
                unit,
                kind,
                start,
                offset,
                line.strip(),
                cannabinoid=name,
                tags=frozenset({"coa"} | ({"nd"} if written == "ND" else set())),
            )
        )
    found = sorted([*found, *_object_rows(text, found)], key=lambda q: q.start)
    if len(found) < 2:  # the analytes across a row, their results on the row below
        found = header_row_results(text)
    return found if len(found) >= 2 else []


_UNIT_TITLE = re.compile(r"units?", re.IGNORECASE)
_STATED_VALUE = re.compile(r"[<>]?\s*-?\d*\.?\d+\s*(?:%|mg\s*/\s*g)?$", re.IGNORECASE)
_VALUE_CELL = re.compile(r"-?\d+(?:\.\d+)?|\.\d+")
_LONE_VALUE = re.compile(rf"{_VALUE_CELL.pattern}|{_NOT_DETECTED.pattern[1:-1]}", re.IGNORECASE)
_VALUE_WITH_UNIT = re.compile(
    rf"(?:{_VALUE_CELL.pattern})\s*(?:%|percent|{_MG_PER_G})", re.IGNORECASE
)


def _units_joined(cells: list[str]) -> list[str]:
    """A row's cells with a unit given in a cell of its own joined to the value before it
    ("THCA;24.12;%" is THCA at 24.12 %)."""
    joined: list[str] = []
    for cell in cells:
        if joined and _UNIT_CELL.fullmatch(cell) and _LONE_VALUE.fullmatch(joined[-1]):
            joined[-1] = f"{joined[-1]} {cell.strip('()')}"
        else:
            joined.append(cell)
    return joined


def _rows(text: str) -> list[tuple[int, int, str]]:
    """The text's lines with where each starts and ends; a table copied out of a PDF with
    every cell on its own line ("THCA-A", "0.281", "%") has each analyte's cells joined
    into one row, as many cells per row as its header has lines ("Analyte", "Result",
    "Unit"), else the analyte, its value and a unit if one follows."""
    lines: list[tuple[int, int, str]] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        lines.append((offset, offset + len(line), line.strip()))
        offset += len(line)
    at, width = _lone_header(lines)
    rows: list[tuple[int, int, str]] = []
    index = 0
    while index < len(lines):
        start, end, line = lines[index]
        size = width if index == at and width else _lone_row_size(lines, index, width)
        if size > 1:
            end = lines[index + size - 1][1]
            line = "\t".join(cell for _, _, cell in lines[index : index + size])
        rows.append((start, end, line))
        index += size
    return rows


def _lone_header(lines: list[tuple[int, int, str]]) -> tuple[int, int | None]:
    """Where a header written one title per line starts ("Analyte", "LOQ", "Result",
    "Unit") and how many lines it spans, when an analyte's name on a line of its own follows."""
    for index, (_, _, line) in enumerate(lines):
        if not re.fullmatch(r"analytes?|compounds?|cannabinoids?|names?", line, re.IGNORECASE):
            continue
        width = 1
        while (
            index + width < len(lines)
            and re.fullmatch(
                rf"(?:[a-z ]+|{_PERCENT}|{_MG_PER_G})(?:\s*\([^)]*\))?",
                lines[index + width][2],
                re.IGNORECASE,
            )
            and not _names_analyte(lines[index + width][2])
        ):
            width += 1
        following = lines[index + width][2] if index + width < len(lines) else ""
        if width > 1 and _names_analyte(following):
            return index, width
    return -1, None


def _lone_row_size(lines: list[tuple[int, int, str]], index: int, width: int | None) -> int:
    """How many lines from `index` are one analyte's cells written one per line (1 when the
    line is not an analyte's name standing alone)."""
    if not _names_analyte(lines[index][2]) or index + 1 >= len(lines):
        return 1
    value = lines[index + 1][2]
    if not (_LONE_VALUE.fullmatch(value) or _VALUE_WITH_UNIT.fullmatch(value)):
        return 1  # "21.9 %", "219 mg/g": a result written with its unit is a cell too
    if width is not None and index + width <= len(lines):
        return width
    size = 2
    if index + 2 < len(lines) and _UNIT_CELL.fullmatch(lines[index + 2][2]):
        size = 3
    return size


def _names_analyte(cell: str) -> bool:
    return bool(CANNABINOID_MENTION.fullmatch(cell.rstrip(":")))


# A LIMS or portal export pasted as a JSON-ish object: `"thca_pct": 19.4`, `"CBDa": "ND"`,
# `'d9_thc_mg_g': 4.1`. The key names the cannabinoid and may end in its unit.
_OBJECT_PAIR = re.compile(
    r"""(["'])(?P<key>[^"'\n]{1,40})\1\s*:\s*(?:(["'])(?P<text>[^"'\n]{0,20})\3|(?P<number>-?\d+(?:\.\d+)?))"""
)
_KEY_UNIT = re.compile(rf"[\s_-]*(?:\(?(?:{_MG_PER_G}|mg_g|mgg)\)?|\(?(?:{_PERCENT})\)?)$", re.I)


def _object_rows(text: str, rows: list[Quantity]) -> list[Quantity]:
    """Cannabinoid results from `"key": value` pairs not already read as table rows."""
    found = []
    for match in _OBJECT_PAIR.finditer(text):
        if any(r.start <= match.start() < r.end for r in rows):
            continue
        key = match.group("key").strip()
        unit_match = _KEY_UNIT.search(key)
        unit = "%"
        if unit_match and re.search(r"mg", unit_match.group(0), re.IGNORECASE):
            unit = "mg/g"
        name_text = key[: unit_match.start()] if unit_match else key
        name_text = re.sub(r"[_\s]+", " ", name_text).strip()
        if re.match(r"total\b", name_text, re.IGNORECASE) or not CANNABINOID_MENTION.fullmatch(
            name_text
        ):
            continue  # a sample id, a fee, or a total the lab already worked out
        name = cannabinoid_name(name_text)
        written = match.group("number") or (match.group("text") or "").strip()
        cell = _cell(written, unit)
        if name is None or cell is None:
            continue
        value, unit, shown = cell
        found.append(
            Quantity(
                value,
                unit,
                "percent" if unit == "%" else "concentration",
                match.start(),
                match.end(),
                match.group(0),
                cannabinoid=name,
                tags=frozenset({"coa", "object"} | ({"nd"} if shown == "ND" else set())),
            )
        )
    return found


# A header's second line that gives only the columns' units ("          mg/g    mg/g").
_UNIT_CELL = re.compile(rf"\(?(?:{_MG_PER_G}|{_PERCENT}|mg/ml|ppm)\)?", re.IGNORECASE)


def _with_units(header: list[str], units: list[str]) -> list[str]:
    """The header with a units line under it, aligned from the right: the first column
    (the analyte's name) has no unit."""
    if len(units) >= len(header):
        return header
    lead = len(header) - len(units)
    return [*header[:lead], *(f"{t} {u}" for t, u in zip(header[lead:], units, strict=True))]


def outside_table(text: str, found: list[Quantity]) -> list[Quantity]:
    """The quantities that are not cells of a COA table pasted in the text."""
    rows = coa_table(text)
    return [q for q in found if not any(r.start <= q.start < r.end for r in rows)]


def _table_value(cells: list[str], header: list[str] | None) -> tuple[float, str, str] | None:
    values = cells[1:]
    if header is not None and len(header) == len(cells):
        for index, title in enumerate(header):
            if (
                index
                and re.search(_PERCENT, title, re.IGNORECASE)
                and not re.search(r"lo[dq]", title, re.IGNORECASE)
            ):
                return _cell(cells[index], "%")
        for index, title in enumerate(header):
            if (
                index
                and re.search(_MG_PER_G, title, re.IGNORECASE)
                and not re.search(r"lo[dq]", title, re.IGNORECASE)
            ):  # the result's column, not the limit of detection's
                return _cell(cells[index], "mg/g")
    for cell in values:
        if cell.endswith("%"):
            return _cell(cell.rstrip("% "), "%")
        if re.search(r"mg/g$", cell, re.IGNORECASE):
            return _cell(re.sub(r"\s*mg/g$", "", cell, flags=re.IGNORECASE), "mg/g")
    numbers = [float(c) for c in values if re.fullmatch(r"\d+(?:\.\d+)?", c)]
    for first, second in itertools.pairwise(numbers):
        if first and abs(second - first * 10) <= 0.011 * second:
            return first, "%", str(first)
    if all(_NOT_DETECTED.match(c) or re.fullmatch(r"\d+(?:\.\d+)?", c) for c in values) and any(
        _NOT_DETECTED.match(c) for c in values
    ):
        return 0.0, "%", "ND"
    if len(numbers) == 1:
        return numbers[0], "%", str(numbers[0])
    return None


def _result_column(
    cells: list[str], titles: list[str] | None, text: str
) -> tuple[float, str, str] | None:
    """The value in the column the header calls the result ("LOD  LOQ  Result  Unit"), in
    the unit its title or the row's unit column gives; when neither names one, mg/g if the
    text speaks of mg/g and never of %, else %."""
    found = result_cell(cells, titles)
    if found is None:
        return None
    value, unit = found
    if unit is None:
        only_mg_g = re.search(_MG_PER_G, text, re.I) and not re.search(_PERCENT, text, re.I)
        unit = "mg/g" if only_mg_g else "%"
    return _cell(value, unit)


def _cell(cell: str, unit: str) -> tuple[float, str, str] | None:
    if _NOT_DETECTED.match(cell.strip()):
        return 0.0, unit, "ND"
    try:
        return float(cell.strip()), unit, cell.strip()
    except ValueError:
        return None
