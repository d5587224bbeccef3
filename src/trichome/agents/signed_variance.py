"""Reader for a lab result's signed variance from its label claim, which needs no tolerance.

"label says 10 mg, lab got 8.7: the variance?" asks (measured - label) / label in percent,
signed (negative when the product tests under its label). Only a pass/fail verdict needs the
variance allowed; that stays with `variance_readers.variance`, which asks for it when no rule
supplies it.
"""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, fmt, positive
from trichome.agents.quantities import Quantity

_ASKED = (
    r"\bvariance\b|how\s+far\s+(?:off|over|under|from)|\bdeviat\w*|\boff\s+by\b|"
    r"(?:\bpercent|%)\s+(?:off|difference|diff)\b|\bdifference\b"  # "% off?": no \b before %
)
# a pass/fail verdict, a window or a range needs the allowed variance: not this reader's
_VERDICT = (
    r"\bpass\w*|\bfail\w*|\bwithin\b|\bwindow\b|\brange\b|\btolerance\b|\ballow\w*|\+/-|"
    r"plus\s+or\s+minus|\bok(?:ay)?\b|\bcomplian\w*|\blowest\b|\bhighest\b|\bin\s+spec\b"
)
_MEASURED = (
    r"\b(?:lab|coa|test\w*|came\s+back|got|measured|results?|found|assay\w*|actual)\b"
    r"[^.?!\d]{0,25}$"
)
_CLAIMED = r"\b(?:label\w*|claim\w*|says|stated|advertised|printed|supposed|should\s+be)\b"


def signed_variance(question: Question) -> Calculation | None:
    """The signed % a lab result sits from its label claim."""
    if not question.says(_ASKED) or question.says(_VERDICT) or not question.says(_CLAIMED):
        return None
    if question.find("percent", tags=("tolerance",)):
        return None
    found = [q for q in question.find("mass", "percent", "number") if not q.is_range]
    if len(found) != 2:
        return None
    claim, measured = found
    if _names(question, claim, _MEASURED) and _names(
        question, measured, _CLAIMED + r"[^.?!\d]{0,25}$"
    ):
        # "coa has 18.2%, label says 20%": the lab's result written first
        claim, measured = measured, claim
    if measured.kind == "number":  # "lab got 8.7" after "10 mg": the label's unit
        if claim.kind == "number":
            return None
    elif claim.kind != measured.kind or (claim.kind == "mass" and claim.unit != measured.unit):
        return None
    before = question.text[max(0, measured.start - 40) : measured.start]
    if not re.search(_MEASURED, before, re.IGNORECASE):
        return None
    question.use(claim, measured)
    unit = "%" if claim.kind == "percent" else units.label(claim.unit) if claim.unit else ""
    return variance_from_label(claim.value, measured.value, unit)


def _names(question: Question, quantity: Quantity, words: str) -> bool:
    """Whether the words just before the quantity, in its own clause, name it."""
    before = re.split(r"[,;]", question.text[max(0, quantity.start - 40) : quantity.start])[-1]
    return bool(re.search(words, before, re.IGNORECASE))


def variance_from_label(claim: float, measured: float, unit: str) -> Calculation:
    """(measured - claim) / claim x 100, signed.

    Raises:
        CalculationError: a label claim that is not positive, or a negative result.
    """
    positive("the label claim", claim)
    if measured < 0:
        positive("the lab's result", measured)
    variance = (measured - claim) / claim * 100
    side = "over" if variance > 0 else "under" if variance < 0 else "exactly on"
    return Calculation(
        "label_variance",
        variance,
        "% from the label",
        f"The lab's {fmt(measured, 4)} {unit} is {fmt(variance, 2)}% from the label's "
        f"{fmt(claim, 4)} {unit} ({side} the label).",
        (
            f"{fmt(measured, 4)} - {fmt(claim, 4)} = {fmt(measured - claim, 4)} {unit}",
            f"{fmt(measured - claim, 4)} ÷ {fmt(claim, 4)} × 100 = {fmt(variance, 2)}%",
        ),
        details={"variance_percent": variance, "label": claim, "measured": measured},
        formula="variance = (measured - label) ÷ label × 100",
        inputs=(f"label claim: {fmt(claim, 4)} {unit}", f"lab result: {fmt(measured, 4)} {unit}"),
        assumptions=("a pass/fail verdict needs the variance your state allows",),
    )
