"""The result column of a COA table picked by its header: a lab's report often prints the
limits of detection and quantitation (LOD, LOQ) beside each result, in any order
("Analyte  LOD  LOQ  Result  Unit", "Analyte  Result  LOD  LOQ"), and only the result is the
cannabinoid's value."""

from __future__ import annotations

import re

# A column holding the measured value, not a limit ("Result", "Result (%)", "Amount",
# "Concentration"); "LOD", "LOQ" and "Limit" columns are never it.
_RESULT_TITLE = re.compile(r"result|amount|conc", re.IGNORECASE)
_LIMIT_TITLE = re.compile(r"\blo[dq]\b|lo[dq]_|limit", re.IGNORECASE)
_UNIT_TITLE = re.compile(r"units?", re.IGNORECASE)
_PERCENT = re.compile(r"%|percent|\bpct\b|_pct\b", re.IGNORECASE)
_MG_PER_G = re.compile(r"mg\s*[/_ ]\s*g\b", re.IGNORECASE)
_VALUE = re.compile(r"(?P<value>-?\d+(?:\.\d+)?|-?\.\d+|<\s*lo[dq]|nd|n\.d\.|bql|not\s+detected)"
                    r"\s*(?P<unit>%|mg\s*/\s*g)?", re.IGNORECASE)  # fmt: skip


def result_cell(cells: list[str], header: list[str] | None) -> tuple[str, str | None] | None:
    """The result column's cell of a row and the unit its header or row gives it (None when
    neither names one), when the header names a result column the row lines up with."""
    if header is None or len(header) != len(cells):
        return None
    results = [
        index
        for index, title in enumerate(header)
        if index and _RESULT_TITLE.search(title) and not _LIMIT_TITLE.search(title)
    ]
    if not results:
        return None
    # two result columns ("Result (mg/g)", "Result (%)"): the percent one, as elsewhere
    at = next((i for i in results if _PERCENT.search(header[i])), results[0])
    match = _VALUE.fullmatch(cells[at].strip())
    if match is None:
        return None
    return match.group("value"), _unit(header[at], match.group("unit"), cells, header)


def _unit(title: str, own: str | None, cells: list[str], header: list[str]) -> str | None:
    """The result's unit: in its column's title, written with it, or in a "Unit" column."""
    for text in (title, own or ""):
        if _PERCENT.search(text):
            return "%"
        if _MG_PER_G.search(text):
            return "mg/g"
    for index, column in enumerate(header):
        if _UNIT_TITLE.fullmatch(column.strip()):
            cell = cells[index].strip("() ")
            if _PERCENT.fullmatch(cell):
                return "%"
            if _MG_PER_G.fullmatch(cell):
                return "mg/g"
    return None
