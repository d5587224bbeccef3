"""Inputs the user gives as uncertain alternatives ("100 gummies, or was it 120 gummies? not
sure", "2 g or maybe 2.5 g", "24% or 42%") or as two sources that disagree ("the sheet says
48 cookies but the tray shows 60"): two values for one input, so the calculation asks which
one holds and answers with no number."""

from __future__ import annotations

import itertools
import re

from trichome.agents.quantities import Quantity

# What stands between two values of one input when the user is unsure which is right.
_UNSURE_OR = re.compile(
    r"^\s*(?:[a-z][\w-]*\b\s*){0,2}[,;(]?\s*\b(?:or\s+(?:was\s+it|is\s+it|were\s+there|was\s+that|maybe|perhaps|possibly|"
    r"might\s+(?:have\s+)?be(?:en)?|could\s+(?:have\s+)?be(?:en)?|it\s+(?:might|could|may)\s+"
    r"(?:have\s+)?be(?:en)?|actually|rather)|(?:maybe|possibly|perhaps)\s+|or\s+)\s*(?:about\s+)?$",
    re.IGNORECASE,
)
# Two sources that disagree on one input: "48 cookies but the tray shows 60", "the label says
# 20 but the count came out at 18".
_DISAGREE = re.compile(
    r"^\s*(?:[a-z][\w-]*\b\s*){0,3}[,;]?\s*\b(?:but|though|yet|while|whereas|however)\s+(?:the\s+|my\s+|our\s+|"
    r"his\s+|her\s+|their\s+|it\s+)?(?:[a-z][\w-]*\s+){0,3}?(?:shows?|showed|says?|said|reads?|"
    r"counted|counts?|lists?|listed|came\s+out\s+(?:to|at|as)|comes\s+out\s+(?:to|at|as))\s+"
    r"(?:only\s+|like\s+|about\s+)?$",
    re.IGNORECASE,
)


# Tags that give a percentage its own input ("5% loss" beside "88%" is not a second potency).
_ROLES = frozenset({"loss", "efficiency", "moisture", "terpene", "tolerance", "limit"})


def _same_input(first: Quantity, second: Quantity) -> bool:
    """Two values of one input; the second may leave off the basis the first gave ("$1,800 a
    pound, or was it $1,600", "10 mg each but the sheet says 5 mg")."""
    if first.value == second.value:
        return False
    if first.kind == "money" and second.kind == "number":
        return True  # "paid 2200 a lb, or maybe 2400": the price again, its "$" left off
    if first.kind != second.kind or (first.tags ^ second.tags) & _ROLES:
        return False  # "88% ... 5% loss": a potency and a loss, two inputs
    if first.kind == "count":  # "100 gummies ... 120 gummies": one noun, singular or plural
        stem = re.compile(r"(?:ies|y|es|s)$")
        return stem.sub("", (first.noun or "").lower()) == stem.sub("", (second.noun or "").lower())
    return first.unit == second.unit and second.per in (first.per, None)


def unsure_alternatives(text: str, quantities: list[Quantity]) -> tuple[Quantity, Quantity] | None:
    """Two values of one input joined by words of doubt ("or was it", "or maybe", a bare
    "or") or told by two sources that disagree ("but the tray shows"), if any."""
    ordered = sorted(quantities, key=lambda q: q.start)
    for first, second in itertools.pairwise(ordered):
        between = text[first.end : second.start]
        if _same_input(first, second) and _UNSURE_OR.match(between):
            return first, second
        # a label's figure "but the lab says" another is a comparison asked, not two values
        if _DISAGREE.match(between) and (
            _counted_twice(first, second) or (_same_input(first, second) and not _compared(text))
        ):
            return first, second
    for first, basis, second in zip(ordered, ordered[1:], ordered[2:], strict=False):
        # "$900 a qp, or was it $950": the first value's basis stands between the two
        between = text[first.end : basis.start] + text[basis.end : second.start]
        if basis.kind != first.kind and _same_input(first, second) and _UNSURE_OR.match(between):
            return first, second
    return None


