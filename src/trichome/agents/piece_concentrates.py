"""Reader for the concentrate in one piece: "rosin at 760 mg/g, want 25 mg a chocolate, how
many mg of rosin per piece?" needs no count of pieces, only the dose and the potency.

The amount is the infusion calculator's for one piece (dose ÷ potency, before any process
loss), shown in mg, the scale one piece is weighed at.
"""

from __future__ import annotations

from dataclasses import replace

from trichome.agents import formulation_calculators as formulation
from trichome.agents.asked_units import to_unit
from trichome.agents.calculation_questions import (
    CONCENTRATE,
    Question,
    lost_share,
    named_cannabinoid,
    one,
    piece_counts,
    potency_readings,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.unit_words import PIECES

# "how many mg of rosin per piece", "how much distillate goes in each gummy", "what amount of
# oil per cookie": the concentrate's amount asked for one piece.
_ASKED_PER_PIECE = (
    r"\b(?:how\s+much|how\s+many\s+(?:mgs?|milligrams|grams|g|ml|mls)|what\s+amount)\b"
    rf"[^.?!\n]*?\b(?:per|each|a|in\s+(?:each|one|a|every)|for\s+(?:each|one|a|every))\s+"
    rf"(?:{PIECES})\b"
)


def concentrate_per_piece(question: Question) -> Calculation | None:
    """mg of concentrate in one piece from the dose wanted in it and the potency."""
    if piece_counts(question) or not question.says(_ASKED_PER_PIECE):
        return None
    if not question.says(CONCENTRATE) or question.find("mass", unit="g"):
        return None  # no concentrate named, or a mass of it given: a batch, read elsewhere
    doses = question.find("mass", unit="mg", per=("piece", "serving"))
    potencies = potency_readings(question)
    if len(doses) != 1 or len(potencies) != 1:
        return None
    dose = one(question, doses, "the dose per piece")
    strength = one(question, potencies, "the concentrate's potency")
    assert dose is not None and strength is not None
    name = named_cannabinoid(question, strength)
    result = to_unit(
        formulation.infusion(1, dose.value, strength.value, lost_share(question), name), "mg"
    )
    return replace(
        result,
        unit="mg of concentrate per piece",
        summary=(
            f"Each piece takes {fmt(result.value, 4)} mg of {fmt(strength.value, 4)}% "
            f"concentrate for {fmt(dose.value)} mg {name}."
        ),
    )
