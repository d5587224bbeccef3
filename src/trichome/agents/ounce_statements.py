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


# "a true ounce, 28.35 grams, of", "an ounce (28.35 g) of", "2 oz - 56.7 g - of": an amount in
# ounces restated in grams; the user's grams are what they mean (an ounce's worth of them,
# so "1 oz, 5 g of kief" stays a list of two amounts).
_OUNCES_IN_GRAMS = re.compile(
    r"\b(?P<count>an?|one|\d+(?:\.\d+)?)\s+(?:(?:true|real|standard|actual|proper|full|exact|"
    r"legal|us|avoirdupois)\s+)?(?:oz|ozs|ounces?)\s*(?:,|\(|-|:)\s*(?P<grams>\d+(?:\.\d+)?)\s*"
    r"(?:g|gs|grams?)\b(?!\s*(?:per\s+|an?\s+|/\s*|to\s+the\s+)?(?:oz|ounces?)\b)\s*(?:,|\)|-)?\s*",
    re.IGNORECASE,
)
# "a true ounce of 20% flower", "two standard ounces": the standard ounce, named by its word
# (read before numbers in words are written as digits, so a few are named here).
_COUNT_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "a couple": 2,
}  # fmt: skip
_STANDARD_OUNCES = re.compile(
    r"\b(?P<count>a\s+couple(?:\s+of)?|"
    + "|".join(w for w in sorted(_COUNT_WORDS, key=len, reverse=True) if " " not in w)
    + r"|\d+(?:\.\d+)?)\s+(?:true|standard)\s+(?P<unit>oz|ozs|ounces?)\b",
    re.IGNORECASE,
)


def _standard_count(match: re.Match[str]) -> str:
    count = re.sub(r"\s+", " ", match.group("count").lower())
    return f"{count if count[0].isdigit() else _COUNT_WORDS[count]} oz"


def _grams_of_the_ounces(match: re.Match[str]) -> str:
    count = match.group("count").lower()
    ounces = float(count) if count[0].isdigit() else 1.0
    grams = float(match.group("grams"))
    if not 27 * ounces <= grams <= 29.5 * ounces:
        return match.group(0)
    return f"{match.group('grams')} g "


def _an_amount_itself(match: re.Match[str]) -> bool:
    """ "28.35 grams of 20% flower": the grams are the amount weighed, not a statement of
    which ounce is meant ("if the ounce is 28.35 g", "(28.35 g per oz)")."""
    before = match.string[max(0, match.start() - 24) : match.start()]
    return bool(
        re.fullmatch(r"\s*(?:28\.35|28\.349\d*)\s*g(?:rams?)?\s*", match.group(0), re.IGNORECASE)
        and re.match(r"\s*,?\s*of\b", match.string[match.end() :], re.IGNORECASE)
        and not re.search(r"\b(?:oz|ounces?)\s*(?:is|=|being|as)?\s*$", before, re.IGNORECASE)
    )


def standard_ounce_stated(text: str) -> tuple[str, bool]:
    """The text less a statement that the standard ounce or pound is meant, and whether
    there was one; "a true ounce" is one such ounce, and an ounce restated in grams is
    those grams."""
    text = _OUNCES_IN_GRAMS.sub(_grams_of_the_ounces, text)
    stripped = STANDARD_STATED.sub(lambda m: m.group(0) if _an_amount_itself(m) else "", text)
    named = _STANDARD_OUNCES.sub(_standard_count, stripped)
    return named, named != text


def ounce_stated(text: str) -> str | None:
    """ "standard" or "trade" when the text says which ounce it means, else None."""
    if STANDARD_STATED.search(text):
        return "standard"
    return "trade" if TRADE_STATED.search(text) else None
