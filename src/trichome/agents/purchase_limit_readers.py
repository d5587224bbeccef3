"""Reading a question about how much a buyer may buy or hold under the state's limit:
"how many 100 mg packs can an Illinois resident have", "max number of 10mg gummies one
customer can buy at once", "already has 2 g of shatter in the cart, how many mg of edibles
can they still get". The limits and the arithmetic are in `purchase_limits`."""

from __future__ import annotations

import re

from trichome.agents import purchase_limits as limits
from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, MissingInput
from trichome.agents.quantities import Quantity

# Buying or holding, as a buyer or a budtender says it.
_BUYING = re.compile(
    r"\b(?:can|could|may|allowed\s+to|able\s+to|legally)\s+(?:\w+\s+){0,3}?"
    r"(?:buy|purchase|possess|have|carry|hold|get|take\s+home|sell\s+(?:them|him|her|to))\b|"
    r"\b(?:purchase|possession|buying|sales?)\s+limits?\b|\bin\s+(?:the|their|his|her)\s+cart\b|"
    r"\blegal(?:ly)?\s+(?:to\s+)?(?:have|hold|buy|possess|carry)\b",
    re.IGNORECASE,
)
# Making, cooking or dosing: a recipe's question, not a buyer's.
_MAKING = re.compile(
    r"\b(?:make|making|made|cook|bake|infus\w*|pour|press|fill|batch|recipe|decarb\w*|"
    r"out\s+of\s+(?:the|my|our|a|this)\b|from\s+(?:the|my|our|a|this)\s+\w*\s*(?:g|gram|oz))",
    re.IGNORECASE,
)
_ASKED = re.compile(
    r"\bhow\s+(?:many|much)\b|\bmax(?:imum)?\s+(?:number|amount)\s+of\b|\bmost\b|\blimit\b",
    re.IGNORECASE,
)
_NON_RESIDENT = re.compile(
    r"\bnon-?\s?residents?\b|\bout[- ]of[- ]state(?:r|rs)?\b|\bnot\s+(?:an?\s+)?(?:\w+\s+)?"
    r"residents?\b|\bvisit(?:ing|ors?|s)?\b|\btourists?\b|\bfrom\s+(?:another|a\s+different)"
    r"\s+state\b|\bon\s+(?:vacation|holiday)\b",
    re.IGNORECASE,
)
_RESIDENT = re.compile(r"\bresidents?\b|\bi\s+live\s+in\b|\blocals?\b", re.IGNORECASE)

_FLOWER_WORDS = (
    r"flower|bud|buds|nugs?|weed|herb|eighths?|8ths?|ounces?|oz|zips?|pre-?rolls?|joints?|"
    r"shake|trim|smalls"
)
_CONCENTRATE_WORDS = (
    r"concentrates?|shatter|wax|dabs?|rosin|resin|budder|badder|sauce|diamonds?|"
    r"distill?ate|disty|carts?|cartridges?|vapes?|kief|hash|extracts?|crumble|live\s+resin"
)
_PRODUCT_WORDS = (
    r"edibles?|gumm(?:y|ies)|chocolates?|products?|infused|tinctures?|drinks?|beverages?|"
    r"cookies?|brownies?|mints?|candies|candy|chews?|bars?|packs?|packages?|capsules?|"
    r"tablets?|seltzers?|sodas?|cans?"
)


def _kind_named(text: str) -> str | None:
    """The kind of product the words name, the first named."""
    named = re.search(
        rf"\b(?:(?P<flower>{_FLOWER_WORDS})|(?P<concentrate>{_CONCENTRATE_WORDS})|"
        rf"(?P<products>{_PRODUCT_WORDS}))\b",
        text,
        re.IGNORECASE,
    )
    if named is None:
        return None
    return next(k for k in ("flower", "concentrate", "products") if named.group(k))


def _ask_span(question: Question) -> tuple[int, int] | None:
    """Where the asking words run: from "how many" to the verb of buying or the end of the
    sentence."""
    asked = _ASKED.search(question.text)
    if asked is None:
        return None
    end = re.search(
        r"\b(?:can|could|may|do|does|is|are|will|would|left|still|allowed|legally)\b|[?.!\n]",
        question.text[asked.end() :],
        re.IGNORECASE,
    )
    stop = asked.end() + end.start() if end else len(question.text)
    return asked.start(), stop


