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
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation, MissingInput
from trichome.agents.held_pieces import (
    HOLDING_AFTER,
    HOLDING_BEFORE,
    held_amount,
    left_of_unknown_limit,
    listed_with,
    pieces_of,
)
from trichome.agents.quantities import Quantity
from trichome.agents.stated_limits import (
    CONCENTRATE_WORDS,
    COUNTS_AS,
    PRODUCT_WORDS,
    stated_limit,
)

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

_FRESH_WORDS = r"fresh(?:\s+(?:cannabis|flower|bud|weed))?|wet\s+(?:cannabis|flower|bud)|undried"
_FLOWER_WORDS = (
    r"flower|bud|buds|nugs?|weed|herb|eighths?|8ths?|quarters?|ounces?|oz|zips?|pre-?rolls?|joints?|"
    r"shake|trim|smalls|dried(?:\s+cannabis)?|dry\s+(?:cannabis|flower|weed|bud)"
)
# Products a limit measures by their own weight, by class (Canada's Schedule 3).
_BEVERAGE_WORDS = re.compile(
    r"\b(?:drinks?|beverages?|seltzers?|sodas?|cans?|shots?|teas?)\b", re.IGNORECASE
)
_NON_SOLID_WORDS = re.compile(r"\b(?:non-?\s?solids?|liquids?)\b", re.IGNORECASE)
_SOLID_WORDS = re.compile(
    r"\b(?:solids?|edibles?|gumm(?:y|ies)|chocolates?|cookies?|brownies?|mints?|candies|candy|"
    r"chews?|bars?|baked\s+goods?)\b",
    re.IGNORECASE,
)


def _kind_named(text: str) -> str | None:
    """The kind of product the words name, the first named."""
    named = re.search(
        rf"\b(?:(?P<fresh>{_FRESH_WORDS})|(?P<flower>{_FLOWER_WORDS})|"
        rf"(?P<concentrate>{CONCENTRATE_WORDS})|(?P<products>{PRODUCT_WORDS}))\b",
        text,
        re.IGNORECASE,
    )
    if named is None:
        return None
    return next(k for k in ("fresh", "flower", "concentrate", "products") if named.group(k))


def _in_limit(limit: limits.PurchaseLimit | None, kind: str, words: str) -> str | None:
    """The kind as the limit counts it: a limit that weighs products by class (solids,
    non-solids, beverages) rather than by their THC takes the class the words name; a kind
    the limit has no amount for is None."""
    if limit is None:
        return kind if kind != limits.FRESH else None
    if kind == limits.PRODUCTS and limits.PRODUCTS not in limit.amounts:
        # a tincture, a capsule or "products": no class named, so no equivalent is guessed
        classes = (
            (_NON_SOLID_WORDS, limits.NON_SOLIDS),
            (_BEVERAGE_WORDS, limits.BEVERAGES),
            (_SOLID_WORDS, limits.SOLIDS),
        )
        kind = next((named for words_of, named in classes if words_of.search(words)), "")
    return kind if kind in limit.amounts else None


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


# A figure that states the limit itself ("toward the 30 g public limit", "(30g dried equiv)"),
# not an amount bought or held.
_LIMIT_FIGURE_AFTER = re.compile(
    r"^\)?\s*(?:[a-z-]+\s+){0,2}(?:limit|cap|max(?:imum)?|allowance|equiv\w*)\b", re.IGNORECASE
)
_LIMIT_FIGURE_BEFORE = re.compile(
    r"\b(?:(?:limit|cap|max(?:imum)?|allowance)\s+(?:here\s+|there\s+)?(?:is\s+|of\s+|=\s*|:\s*)?|"
    r"up\s+to\s+|towards?\s+(?:the|a|my|their|his|her)\s+)$",
    re.IGNORECASE,
)
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


