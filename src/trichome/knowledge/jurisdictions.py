"""US jurisdictions: codes, names, and spotting the ones a question mentions."""

from __future__ import annotations

import re

STATE_NAMES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
    "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
    "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
    "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
    "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}  # fmt: skip
FEDERAL = "US"
JURISDICTION_NAMES: dict[str, str] = {**STATE_NAMES, FEDERAL: "Federal"}

# Abbreviations people write in chat besides the USPS codes.
_ALIASES: dict[str, str] = {
    "calif": "CA", "cali": "CA", "colo": "CO", "mass": "MA", "mich": "MI", "ariz": "AZ",
    "nev": "NV", "ill": "IL", "wash": "WA", "ore": "OR", "conn": "CT", "penn": "PA",
    "jersey": "NJ", "washington state": "WA", "nyc": "NY",
}  # fmt: skip
# Two-letter codes that are also common English words count only when written in capitals.
_AMBIGUOUS_CODES = {"IN", "OR", "ME", "OK", "HI", "ID", "OH", "LA", "PA", "MA", "CO", "DE", "AL"}

_NAME_PATTERN = re.compile(
    r"\b("
    + "|".join(
        sorted(
            (re.escape(name.lower()) for name in [*STATE_NAMES.values(), *_ALIASES]),
            key=len,
            reverse=True,
        )
    )
    + r")\b\.?",
    re.IGNORECASE,
)
_CODE_PATTERN = re.compile(r"\b([A-Za-z]{2})\b")
_NAME_TO_CODE = {name.lower(): code for code, name in STATE_NAMES.items()} | _ALIASES
_FEDERAL_PATTERN = re.compile(r"\b(federal|farm bill|usda|hemp rule|nationwide)\b", re.IGNORECASE)


def detect_jurisdictions(text: str) -> list[str]:
    """Codes of the jurisdictions a text names, in order of first mention.

    "Washington D.C." and "District of Columbia" name DC; a bare "Washington" names WA.
    """
    found: list[tuple[int, str]] = []
    for match in _NAME_PATTERN.finditer(text):
        name = match.group(1).lower()
        code = _NAME_TO_CODE[name]
        if code == "WA" and re.match(r"\s*,?\s*d\.?\s?c\b", text[match.end(1) :], re.IGNORECASE):
            code = "DC"
        found.append((match.start(), code))
    for match in _CODE_PATTERN.finditer(text):
        token = match.group(1)
        code = token.upper()
        if code not in STATE_NAMES:
            continue
        if token != code and code in _AMBIGUOUS_CODES:
            continue
        found.append((match.start(), code))
    federal = _FEDERAL_PATTERN.search(text)
    if federal is not None:
        found.append((federal.start(), FEDERAL))
    ordered: list[str] = []
    for _, code in sorted(found):
        if code not in ordered:
            ordered.append(code)
    return ordered
