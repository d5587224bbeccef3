"""Reader for the pieces that make an amount: "how many 25mg gummies make 100mg", "a 10 mg
chocolate, how many for 50 mg?" is the amount over one piece's mg. Run after the readers
of servings in a package, so "how many 10 mg servings in a 100 mg bar" stays theirs."""

from __future__ import annotations

import re

from trichome.agents import serving_calculators as serving
from trichome.agents.calculation_questions import Question, piece_counts
from trichome.agents.calculators import Calculation
from trichome.agents.unit_words import PIECES

# The amount the pieces are to make, just before it: "make 100mg", "for 50 mg", "to get 30".
_TO_MAKE = re.compile(
    r"\b(?:make|makes|making|for|get|reach|hit|equal|equals|in|into|up\s+to|is|are|of)\s+"
    r"(?:a\s+|an\s+|the\s+|about\s+|like\s+)?$",
    re.IGNORECASE,
)
_PIECE_NOUN = re.compile(rf"\b({PIECES})\b", re.IGNORECASE)


def pieces_for_amount(question: Question) -> Calculation | None:
    """The number of pieces of a given mg that make an amount of mg."""
    if not question.says(r"\bhow\s+many\b") or piece_counts(question):
        return None
    if question.find("percent", "concentration", "volume", "money"):
        return None
    amounts = question.find("mass", unit="mg", without=("limit",))
    pieces = [q for q in amounts if q.per in ("piece", "serving")]
    wanted = [q for q in amounts if q.per is None]
    if len(amounts) != 2 or len(pieces) != 1 or len(wanted) != 1:
        return None
    piece, amount = pieces[0], wanted[0]
    if amount.value < piece.value or not _TO_MAKE.search(
        question.text[max(0, amount.start - 20) : amount.start]
    ):
        return None
    question.use(piece, amount)
    noun = _PIECE_NOUN.search(question.text)
    forms = _forms(noun.group(1) if noun else "piece")
    return serving.pieces_for_amount(amount.value, piece.value, *forms)


def _forms(noun: str) -> tuple[str, str]:
    """The piece's name, one and several ("gummy", "gummies")."""
    word = noun.lower()
    if word.endswith("ies"):
        return word[:-3] + "y", word
    if word.endswith("y"):
        return word, word[:-1] + "ies"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1], word
    return word, word + "s"