def _states_the_limit(question: Question, mass: Quantity) -> bool:
    text = question.text
    return bool(
        _LIMIT_FIGURE_AFTER.match(text[mass.end : mass.end + 30])
        or _LIMIT_FIGURE_BEFORE.search(text[max(0, mass.start - 30) : mass.start])
        or any(r.start() <= mass.start < r.end() for r in COUNTS_AS.finditer(text))
    )


def _kind_of(question: Question, mass: Quantity, limit: limits.PurchaseLimit | None) -> str | None:
    """The kind an amount is of, from the words after it up to the next number, as the
    limit counts it; None when no kind is named, or none the limit weighs."""
    following = [q.start for q in question.quantities if q.start >= mass.end]
    words = question.text[mass.end : min([mass.end + 30, *following])]
    kind = _kind_named(words)
    weighs_products = limit is not None and limits.PRODUCTS not in limit.amounts
    if mass.unit == "mg":
        # milligrams of a product are its THC, which a limit by product weight does not count
        return None if weighs_products else limits.PRODUCTS
    if kind in (None, limits.PRODUCTS) and mass.unit in (
        "eighth",
        "quarter_oz",
        "half_oz",
        "trade_oz",
        "oz",
    ):
        kind = limits.FLOWER
    if kind == limits.FRESH and (limit is None or limits.FRESH not in limit.amounts):
        kind = limits.FLOWER  # a limit with no class for fresh cannabis counts it as flower
    return None if kind is None else _in_limit(limit, kind, words)


def given_amounts(
    question: Question,
    span: tuple[int, int],
    limit: limits.PurchaseLimit | None,
    basket: bool = False,
) -> list[tuple[limits.Held, Quantity]] | None:
    """The amounts already bought or held (or, for a `basket` to convert, every amount given),
    outside the asking words and apart from a figure stating the limit, each with its kind.
    None when another amount is there that is not said to be held (a bar to share out, a
    mass to make something from), or a basket's amount is of no kind the limit counts: then
    the question is not about what is left to buy, or what the amounts are worth."""
    held: list[tuple[limits.Held, Quantity]] = []
    unnamed: Quantity | None = None
    for mass in question.find("mass"):
        pieces = pieces_of(question, mass) if mass.per == "piece" else None
        single = re.search(
            r"\b(?:a|an|one)\s+$", question.text[max(0, mass.start - 5) : mass.start]
        )
        if span[0] <= mass.start < span[1] or (
            mass.per in ("piece", "serving") and not pieces and not single
        ):  # "a 2 g preroll in the cart": one piece of that weight
            continue
        if _states_the_limit(question, mass):
            continue
        text = question.text
        if not basket and not (
            HOLDING_BEFORE.search(text[max(0, mass.start - 50) : mass.start])
            or HOLDING_AFTER.match(text[mass.end : mass.end + 50])
        ):
            return None
        kind = _kind_of(question, mass, limit)
        if kind is None and held and listed_with(question, held[-1][1], mass):
            kind = held[-1][0].kind  # "2 eighths and a 7g": the list's kind
        if kind is None:
            if basket:
                return None
            unnamed = mass
            continue
        if unnamed is not None and listed_with(question, unnamed, mass):
            held.append(held_amount(question, unnamed, kind, limit, None))  # "2 g and 3 g of wax"
        unnamed = None
        held.append(held_amount(question, mass, kind, limit, pieces))
    if unnamed is not None and limit is not None and len(limit.amounts) == 1:
        # "limit 28 g of flower, has 7 g": an amount of no kind named, in a one-kind limit
        held.append(held_amount(question, unnamed, limits.base_kind(limit), limit, None))
    return held


def _asked_kind(question: Question, span: tuple[int, int]) -> tuple[str | None, Quantity | None]:
    """The kind the question asks about, and the size of one piece when it asks for pieces."""
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
    kind = limits.base_kind(limit) if asked is None else _in_limit(limit, asked, words)
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
    stated = None if limits.covers(question.state) else stated_limit(question, _kind_named)
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
        asked = _in_limit(known, asked, asked_text)
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
        if not _states_the_limit(question, mass):
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
