"""A rule's bracket chosen by a product's THC potency.

Some rules charge by potency: Illinois' purchaser excise tax is 10% on cannabis at or
below 35% THC and 25% above it. A fact states its brackets in its unit, the first as the
value's own words and the others in brackets: "% purchaser excise tax on cannabis at or
below 35% THC (20% infused products, 25% above 35% THC)". When the question states the
product's potency ("a product at 34% THC"), or a calculation works it out (THCA 38% and
delta-9 1%: 34.33% total), the bracket it falls in is the rule that applies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trichome.agents.calculators import Calculation, fmt
from trichome.knowledge.packs import Fact

# "at or below 35% THC", "above 35% adjusted delta-9 THC": one side of a potency bound.
_BOUND = re.compile(
    r"\b(?P<side>at or below|at or under|up to|not more than|no more than|below|under|"
    r"less than|at or above|above|over|more than|exceeding|greater than)\s+"
    r"(?P<limit>\d+(?:\.\d+)?)\s*%\s*(?:adjusted\s+)?(?:total\s+)?(?:delta-9\s+)?THC\b(?!a)",
    re.IGNORECASE,
)
_INCLUSIVE_BELOW = ("at or below", "at or under", "up to", "not more than", "no more than")
_BELOW = ("below", "under", "less than")
_AT_OR_ABOVE = ("at or above",)
# "(20% infused products, 25% above 35% THC)": a bracket's rate and what it is charged on.
_OTHER_BRACKET = re.compile(r"(\d+(?:\.\d+)?)% ([^,;()]+)")
_ASIDE = re.compile(r"\(([^)]*)\)")
# A potency stated in the question: "at 34% THC", "34% adjusted thc", "thc of 34%" (not
# THCA, which is not yet the THC a potency rule counts).
_STATED = re.compile(
    r"(?P<a>\d+(?:\.\d+)?)\s*%\s*(?:adjusted\s+|total\s+)?(?:delta[- ]?9\s+|d9\s+)?thc\b(?!a)|"
    r"\b(?:adjusted\s+|total\s+)?thc\b(?!a)\s*(?:of|at|is|=|:)?\s*(?P<b>\d+(?:\.\d+)?)\s*%",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Bracket:
    """One bracket of a potency rule: its rate, its words ("purchaser excise tax on
    cannabis at or below 35% THC") and the bound that places a product in it."""

    rate: float
    words: str
    bound: str

    def holds(self, potency: float) -> bool:
        """Whether a product of this THC potency (%) falls in the bracket."""
        found = _BOUND.search(self.bound)
        assert found is not None
        side, limit = found["side"].lower(), float(found["limit"])
        if side in _INCLUSIVE_BELOW:
            return potency <= limit
        if side in _BELOW:
            return potency < limit
        if side in _AT_OR_ABOVE:
            return potency >= limit
        return potency > limit


def brackets(fact: Fact) -> list[Bracket]:
    """The potency brackets a fact's unit states (none when it states no THC bound)."""
    if fact.value is None or not fact.unit:
        return []
    unit = fact.unit
    head = _ASIDE.sub("", unit).strip().lstrip("%").strip(" ,;")
    rates = [(float(fact.value), head)]
    for aside in _ASIDE.findall(unit):
        rates += [(float(rate), words.strip()) for rate, words in _OTHER_BRACKET.findall(aside)]
    found = []
    for rate, words in rates:
        bound = _BOUND.search(words)
        if bound is not None:
            found.append(Bracket(rate, words, bound.group(0)))
    return found if len(found) > 1 else []


def bracket_for(fact: Fact, potency: float) -> Bracket | None:
    """The one bracket of the fact's potency rule a product of `potency` % THC falls in."""
    holding = [bracket for bracket in brackets(fact) if bracket.holds(potency)]
    return holding[0] if len(holding) == 1 else None


def stated_potency(turns: Sequence[str]) -> float | None:
    """The THC potency the latest turn stating one gives ("a product at 34% THC")."""
    for turn in reversed(turns):
        values = {float(m["a"] or m["b"]) for m in _STATED.finditer(turn)}
        if len(values) == 1:
            return values.pop()
        if values:
            return None  # two potencies: which one the rule is asked of is not clear
    return None


def worked_potency(calculation: Calculation | None) -> float | None:
    """The THC potency a calculation worked out (a COA's total THC), if it did."""
    if calculation is None:
        return None
    value = calculation.details.get("total_thc_percent")
    return None if value is None else float(value)


def bracket_sentence(fact: Fact, potency: float) -> str | None:
    """ "At 34.33% THC, the product is at or below 35% THC: Illinois' bracket is 10% ..."."""
    bracket = bracket_for(fact, potency)
    if bracket is None:
        return None
    place = f"{fact.jurisdiction_name}'s" if fact.jurisdiction_name else "the"
    return (
        f"At {fmt(potency)}% THC the product is {bracket.bound}, so {place} "
        f"{fmt(bracket.rate)}% bracket applies: {fmt(bracket.rate)}% {bracket.words}."
    )
