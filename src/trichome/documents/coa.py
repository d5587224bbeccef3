"""A certificate of analysis read from its text: each analyte's result with its unit, the
limit the lab printed and the lab's pass or fail, whatever the lab's layout (a table with
LOD, LOQ, result, unit, limit and status columns; `name .... result unit  Limit x  PASS`
lines; results in % beside mg/g; microbials as Absent/Present).

A line is read when it starts with an analyte's name (`coa_analytes`). A header line naming
its columns (LOD, LOQ, Result, Limit) says which of a row's values is the result; without
one the first value is, and a value after the word "limit" (or "action level", "max") is
the lab's limit. The product class (inhalable or not), whether it is hemp, and the state are
read from the certificate's words when they are there."""

from __future__ import annotations

import re
from dataclasses import dataclass

from trichome.documents.coa_analytes import (
    ANALYTE_AT_START,
    BY_KEY,
    DEFAULT_UNITS,
    unit_of,
)
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES

NOT_DETECTED = "ND"
ABSENT, PRESENT = "absent", "present"
_QUALITATIVE = {
    "nd": NOT_DETECTED,
    "n.d.": NOT_DETECTED,
    "<lod": NOT_DETECTED,
    "<loq": NOT_DETECTED,
    "bql": NOT_DETECTED,
    "absent": ABSENT,
    "negative": ABSENT,
    "present": PRESENT,
    "detected": PRESENT,
    "positive": PRESENT,
}
_NUMBER = re.compile(r"^[<>]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^[<>]?\d+(?:\.\d+)?$")
_STATUS = {"pass": "pass", "passed": "pass", "fail": "fail", "failed": "fail"}
_LIMIT_WORDS = re.compile(r"\b(?:limit|action\s+level|max(?:imum)?|allowable)\b\s*:?", re.I)
_HEADER_WORDS = re.compile(r"\b(lod|loq|result|results|amount|limit|action\s+level|max)\b", re.I)
_INHALABLE = re.compile(
    r"\b(?:flower|bud|pre-?roll|concentrate|vape|cartridge|kief|hash|"
    r"rosin|resin|shatter|wax|inhalable)\b",
    re.I,
)
_NOT_INHALABLE = re.compile(
    r"\b(?:edible|gummy|gummies|chocolate|beverage|tincture|capsule|"
    r"topical|non-inhalable|infused product)\b",
    re.I,
)
_CLASS_LINE = re.compile(r"\b(?:matrix|product\s+type|sample\s+type|category)\b\s*:?\s*(.*)", re.I)
_HEMP = re.compile(r"\bhemp\b", re.I)


@dataclass(frozen=True, slots=True)
class Result:
    """One analyte as the certificate reports it: a number (with `<` when under it) or a
    qualitative result (ND, absent, present), its unit, the lab's limit and pass or fail."""

    key: str
    name: str
    category: str
    value: float | None
    qualitative: str | None
    unit: str
    lab_limit: float | None
    lab_status: str | None
    line: int

    @property
    def detected(self) -> bool:
        """Whether the analyte was found at all (a number above zero, or "present")."""
        if self.qualitative is not None:
            return self.qualitative == PRESENT
        return self.value is not None and self.value > 0


@dataclass(frozen=True, slots=True)
class Certificate:
    """What a certificate says: its results, its product class, whether it is hemp, and
    the state its words name (its lab's or its licensee's address), if any."""

    results: tuple[Result, ...]
    inhalable: bool | None
    hemp: bool
    state: str | None

    def get(self, key: str) -> Result | None:
        """The first result of an analyte, if reported."""
        return next((r for r in self.results if r.key == key), None)


def _number(token: str) -> float | None:
    cleaned = token.strip("()[],;:")
    if not _NUMBER.match(cleaned):
        return None
    return float(cleaned.lstrip("<>").replace(",", ""))


def _header(line: str) -> list[str] | None:
    """The numeric columns a header line names, in order ("lod", "loq", "result", "limit")."""
    words = [w.lower() for w in _HEADER_WORDS.findall(line)]
    if "result" not in words and "results" not in words and "amount" not in words:
        return None
    columns = []
    for word in words:
        if word in ("result", "results", "amount"):
            columns.append("result")
        elif word in ("lod", "loq"):
            columns.append(word)
        else:
            columns.append("limit")
    return columns


