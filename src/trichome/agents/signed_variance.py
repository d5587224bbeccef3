"""Reader for a lab result's signed variance from its label claim, which needs no tolerance.

"label says 10 mg, lab got 8.7: the variance?" asks (measured - label) / label in percent,
signed (negative when the product tests under its label), and the answer gives the
difference in the label's unit beside it (`label_deviation`): "how many mg off?" leads with
that. Only a pass/fail verdict needs the variance allowed; that stays with
`variance_readers.variance`, which asks for it when no rule supplies it.
"""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, fmt, positive
from trichome.agents.label_deviation import AMOUNT, PERCENT, Deviation
from trichome.agents.quantities import Quantity

# How far a result is from its label, however it is asked: how far off, how much over,
# off by how much, how close to the label, within the label (no tolerance given), the
# variance, the deviation, the difference.
ASKS_DEVIATION = (
    r"how\s+(?:far|much)\s+(?:off|over|under|from|out|away)|\bdeviat\w*|\boff\s+by\b|"
    r"\bvariance\b(?!\s+(?:limit|window|allow))|\bby\s+how\s+(?:much|many)\b|"
    r"(?:over|under|off)\s+(?:the\s+)?(?:label|claim)\s+by|\bhow\s+close\b|"
    r"\bwithin\s+(?:the\s+)?(?:label|claim)\w*\b(?!\s*[\d.+±])|"
    r"(?:\bpercent|%)\s+(?:off|difference|diff)\b|\bdifference\b|"  # "% off?": no \b before %
    r"\bhow\s+many\s+(?:mg|milligrams?|g|grams?|(?:percentage\s+)?points?)\s+"
    r"(?:off|over|under|out|short|from|away)\b"
)
# The difference asked in the label's own unit ("how many mg off", "off by how many grams",
# "the difference in points"), unless a percentage is asked as well.
_ASKS_AMOUNT = (
    r"\bhow\s+many\s+(?:mg|milligrams?|g|grams?|(?:percentage\s+)?points?)\b|"
    r"\b(?:difference|off|over|under)\s+in\s+(?:mg|milligrams?|grams?|(?:percentage\s+)?points)\b"
)
_ASKS_PERCENT = r"\bpercent\w*|\bpct\b|\bin\s+%|%\s*\?|\bhow\s+many\s+%"
_ASKED = ASKS_DEVIATION
# a pass/fail verdict, a window or a range needs the allowed variance: not this reader's
_VERDICT = (
    r"\bpass\w*|\bfail\w*|\bwithin\b(?!\s+(?:the\s+)?(?:label|claim)\w*\b(?!\s*[\d.+±]))|"
    r"\bwindow\b|\brange\b|\btolerance\b|\ballow\w*|\+/-|"
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
    return variance_from_label(claim.value, measured.value, unit, deviation_asked(question))


def deviation_asked(question: Question) -> str:
    """Which figure of a deviation leads: the difference in the label's unit when only that
    is asked for, else the percentage the states' rules judge."""
    if question.says(_ASKS_AMOUNT) and not question.says(_ASKS_PERCENT):
        return AMOUNT
    return PERCENT


def _names(question: Question, quantity: Quantity, words: str) -> bool:
    """Whether the words just before the quantity, in its own clause, name it."""
    before = re.split(r"[,;]", question.text[max(0, quantity.start - 40) : quantity.start])[-1]
    return bool(re.search(words, before, re.IGNORECASE))


def variance_from_label(
    claim: float, measured: float, unit: str, lead: str = PERCENT
) -> Calculation:
    """(measured - claim) / claim x 100, signed, with the difference in the label's unit; the
    `lead` figure is the result.

    Raises:
        CalculationError: a label claim that is not positive, or a negative result.
    """
    positive("the label claim", claim)
    if measured < 0:
        positive("the lab's result", measured)
    deviation = Deviation(claim, measured, unit)
    value, shown = deviation.value(lead)
    return Calculation(
        "label_variance",
        value,
        shown,
        deviation.sentence(lead),
        deviation.steps(),
        details={**deviation.details(), "variance_percent": deviation.percent},
        formula="variance = (measured - label) ÷ label × 100; difference = measured - label",
        inputs=(f"label claim: {_amount(claim, unit)}", f"lab result: {_amount(measured, unit)}"),
        assumptions=("a pass/fail verdict needs the variance your state allows",),
    )


def _amount(value: float, unit: str) -> str:
    return f"{fmt(value, 4)}{'' if unit == '%' else ' '}{unit}".rstrip()
