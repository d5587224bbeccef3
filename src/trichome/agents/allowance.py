"""What is left of a limit when the question says how much is already bought or held.

"Patient bought twenty 100 mg gummy tins this month, how many mg left in their 30-day?"
and "she's already carrying 20 g, how much more flower could she have?" carry the numbers
the sourced limit is applied to: the answer leads with the limit less the amount given,
in the limit's own unit, citing the fact that states the limit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.missing_inputs import PURCHASE_LIMIT
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.knowledge.words import tokenize

# The pack topics whose facts state a limit a buyer or holder uses up.
ALLOWANCE_TOPICS = frozenset({"purchase-limits", "possession-limits"})

_ASKS_LEFT = re.compile(
    r"\bhow (?:much|many)\b[^?.!]{0,60}\b(?:left|more|remaining)\b|"
    r"\b(?:what's|what is|whats) (?:left|remaining)\b",
    re.IGNORECASE,
)
_COUNTS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
}  # fmt: skip
_UNITS = {"mg": "mg", "milligram": "mg", "g": "g", "gram": "g", "oz": "oz", "ounce": "oz"}
_UNIT = r"(?P<unit>mg|milligrams?|g|grams?|oz|ounces?)\b"
# "twenty 100 mg gummy tins", "3 x 10 mg", "20 g": an amount, with a count of pieces.
_GIVEN = re.compile(
    rf"(?:\b(?P<count>\d+|{'|'.join(_COUNTS)})\s*(?:x\s*)?)?(?<![\d.,])"
    rf"(?P<amount>\d[\d,]*(?:\.\d+)?)\s*{_UNIT}",
    re.IGNORECASE,
)


def _unit(word: str) -> str:
    word = word.lower()
    return _UNITS.get(word.rstrip("s") if word not in ("mg", "g", "oz") else word, word)


def _number(text: str) -> float:
    return float(text.replace(",", ""))


@dataclass(frozen=True, slots=True)
class Given:
    """The amount the question says is already bought or held."""

    amount: float
    unit: str


def already_given(
    user_turns: Sequence[str],
    topics: frozenset[str] | None,
    calculation: RecognisedCalculation | None = None,
) -> Given | None:
    """The one amount the latest turn gives when it asks how much of a purchase or
    possession limit is left ("bought 1,000 mg, how many mg left?"), if it gives one; None
    when the calculators ask for the limit itself (no state or limit is known to apply)."""
    if calculation is not None and PURCHASE_LIMIT in calculation.missing:
        return None
    question = user_turns[-1] if user_turns else ""
    if not (topics and topics & ALLOWANCE_TOPICS and _ASKS_LEFT.search(question)):
        return None
    found = list(_GIVEN.finditer(question))
    if len(found) != 1:
        return None
    match = found[0]
    count = match.group("count")
    times = 1.0 if count is None else float(_COUNTS.get(count.lower(), 0) or _number(count))
    return Given(times * _number(match.group("amount")), _unit(match.group("unit")))


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.2f}".rstrip("0")


def remaining_after(fact: Fact, given: Given) -> str | None:
    """The sentence working out what is left of the fact's limit, or None when the fact
    states no limit in the given amount's unit."""
    limit = re.search(rf"(\d[\d,]*(?:\.\d+)?)\s*{_UNIT}", fact.text, re.IGNORECASE)
    while limit is not None and _unit(limit.group("unit")) != given.unit:
        limit = re.compile(rf"(\d[\d,]*(?:\.\d+)?)\s*{_UNIT}", re.IGNORECASE).search(
            fact.text, limit.end()
        )
    if limit is None:
        return None
    total = _number(limit.group(1))
    unit = given.unit
    if given.amount >= total:
        return (
            f"Nothing is left: {_fmt(given.amount)} {unit} already reaches the "
            f"{_fmt(total)} {unit} limit."
        )
    left = total - given.amount
    return (
        f"{_fmt(left)} {unit} left: the limit is {_fmt(total)} {unit}, and "
        f"{_fmt(total)} - {_fmt(given.amount)} = {_fmt(left)} {unit}."
    )


