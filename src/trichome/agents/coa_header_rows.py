"""A COA pasted sideways: the analytes named across one row and their results on a row
below ("Analyte  THCa  D9-THC  CBDa" over "%  21.30  0.84  0.06"), as a PDF's table often
comes out when copied into a chat. Each result is read under its analyte's name."""

from __future__ import annotations

import re
from collections.abc import Iterator

from trichome.agents.cannabinoids import CANNABINOID_MENTION, cannabinoid_name
from trichome.agents.quantities import Quantity

# A row's leading label that names no analyte: "Analyte", "Compound", "Result (%)", "%".
_LABEL = re.compile(
    r"(?:analytes?|compounds?|cannabinoids?|names?|results?|amount|conc\w*|units?|values?|"
    r"%|percent|mg\s*/\s*g|wt\s*%)(?:\s*\(?\s*(?:%|mg\s*/\s*g)\s*\)?)?:?",
    re.IGNORECASE,
)
_LIMIT_LABEL = re.compile(r"\blo[dq]\b|limit", re.IGNORECASE)
_PERCENT = re.compile(r"%|percent", re.IGNORECASE)
_MG_PER_G = re.compile(r"mg\s*/\s*g", re.IGNORECASE)
_VALUE = re.compile(
    r"(?P<value>-?\d+(?:\.\d+)?|-?\.\d+)\s*(?P<unit>%|mg\s*/\s*g)?|"
    r"(?P<none>nd|n\.d\.|n/d|<\s*lo[dq]|bql|blq|not\s+detected)",
    re.IGNORECASE,
)
# A lab's own total ("Total THC", "Total Cannabinoids") is a column to skip, not an input.
_TOTAL = re.compile(r"total\b|sum\b", re.IGNORECASE)


def header_row_results(text: str) -> list[Quantity]:
    """The results of a COA whose analytes head the columns, one per analyte (total columns
    left out); empty when the text holds no such table."""
    lines = list(_lines(text))
    for index, (start, _, line) in enumerate(lines):
        names = _names(line)
        if names is None:
            continue
        label_unit = _unit_of(_leading_label(line))
        for _, end, below in lines[index + 1 : index + 4]:
            label = _leading_label(below)
            if label is not None and _LIMIT_LABEL.search(label):
                continue  # an LOD or LOQ row under the names: not the results
            values = _values(below, len(names))
            if values is None:
                continue
            unit = _unit_of(label) or label_unit or _unit_of(below) or _default_unit(text)
            return list(_quantities(names, values, unit, start, end))
    return []


def _lines(text: str) -> Iterator[tuple[int, int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        yield offset, offset + len(line), line.strip()
        offset += len(line)


def _cells(line: str) -> list[str]:
    """The row's cells: split at tabs, pipes or runs of spaces, else at single spaces."""
    cells = [c.strip() for c in re.split(r"\t|\s{2,}|\s*\|\s*", line) if c.strip()]
    if len(cells) > 1:
        return cells
    joined: list[str] = []
    for cell in line.split():
        if joined and re.fullmatch(r"\(\s*(?:%|mg\s*/\s*g)\s*\)", cell, re.IGNORECASE):
            joined[-1] = f"{joined[-1]} {cell}"  # "Result (mg/g)": the label's unit
        else:
            joined.append(cell)
    return joined


def _leading_label(line: str) -> str | None:
    cells = _cells(line)
    return cells[0] if cells and _LABEL.fullmatch(cells[0]) else None


def _names(line: str) -> list[str] | None:
    """The analytes a row names, at least two and nothing else but a leading label."""
    for cells in (_cells(line), line.split()):
        if cells and _LABEL.fullmatch(cells[0]):
            cells = cells[1:]
        joined = _totals_joined(cells)
        if len(joined) >= 2 and all(
            _TOTAL.match(c) or CANNABINOID_MENTION.fullmatch(c.rstrip(":")) for c in joined
        ):
            return joined
    return None


def _totals_joined(cells: list[str]) -> list[str]:
    """ "Total" split from its cannabinoid by a single space is one column ("Total THC")."""
    joined: list[str] = []
    for cell in cells:
        if joined and re.fullmatch(r"total|sum", joined[-1], re.IGNORECASE):
            joined[-1] = f"{joined[-1]} {cell}"
        else:
            joined.append(cell)
    return joined


def _values(line: str, count: int) -> list[tuple[float, str | None, bool]] | None:
    """The row's results when it holds exactly one per analyte (after a leading label)."""
    cells = _cells(line)
    if cells and _LABEL.fullmatch(cells[0]) and not _VALUE.fullmatch(cells[0]):
        cells = cells[1:]
    cells = _units_joined(cells)
    if len(cells) != count:
        return None
    values: list[tuple[float, str | None, bool]] = []
    for cell in cells:
        match = _VALUE.fullmatch(cell)
        if match is None:
            return None
        if match.group("none"):
            values.append((0.0, None, True))
        else:
            values.append((float(match.group("value")), _unit_of(match.group("unit")), False))
    return values


def _units_joined(cells: list[str]) -> list[str]:
    """A unit in a cell of its own joined to the value before it ("21.3", "%")."""
    joined: list[str] = []
    for cell in cells:
        if joined and re.fullmatch(r"%|mg\s*/\s*g", cell, re.IGNORECASE):
            joined[-1] = f"{joined[-1]}{cell}"
        else:
            joined.append(cell)
    return joined


def _unit_of(text: str | None) -> str | None:
    if not text:
        return None
    if _MG_PER_G.search(text):
        return "mg/g"
    return "%" if _PERCENT.search(text) else None


def _default_unit(text: str) -> str:
    """mg/g when the text speaks of mg/g and never of %, else %."""
    return "mg/g" if _MG_PER_G.search(text) and not _PERCENT.search(text) else "%"


def _quantities(
    names: list[str],
    values: list[tuple[float, str | None, bool]],
    unit: str,
    start: int,
    end: int,
) -> Iterator[Quantity]:
    for written, (value, own_unit, none) in zip(names, values, strict=True):
        name = cannabinoid_name(written.rstrip(":"))
        if name is None or _TOTAL.match(written):
            continue
        cell_unit = own_unit or unit
        yield Quantity(
            value,
            cell_unit,
            "percent" if cell_unit == "%" else "concentration",
            start,
            end,
            f"{written} {'ND' if none else f'{value:g}'}{' ' if cell_unit != '%' else ''}"
            f"{cell_unit}",
            cannabinoid=name,
            tags=frozenset({"coa"} | ({"nd"} if none else set())),
        )
