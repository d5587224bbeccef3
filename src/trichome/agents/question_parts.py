"""Every part and every side of a question: a comparison of named places keeps a fact of
each place, and a question on several rule topics admits the parts no fact answers, naming
who to ask, rather than answering the first part as if it were the whole."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from trichome.agents.clause_parts import not_guessed, unspoken_part
from trichome.agents.engine import AnswerRequest
from trichome.knowledge.jurisdictions import jurisdiction_name
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.topics import BY_NAME

# At most this many facts answer one question.
MAX_FACTS = 4


def with_each_side(chosen: list[Passage], request: AnswerRequest) -> list[Passage]:
    """For a comparison of named places, the chosen passages with the best answerable one of
    each place none of them is from, in place of the weakest of a place already answered:
    "WA per sale vs MT possession" answered for Washington alone drops half the question."""
    if not request.comparison or len(request.jurisdictions) < 2 or not chosen:
        return chosen
    kept = list(chosen)
    for place in request.jurisdictions:
        if any(p.fact.jurisdiction == place for p in kept):
            continue
        best = next((p for p in request.answerable() if p.fact.jurisdiction == place), None)
        if best is None:
            continue
        counts = Counter(p.fact.jurisdiction for p in kept)
        crowded = [p for p in kept[1:] if counts[p.fact.jurisdiction] > 1]
        if len(kept) >= MAX_FACTS and crowded:
            kept.remove(crowded[-1])
        kept.append(best)
    return kept


def unanswered_parts(request: AnswerRequest, facts: Sequence[Fact]) -> str | None:
    """For a question on several rule topics of a named place ("how much can a patient buy
    in 30 days, and how much can they hold at once?"), the sentence admitting the parts no
    chosen fact is on, naming who to ask: an answer to the first part alone reads as if it
    answered both."""
    lead = facts[0]
    if len(request.topic_groups) < 2 or lead.jurisdiction not in request.jurisdictions:
        # two questions in two clauses, one on a topic not recognised: said plainly too
        latest = next((t.content for t in reversed(request.messages) if t.role == "user"), "")
        return unspoken_part(latest or request.question, facts, request.jurisdictions)
    missing = [
        group for group in request.topic_groups if not any(fact.topic in group for fact in facts)
    ]
    if not missing:
        return None
    place = lead.jurisdiction
    assert place is not None
    asked = " or ".join(_group_name(group).replace("-", " ") for group in missing)
    return not_guessed(
        f"On {asked}, the other part of your question, my knowledge packs hold no separate "
        f"sourced rule for {jurisdiction_name(place)}, so I won't guess it.",
        place,
    )


def _group_name(group: frozenset[str]) -> str:
    """What a topic group is called: the question topic among its pack topics ("advertising",
    not "ad-platforms", the first of the group's names alphabetically)."""
    names = sorted(group)
    return next((name for name in names if name in BY_NAME), names[0])
