"""Equivalences and limits the user states, worked as stated: "our rules count 1 g of
concentrate the same as 3.5 g of flower; 4 g of wax, how much flower is that?" (14 g), "100 mg
THC = 1 gram of flower; 500 mg of gummies in flower grams?" (5 g), and what is left of a limit
stated as alternatives once part of it is used: "limit is 1 oz of flower or 8 g of
concentrate, they count against each other; he already bought 4 g of concentrate, how much
flower can he still get?" (half the ounce, 14.17 g).

Nothing here comes from a state's table: every figure is the user's, and the answer says so.
A limit written in ounces is a law's ounce, the avoirdupois 28.349523125 g (NIST Handbook
44, Appendix C), not the trade's 28 g zip. The arithmetic of a shared allowance is
`purchase_limits.remaining`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from trichome.agents import purchase_limits as limits
from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.held_pieces import HOLDING_AFTER, HOLDING_BEFORE
from trichome.agents.quantities import Quantity
from trichome.agents.stated_limits import CONCENTRATE_WORDS, PRODUCT_WORDS

_FLOWER_WORDS = (
    r"flower|bud|buds|nugs?|weed|herb|dried(?:\s+(?:cannabis|flower|marijuana))?|"
    r"dry\s+(?:flower|weed|bud|cannabis)|usable\s+(?:cannabis|marijuana)|pre-?rolls?|joints?"
)
# "counts the same as", "= ", "is equal to", "is worth": the two sides of an equivalence.
_EQUALS = (
    r"(?:counts?|counted|is\s+counted|are\s+counted)\s+(?:the\s+same\s+as|as|for|like)|"
    r"(?:is|are)\s+(?:equal|equivalent)\s+to|equivalent\s+to|(?:is|are)\s+(?:the\s+same\s+as|worth)|"
    r"the\s+same\s+as|equals?|="
)
_SIDE_THEN_EQUALS = re.compile(
    rf"^\s*(?:of\s+)?(?P<words>(?:[\w-]+\s+){{0,3}}?)(?:{_EQUALS})\s*$", re.IGNORECASE
)
# The equivalent asked: "how much flower is that equivalent to", "whats that in flower
# grams", "how many grams of flower does it count as".
_ASKED = re.compile(
    r"\bequivalen\w*|\bequiv\b|\bin\s+(?:[a-z]+\s+)?(?:grams?|g)\s*(?:of\s+[a-z]+\s*)?(?:[?.!]|$)|"
    r"\bhow\s+(?:much|many\s+(?:grams?|g)\s+(?:of\s+)?)(?:[a-z]+\s+)?(?:is|are|does|do)\s+"
    r"(?:that|it|this|those|these)\b|\b(?:count|counts|worth)\s+(?:as|for|toward)|"
    r"\bworth\s*(?:[?.!]|$)|"
    r"\bwhat(?:'?s|\s+is|\s+does)\s+(?:that|it|this)\s+(?:in|come\s+to|count\s+as|work\s+out\s+to)\b",
    re.IGNORECASE,
)
_LEFT = re.compile(r"\b(?:left|still|remaining|more|room)\b", re.IGNORECASE)
_LIMIT = re.compile(r"\b(?:limits?|allowance|max(?:imum)?|cap)\b", re.IGNORECASE)
# Alternatives of one allowance: "1 oz of flower or 8 g of concentrate", "they count against
# each other", "combined".
_SHARED = re.compile(
    r"\bcount\s+against\s+each\s+other\b|\bcombined\b|\bshared?\b|\btogether\b|\baltogether\b|"
    r"\bequivalen\w*|\bin\s+total\b",
    re.IGNORECASE,
)
_LAW_OUNCE_NOTE = (
    "a limit in ounces is the avoirdupois ounce of 28.349523125 g (NIST Handbook 44, "
    "Appendix C), not the trade's 28 g"
)


# A sentence's end: not the point of a decimal ("2.5 oz").
_SENTENCE_END = r"[;?!\n]|\.(?!\d)"


def _clause_start(text: str, position: int) -> int:
    """Where the clause holding `position` starts (after a comma or a sentence's end)."""
    ends = list(re.finditer(rf"{_SENTENCE_END}|,(?!\d)", text[:position]))
    return ends[-1].end() if ends else 0


@dataclass(frozen=True, slots=True)
class _Ratio:
    """ "1 g of concentrate = 3.5 g of flower": the two sides, each an amount of a kind."""

    first: Quantity
    first_kind: str
    second: Quantity
    second_kind: str


_KINDS = re.compile(
    rf"\b(?:(?P<concentrate>{CONCENTRATE_WORDS})|(?P<products>{PRODUCT_WORDS})|"
    rf"(?P<flower>{_FLOWER_WORDS}))\b",
    re.IGNORECASE,
)


def _kind(words: str) -> str | None:
    """The kind of product the words name first ("can he still get" names no can)."""
    for named in _KINDS.finditer(words):
        if named.group(0).lower() == "can":
            continue
        return next(k for k in (limits.CONCENTRATE, limits.PRODUCTS, limits.FLOWER) if named[k])
    return None


def _clause_after(question: Question, quantity: Quantity) -> str:
    following = [q.start for q in question.quantities if q.start >= quantity.end]
    words = question.text[quantity.end : min([quantity.end + 30, *following])]
    return re.split(r"[,.;:?!\n=]|\bor\b|\band\b", words)[0]


def _kind_of(question: Question, quantity: Quantity) -> str | None:
    """The kind an amount is of, from the words after it; milligrams of no kind named are
    THC in infused products."""
    kind = _kind(_clause_after(question, quantity))
    if kind is None and quantity.unit == "mg":
        return limits.PRODUCTS
    return kind


def _in_unit(quantity: Quantity, kind: str) -> float:
    """An amount in its kind's unit (g, or mg of THC); a limit's ounce is avoirdupois."""
    unit = "oz" if quantity.unit == "trade_oz" else quantity.unit
    return units.convert(quantity.value, unit, limits.KIND_UNITS[kind])


def _ratios(question: Question) -> list[_Ratio]:
    masses = question.find("mass")
    found = []
    for first, second in itertools.pairwise(masses):
        joined = _SIDE_THEN_EQUALS.match(question.text[first.end : second.start])
        if joined is None:
            continue
        clause = re.split(_SENTENCE_END, question.text[: first.start])[-1]
        first_kind = _kind(joined.group("words")) or _kind(clause[-40:])
        if first_kind is None and first.unit == "mg":
            first_kind = limits.PRODUCTS  # "100mg thc = 1 gram of flower"
        second_kind = _kind_of(question, second)
        if first_kind and second_kind and first_kind != second_kind:
            found.append(_Ratio(first, first_kind, second, second_kind))
    return found


def stated_equivalent(question: Question) -> Calculation | None:
    """An amount of one kind in another, at the equivalence the question states."""
    ratios = _ratios(question)
    if len(ratios) != 1 or _LEFT.search(question.text):
        return None
    ratio = ratios[0]
    text = question.text
    opens = _clause_start(text, ratio.first.start)
    closes = ratio.second.end + len(_clause_after(question, ratio.second))
    asks = [m for m in _ASKED.finditer(text) if not opens <= m.start() < closes]
    if not asks:
        return None
    amounts = [
        (q, _kind_of(question, q))
        for q in question.find("mass")
        if q not in (ratio.first, ratio.second) and "limit" not in q.tags
    ]
    if not amounts or any(kind is None for _, kind in amounts):
        return None
    target = _asked_kind(question, asks[-1], [q for q, _ in amounts]) or ratio.second_kind
    if target == ratio.first_kind:
        ratio = _Ratio(ratio.second, ratio.second_kind, ratio.first, ratio.first_kind)
    if target != ratio.second_kind or any(k not in (target, ratio.first_kind) for _, k in amounts):
        return None
    question.use(ratio.first, ratio.second, *(q for q, _ in amounts))
    return _worked(ratio, [(q, k) for q, k in amounts if k is not None])


def _asked_kind(question: Question, asked: re.Match[str], amounts: list[Quantity]) -> str | None:
    """The kind named in the clause that asks ("how much flower is that"), leaving out the
    words naming the amounts' own kinds ("how much flower is 4 g of wax worth")."""
    text = question.text
    start = _clause_start(text, asked.start())
    end = re.search(_SENTENCE_END, text[asked.end() :])
    clause = list(text[start : asked.end() + end.start() if end else len(text)])
    for quantity in amounts:
        stop = quantity.end + len(_clause_after(question, quantity))
        for index in range(max(quantity.start, start), min(stop, start + len(clause))):
            clause[index - start] = " "
    return _kind("".join(clause))


def _worked(ratio: _Ratio, amounts: list[tuple[Quantity, str]]) -> Calculation:
    part = _in_unit(ratio.first, ratio.first_kind)
    whole = _in_unit(ratio.second, ratio.second_kind)
    if part <= 0 or whole <= 0:
        raise CalculationError("an equivalence needs two amounts above zero")
    to_unit = limits.KIND_UNITS[ratio.second_kind]
    from_unit = limits.KIND_UNITS[ratio.first_kind]
    to_name = limits.KIND_NAMES[ratio.second_kind]
    total, steps = 0.0, []
    for quantity, kind in amounts:
        amount = _in_unit(quantity, kind)
        if amount < 0:
            raise CalculationError(f"an amount cannot be negative ({quantity.text})")
        if kind == ratio.second_kind:
            total += amount
            steps.append(f"{quantity.text}: {fmt(amount, 4)} {to_unit} of {to_name} as it is")
            continue
        worth = amount * whole / part
        total += worth
        steps.append(
            f"{quantity.text}: {fmt(amount, 4)} {from_unit} × {fmt(whole, 4)} {to_unit} ÷ "
            f"{fmt(part, 4)} {from_unit} = {fmt(worth, 4)} {to_unit} of {to_name}"
        )
    if len(amounts) > 1:
        steps.append(f"together: {fmt(total, 4)} {to_unit} of {to_name}")
    stated = f"{ratio.first.text} of {limits.KIND_NAMES[ratio.first_kind]} = {ratio.second.text}"
    stated += f" of {to_name}"
    shown = " and ".join(f"{q.text} of {limits.KIND_NAMES[k]}" for q, k in amounts)
    return Calculation(
        "stated_equivalent",
        total,
        f"{to_unit} {to_name}" if ratio.second_kind != limits.PRODUCTS else "mg THC",
        f"{shown} counts as {fmt(total, 4)} {to_unit} of {to_name}, at the equivalence you "
        f"stated ({stated}).",
        tuple(steps),
        details={"per_unit": whole / part},
        formula="equivalent = amount × (its equal in the kind asked ÷ the amount it equals)",
        inputs=(f"equivalence: {stated}", *(f"amount: {q.text}" for q, _ in amounts)),
        assumptions=("the equivalence is the one you stated; a state's own figures may differ",),
    )


def stated_limit_left(question: Question) -> Calculation | None:
    """What is left of a limit the user states in two kinds or more ("1 oz of flower or 8 g
    of concentrate") once amounts of them are bought: shared, each kind's limit being the
    whole allowance, when the question says so ("or", "they count against each other");
    else each kind on its own."""
    if not _LIMIT.search(question.text) or not _LEFT.search(question.text):
        return None
    asking = re.search(r"\bhow\s+(?:much|many)\b[^.?!\n]*", question.text, re.IGNORECASE)
    if asking is None:
        return None
    figures, held = [], []
    for mass in question.find("mass"):
        if asking.start() <= mass.start < asking.end():
            continue
        kind = _kind_of(question, mass)
        before = question.text[max(0, mass.start - 50) : mass.start]
        holding = HOLDING_BEFORE.search(before) or HOLDING_AFTER.match(
            question.text[mass.end : mass.end + 50]
        )
        sentence = re.split(_SENTENCE_END, question.text[: mass.start])[-1]
        if kind is None:
            return None
        if holding:
            held.append((mass, kind))
        elif _LIMIT.search(sentence):
            figures.append((mass, kind))
        else:
            return None
    kinds = {kind for _, kind in figures}
    asked = _kind(asking.group(0))
    if len(figures) < 2 or len(kinds) != len(figures) or not held or asked not in kinds:
        return None
    if any(kind not in kinds for _, kind in held):
        return None
    first, second = figures[0][0], figures[1][0]
    between = question.text[first.end : second.start]
    shared = bool(re.search(r"\bor\b", between, re.I) or _SHARED.search(question.text))
    ounces = frozenset(kind for mass, kind in figures if mass.unit in ("oz", "trade_oz"))
    limit = limits.PurchaseLimit(
        "the buyer",
        {kind: _in_unit(mass, kind) for mass, kind in figures},
        shared=shared,
        source="the limit you stated",
        note=_LAW_OUNCE_NOTE if ounces else "",
        in_ounces=ounces,
    )
    bought = tuple(
        limits.Held(kind, _in_unit(mass, kind), f"{mass.text} of {limits.KIND_NAMES[kind]}")
        for mass, kind in held
    )
    question.use(*(mass for mass, _ in figures), *(mass for mass, _ in held))
    return limits.remaining(limit, asked, bought)


def equivalent_at_ratio(
    first: Quantity,
    first_kind: str,
    second: Quantity,
    second_kind: str,
    amounts: list[tuple[Quantity, str]],
) -> Calculation:
    """What `amounts` count as in `second_kind` when the user states that `first` of
    `first_kind` equals `second` of `second_kind` (the function tool's entry; the reader
    finds the same pieces in the question's words).

    Raises:
        CalculationError: the two sides of one kind, an amount of a third kind, or an
            amount or side that is not positive.
    """
    if first_kind == second_kind:
        raise CalculationError("an equivalence joins two different kinds")
    for quantity, kind in amounts:
        if kind not in (first_kind, second_kind):
            raise CalculationError(
                f"{quantity.text} is {kind}: the equivalence only covers {first_kind} and "
                f"{second_kind}"
            )
    return _worked(_Ratio(first, first_kind, second, second_kind), amounts)
