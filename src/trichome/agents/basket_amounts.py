"""The amounts a buyer already holds, or a basket lists, each with the kind of product it is
as a limit counts it: "already has 2 g of shatter", "7 g flower and 2 250mg gummies packs",
"edibles 250mg, flower 7g", "two 10-packs of 10mg gummies", "20 gummies at 10mg each".
An amount is never left out: pieces counted without a size, or packs of pieces without the
pieces in a pack, are asked about. Used by `purchase_limit_readers` and `equivalency_units`."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import missing_inputs as needs
from trichome.agents import purchase_limits as limits
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import fmt
from trichome.agents.held_pieces import (
    HOLDING_AFTER,
    HOLDING_BEFORE,
    held_amount,
    listed_with,
    pieces_of,
)
from trichome.agents.quantities import Quantity
from trichome.agents.stated_limits import CONCENTRATE_WORDS, COUNTS_AS, PRODUCT_WORDS

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


def kind_named(text: str) -> str | None:
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


def in_limit(limit: limits.PurchaseLimit | None, kind: str, words: str) -> str | None:
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


def states_the_limit(question: Question, mass: Quantity) -> bool:
    text = question.text
    return bool(
        _LIMIT_FIGURE_AFTER.match(text[mass.end : mass.end + 30])
        or _LIMIT_FIGURE_BEFORE.search(text[max(0, mass.start - 30) : mass.start])
        or any(r.start() <= mass.start < r.end() for r in COUNTS_AS.finditer(text))
    )


def _label_before(question: Question, mass: Quantity) -> tuple[str, str] | None:
    """The kind named as a label just before an amount, at the start or after a comma, a
    semicolon or "and" ("edibles 250mg, flower: 7g"), with its words; None when there is none."""
    ends = [q.end for q in question.quantities if q.end <= mass.start]
    start = max([0, mass.start - 30, *ends])
    # right after another amount, a word is that amount's kind ("250mg edibles 7g"), no label
    opens = r"[,;:\n]|\band\b|\bplus\b" if start in ends else r"^|[,;:\n]|\band\b|\bplus\b"
    label = re.search(
        rf"(?:{opens})\s*([a-z][a-z -]*?)\s*[:=-]?\s*$",
        question.text[start : mass.start],
        re.IGNORECASE,
    )
    if label is None:
        return None
    kind = kind_named(label.group(1))
    return None if kind is None else (label.group(1), kind)


def _kind_of(
    question: Question,
    mass: Quantity,
    limit: limits.PurchaseLimit | None,
    counted: Quantity | None = None,
) -> str | None:
    """The kind an amount is of, from the words after it up to the next number (else a label
    before it, or the noun of the pieces `counted`, "2 carts (1g each)"), as the limit counts
    it; None when no kind is named, or none the limit weighs."""
    following = [q.start for q in question.quantities if q.start >= mass.end]
    words = question.text[mass.end : min([mass.end + 30, *following])]
    kind = kind_named(words)
    labelled = _label_before(question, mass)
    if labelled is not None and (kind is None or re.match(r"\s*[,;]", words)):
        words, kind = labelled  # "flower 7g, wax 1g": each kind named before its amount
    if kind is None and counted is not None and counted.kind == "count":
        words = question.text[counted.start : mass.start]
        kind = kind_named(words)
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
    return None if kind is None else in_limit(limit, kind, words)


_CONTAINERS = r"(?:packs?|packages?|pkgs?|bags?|boxes|box|tins?|jars?|sleeves?|bottles?)"
# "2 packs of 10mg gummies": packs of pieces of a dose, the pieces in a pack not given.
_PACKS_OF = re.compile(rf"\b{_CONTAINERS}\s+of\s*$", re.IGNORECASE)
# "two 100mg packs of 10mg gummies": the pieces of packs whose THC is stated, counted by it
_DOSED_PACKS_OF = re.compile(rf"\d\s*(?:mg|milligrams?)\s+{_CONTAINERS}\s+of\s*$", re.I)
# "bought 250mg edibles", "already has 100 mg gummies": held, in the words just before
# ("the store has 100mg bars" is what is on sale, so a bare "has" is not enough)
_JUST_HELD = re.compile(
    r"\b(?:already\s+(?:has|have|had|holds?|got|carries|carrying)|bought|purchased|grabbed|"
    r"picked\s+up|rung\s+up)\s+(?:already\s+)?(?:\d+\s+(?:x\s+)?)?"
    rf"(?:{_CONTAINERS}\s+of\s+)?$",
    re.IGNORECASE,
)


# "(10 per pack)", "20 pieces in each bag", "10 gummies a pack": the pieces one pack holds
_PER_PACK = re.compile(
    rf"\s*(?:[a-z]+\s+)?(?:per|a|in\s+(?:a|an|each|every|one|the))\s+{_CONTAINERS}\b", re.I
)


def _pieces_in_packs(question: Question, dose: Quantity) -> Quantity | None:
    """The pieces of a dose in packs counted with the pieces a pack holds said elsewhere
    ("2 packs of 10mg gummies (10 per pack)": 20 pieces), as one count; None otherwise."""
    text = question.text
    before = text[max(0, dose.start - 30) : dose.start]
    if not _PACKS_OF.search(before):
        return None
    packs = [
        q
        for q in question.quantities
        if q.kind in ("number", "count")
        and q.end <= dose.start
        and re.fullmatch(rf"\s*{_CONTAINERS}\s+of\s*", text[q.end : dose.start], re.I)
    ]
    article = re.search(rf"\b(?:a|an|one)\s+{_CONTAINERS}\s+of\s*$", before, re.I)
    per_pack = [
        q
        for q in question.quantities
        if q.kind == "count" and q.start > dose.end and _PER_PACK.match(text[q.end : q.end + 30])
    ]
    if len(per_pack) != 1 or not (packs or article) or per_pack[0].value != int(per_pack[0].value):
        return None
    count = packs[-1].value if packs else 1.0
    question.use(*packs[-1:], per_pack[0])
    return replace(
        per_pack[0],
        value=count * per_pack[0].value,
        text=f"{fmt(count)} × {fmt(per_pack[0].value)}",
    )


def _counted_without_a_count(question: Question, mass: Quantity, basket: bool) -> bool:
    """Whether a dose with no count of pieces before it ("250mg edibles") is an amount of THC
    bought or held (in a basket, or said to be held just before it), rather than the size of
    a piece asked about or of the pieces in a pack whose THC is given.

    Raises:
        MissingInput: packs of pieces of the dose, without the pieces a pack holds.
    """
    text = question.text
    before = text[max(0, mass.start - 30) : mass.start]
    if _DOSED_PACKS_OF.search(before):
        return False
    packs = _PACKS_OF.search(before)
    held = _JUST_HELD.search(before) or HOLDING_AFTER.match(text[mass.end : mass.end + 50])
    if not (basket or held):
        return False
    if packs:
        raise ask(question, needs.PACKAGE_PIECES)  # "2 packs of 10mg gummies": how many each?
    return True  # "250mg edibles" in a basket: that much THC in products, however many pieces


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
    the question is not about what is left to buy, or what the amounts are worth.

    Raises:
        MissingInput: a basket holding packs of pieces of a dose, without the pieces a pack
            holds ("2 packs of 10mg gummies").
    """
    held: list[tuple[limits.Held, Quantity]] = []
    unnamed: Quantity | None = None
    for mass in question.find("mass"):
        # "3 1g carts", "20 10mg" (two 10-packs of 10mg), "three 100mg packs": a count of
        # pieces or packs of that size
        pieces = pieces_of(question, mass) if mass.per in ("piece", "package", None) else None
        if pieces is None and mass.per == "piece":
            pieces = _pieces_in_packs(question, mass)
        single = re.search(
            r"\b(?:a|an|one)\s+$", question.text[max(0, mass.start - 5) : mass.start]
        )
        if span[0] <= mass.start < span[1] or states_the_limit(question, mass):
            continue
        if (
            mass.per in ("piece", "serving")
            and not pieces
            and not single
            and not _counted_without_a_count(question, mass, basket)
        ):
            continue  # "how many can she get, 10mg gummies": the size asked about
        text = question.text
        if not basket and not (
            HOLDING_BEFORE.search(text[max(0, mass.start - 50) : mass.start])
            or HOLDING_AFTER.match(text[mass.end : mass.end + 50])
        ):
            return None
        kind = _kind_of(question, mass, limit, pieces)
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
    if basket:
        _refuse_unsized_pieces(question, span)
    return held


def _refuse_unsized_pieces(question: Question, span: tuple[int, int]) -> None:
    """A basket's pieces counted with no size ("3.5 g of flower and 2 carts") are asked
    about, never left out of the total.

    Raises:
        MissingInput: pieces of a kind, counted outside the asking words, with no weight or
            THC given for them.
    """
    for count in question.find("count"):
        if count in question.used or span[0] <= count.start < span[1]:
            continue
        noun = re.match(r"\s*([a-z][\w-]*)", question.text[count.end : count.end + 20], re.I)
        kind = kind_named(noun.group(1)) if noun else None
        if kind == limits.PRODUCTS:
            raise ask(question, needs.PIECE_THC)  # "and 4 gummies"
        if kind is not None:
            raise ask(question, needs.PIECE_MASS)  # "and 2 carts"
