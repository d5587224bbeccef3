"""A blend carried into pieces: the blend's potency is the concentrate's in the next step.

"3 g of 85% + 2 g of 70%, all into 100 gummies, mg each?" shares the whole blend; "then 3 g
of the blend into 60 gummies, mg each" shares the amount of it named; "then how much of the
blend for 1,000 gummies at 10 mg" asks the blend needed for those pieces.
"""

from __future__ import annotations

import re

from trichome.agents import formulation_calculators as formulation
from trichome.agents import units
from trichome.agents.calculation_questions import Question, loss_percent, piece_counts
from trichome.agents.calculators import Calculation, chain
from trichome.agents.quantities import Quantity

# "mg each?", "how many mg per gummy": one piece's THC asked, not the blend's potency
PIECE_DOSE_ASKED = (
    r"\bmgs?\b[^.;]{0,30}?(?:\beach\b|\bper\b|\bapiece\b|\bin\s+(?:each|every|one)\b)"
)
# "how much of the blend", "how many grams of the mix", "grams of it needed": an amount of
# the blend asked, for pieces at a dose
_AMOUNT_ASKED = re.compile(
    r"how\s+(?:much|many\s+(?:grams?|g|kg|kilos?|ml|mls|oz)\b)|"
    r"\b(?:grams?|g|kg)\s+(?:of\s+(?:the\s+|that\s+)?(?:blend|mix|batch|it)\b|needed|"
    r"do\s+(?:i|we)\s+need|to\s+(?:use|weigh|add))",
    re.IGNORECASE,
)


def into_pieces(
    question: Question, blended: Calculation, paired: tuple[Quantity, Quantity], unit: str
) -> Calculation:
    """The blend carried on when pieces follow it: the amount of it for N pieces at a dose
    ("at 10 mg"), or each piece's THC from the blend (all of it, or the amount of it named)."""
    counts = piece_counts(question)
    if len(counts) != 1:
        return blended
    count = counts[0]
    rest = [
        q
        for q in question.find("mass")
        if q not in paired and q.start > max(p.end for p in paired) and not q.is_range
    ]
    doses = [q for q in rest if units.canonical(q.unit) == "mg" and q.per in (None, "piece")]
    if len(doses) == 1 and _AMOUNT_ASKED.search(question.text):
        question.use(count, doses[0])
        needed = formulation.infusion(
            count.value, doses[0].value, blended.value, loss_percent(question)
        )
        return chain([blended, needed])
    if not question.says(PIECE_DOSE_ASKED):
        return blended
    named = [q for q in rest if q.per is None and units.canonical(q.unit) != "mg"]
    mass, mass_unit = (named[0].value, named[0].unit) if len(named) == 1 else (
        sum(units.convert(p.value, p.unit, unit) for p in paired), unit
    )  # fmt: skip
    question.use(count, *named[:1])
    each = formulation.dose_per_unit(blended.value, mass, mass_unit, count.value)
    return chain([blended, each])
