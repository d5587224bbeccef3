"""Inputs the user gives as uncertain alternatives ("100 gummies, or was it 120 gummies? not
sure", "2 g or maybe 2.5 g"): two values for one input, so the calculation asks which one
holds and answers with no number."""

from __future__ import annotations

import itertools
import re

from trichome.agents.quantities import Quantity

# What stands between two values of one input when the user is unsure which is right.
_UNSURE_OR = re.compile(
    r"^\s*(?:[a-z][\w-]*)?\s*[,;(]?\s*(?:or\s+(?:was\s+it|is\s+it|were\s+there|was\s+that|maybe|perhaps|possibly|"
    r"might\s+(?:have\s+)?be(?:en)?|could\s+(?:have\s+)?be(?:en)?|it\s+(?:might|could|may)\s+"
    r"(?:have\s+)?be(?:en)?|actually|rather)|(?:maybe|possibly|perhaps)\s+)\s*(?:about\s+)?$",
    re.IGNORECASE,
)


def _same_input(first: Quantity, second: Quantity) -> bool:
    if first.kind != second.kind or first.value == second.value:
        return False
    if first.kind == "count":  # "100 gummies ... 120 gummies": one noun, singular or plural
        stem = re.compile(r"(?:ies|y|es|s)$")
        return stem.sub("", (first.noun or "").lower()) == stem.sub("", (second.noun or "").lower())
    return first.unit == second.unit and first.per == second.per


def unsure_alternatives(text: str, quantities: list[Quantity]) -> tuple[Quantity, Quantity] | None:
    """Two values of one input joined by words of doubt ("or was it", "or maybe"), if any."""
    ordered = sorted(quantities, key=lambda q: q.start)
    for first, second in itertools.pairwise(ordered):
        if _same_input(first, second) and _UNSURE_OR.match(text[first.end : second.start]):
            return first, second
    return None


def which_one(pair: tuple[Quantity, Quantity]) -> str:
    """The question put back to the user for the two values."""
    first, second = pair
    return (
        f"You gave two values for the same input ({first.text} or {second.text}) and weren't "
        "sure which is right. Which one should I use? I'll work it out once you confirm."
    )
