"""A question naming a place whose topic no trigger recognised ("little rock budtender, whats
the max a patient can buy in a 14 day window"): the place's fact that retrieval ranks far
above every other answers it, though it shares few of the question's words with it."""

from __future__ import annotations

from collections.abc import Sequence

from trichome.knowledge.jurisdictions import FEDERAL
from trichome.knowledge.retrieval import Passage

# The place's fact must score this many times the next best passage ...
STANDS_OUT_BY = 2.0
# ... and cover this share of the question (its story words lower it).
PLACE_LEAD_COVERAGE = 0.15


def stands_out_for_place(passage: Passage, passages: Sequence[Passage], named: set[str]) -> bool:
    """Whether the passage is a named place's own fact that ranks first by a wide margin over
    every other retrieved passage, covering part of the question with two of its words."""
    place = passage.fact.jurisdiction
    if place is None or place == FEDERAL or place not in named:
        return False
    if passage.coverage < PLACE_LEAD_COVERAGE or not passage.shares_enough_words:
        return False
    others = [other.score for other in passages if other.fact.id != passage.fact.id]
    return passage.score >= STANDS_OUT_BY * max(others, default=0.0)
