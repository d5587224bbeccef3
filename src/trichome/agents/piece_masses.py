"""Reader for how many pieces a mass makes when one piece's weight is written after it
("how many pre-rolls from a QP if each is 0.75 g", "joints out of an ounce at 0.5 g
apiece", "1.3 kg into 0.7g prerolls how many"): the mass over one piece's mass, in whole
pieces (`operations_calculators.pieces_from` rounds down)."""

from __future__ import annotations

import re

from trichome.agents import operations_calculators as operations
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation

_PIECE = (
    r"pre[-\s]?rolls?|joints?|blunts?|cones?|carts?|cartridges?|pens?|vapes?|"
    r"disposables?|jars?|bags?|baggies|eighths?|grams?|dabs?|syringes?|pieces?|units?"
)
# "how many 1 g joints", or asked after the pieces are named ("into 0.7g prerolls how many")
_ASKS = re.compile(
    rf"\bhow\s+many\s+(?:[\w-]+\s+)?(?:{_PIECE})\b|\b(?:{_PIECE})\W*how\s+many\b",
    re.IGNORECASE,
)
# "if each is 0.75g", "each one weighs", "every joint gets"
_EACH_BEFORE = re.compile(
    rf"\b(?:each|every)(?:\s+(?:one|1|{_PIECE}))?\s+(?:is|weighs|gets|holds|has|takes|at|=)\s*"
    r"(?:about\s+|around\s+|~\s*)?$",
    re.IGNORECASE,
)
_EACH_AFTER = re.compile(
    rf"^\s*(?:each|apiece|a\s+piece|per\s+(?:{_PIECE}|piece))\b", re.IGNORECASE
)


def pieces_by_weight(question: Question) -> Calculation | None:
    """Whole pieces of a stated weight from a stated mass."""
    if not _ASKS.search(question.text) or not question.says(r"\b(?:from|out\s+of|outta|into)\b"):
        return None
    if question.find("percent") or question.find("money"):
        return None
    masses = [q for q in question.find("mass") if q.per in (None, "piece")]
    each = [
        q
        for q in masses
        if q.per == "piece"
        or _EACH_BEFORE.search(question.text[max(0, q.start - 30) : q.start])
        or _EACH_AFTER.match(question.text[q.end : q.end + 20])
    ]
    wholes = [q for q in masses if q not in each]
    if len(each) != 1 or len(wholes) != 1:
        return None
    piece, whole = each[0], wholes[0]
    question.use(piece, whole)
    return operations.pieces_from(whole.value, whole.unit, piece.value, piece.unit)
