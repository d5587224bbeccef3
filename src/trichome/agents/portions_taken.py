"""The pieces of a batch someone ate or took, asked for their THC: "made 24 cookies with 7 g
of 20% flower, i ate 6 (or half the cookies, a third of them): how much thc did i eat?".

The infusion calculator works out each piece's mg; this multiplies it by the pieces taken,
or the batch's mg by the share taken. A count after "ate", "had" or "took" is the pieces
taken, never a second batch size to scale to, and a share after those verbs is of the
pieces, never a potency ("a quarter of the cookies" is not 25% THC). Taking more pieces
than the batch holds is said back, with no number. (Issue 20: no input dropped.)
"""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.quantities import Quantity
from trichome.agents.unit_words import TAKEN

_SHARES = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "thirds": 2 / 3, "quarters": 0.75}
_SHOWN = {
    "third": "a third",
    "quarter": "a quarter",
    "thirds": "two thirds",
    "quarters": "three quarters",
}
# "half the cookies", "a third of them", "two thirds of the batch" (read as "2 thirds").
_SHARE_TAKEN = re.compile(
    TAKEN + r"(?P<share>half|(?:a|one|1)\s+(?:third|quarter)|(?:two|2)\s+thirds|"
    r"(?:three|3)\s+quarters)\s+(?:of\s+)?(?:the|them|those|these|it|that|my|our|all)\b",
    re.IGNORECASE,
)
_COUNT_TAKEN = re.compile(TAKEN + r"$", re.IGNORECASE)


def share_taken(text: str) -> tuple[float, re.Match[str]] | None:
    """The share of the batch taken, with where it is said."""
    found = _SHARE_TAKEN.search(text)
    if found is None:
        return None
    return _SHARES[found.group("share").lower().split()[-1]], found


# "she had 3 cookies out of a batch of 36", "got 2 from the pan": pieces had from a whole
# ("we had 24 cookies" alone is what was made).
_HAD_BEFORE = re.compile(
    r"\b(?:had|has|have|got|grabbed|snagged)\s+(?:about\s+|like\s+|only\s+|just\s+)?$", re.I
)
_OUT_OF_AFTER = re.compile(
    r"\s*(?:[a-z]+\s+)?(?:out\s+of|from)\s+(?:a|an|the|our|my|that|this|his|her)\b", re.I
)


def is_taken(text: str, count: Quantity) -> bool:
    """Whether a count is of pieces someone took ("i ate 6", "had 2 of them", "she had 3
    cookies out of a batch of 36")."""
    before = text[max(0, count.start - 40) : count.start]
    share = re.match(r"\s*(?:halves|thirds?|quarters?)\b", text[count.end :], re.IGNORECASE)
    had = _HAD_BEFORE.search(before) and _OUT_OF_AFTER.match(text, count.end)
    return (
        count.kind in ("count", "number") and not share and bool(_COUNT_TAKEN.search(before) or had)
    )


def taken(calculation: Calculation, text: str, counts: list[Quantity]) -> Calculation:
    """A per-piece dose turned into the THC of the pieces taken; unchanged when no pieces
    are said to be taken or the calculation is not a dose per piece.

    Raises:
        CalculationError: more pieces taken than the batch made.
    """
    total = calculation.details.get("total_mg")
    if calculation.name != "dose_per_unit" or total is None or calculation.value <= 0:
        return calculation
    made = round(total / calculation.value)
    share = share_taken(text)
    pieces_taken = [c for c in counts if is_taken(text, c) and c.value != made]
    if pieces_taken:
        pieces = pieces_taken[0].value
        if pieces > made:
            raise CalculationError(
                f"{fmt(pieces)} pieces taken is more than the {fmt(made)} the batch made; "
                "check the counts"
            )
        mg = calculation.value * pieces
        said = f"{fmt(pieces)} of them"
        step = f"{fmt(calculation.value, 4)} mg × {fmt(pieces)} pieces = {fmt(mg, 4)} mg"
    elif share is not None:
        mg = total * share[0]
        shown = _SHOWN.get(share[1].group("share").lower().split()[-1], "half")
        said = f"{shown} of them ({fmt(made * share[0], 2)} pieces)"
        step = f"{fmt(total, 4)} mg × {fmt(share[0], 4)} = {fmt(mg, 4)} mg"
    else:
        return calculation
    unit = calculation.unit.split(" per ")[0]  # "mg THC", "mg CBD"
    return replace(
        calculation,
        value=mg,
        unit=unit,
        summary=f"{calculation.summary} Taken: {said}, {fmt(mg)} {unit}.",
        steps=(*calculation.steps, step),
        details={**calculation.details, "per_piece_mg": calculation.value},
    )
