"""A question asking two things in two clauses ("is there a legal store in Iqaluit, and what
are Nunavut's rules on public consumption?"), one of which no fact of the answer speaks to:
the answer says plainly that part is not covered and who to ask, instead of answering the
other part as if it were the whole question."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from trichome.knowledge.directory import load_directory
from trichome.knowledge.jurisdictions import FEDERAL, jurisdiction_name
from trichome.knowledge.packs import Fact, load_packs
from trichome.knowledge.words import tokenize

# A clause is spoken to when the answer's facts hold this share of its words, each weighed
# by how rare it is in the packs ("store" tells more than "cannabis").
SPOKEN_TO = 0.25
# A clause needs this many words some fact holds to be a question of its own.
MIN_CLAUSE_WORDS = 2

# Where a second question starts: after a question mark, or at "and"/"also"/"plus" followed
# by a word that opens a question ("... in iqaluit and what are nunavut's rules ...").
_SECOND_QUESTION = re.compile(
    r"\?\s+|\s*,?\s+(?:and|also|plus)\s+(?=(?:what|whats|what's|how|is|are|can|could|do|"
    r"does|where|when|which|who|whether|should|must|may)\b)",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _rarity() -> dict[str, float]:
    """Each word's inverse document frequency over every pack fact (a word no fact holds says
    nothing about what the packs cover, and is left out of a clause's words)."""
    facts = [fact for pack in load_packs() for fact in pack.facts]
    counts: Counter[str] = Counter()
    for fact in facts:
        counts.update(set(tokenize(f"{fact.title} {fact.text}")))
    total = len(facts)
    weights = {word: math.log(1 + total / count) for word, count in counts.items()}
    return weights


def question_clauses(question: str) -> list[str]:
    """The clauses of the latest turn that each ask something, in order."""
    parts = [part.strip(" ?.,;") for part in _SECOND_QUESTION.split(question)]
    return [part for part in parts if part]


def unspoken_clause(question: str, facts: Sequence[Fact], place_words: set[str]) -> str | None:
    """The first clause of a two-part question that the facts hold too little of to answer,
    if one; a one-clause question has none."""
    clauses = question_clauses(question)
    if len(clauses) < 2:
        return None
    weights = _rarity()
    held: set[str] = set()
    for fact in facts:
        held.update(tokenize(f"{fact.title} {fact.text}"))
    for clause in clauses:
        words = [w for w in dict.fromkeys(tokenize(clause)) if w in weights]
        words = [word for word in words if word not in place_words]
        if len(words) < MIN_CLAUSE_WORDS:
            continue
        total = sum(weights[word] for word in words)
        spoken = sum(weights[word] for word in words if word in held)
        if spoken < SPOKEN_TO * total:
            return clause
    return None


def unspoken_part(question: str, facts: Sequence[Fact], places: Sequence[str]) -> str | None:
    """For a question naming one place and asking two things, the sentence admitting the part
    the answer's facts do not speak to, naming who to ask there."""
    named = [code for code in places if code != FEDERAL]
    if len(named) != 1 or not facts or facts[0].jurisdiction != named[0]:
        return None
    place = named[0]
    name = jurisdiction_name(place)
    clause = unspoken_clause(question, facts, set(tokenize(name)))
    if clause is None:
        return None
    return not_guessed(
        f'On the other part of your question ("{clause}"), my knowledge packs hold no '
        f"sourced answer for {name}, so I won't guess it.",
        place,
    )


def not_guessed(admission: str, place: str) -> str:
    """An admission that part of a question is not covered, with whom to ask in the place."""
    directory = load_directory()
    if directory.get(place) is None:
        return admission
    return f"{admission} {directory.where_to_ask(place)}"