# A claim and a measurement of it ("label says 20 mg but the lab says 18 mg"), or a
# comparison asked: two figures to set side by side, not one input given twice.
_CLAIM = re.compile(r"\b(?:label\w*|claim\w*|packag\w*|box|menu|advertis\w*|stated)\b", re.I)
_MEASURED = re.compile(
    r"\b(?:lab|labs|test\w*|coa|assay\w*|results?|measur\w*|analy[sz]\w*|potency\s+test)\b", re.I
)
_COMPARISON = re.compile(
    r"\bvarian|\bdeviat|\bdifferen|\bhow\s+far\b|\b(?:percent|%)\s+off\b|\boff\s+by\b|"
    r"\bcompar|\bwithin\b|\btolerance\b|\bpass|\bfail|\baccura|\bdiscrepanc",
    re.IGNORECASE,
)


def _compared(text: str) -> bool:
    return bool(_COMPARISON.search(text) or (_CLAIM.search(text) and _MEASURED.search(text)))


def _counted_twice(count: Quantity, other: Quantity) -> bool:
    """Two counts of one thing, the second perhaps a number with no unit ("48 cookies but
    the tray shows 60")."""
    if count.kind != "count":
        return False
    return _same_input(count, other) or (
        other.kind == "number" and other.value == int(other.value) and other.value != count.value
    )


def which_one(pair: tuple[Quantity, Quantity]) -> str:
    """The question put back to the user for the two values."""
    first, second = pair
    return (
        f"You gave two values for the same input ({first.text} and {second.text}), so I "
        "can't tell which is right. Which one should I use? I'll work it out once you confirm."
    )


# Where a figure comes from, written after it ("85% per the box", "78% on the coa") or before
# it ("the box says 85%", "coa: 78%").
_SOURCE = (
    r"(box|label|labels?|packag\w*|coa|lab|labs|test|menu|sheet|jar|sticker|website|site|"
    r"vendor|manifest|invoice|spec)"
)
_SOURCE_AFTER = re.compile(
    rf"^\s*(?:thc\s+|cbd\s+|potency\s+)?,?\s*(?:per|according\s+to|on|from|in|off)\s+(?:the\s+|my\s+|"
    rf"our\s+|their\s+|his\s+|her\s+)?(?:[a-z][\w-]*\s+)?{_SOURCE}\b",
    re.IGNORECASE,
)
_SOURCE_BEFORE = re.compile(
    rf"\b{_SOURCE}\s*(?:says?|said|shows?|showed|reads?|lists?|listed|has|had|claims?|"
    rf"printed|:)\s*(?:it'?s\s+|it\s+is\s+|like\s+)?$",
    re.IGNORECASE,
)


def _source(text: str, quantity: Quantity) -> str | None:
    after = _SOURCE_AFTER.match(text[quantity.end : quantity.end + 40])
    before = _SOURCE_BEFORE.search(text[max(0, quantity.start - 30) : quantity.start])
    found = after or before
    return found.group(1).lower().rstrip("s") if found else None


def disagreeing_sources(
    text: str, quantities: list[Quantity], used: list[Quantity]
) -> tuple[Quantity, Quantity] | None:
    """Two values of one input, each from a source of its own ("85% thc per the box and
    78% per the coa"), of which the calculation used only one: which holds is asked. A
    calculation that sets them side by side (a label against its lab result) uses both."""
    ordered = sorted(quantities, key=lambda q: q.start)
    for first, second in itertools.combinations(ordered, 2):
        named = {first.cannabinoid, second.cannabinoid} - {None}
        if (first in used) == (second in used) or len(named) > 1:
            continue  # "22% thca per the coa, 1% d9 on the label": two inputs
        if not _same_input(first, second):
            continue
        sources = _source(text, first), _source(text, second)
        if None not in sources and sources[0] != sources[1]:
            return first, second
    return None
