"""Pieces a batch makes from the THC in the whole batch and the dose in each piece:
"7,200 mg of THC in the batch, 5 mg per piece, how many?", "kettle holds 4.5 g THC, dosing
2.5 mg a gummy". The batch's THC is the total; it is shared out at the dose, whole pieces
only."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import formulation_calculators as formulation
from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.calculation_questions import (
    Question,
    ask,
    named_cannabinoid,
    piece_counts,
    potency_readings,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.unit_words import MODAL_CAN, PIECES

# Words beside an amount saying it is the whole batch's THC, not a piece's or a product's.
_WHOLE_BATCH = re.compile(
    r"\b(?:batch|kettle|pot|run|lot|mix(?:ture)?|vat|tank|whole\s+thing|all\s+together|"
    r"in\s+total|total)\b",
    re.IGNORECASE,
)
_OF_THC = re.compile(r"\s*(?:of\s+)?(?:active\s+)?(?:thc|cbd)\b", re.IGNORECASE)
_HOW_MANY = re.compile(rf"\bhow\s+many\b(?:\s+(?P<noun>{PIECES}))?", re.IGNORECASE)


def pieces_from_batch_total(question: Question) -> Calculation | None:
    """Whole pieces from a batch's THC at a dose per piece; None when the question does not
    give a batch's THC and one dose, or gives a potency or a count of pieces."""
    asked = _HOW_MANY.search(question.text)
    if asked is None or potency_readings(question):
        return None
    if [c for c in piece_counts(question) if c.value != 1]:
        return None
    doses = question.find("mass", unit="mg", per=("piece", "serving"), without=("limit",))
    totals = [
        q
        for q in question.find("mass", per=(None, "package"), without=("limit",))
        if q.kind == "mass"
        and _WHOLE_BATCH.search(
            question.text[max(0, q.start - 30) : q.start] + " " + question.text[q.end : q.end + 30]
        )
    ]
    if len(doses) != 1 or len(totals) != 1 or totals[0].start > asked.start():
        return None
    total, dose = totals[0], doses[0]
    if total.unit != "mg" and not _OF_THC.match(question.text[total.end : total.end + 16]):
        # "6 g of distillate in the pot": its THC needs the concentrate's potency
        raise ask(question, needs.CONCENTRATE_POTENCY)
    total_mg = units.convert(total.value, total.unit, "mg")
    question.use(total, dose)
    name = named_cannabinoid(question, None)  # a CBD batch is shared out as CBD, not THC
    worked = formulation.servings_check(total_mg, dose.value, cannabinoid=name)
    named = asked.group("noun")
    noun = "pieces" if not named or MODAL_CAN.match(question.text, asked.start("noun")) else named
    noun = noun.lower()
    whole = int(worked.value)
    return replace(
        worked,
        name="pieces_from_batch_total",
        unit=noun,
        summary=f"{fmt(total_mg)} mg of {name} in the batch at {fmt(dose.value)} mg each makes "
        f"{whole:,} whole {noun}"
        + (f" ({fmt(worked.details['exact'])} exactly)." if worked.warnings else "."),
        formula=f"pieces = mg {name} in the batch ÷ mg per piece, rounded down to whole pieces",
        inputs=(f"{name} in the batch: {total.text}", f"{name} per piece: {dose.text}"),
        assumptions=(f"the batch's {name} is spread evenly, and none is lost in making",),
    )
