"""The THC in pieces someone takes, each at a dose the question gives: "if i take 2 gummies at
10mg each how much thc is that", "she ate 3 of the 5 mg chocolates, how many mg", "took 4
from a bag of 20 at 5 mg each". No concentrate or potency is involved: the pieces taken times
the mg in each. (Pieces taken from a batch worked out from its concentrate are turned into
their THC by `portions_taken`.)
"""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import serving_calculators as serving
from trichome.agents.calculation_questions import (
    CONCENTRATE,
    NOT_POTENCY,
    Question,
    named_cannabinoid,
    one,
    piece_counts,
)
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.portions_taken import is_taken
from trichome.agents.unit_words import PIECES

# "how much thc is that", "how many mg did i eat", "total?", "what dose is that"
_AMOUNT_ASKED = (
    r"how\s+(?:much|many)(?!\s+(?:more|left|longer|hours?|minutes?|days?|times?|pieces?|"
    rf"{PIECES})\b)|\btotal\b|\bwhat\s+(?:dose|amount)\b|\bmgs?\s*\?"
)
# "the 10 mg gummies", "two 5mg chocolates": a dose written before the piece it is in
_PIECE_AFTER = re.compile(rf"\s*(?:thc\s+|cbd\s+)?(?:[a-z]+\s+)?(?:{PIECES})\b", re.IGNORECASE)


def dose_taken(question: Question) -> Calculation | None:
    """Pieces taken × the mg in each, when the question gives each piece's dose; None when
    no pieces are said to be taken or a concentrate is what doses them.

    Raises:
        CalculationError: more pieces taken than the batch or package holds.
    """
    taken = [
        q
        for q in question.find("count", "number")
        if q.value > 0 and q.value == int(q.value) and is_taken(question.text, q)
    ]
    if len(taken) != 1 or not question.says(_AMOUNT_ASKED):
        return None
    doses = question.find("mass", unit="mg", per=("piece", "serving")) or [
        q
        for q in question.find("mass", unit="mg")
        if q.per is None and _PIECE_AFTER.match(question.text[q.end : q.end + 30])
    ]
    potencies = question.find("percent", without=NOT_POTENCY | {"target", "price"})
    if not doses or potencies or question.says(CONCENTRATE):
        return None
    if question.find("mass", per=(None, "package"), unit="g"):
        return None  # grams of something: an infusion, read by the formulation readers
    dose = one(question, doses, "the dose per piece")
    assert dose is not None
    pieces = taken[0]
    made = [c for c in piece_counts(question) if c is not pieces and not is_taken(question.text, c)]
    if made and pieces.value > made[0].value:
        raise CalculationError(
            f"{fmt(pieces.value)} pieces taken is more than the {fmt(made[0].value)} there "
            "are; check the counts"
        )
    question.use(pieces, *made[:1])
    total = serving.batch_total(
        pieces.value, dose.value, named_cannabinoid(question, dose if dose.cannabinoid else None)
    )
    return replace(
        total,
        summary=f"{fmt(pieces.value)} taken at {fmt(dose.value)} mg each: {fmt(total.value)} "
        f"{total.unit}.",
        inputs=(f"pieces taken: {fmt(pieces.value)}", *total.inputs[1:]),
    )
