"""Numbers written as ordinals ("the 10th", "on the 1st"): a day of the month or a rank,
never an amount, so "back on the 10th wanting another ounce" is not 10 ounces."""

from __future__ import annotations

import re

_ORDINAL_ENDING = re.compile(r"(?:st|nd|rd|th)\b", re.IGNORECASE)
# "on the 8th", "nov 8th": a date; otherwise "an 8th" is counter slang for an eighth.
_DATE_BEFORE = re.compile(
    r"\b(?:the|on|by|until|till|from|since|before|after|jan|feb|mar|apr|may|jun|jul|aug|sept?|"
    r"oct|nov|dec)[a-z]*\.?\s+$",
    re.IGNORECASE,
)


def is_an_ordinal(text: str, start: int, end: int) -> bool:
    """Whether the number at `text[start:end]` carries an ordinal ending ("10th") and so
    names a day or a rank; "8th" only after a date word, being the trade's eighth too."""
    if not _ORDINAL_ENDING.match(text, end):
        return False
    return text[start:end] != "8" or bool(_DATE_BEFORE.search(text, 0, start))
