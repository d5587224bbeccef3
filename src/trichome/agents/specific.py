"""The most specific rule first: a province's or state's own fact before the national one.

A question naming a province or state ("winnipeg, can I grow 2 plants like in the rest of
Canada?") is answered by that place's rule when the packs hold one on the same topic: the
national law (Canada's Cannabis Act, US federal law) only sets the floor that provinces and
states may tighten, so leading with it answers for somewhere else (Canada's four plants,
where the province's own rule is the one the asker lives under).
"""

from __future__ import annotations

from collections.abc import Sequence

from trichome.knowledge.jurisdictions import CANADA, FEDERAL
from trichome.knowledge.retrieval import Passage

_NATIONAL = frozenset({CANADA, FEDERAL, None})


def most_specific_first(passages: Sequence[Passage], named: Sequence[str]) -> list[Passage]:
    """The passages with the best one of a named province or state moved to the front when
    the best overall is the national law's on the same topic; otherwise as they were."""
    ordered = list(passages)
    if not ordered or ordered[0].fact.jurisdiction not in _NATIONAL:
        return ordered
    lead = ordered[0].fact
    places = {code for code in named if code not in _NATIONAL}
    for index, passage in enumerate(ordered[1:], start=1):
        fact = passage.fact
        if fact.jurisdiction in places and fact.topic == lead.topic:
            return [passage, *ordered[:index], *ordered[index + 1 :]]
    return ordered
