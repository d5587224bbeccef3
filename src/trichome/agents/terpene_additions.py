"""A weighed amount of terpenes added to a batch at a potency: the batch's potency after, and
the terpenes' share of it ("adding 50 g of terps to 2 kg of 70% distillate, new potency?").

The batch's weight may name either side of the addition: "2 kg of 70% distillate" is the
batch before the terpenes go in, "the finished batch came out to 2 kg" the batch after. When
the words do not say ("adding 50 g of terps to my 70% batch, it's 2 kg"), the two readings
give different answers (68.29% or 68.25%), so the answer takes the batch as weighed before
the addition (the weight is said of the batch at 70%, which is the batch before terpenes),
says so, and gives the other reading beside it (`details["other_reading"]`); it never
picks one silently. Terpenes are taken to carry no THC (said in the assumptions).
"""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents.calculation_questions import NOT_POTENCY, Question
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    grams_of,
    percent,
    quantity,
)
from trichome.agents.quantities import Quantity

BEFORE, AFTER = "before", "after"


def potency_after_terpenes(
    batch: float, batch_unit: str, potency: float, terpenes: float, terpene_unit: str,
    batch_is: str = BEFORE,
) -> Calculation:  # fmt: skip
    """The potency (%) of a batch after `terpenes` are added, the batch weighing `batch`
    before the addition (`batch_is` "before") or after it ("after"); the terpenes' share of
    the finished batch is in the details.

    Raises:
        CalculationError: a non-positive weight, a potency outside (0, 100], an unknown
            `batch_is`, or a finished batch no heavier than the terpenes in it.
    """
    batch_g = grams_of("the batch", batch, batch_unit)
    terp_g = grams_of("the terpenes", terpenes, terpene_unit)
    strength = percent("the batch's potency", potency)
    if batch_is not in (BEFORE, AFTER):
        raise CalculationError(f"batch_is must be {BEFORE!r} or {AFTER!r}, got {batch_is!r}")
    if batch_is == BEFORE:
        base_g, final_g = batch_g, batch_g + terp_g
        first = f"finished batch: {fmt(batch_g, 6)} g + {fmt(terp_g, 6)} g = {fmt(final_g, 6)} g"
    else:
        if batch_g <= terp_g:
            raise CalculationError(
                f"a finished batch of {quantity(batch, batch_unit)} cannot hold "
                f"{quantity(terpenes, terpene_unit)} of terpenes and some distillate"
            )
        base_g, final_g = batch_g - terp_g, batch_g
        first = f"distillate: {fmt(batch_g, 6)} g - {fmt(terp_g, 6)} g = {fmt(base_g, 6)} g"
    result = strength * base_g / final_g
    share = terp_g / final_g * 100
    said = "before" if batch_is == BEFORE else "after (terpenes in)"
    return Calculation(
        "potency_after_terpenes",
        result,
        "%",
        f"After the terpenes the batch is {fmt(result, 4)}% ({fmt(final_g, 6)} g, "
        f"{fmt(share, 4)}% terpenes).",
        (
            first,
            f"THC: {fmt(base_g, 6)} g × {fmt(strength, 4)}% = {fmt(base_g * strength / 100, 6)} g",
            f"{fmt(base_g * strength / 100, 6)} g ÷ {fmt(final_g, 6)} g = {fmt(result, 4)}%",
            f"terpenes: {fmt(terp_g, 6)} g ÷ {fmt(final_g, 6)} g = {fmt(share, 4)}%",
        ),
        details={"terpene_percent": share, "finished_g": final_g, "distillate_g": base_g},
        formula="potency after = potency × distillate ÷ (distillate + terpenes)",
        inputs=(
            f"batch {said}: {quantity(batch, batch_unit)} at {fmt(strength, 4)}%",
            f"terpenes added: {quantity(terpenes, terpene_unit)}",
        ),
        assumptions=("terpenes carry no THC",),
    )


