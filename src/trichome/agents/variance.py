"""A state's potency variance rule applied to the numbers in the question: "my 10 mg
gummies tested at 11.2 mg, still ok in Colorado?" gets the allowed window and a verdict,
worked from the sourced rule, not a paragraph about testing.

The rule comes from a fact whose unit reads "% allowed potency variance"; its text says
what the percentage is taken of (Colorado: the labelled potency must be within ±15% of
the tested value), and the check follows that wording.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import KnowledgeBase

_VARIANCE_UNIT = re.compile(r"potency variance", re.IGNORECASE)
_NUMBER = r"(\d+(?:\.\d+)?)"
# "10mg gummies test at 11.2mg", "labelled 10 mg ... came back 9.1 mg"
_READINGS = (
    re.compile(
        rf"{_NUMBER}\s*mg\b[^.?!]{{0,40}}?\b(?:test(?:s|ed|ing)?|came (?:back|in)|results?)\b"
        rf"\D{{0,15}}?{_NUMBER}\s*mg\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:test(?:s|ed)?|came (?:back|in))\b\D{{0,15}}?{_NUMBER}\s*mg\b[^.?!]{{0,40}}?"
        rf"\blabel(?:l)?ed\b\D{{0,10}}?{_NUMBER}\s*mg\b",
        re.IGNORECASE,
    ),
)


@dataclass(frozen=True, slots=True)
class VarianceCheck:
    """A labelled and a tested potency held against a state's allowed variance."""

    labelled_mg: float
    tested_mg: float
    fact: Fact

    @property
    def allowed_percent(self) -> float:
        """The rule's percentage (the fact's value)."""
        return float(self.fact.value or 0)

    @property
    def window(self) -> tuple[float, float]:
        """The tested values for which the label stands (labelled within ±v% of tested)."""
        share = self.allowed_percent / 100
        return self.labelled_mg / (1 + share), self.labelled_mg / (1 - share)

    @property
    def passes(self) -> bool:
        """Whether the label stands for this test result."""
        return abs(self.labelled_mg - self.tested_mg) <= self.allowed_percent / 100 * self.tested_mg

    def text(self) -> str:
        """The verdict first, then the window and how it was worked out, citing [1]."""
        low, high = self.window
        name = self.fact.jurisdiction_name or "The rule"
        verdict = "passes" if self.passes else "fails: relabel or do not sell it as labelled"
        off = (self.labelled_mg - self.tested_mg) / self.tested_mg * 100
        return (
            f"{_mg(self.tested_mg)} against a {_mg(self.labelled_mg)} label {verdict}. "
            f"{name} requires the labelled potency to be within ±{self.allowed_percent:g}% "
            f"of the tested value [1], so a {_mg(self.labelled_mg)} label stands for test "
            f"results from {_mg(low)} to {_mg(high)}; here the label is {off:+.1f}% of the "
            "test."
        )


def _mg(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + " mg"


def read_potencies(text: str) -> tuple[float, float] | None:
    """The labelled and the tested potency (mg) a text gives, if it gives both."""
    first = _READINGS[0].search(text)
    if first is not None:
        return float(first.group(1)), float(first.group(2))
    second = _READINGS[1].search(text)
    if second is not None:
        return float(second.group(2)), float(second.group(1))
    return None


def variance_rule(knowledge: KnowledgeBase, state: str) -> Fact | None:
    """The state's sourced potency variance rule, if the packs hold one."""
    for pack in knowledge.packs.values():
        for fact in pack.facts:
            if (
                fact.jurisdiction == state
                and fact.status != "superseded"
                and fact.value is not None
                and _VARIANCE_UNIT.search(fact.unit or "")
            ):
                return fact
    return None


def check_variance(
    user_turns: Sequence[str], state: str | None, knowledge: KnowledgeBase
) -> VarianceCheck | None:
    """The variance check the latest turn asks for, when it gives a labelled and a tested
    potency and the state has a sourced variance rule."""
    if not user_turns or state is None:
        return None
    readings = read_potencies(user_turns[-1])
    rule = variance_rule(knowledge, state) if readings else None
    if readings is None or rule is None:
        return None
    labelled, tested = readings
    if labelled <= 0 or tested <= 0:
        return None
    return VarianceCheck(labelled, tested, rule)
