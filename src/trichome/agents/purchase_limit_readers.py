"""Reading a question about how much a buyer may buy or hold under the state's limit:
"how many 100 mg packs can an Illinois resident have", "max number of 10mg gummies one
customer can buy at once", "already has 2 g of shatter in the cart, how many mg of edibles
can they still get", "5 g dried and 75 g of gummies, how many grams dried equivalent is that
toward the 30 g limit". The limits and the arithmetic are in `purchase_limits`."""

from __future__ import annotations

import re

from trichome.agents import missing_inputs as needs
from trichome.agents import purchase_limits as limits
from trichome.agents import units
from trichome.agents.basket_amounts import given_amounts, in_limit, kind_named, states_the_limit
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation, MissingInput
from trichome.agents.held_pieces import left_of_unknown_limit
from trichome.agents.quantities import Quantity
from trichome.agents.stated_limits import stated_limit

# Buying or holding, as a buyer or a budtender says it.
_BUYING = re.compile(
    r"\b(?:can|could|may|allowed\s+to|able\s+to|legally)\s+(?:\w+\s+){0,3}?"
    r"(?:buy|purchase|possess|have|carry|hold|get|take\s+home|sell\s+(?:them|him|her|to))\b|"
    r"\b(?:purchase|possession|buying|sales?)\s+limits?\b|"
    r"\bin\s+(?:the|their|his|her|my)\s+(?:cart|basket)\b|"
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
# "total dried equivalent?", "what's that in dried equivalent": an equivalent asked with
# none of the words above
_ASKED_EQUIVALENT = re.compile(
    r"\b(?:total|what(?:'s|s|\s+is|\s+are)?)\b(?=[^.?!\n]{0,40}\bequivalen)", re.IGNORECASE
)
_NON_RESIDENT = re.compile(
    r"\bnon-?\s?residents?\b|\bout[- ]of[- ]state(?:r|rs)?\b|\bnot\s+(?:an?\s+)?(?:\w+\s+)?"
    r"residents?\b|\bvisit(?:ing|ors?|s)?\b|\btourists?\b|\bfrom\s+(?:another|a\s+different)"
    r"\s+state\b|\bon\s+(?:vacation|holiday)\b",
    re.IGNORECASE,
)
_RESIDENT = re.compile(r"\bresidents?\b|\bi\s+live\s+in\b|\blocals?\b", re.IGNORECASE)


def _ask_span(question: Question, stated: bool = False) -> tuple[int, int] | None:
    """Where the asking words run: from "how many" to the verb of buying or the end of the
    sentence (with a limit the user states, the limit's own words are no question)."""
    asked = (
        (re.search(r"\bhow\s+(?:many|much)\b", question.text, re.I) if stated else None)
        or _ASKED.search(question.text)
        or _ASKED_EQUIVALENT.search(question.text)
    )
    if asked is None:
        return None
    end = re.search(
        r"\b(?:can|could|may|do|does|is|are|will|would|left|still|allowed|legally)\b|[?.!\n]",
        question.text[asked.end() :],
        re.IGNORECASE,
    )
    stop = asked.end() + end.start() if end else len(question.text)
    return asked.start(), stop


# A question asking what amounts come to in another kind ("how much dried is that
# equivalent to", "what does it count as toward the limit").
_EQUIVALENT = re.compile(
    r"\bequivalen\w*|\bequiv\b|\bcounts?\s+(?:as|for|towards?)\b|\bworth\s+in\b|"
    r"\btowards?\s+(?:the|a|my|their|his|her)\s+[^.?!]{0,20}\b(?:limit|allowance)\b",
    re.IGNORECASE,
)
_LIMIT_WORDS = re.compile(
    r"\blimits?\b|\ballowance\b|\bschedule\b|\bpublic\b|\bpossess\w*|\bcarry\w*|\blegal\w*",
    re.IGNORECASE,
)


def _asked_kind(question: Question, span: tuple[int, int]) -> tuple[str | None, Quantity | None]:
    """The kind the question asks about, and the size of one piece when it asks for pieces."""
    asked_text = question.text[span[0] : span[1]]
    pieces = [q for q in question.find("mass") if span[0] <= q.start < span[1]]
    asked = kind_named(asked_text)
    piece: Quantity | None = pieces[0] if pieces else None
    if piece is not None and piece.unit == "mg":
        asked = limits.PRODUCTS
    elif piece is not None and asked is None:
        asked = limits.FLOWER if piece.unit != "g" else None
    if asked is None and re.search(r"\bmg\b|milligrams?", asked_text, re.IGNORECASE):
        asked = limits.PRODUCTS
    return asked, piece


def _equivalent_amount(
    question: Question, span: tuple[int, int], limit: limits.PurchaseLimit, asked: str | None
) -> Calculation | None:
    """What the amounts given come to in the kind asked (else the limit's own kind) under an
    allowance every kind shares; None when the question asks no such thing."""
    if not limit.shared or not _EQUIVALENT.search(question.text):
        return None
    found = given_amounts(question, span, limit, basket=True)
    if not found:
        return None
    words = question.text[span[0] : span[1]]
    kind = limits.base_kind(limit) if asked is None else in_limit(limit, asked, words)
    if kind is None:
        return None
    held = tuple(h for h, _ in found)
    if not (
        _BUYING.search(question.text)
        or _LIMIT_WORDS.search(question.text)
        or any(h.kind != kind for h in held)
    ):
        return None  # "how many grams is an ounce equivalent to": a unit conversion
    question.use(*(mass for _, mass in found), *_stated_figures(question, limit))
    return limits.equivalent(limit, held, kind)


def purchase_limit(question: Question) -> Calculation | None:
    """What is left of the state's purchase or possession limit, how many pieces fit in it,
    or what amounts of several kinds come to under it; None when the question asks no such
    thing or the state's limit is not in the table.

    Raises:
        MissingInput: the limit depends on residence and the question does not say it.
    """
    # a limit the user states stands in for a state's table only where there is none
    stated = None if limits.covers(question.state) else stated_limit(question, kind_named)
    if not limits.covers(question.state) and stated is None:
        if left_of_unknown_limit(question):
            raise ask(question, needs.PURCHASE_LIMIT)
        return None
    if _MAKING.search(question.text) or question.find("percent", "concentration"):
        return None
    span = _ask_span(question, stated is not None)
    if span is None:
        return None
    asked, piece = _asked_kind(question, span)
    if stated is not None:
        known: limits.PurchaseLimit | None = stated
        if asked is None and len(stated.amounts) >= 1:
            asked = limits.base_kind(stated)  # "how many more grams": of the limit's kind
    else:
        assert question.state is not None
        known = limits.limit_for(question.state, _residence(question))
    left_asked = re.search(r"\b(?:still|left|more|remaining|room)\b", question.text, re.I)
    if known is not None and piece is None and not (stated and left_asked):
        converted = _equivalent_amount(question, span, known, asked)
        if converted is not None:
            return converted
    bought_left = stated is not None and left_asked  # "bought 2 g, how much is left"
    if asked is None or not (_BUYING.search(question.text) or bought_left):
        return None
    asked_text = question.text[span[0] : span[1]]
    if known is not None:
        if limits.PRODUCTS not in known.amounts and asked == limits.PRODUCTS and piece is not None:
            return None  # a piece's mg is its THC; this limit weighs products whole
        asked = in_limit(known, asked, asked_text)
        if asked is None:
            return None
    trade = re.search(r"\b(eighths?|quarters?|zips?)\b", asked_text, re.I)
    found = given_amounts(question, span, known)
    if found is None:
        return None
    held = tuple(h for h, _ in found)
    if (
        piece is None
        and not held
        and not (asked == limits.FLOWER and trade is not None)
        and not _another_kinds_share(question, known, asked)
    ):
        return None  # the limit itself ("how many mg can they buy?") is the packs' fact
    limit = known
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
    question.use(*_stated_figures(question, limit))
    return limits.remaining(limit, asked, held)


def _another_kinds_share(
    question: Question, limit: limits.PurchaseLimit | None, asked: str
) -> bool:
    """Whether the question asks for a kind's share of an allowance written in another kind
    ("how many grams of concentrate ... (30g dried equiv)"): a worked equivalent, not a figure
    the packs state."""
    return (
        limit is not None
        and limit.shared
        and asked != limits.base_kind(limit)
        and bool(_EQUIVALENT.search(question.text))
    )


def _stated_figures(question: Question, limit: limits.PurchaseLimit) -> list[Quantity]:
    """The limit figures the question states that are the table's own (so they were used);
    one that differs is left unused, and the answer says so."""
    figures = []
    for mass in question.find("mass"):
        if not states_the_limit(question, mass):
            continue
        try:
            grams = units.convert(mass.value, mass.unit, "g")
        except units.UnitError:
            continue
        if any(
            limits.KIND_UNITS[kind] == "g" and abs(grams - amount) < 1e-6
            for kind, amount in limit.amounts.items()
        ):
            figures.append(mass)
    return figures


def _residence(question: Question) -> bool | None:
    """Whether the buyer is a resident (None when the question does not say)."""
    if _NON_RESIDENT.search(question.text):
        return False
    return True if _RESIDENT.search(question.text) else None