# Words saying an amount is already bought or held ("already has 2 g", "bought an eighth",
# "4 g of wax in the cart").
_HOLDING_BEFORE = re.compile(
    r"\b(?:already|has|have|had|holding|holds?|carrying|carries|bought|purchased|got|picked\s+up|"
    r"grabbed|rung\s+up|possess(?:es|ing)?)\b[^.?!]{0,40}$",
    re.IGNORECASE,
)
_HOLDING_AFTER = re.compile(
    r"^[^.?!]{0,40}\b(?:in\s+(?:the|their|his|her|my)\s+(?:cart|bag|basket)|already|on\s+(?:me|him|"
    r"her|them)|rung\s+up)\b",
    re.IGNORECASE,
)


def _held(question: Question, span: tuple[int, int]) -> list[tuple[limits.Held, Quantity]] | None:
    """The amounts already bought or held, outside the asking words, each with its kind;
    None when another amount is there that is not said to be held (a bar to share out, a
    mass to make something from): then the question is not about what is left to buy."""
    held = []
    for mass in question.find("mass"):
        if span[0] <= mass.start < span[1] or mass.per in ("piece", "serving"):
            continue
        text = question.text
        if not (
            _HOLDING_BEFORE.search(text[max(0, mass.start - 50) : mass.start])
            or _HOLDING_AFTER.match(text[mass.end : mass.end + 50])
        ):
            return None
        kind = _kind_named(question.text[mass.end : mass.end + 30])
        if mass.unit == "mg":
            kind = limits.PRODUCTS
        elif kind in (None, limits.PRODUCTS):
            kind = limits.FLOWER if mass.unit in ("eighth", "quarter_oz", "half_oz", "trade_oz",
                                                  "oz") else kind  # fmt: skip
        if kind is None:
            continue
        unit = limits.KIND_UNITS[kind]
        amount = units.convert(mass.value, mass.unit, unit)
        held.append((limits.Held(kind, amount, f"{mass.text} of {limits.KIND_NAMES[kind]}"), mass))
    return held


def purchase_limit(question: Question) -> Calculation | None:
    """What is left of the state's purchase or possession limit, or how many pieces fit in
    it; None when the question asks no such thing or the state's limit is not in the table.

    Raises:
        MissingInput: the limit depends on residence and the question does not say it.
    """
    if not limits.covers(question.state) or not _BUYING.search(question.text):
        return None
    if _MAKING.search(question.text) or question.find("percent", "concentration"):
        return None
    span = _ask_span(question)
    if span is None:
        return None
    asked_text = question.text[span[0] : span[1]]
    pieces = [q for q in question.find("mass") if span[0] <= q.start < span[1]]
    asked = _kind_named(asked_text)
    piece: Quantity | None = pieces[0] if pieces else None
    if piece is not None and piece.unit == "mg":
        asked = limits.PRODUCTS
    elif piece is not None and asked is None:
        asked = limits.FLOWER if piece.unit != "g" else None
    if asked is None and re.search(r"\bmg\b|milligrams?", asked_text, re.IGNORECASE):
        asked = limits.PRODUCTS
    if asked is None:
        return None
    trade = re.search(r"\b(eighths?|quarters?|zips?)\b", asked_text, re.I)
    found = _held(question, span)
    if found is None:
        return None
    held = tuple(h for h, _ in found)
    if piece is None and not held and not (asked == limits.FLOWER and trade is not None):
        return None  # the limit itself ("how many mg can they buy?") is the packs' fact
    assert question.state is not None
    limit = limits.limit_for(question.state, _residence(question))
    if limit is None:
        raise MissingInput(
            "The limit differs for residents and visitors. Is the buyer a resident of the "
            "state, or visiting?"
        )
    question.use(*(mass for _, mass in found))
    if piece is None and trade is not None and asked == limits.FLOWER:
        # "how many eighths": the trade's own amounts, by the units library
        word = trade.group(1).lower()
        return limits.remaining(limit, asked, held, units.grams(1, word), word)
    if piece is not None:
        question.use(piece)
        size = units.convert(piece.value, piece.unit, limits.KIND_UNITS[asked])
        noun = re.search(r"\b([a-z][\w-]*)", question.text[piece.end : piece.end + 30])
        name = noun.group(1).lower() if noun else "pieces"
        return limits.remaining(limit, asked, held, size, name)
    return limits.remaining(limit, asked, held)


def _residence(question: Question) -> bool | None:
    """Whether the buyer is a resident (None when the question does not say)."""
    if _NON_RESIDENT.search(question.text):
        return False
    return True if _RESIDENT.search(question.text) else None
