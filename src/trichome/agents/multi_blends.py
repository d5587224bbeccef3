"""Blending three or more lots into one: "100g at 90%, 200g at 80%, 100g at 70%, final %?".
The blend's potency is the weight average of the parts' potencies (the two-part blends and
blends to a target are read by `blend_readers`)."""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.calculation_questions import NOT_POTENCY, Question
from trichome.agents.calculators import Calculation, CalculationError, fmt, positive
from trichome.agents.quantities import Quantity

# "100g at 90%", "200 g of 80%", "100 g @ 70": an amount and its potency written together.
_JOINED = re.compile(r"^\s*(?:of\s+(?:the\s+)?|at\s+|@\s*|[-:,]\s*)?$", re.IGNORECASE)
_MIXED = (
    r"blend|mix|combin|together|homogeni|kettle|pool|poured?\s+in|going\s+in|goes\s+in|"
    r"\bfinal\b|\boverall\b|\baverage\b|end\s+(?:up\s+)?(?:at|with)|comes?\s+out\s+at"
)


def multi_blend(question: Question) -> Calculation | None:
    """The potency of three or more amounts blended, each given with its potency."""
    if not question.says(_MIXED):
        return None
    amounts = [q for q in question.find("mass", "volume") if q.per is None]
    potencies = question.find("percent", without=NOT_POTENCY | {"terpene"})
    if len(amounts) < 3 or len(potencies) != len(amounts):
        return None
    parts: list[tuple[Quantity, Quantity]] = []
    for amount, potency in zip(amounts, potencies, strict=True):
        between = question.text[amount.end : potency.start]
        if potency.start < amount.end or not _JOINED.match(between):
            return None
        parts.append((amount, potency))
    if len({units.kind(a.unit) for a, _ in parts}) != 1:
        return None
    for amount, potency in parts:
        question.use(amount, potency)
    unit = parts[0][0].unit
    return weighted_blend([(units.convert(a.value, a.unit, unit), p.value) for a, p in parts], unit)


def weighted_blend(parts: list[tuple[float, float]], unit: str) -> Calculation:
    """The potency of parts (amount, potency %) blended: sum(amount × %) ÷ sum(amount).

    Raises:
        CalculationError: an amount that is not positive, or a potency outside 0-100%.
    """
    for amount, potency in parts:
        positive("each amount", amount)
        if not 0 <= potency <= 100:
            raise CalculationError(f"A potency of {fmt(potency)}% is impossible (0-100%).")
    shown = units.label(unit)
    total = sum(amount for amount, _ in parts)
    active = sum(amount * potency / 100 for amount, potency in parts)
    result = active / total * 100
    terms = " + ".join(f"{fmt(a, 4)} {shown} × {fmt(p)}%" for a, p in parts)
    return Calculation(
        "blend",
        result,
        "%",
        f"The {len(parts)} parts, {fmt(total, 4)} {shown} in all, blend to {fmt(result, 4)}%.",
        (
            f"{terms} = {fmt(active, 4)} {shown} of cannabinoid",
            f"{fmt(active, 4)} ÷ {fmt(total, 4)} {shown} = {fmt(result, 4)}%",
        ),
        details={"total_amount": total},
        formula="blend % = Σ(amount × %) ÷ Σ amount",
        inputs=tuple(f"{fmt(a, 4)} {shown} at {fmt(p)}%" for a, p in parts),
        assumptions=("the parts mix evenly and nothing is lost in blending",),
    )
