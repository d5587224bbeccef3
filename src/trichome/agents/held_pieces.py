"""Amounts a buyer already holds, read as a list: "3 1g carts" (a count of pieces of one
weight) and "2 eighths and a 7g" (an amount with no kind named takes the kind of the amount
it is listed with). Used by `basket_amounts`."""

from __future__ import annotations

import re

from trichome.agents import purchase_limits as limits
from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import fmt
from trichome.agents.quantities import Quantity

# Words saying an amount is already bought or held ("already has 2 g", "bought an eighth",
# "4 g of wax in the cart").
HOLDING_BEFORE = re.compile(
    r"\b(?:already|has|have|had|holding|holds?|carrying|carries|bought|purchased|got|picked\s+up|"
    r"grabbed|rung\s+up|possess(?:es|ing)?|also\s+(?:wants|takes|grabs|adds))\b"
    r"(?:[^.?!]|(?<=\d)\.(?=\d)){0,40}$",  # "bought 3 0.5 g carts and a ": a decimal point
    re.IGNORECASE,
)
HOLDING_AFTER = re.compile(
    r"^[^.?!]{0,40}\b(?:in\s+(?:the|their|his|her|my)\s+(?:cart|bag|basket)|already|on\s+(?:me|him|"
    r"her|them)|rung\s+up)\b",
    re.IGNORECASE,
)

# The words joining two amounts of one list: "2 eighths and a 7g", "1 g, plus 2 g".
_LISTED = re.compile(
    r"\s*(?:,|&|\+|and|plus)\s*(?:and\s+|plus\s+)?(?:(?:a|an|one)\s+)?", re.IGNORECASE
)


# "20 gummies at 10mg each", "2 carts (1g each)", "10 gummies, 5mg apiece": pieces counted,
# then the size of each.
_EACH_AFTER = re.compile(r"\s*(?:each|apiece|ea\b|a\s+piece|per\s+(?:piece|unit))", re.I)
# "a 5 pack of 0.5g prerolls": the pieces in one pack ("2 packs of" counts packs instead)
_PACK_OF = re.compile(r"\s*-?\s*(?:pack|pk|count|ct)\s+of\s*", re.IGNORECASE)
_COUNTED_THEN_SIZED = re.compile(r"\s*(?:,|\(|-|:|at|@|of|x)?\s*(?:about\s+|~\s*)?", re.I)


def pieces_of(question: Question, piece: Quantity) -> Quantity | None:
    """How many pieces of a weight are held, when the count stands just before it ("3 1g
    carts", "2 x 0.5 g vapes") or counts pieces whose size follows, each ("20 gummies at
    10mg each"); None when no count is written there."""
    text = question.text
    for count in question.quantities:
        if not (
            count.kind in ("number", "factor", "count")
            and count.end <= piece.start
            and count.value >= 1
            and count.value == int(count.value)
        ):
            continue
        between = text[count.end : piece.start]
        if re.fullmatch(r"\s*(?:x|\*|×)?\s*", between) or (
            count.kind == "count" and count.value >= 2 and _PACK_OF.fullmatch(between)
        ):  # "3 1g carts", "a 5 pack of 0.5g prerolls"
            return count
        # the count's noun is part of its span, or follows it ("20 gummies", "2 carts")
        noun = re.match(r"\s*[a-z][a-z-]*", between, re.I) if count.kind == "count" else None
        if (
            noun is not None
            and _COUNTED_THEN_SIZED.fullmatch(between[noun.end() :])
            and _EACH_AFTER.match(text[piece.end : piece.end + 12])
        ):
            return count
    return None


def listed_with(question: Question, first: Quantity, then: Quantity) -> bool:
    """Whether two amounts stand in one list, joined only by "and", a comma or "plus"."""
    if first.end > then.start or re.match(r"\s*\)", question.text[then.end :]):
        return False  # "a QP (trade ounces, 28 g)": a restatement in brackets, not a list
    between = question.text[first.end : then.start]
    words = re.sub(r"^\s*[a-z-]*\s*(?=,|&|\+|\band\b|\bplus\b)", "", between, flags=re.I)
    return bool(_LISTED.fullmatch(words))


# "how much more can she buy", "how many more grams can he get", "what's left of his limit"
_MORE_TO_BUY = re.compile(
    r"\bhow\s+(?:much|many)\s+(?:more|else)\b[^.?!]{0,40}\b(?:buy|purchase|get|have|take)\b|"
    r"\b(?:left|remaining|room)\s+(?:on|of|in|under)\s+(?:the|their|his|her|my)\s+"
    r"(?:limit|allowance)\b",
    re.IGNORECASE,
)


def left_of_unknown_limit(question: Question) -> bool:
    """What is left to buy is asked, with an amount already held, and neither the state nor
    the limit is known: the limit has to be asked for, never taken as 0."""
    if not _MORE_TO_BUY.search(question.text):
        return False
    return any(
        HOLDING_BEFORE.search(question.text[max(0, m.start - 50) : m.start])
        or HOLDING_AFTER.match(question.text[m.end :])
        for m in question.find("mass")
    )


def held_amount(
    question: Question,
    mass: Quantity,
    kind: str,
    limit: limits.PurchaseLimit | None,
    pieces: Quantity | None,
) -> tuple[limits.Held, Quantity]:
    """One amount held, in the unit its kind's limit counts, with the words that show it."""
    amount = units.convert(mass.value, mass.unit, limits.KIND_UNITS[kind])
    name = limit.name(kind) if limit is not None else limits.KIND_NAMES[kind]
    written = mass.text
    if pieces is not None:  # "three 1g carts": the pieces' weight together
        question.use(pieces)
        amount *= pieces.value
        written = f"{fmt(pieces.value)} × {mass.text}"
    return limits.Held(kind, amount, f"{written} of {name}"), mass
