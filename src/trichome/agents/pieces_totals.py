"""Whether a question about counted pieces at a dose asks the THC of the whole they make up:
a batch or package ("1,000 chocolates x 2.5 mg, total mg?", "mg in the pack?"), or the bar or
pan they are cut from ("12 squares at 5 mg, mg in the bar?")."""

from __future__ import annotations

import re

from trichome.agents.calculation_questions import Question
from trichome.agents.quantities import Quantity

_BATCH_TOTAL = (
    r"\btotal\b|\bin\s+all\b|altogether|\bwhole\s+(?:batch|run|order|lot)|how\s+much\s+(?:thc|cbd)\s+"
    r"(?:in|for|goes\s+into)\s+(?:the|that|this|our|my)\s+(?:batch|run|order|lot)|"
    r"\b(?:mgs?|milligrams|thc|cbd)\s+(?:of\s+(?:thc|cbd)\s+)?(?:are\s+|is\s+)?(?:in|per|for)\s+"
    r"(?:(?:the|a|that|this|one|1|each|every|whole|entire|full)\s+){0,2}(?:pack|package|packet|bag|box|jar|tin|"
    r"bottle|container|sleeve|tube)s?\b|"
    r"\b(?:whole|entire|full)\s+(?:bar|slab|pan|tray|sheet|cake|batch|run|order|lot)\b"
)  # "mg in the pack?", "5 mg a square, mg in the whole bar": the package's THC
# "mg in the bar?" of 12 squares, "thc per pan" of 16 brownies: the whole the pieces are cut
# from, asked for (a count of bars asked "mg per bar" asks a piece's dose instead)
_WHOLE_ASKED = re.compile(
    r"\b(?:mgs?|milligrams|thc|cbd)\s+(?:of\s+(?:thc|cbd)\s+)?(?:are\s+|is\s+)?(?:in|per|for)\s+"
    r"(?:the|a|that|this|one|1)?\s*(bar|slab|pan|tray|sheet|cake)s?\b",
    re.IGNORECASE,
)


def asks_whole_total(question: Question, counts: list[Quantity]) -> bool:
    """Whether the THC of the whole batch or package is asked ("total mg?", "mg in the
    pack?"), or of the whole the counted pieces are cut from ("12 squares ... mg in the
    bar?"), the whole not being what is counted."""
    if question.says(_BATCH_TOTAL):
        return True
    whole = _WHOLE_ASKED.search(question.text)
    return whole is not None and not any(
        (c.noun or "").lower().startswith(whole.group(1).lower()) for c in counts
    )


# "mg per bar?", "how many mg in each bar", "how strong is every gummy": one piece's dose
_PIECE_ASKED = re.compile(
    r"\b(?:mgs?|milligrams|thc|cbd|strong|potent|much)\s+(?:of\s+(?:thc|cbd)\s+)?(?:is\s+|are\s+)?"
    r"(?:per|in\s+(?:each|every|one|a|1)|(?:is\s+)?(?:each|every))\s+(\w+)",
    re.IGNORECASE,
)


def asks_piece_dose(question: Question, counts: list[Quantity]) -> bool:
    """Whether the dose of one of the counted pieces is asked ("12 bars at 10 mg each, mg per
    bar?"), which the question gives: the batch's arithmetic answers it, no concentrate is
    involved."""
    asked = _PIECE_ASKED.search(question.text)
    if asked is None:
        return False
    noun = _stem(asked.group(1))
    return bool(noun) and any(_stem(c.noun or "") == noun for c in counts)


def _stem(noun: str) -> str:
    """ "gummies", "gummy" -> "gumm"; "bars", "bar" -> "bar"."""
    return re.sub(r"(?:ies|y|es|s)$", "", noun.lower())


# "with 200mg in it", "200 mg in the tin", "300mg total": what the whole holds, not a piece
_HELD_IN_ALL = re.compile(
    r"\s*(?:of\s+(?:thc|cbd)\s+)?(?:in\s+(?:it|there|all|total|the\s+(?:whole\s+)?(?:tin|pack|"
    r"package|bag|jar|box|bottle|container|thing|lot))\b|total\b|altogether\b)",
    re.IGNORECASE,
)


def not_held_in_all(question: Question, amounts: list[Quantity]) -> list[Quantity]:
    """The amounts that are not said to be what the whole holds ("40 gummies with 200mg in
    it": the 200 mg is the tin's, so no piece's dose)."""
    return [q for q in amounts if not _HELD_IN_ALL.match(question.text[q.end :])]
