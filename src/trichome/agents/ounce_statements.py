"""Which ounce (and pound) a user says they mean: the trade's 28 g ounce ("the 28 g kind",
"trade oz") or the avoirdupois 28.35 g one ("the real 28.35 g ounce", "a 453.6 g pound").

`normalising` drops the statement (its number would read as an input) and reads the user's
ounces accordingly; a follow-up that names the other ounce ("and with the 28.35 g ounce?")
has the earlier turns read again under it (`calculation_conversations`).
"""

from __future__ import annotations

import re

# "(the 28 g kind)", "if an oz is 28", "trade oz": the user says which ounce they mean. The
# statement is dropped (its 28 would read as an input) and their ounces, and pounds as 16 of
# them, are read as the trade's 28 g ounce (a zip). Fluid ounces are left alone.
TRADE_STATED = re.compile(
    r"\(?\s*(?:the\s+)?28\s*g(?:rams?)?\s+(?:kind|one|version|oz|ounces?)\s*\)?|"
    r"\(?\s*(?:if|when|where|with)\s+(?:an?\s+|1\s+)?(?:oz|ounce)\s+(?:is|=|being)\s+28\s*(?:g|grams?)?"
    r"\s*\)?|\(?\s*(?:the\s+)?trade(?:'s)?\s+(?:28\s*g\s*)?(?:oz|ounces?)\s*\)?|"
    r"\b(?:we\s+|i\s+)?(?:count|counting|call|calling|use|using)\s+28\s*g(?:rams?)?\s+(?:to|per|for|in|as)"
    r"\s+(?:the|an?|1|one)\s+(?:oz|ounce)\b",
    re.IGNORECASE,
)
# "the real 28.35 g ounce", "avoirdupois ounces", "a 453.59 g lb": the user says they mean
# the standard ounce or pound. The statement is dropped (its number would read as an input)
# and their fractions of an ounce are not read as the trade's 28 g ones.
STANDARD_STATED = re.compile(
    r"[ \t]*\(?\s*(?:(?:using|with|counting|taking|at|by)\s+)?(?:(?:the|a|an)\s+)?"
    r"(?:(?:real|avoirdupois|standard|true|actual|proper|legal|us|exact)\s+)?"
    r"(?:28\.35|28\.349\d*)\s*g(?:rams?)?(?:\s+(?:(?:per|an?|to\s+the|/)\s*)?(?:ounces?|oz)\b)?\s*\)?"
    r"(?:\s*,?\s*(?:and\s+)?not\s+(?:the\s+)?28(?!\.)(?:\s*g(?:rams?)?)?(?:\s+(?:ones?|ounces?|oz))?\b)?|"
    r"[ \t]*\(?\s*(?:(?:using|with|counting|taking|at|by)\s+)?(?:(?:the|a|an)\s+)?"
    r"(?:(?:real|standard|true|actual|proper|legal|us|exact)\s+)?"
    r"(?:453\.59\d*|453\.6)\s*g(?:rams?)?(?:\s+(?:lbs?|pounds?)\b)?\s*\)?|"
    r"\bavoirdupois\b[\s,]*",
    re.IGNORECASE,
)


def standard_ounce_stated(text: str) -> tuple[str, bool]:
    """The text less a statement that the standard ounce or pound is meant, and whether
    there was one."""
    stripped = STANDARD_STATED.sub("", text)
    return stripped, stripped != text


def ounce_stated(text: str) -> str | None:
    """ "standard" or "trade" when the text says which ounce it means, else None."""
    if STANDARD_STATED.search(text):
        return "standard"
    return "trade" if TRADE_STATED.search(text) else None
