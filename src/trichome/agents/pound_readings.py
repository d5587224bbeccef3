"""Both pounds, when the user does not say which they mean.

A pound said as such is read as the avoirdupois pound, 453.59237 g (NIST Handbook 44,
Appendix C); the trade also counts a pound as 16 of its 28 g ounces, 448 g. Slang for shares of
a pound is counted in the trade's ounces (a QP is 4 zips, 112 g; an HP 8, 224 g), while a
quarter of the avoirdupois pound is 113.398 g. Where the question does not fix the
convention and the two readings give different results, the answer keeps the usual reading
and gives the other beside it, named (`details["other_pound"]`): 453.59 g is 129.6 eighths of
3.5 g, 448 g is 128. The answer's assumptions say which pound each figure counts.

The grounded engine reads the question again as if the user had stated the other
convention (`with_both_pounds`: "(trade oz)" reads pounds as 16 zips, "avoirdupois" reads a
QP as a quarter pound, the same readings a user's own statement gets); the function tools
run the calculator again with `lb` swapped for `trade_lb` (`tool_with_both_pounds`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from trichome.agents import units
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.ounce_statements import STANDARD_STATED, TRADE_STATED

OTHER_POUND = "other_pound"
_TRADE = "On the trade's 448 g pound (16 ounces of 28 g) it would be"
_TRADE_IN = "In the trade's 448 g pounds (16 ounces of 28 g) it would be"
NOTE = (
    "which pound was not said: a pound is read as the avoirdupois 453.59237 g and pound slang "
    "(QP, HP) in the trade's 28 g ounces (a QP 112 g); the other reading is given beside it"
)
# A pound or ounce the user fixes: "using a 448 g pound", "pound = 453.59 g", "16 x 28".
_FIXED = re.compile(
    r"\b(?:448|453(?:\.\d+)?)\s*(?:g|grams?)\b|\b16\s*(?:x|\*|×)\s*28\b|\btrade\s+(?:lb|pound)",
    re.IGNORECASE,
)
# "a QP", "2 HPs": pound slang, counted in trade ounces when read (`trade_amounts`).
_SLANG = re.compile(
    r"\b(?:(?:an?|one)\s+|\d+(?:\.\d+)?\s*)?(?P<kind>q|h)\.?p\.?s?\b(?![.'\w])",
    re.IGNORECASE,
)
_SLANG_READINGS = {
    "q": "Counting a QP as a quarter of the avoirdupois pound (113.398 g) rather than 4 "
    "zips of 28 g, it would be",
    "h": "Counting an HP as half of the avoirdupois pound (226.796 g) rather than 8 zips of "
    "28 g, it would be",
}


def pound_fixed(text: str) -> bool:
    """Whether the user says which ounce or pound they mean."""
    return bool(_FIXED.search(text) or TRADE_STATED.search(text) or STANDARD_STATED.search(text))


def with_other_reading(calculation: Calculation, other: float, sentence: str) -> Calculation:
    """`calculation` with the other pound's result beside its own, when they differ."""
    if not math.isfinite(other) or math.isclose(other, calculation.value, rel_tol=1e-9):
        return calculation
    shown = f"{sentence} {fmt(other, 4)} {calculation.unit}."
    return replace(
        calculation,
        summary=f"{calculation.summary} {shown}",
        details={**calculation.details, OTHER_POUND: other},
        assumptions=tuple(dict.fromkeys((*calculation.assumptions, NOTE))),
    )


def slang_kind(text: str) -> str | None:
    """The pound slang a question uses first: "q" for a QP, "h" for an HP, None for none."""
    match = _SLANG.search(text)
    return match.group("kind").lower() if match else None


# Pounds in a normalised question, read as the trade's pound of 16 zips ("2.5 lb": 40 zips,
# "$2400/lb": per 16 zips); a pound asked for ("how many pounds") is left alone.
_NUMBER_POUNDS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:lbs?|pounds?)\b", re.IGNORECASE)
_PER_POUND = re.compile(r"(?:\s*/\s*|\s+(?:per|a|an|each)\s+)(?:lb|pound)\b", re.IGNORECASE)
_PRICED_BARE = re.compile(
    r"(?<![$\d.,])(\d+(?:\.\d+)?k?)(?=\s*(?:/\s*|\s(?:per|a|an|each)\s+)(?:lb|pound)\b)", re.I
)
# A QP read as a quarter of the avoirdupois pound: the reading a user's own "avoirdupois" gets.
AVOIRDUPOIS_STATEMENT = " (avoirdupois)"
TRADE_POUND_G, POUND_G = 448.0, 453.59237


def on_trade_pounds(normalised: str) -> str:
    """A normalised question with its pounds as the trade's pound of 16 zips of 28 g."""
    # "2400 per pound": a bare number priced by the pound is money, said so once the pound
    # is written as 16 zips (a price reader knows "per pound", not "per 16 zips")
    text = _PRICED_BARE.sub(r"$\1", normalised)
    text = _PER_POUND.sub(" per 16 zips", text)
    return _NUMBER_POUNDS.sub(lambda m: f"{float(m.group(1)) * 16:g} zips", text)


def with_both_pounds(
    found: Calculation,
    raw: str,
    normalised: str,
    read_normalised: Callable[[str], Calculation | None],
    read_raw: Callable[[str], Calculation | None],
) -> Calculation:
    """`found` with the other pound's result beside it, when the question counts in pounds
    or pound slang without fixing which pound, and the other reading changes the result.
    `read_normalised` reads a normalised question, `read_raw` a question as the user wrote it.
    """
    if OTHER_POUND in found.details or "other_ounce" in found.details or pound_fixed(raw):
        return found
    if found.unit in ("oz", "$/oz"):
        return found  # a pound is 16 ounces on either pound: ounces asked are that pound's
    if found.unit == "lb":
        if found.name != "convert" or _NUMBER_POUNDS.search(normalised):
            return found  # "3 lb wet dries to 0.75 lb": the same on either pound
        return with_other_reading(found, found.value * POUND_G / TRADE_POUND_G, _TRADE_IN)
    if _NUMBER_POUNDS.search(normalised) or _PER_POUND.search(normalised):
        other, sentence = read_normalised(on_trade_pounds(normalised)), _TRADE
    elif kind := slang_kind(raw):
        other, sentence = read_raw(raw + AVOIRDUPOIS_STATEMENT), _SLANG_READINGS[kind]
    else:
        return found
    if other is None or other.unit != found.unit or other.name != found.name:
        return found
    return with_other_reading(found, other.value, sentence)


def tool_with_both_pounds(
    arguments: dict[str, Any], run: Callable[[dict[str, Any]], Calculation]
) -> Calculation:
    """A function tool's result, with the result on the trade's 448 g pound beside it when
    an argument is in avoirdupois pounds (`lb`) and the other pound changes the result."""
    found = run(arguments)
    if OTHER_POUND in found.details or "lb" not in arguments.values():
        return found
    try:
        other = run({k: "trade_lb" if v == "lb" else v for k, v in arguments.items()})
    except CalculationError:  # a calculator that takes no trade pound: the one reading
        return found
    if other.unit == found.unit:
        return with_other_reading(found, other.value, _TRADE)
    if (found.unit, other.unit) == ("lb", units.label("trade_lb")):
        return with_other_reading(found, other.value, _TRADE_IN)  # "5 kg in lb": 11.16 trade lb
    return found