# "50 g of terps", "50g terpenes", "50 g terp blend"
_TERPENES_AFTER = re.compile(r"^\s*(?:of\s+)?(?:the\s+)?(?:terps?|terpenes?|terp\s+blend)\b", re.I)
# The weight said of the batch before the addition: "2 kg of 70% distillate", "to 2 kg of".
_BEFORE_WORDS = re.compile(
    r"^\s*(?:of\s+)?(?:(?:the|our|my|a)\s+)?(?:[\d.]+\s*%\s+)?(?:thc\s+)?(?:distill?ate|disty|"
    r"oil|concentrate|extract|base)\b",
    re.IGNORECASE,
)
# The weight said of the batch after: "came out to 2 kg", "final batch is 2 kg", "2 kg total".
_AFTER_BEFORE = re.compile(
    r"\b(?:final|finished|total|end(?:ed)?\s+up|ends\s+up|came\s+out|comes\s+out|after|"
    r"with\s+(?:the\s+)?terps?\s+in|all\s+in)\b[^.,;?]{0,30}$",
    re.IGNORECASE,
)
_AFTER_AFTER = re.compile(r"^\s*(?:total|in\s+all|all\s+in|finished|final|after)\b", re.I)
# Asked: the terpenes' share ("what % terps", "terp percentage") or the potency (else).
_SHARE_ASKED = re.compile(
    r"(?:%|percent(?:age)?)\s+(?:of\s+)?terp|terp\w*\s+(?:%|percent(?:age)?|share|ratio|load)",
    re.IGNORECASE,
)
_OTHER = {
    BEFORE: "If the {batch} is the finished batch with the terpenes in, it would be {value}.",
    AFTER: "If the {batch} is the batch before the terpenes, it would be {value}.",
}


def terpene_addition(question: Question) -> Calculation | None:
    """The potency (or terpene share) after a weighed amount of terpenes goes into a batch
    at a stated potency; None when the question is not that."""
    if not question.says(r"terp"):
        return None
    masses = question.find("mass", per=(None,))
    terps = [q for q in masses if _TERPENES_AFTER.match(question.text[q.end :])]
    bases = [q for q in masses if q not in terps]
    potencies = [
        q
        for q in question.find("percent", without=NOT_POTENCY | {"target", "price"})
        if q.cannabinoid in (None, "THC") and not _TERPENES_AFTER.match(question.text[q.end :])
    ]
    if len(terps) != 1 or len(bases) != 1 or len(potencies) != 1:
        return None
    if len(question.find("percent")) != 1:
        return None  # a terpene share given too: `terpene_readers`
    terp, base, potency = terps[0], bases[0], potencies[0]
    said = _said_of(question, base)
    reading = said or BEFORE
    worked = potency_after_terpenes(
        base.value, base.unit, potency.value, terp.value, terp.unit, reading
    )
    question.use(base, potency, terp)
    share = _SHARE_ASKED.search(question.text) is not None
    key = "terpene_percent"
    if share:
        worked = replace(
            worked,
            value=worked.details[key],
            summary=f"The terpenes are {fmt(worked.details[key], 4)}% of the finished batch. "
            + worked.summary,
        )
    if said is not None:
        return worked
    other = potency_after_terpenes(
        base.value, base.unit, potency.value, terp.value, terp.unit, AFTER
    )
    other_value = other.details[key] if share else other.value
    batch = f"{quantity(base.value, base.unit)}"
    return replace(
        worked,
        summary=f"{worked.summary} Read with the {batch} as the {fmt(potency.value, 4)}% batch "
        f"before the terpenes go in. "
        + _OTHER[reading].format(batch=batch, value=f"{fmt(other_value, 4)}%"),
        details={**worked.details, "other_reading": other_value},
        assumptions=(
            *worked.assumptions,
            f"the words do not say whether {batch} is the batch before or after the terpenes: "
            "read as before, the other reading given beside it",
        ),
    )


def _said_of(question: Question, base: Quantity) -> str | None:
    """Whether the batch's weight is said of the batch before the terpenes or after them."""
    text = question.text
    if _BEFORE_WORDS.match(text[base.end :]):
        return BEFORE
    if _AFTER_BEFORE.search(text[max(0, base.start - 50) : base.start]) or _AFTER_AFTER.match(
        text[base.end :]
    ):
        return AFTER
    return None
