"""Reader for a COA's readings carried into a dosing question ("d9 89.2%, thca 1.5%: how
many grams of disty for 600 gummies at 10 mg?"): the total THC from the readings is the
concentrate's potency, and the concentrate needed is worked from it (a chain of two)."""

from __future__ import annotations

from trichome.agents import formulation_readers as formulation
from trichome.agents.calculation_questions import (
    CONCENTRATE,
    NOT_POTENCY,
    Question,
    piece_counts,
)
from trichome.agents.calculators import Calculation

_ASKS_AMOUNT = (
    r"how\s+(?:much|many)\s+(?:grams?|g|kg|kilos?|ml|mls|oz)\b|how\s+much\s+(?:of\s+)?"
    r"(?:the\s+|our\s+|my\s+)?(?:" + CONCENTRATE + r")|\b(?:grams?|g)\s+(?:of\s+)?(?:the\s+)?"
    r"(?:" + CONCENTRATE + r")\s+(?:do\s+(?:i|we)\s+need|needed|for|to\s+make)"
)


def coa_then_dose(question: Question) -> Calculation | None:
    """The concentrate for N pieces at a dose, its potency the total THC of its COA."""
    without = NOT_POTENCY | {"target", "price", "limit"}
    acids = question.find("percent", cannabinoids=("THCA",), without=without)
    neutrals = question.find("percent", cannabinoids=("THC",), without=without)
    if not acids or not neutrals or not question.says(_ASKS_AMOUNT):
        return None
    if not piece_counts(question) or not question.find("mass", unit="mg"):
        return None
    return formulation.infusion_or_dose(question)