@dataclass(slots=True)
class _Row:
    values: list[tuple[str, float | None, str | None, str | None]]  # token, number, qual, unit
    limit: float | None = None
    status: str | None = None
    unit: str | None = None


def _read_row(rest: str) -> _Row:
    """A row's values after the analyte's name: numbers and qualitative results in order,
    each with the unit right after it; the limit after a limit word; the lab's status."""
    row = _Row([])
    after_limit = False
    tokens = re.sub(r"(\d)(%)", r"\1 \2", rest).split()
    for index, token in enumerate(tokens):
        lowered = token.lower().strip("()[],;:")
        if _LIMIT_WORDS.fullmatch(token.lower()) or lowered in ("limit", "max", "level"):
            after_limit = True
            continue
        if lowered in _STATUS:
            row.status = _STATUS[lowered]
            continue
        unit = unit_of(token)
        if unit is not None:
            if row.values and row.values[-1][3] is None:
                token_, number, qual, _ = row.values[-1]
                row.values[-1] = (token_, number, qual, unit)
            row.unit = row.unit or unit
            continue
        number = _number(token)
        qualitative = _QUALITATIVE.get(lowered)
        if lowered == "not" and index + 1 < len(tokens) and tokens[index + 1].lower() == "detected":
            qualitative, tokens[index + 1] = NOT_DETECTED, "-"
        if number is None and qualitative is None:
            continue
        if after_limit and number is not None:
            row.limit, after_limit = number, False
            continue
        if token.startswith("<") and number is not None:
            # "<0.05": under the reporting limit, read as not detected at that level.
            qualitative = NOT_DETECTED
        row.values.append((token, number, qualitative, None))
    return row


def _result(key: str, row: _Row, columns: list[str] | None, line: int) -> Result | None:
    kind = BY_KEY[key]
    values = row.values
    if not values:
        return None
    chosen = values[0]
    limit = row.limit
    if columns and len(values) == len(columns):
        chosen = values[columns.index("result")] if "result" in columns else chosen
        if limit is None and "limit" in columns:
            limit = values[columns.index("limit")][1]
    elif columns and "result" in columns and len(values) > columns.index("result"):
        numeric_before = [c for c in columns[: columns.index("result")] if c in ("lod", "loq")]
        if len(values) > len(numeric_before):
            chosen = values[len(numeric_before)]
    _, number, qualitative, unit = chosen
    return Result(
        key=key,
        name=kind.name,
        category=kind.category,
        value=None if qualitative is not None else number,
        qualitative=qualitative,
        unit=unit or row.unit or DEFAULT_UNITS[kind.category],
        lab_limit=limit,
        lab_status=row.status,
        line=line,
    )


def _product_class(lines: list[str]) -> bool | None:
    for line in lines:
        found = _CLASS_LINE.search(line)
        if found:
            if _NOT_INHALABLE.search(found.group(1)):
                return False
            if _INHALABLE.search(found.group(1)):
                return True
    text = "\n".join(lines)
    if _NOT_INHALABLE.search(text):
        return False
    return True if _INHALABLE.search(text) else None


_STATE_NAMES = sorted(
    ((name, code) for code, name in JURISDICTION_NAMES.items() if len(code) == 2 and code != "US"),
    key=lambda pair: -len(pair[0]),
)


def _state(text: str) -> str | None:
    """The first US state the certificate names (a lab's or a client's address)."""
    best: tuple[int, str] | None = None
    for name, code in _STATE_NAMES:
        found = re.search(rf"\b{re.escape(name)}\b", text)
        if found and (best is None or found.start() < best[0]):
            best = (found.start(), code)
    return best[1] if best else None


def parse_certificate(text: str) -> Certificate:
    """The results a certificate's text holds (none when it holds no analyte's line)."""
    lines = text.replace("\f", "\n").splitlines()
    results: list[Result] = []
    columns: list[str] | None = None
    for number, line in enumerate(lines, start=1):
        found = ANALYTE_AT_START.match(line)
        if found is None or found.lastgroup is None:
            header = _header(line)
            if header is not None:
                columns = header
            continue
        result = _result(found.lastgroup, _read_row(line[found.end() :]), columns, number)
        if result is not None:
            results.append(result)
    return Certificate(
        tuple(results),
        _product_class(lines),
        bool(_HEMP.search(text)),
        _state(text),
    )