# "how many 100mg edible packs can I carry?": the size of one package, and the words after it
# naming what it holds
_ASKS_HOW_MANY_OF = re.compile(
    rf"\bhow many\s+(?:of\s+(?:these|those|the|our|my)\s+)?(?:\w+\s+)?"
    rf"(?P<amount>\d[\d,]*(?:\.\d+)?)\s*-?\s*{_UNIT}(?P<thing>(?:\s+[a-z-]+){{1,2}})",
    re.IGNORECASE,
)
# Words for a container, which say nothing of the product form a limit is for.
_CONTAINERS = frozenset(
    {"pack", "packag", "tin", "bag", "box", "bar", "jar", "unit", "item", "of", "can", "each"}
)


# Products a limit names by their kind ("800 milligrams of edible cannabis").
_FORM_KINDS = {
    "edibl": frozenset({"gummi", "chocol", "browni", "cooki", "candi", "mint", "chew"}),
    "concentr": frozenset({"wax", "shatter", "rosin", "dab", "extract"}),
    "extract": frozenset({"wax", "shatter", "rosin", "dab", "concentr"}),
}


@dataclass(frozen=True, slots=True)
class PackageSize:
    """One package's amount, and the words naming what it holds ("edibl")."""

    amount: float
    unit: str
    form: frozenset[str]


def package_size(question: str, topics: frozenset[str]) -> PackageSize | None:
    """The size of one package when a question on a purchase or possession limit asks how
    many packages of that size fit in it ("how many 100mg edible packs can I carry?")."""
    if not topics & ALLOWANCE_TOPICS:
        return None
    found = _ASKS_HOW_MANY_OF.search(question)
    if found is None or _number(found.group("amount")) <= 0:
        return None
    form = frozenset(tokenize(found.group("thing"))) - _CONTAINERS
    form |= {kind for kind, members in _FORM_KINDS.items() if form & members}
    unit = _unit(found.group("unit"))
    return PackageSize(_number(found.group("amount")), unit, form) if form else None


def _limit_for(fact: Fact, size: PackageSize) -> float | None:
    """The fact's one limit in the package's unit for the form it holds ("800 milligrams of
    edible cannabis"); None when it states none, or several (which one is meant is unsure)."""
    limits = [
        _number(limit.group(1))
        for limit in re.finditer(rf"(\d[\d,]*(?:\.\d+)?)\s*{_UNIT}", fact.text, re.IGNORECASE)
        if _unit(limit.group("unit")) == size.unit
        and size.form & set(tokenize(fact.text[limit.end() : limit.end() + _FORM_WINDOW]))
    ]
    return limits[0] if len(set(limits)) == 1 else None


# How far after a limit's figure the words naming what it limits are read.
_FORM_WINDOW = 40


def packages_within(fact: Fact, size: PackageSize) -> str | None:
    """The sentence counting how many whole packages of `size` the fact's limit allows, or
    None when the fact states no one limit for that form in the package's unit."""
    total = _limit_for(fact, size)
    if total is None:
        return None
    whole = int(total // size.amount)
    unit = size.unit
    return (
        f"{whole} packages of {_fmt(size.amount)} {unit} at most: the limit is {_fmt(total)} "
        f"{unit}, and {_fmt(total)} / {_fmt(size.amount)} = {_fmt(total / size.amount)}."
    )


def worked_allowance(
    fact: Fact, given: Given | None, question: str, topics: frozenset[str]
) -> str | None:
    """The limit applied to the question's numbers: what is left after an amount already
    bought or held, or how many packages of a size fit in it; None when neither is asked or
    the fact is no purchase or possession limit."""
    if fact.topic not in ALLOWANCE_TOPICS:
        return None
    if given is not None:
        return remaining_after(fact, given)
    size = package_size(question, topics)
    return packages_within(fact, size) if size is not None else None


def limit_facts(knowledge: KnowledgeBase, state: str, limit: float) -> tuple[Fact, ...]:
    """The state's adult-use purchase and possession facts a worked limit comes from: those
    stating its figure ("800 mg"), else all of them."""
    facts = [
        fact
        for pack in knowledge.packs.values()
        for fact in pack.facts
        if fact.topic in ALLOWANCE_TOPICS
        and fact.jurisdiction == state
        and fact.program in (None, "adult-use")
    ]
    figure = re.compile(rf"(?<![\d.,]){re.escape(_fmt(limit))}\s*(?:mg|g|grams?)\b", re.I)
    stating = [f for f in facts if figure.search(f.text)]
    return tuple(stating or facts)
