"""Words in a follow-up that point back at an earlier turn of a calculation conversation.

"2,000 of them" after "making gummies with 91% disty" counts the gummies named before;
"how many mg in a 3.5 g eighth then" after a COA's readings asks the THC in that eighth,
not the eighth's weight in milligrams.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.calculation_questions import NOT_POTENCY
from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.normalising import normalise
from trichome.agents.quantities import read
from trichome.agents.unit_words import PIECES

# "2000 of them", "300 of em", "150 of those": a count of the pieces an earlier turn named
_OF_THEM = re.compile(
    r"\b(\d+(?:\.\d+)?)\s+of\s+(?:them|those|these|em|'em)\b(?!\s+(?:at|is|are|was|were)\b)",
    re.IGNORECASE,
)
_PIECE_NAMED = re.compile(rf"\b({PIECES})\b", re.IGNORECASE)


def counted_earlier(previous: str, update: str) -> str:
    """The follow-up with "N of them" written as N of the pieces the earlier turns named
    last ("making gummies ...", then "2,000 of them": 2000 gummies)."""
    named = _PIECE_NAMED.findall(previous)
    if not named or not _OF_THEM.search(update):
        return update
    return _OF_THEM.sub(lambda m: f"{m.group(1)} {named[-1]}", update)


def mg_of_earlier_potency(alone: RecognisedCalculation | None, earlier: Sequence[str]) -> bool:
    """Whether the latest turn, read alone, only converts a mass to mg while an earlier turn
    gave a potency: the milligrams asked are then the cannabinoid's in that mass ("thca
    23.5%, d9 0.4%", "total thc?", "how many mg in a 3.5 g eighth then")."""
    if alone is None or alone.calculation is None:
        return False
    calculation = alone.calculation
    if calculation.name != "convert" or calculation.unit != "mg":
        return False
    return any(
        (q.kind == "percent" or (q.kind == "concentration" and q.unit == "mg/g"))
        and not q.tags & (NOT_POTENCY | {"target", "price"})
        for turn in earlier
        for q in read(normalise(turn))
    )
