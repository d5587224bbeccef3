"""Reader for a kitchen infusion worked backwards: the flower (or concentrate) to put in for
a strength wanted per measure ("5 mg per tsp in a cup of butter: how many grams of 15%
flower?").

The THC wanted in the whole batch is the strength times the measures in the butter or oil;
the material that carries it is that THC over its potency (15% is 150 mg of THC a gram),
raised for any share said to be lost in the infusion. The same convention as
`kitchen_calculators.kitchen_infusion` run forwards: the stated potency goes in whole unless
the question says some is lost.
"""

from __future__ import annotations

from trichome.agents import units
from trichome.agents.calculation_questions import (
    Question,
    kept_percent,
    named_cannabinoid,
    one,
    potency_readings,
)
from trichome.agents.calculators import Calculation, fmt, positive, quantity

_FAT = r"butter|ghee|oil|coconut|olive|mct|lard|milk|cream|honey|syrup"
_ASKS_MATERIAL = (
    r"how\s+(?:many\s+(?:grams?|g|ounces?|oz)|much)\s+(?:of\s+)?(?:(?:the|my|our|this|that)\s+)?"
    r"(?:[\d.]+\s*%\s*)?(?:[a-z-]+\s+)?(?:flower|bud|trim|shake|weed|kief|hash|rosin|"
    r"distill?ate|disty|concentrate|isolate)\b|"
    r"(?:grams?|g)\s+of\s+(?:[\d.]+\s*%\s*)?(?:[a-z-]+\s+)?(?:flower|bud|trim|shake|weed)\b"
    r"[^.?!]{0,20}\b(?:do\s+(?:i|we)\s+need|should\s+(?:i|we)\s+use|to\s+use)"
)


def flower_for_strength(question: Question) -> Calculation | None:
    """The material to infuse for a strength wanted per measure of butter or oil."""
    if not question.says(_ASKS_MATERIAL) or not question.says(_FAT):
        return None
    strengths = [q for q in question.find("mass", unit="mg") if q.per and _is_volume(q.per)]
    fats = [q for q in question.find("volume") if q.per is None]
    materials = [q for q in question.find("mass") if q.per is None]
    potencies = potency_readings(question)
    if len(strengths) != 1 or len(fats) != 1 or materials or not potencies:
        return None
    strength, fat = strengths[0], fats[0]
    found = one(question, potencies[:1], "the potency")
    assert found is not None
    question.use(strength, fat)
    name = named_cannabinoid(question, found)
    return material_for_strength(
        strength.value,
        str(strength.per),
        fat.value,
        fat.unit,
        found.value,
        kept_percent(question),
        name,
    )


def material_for_strength(
    strength_mg: float,
    measure: str,
    fat_amount: float,
    fat_unit: str,
    potency_percent: float,
    kept: float = 100.0,
    name: str = "THC",
) -> Calculation:
    """Grams of material at `potency_percent` for `strength_mg` per `measure` of a batch of
    `fat_amount` `fat_unit`, when `kept` % of its THC reaches the fat.

    Raises:
        CalculationError: a strength, amount, potency or kept share that is not positive.
    """
    positive("the strength you want", strength_mg)
    positive("the amount of butter or oil", fat_amount)
    positive("the potency", potency_percent)
    positive("the share kept", kept)
    measures = units.millilitres(fat_amount, fat_unit) / units.millilitres(1, measure)
    total_mg = strength_mg * measures
    per_gram = potency_percent * 10 * kept / 100
    grams = total_mg / per_gram
    shown = units.label(units.canonical(measure))
    kept_step = (
        f"{fmt(potency_percent * 10)} mg a gram × {fmt(kept)}% kept = {fmt(per_gram, 4)} mg",
    )
    return Calculation(
        "material_for_strength",
        grams,
        "g",
        f"For {fmt(strength_mg, 4)} mg {name} per {shown} in {quantity(fat_amount, fat_unit)}, "
        f"use {fmt(grams, 4)} g of {fmt(potency_percent, 4)}% material "
        f"({fmt(total_mg, 2)} mg {name} in the batch).",
        (
            f"{quantity(fat_amount, fat_unit)} = {fmt(measures, 4)} {shown}",
            f"{fmt(strength_mg, 4)} mg × {fmt(measures, 4)} = {fmt(total_mg, 2)} mg {name}",
            *(kept_step if kept != 100 else ()),
            f"{fmt(total_mg, 2)} mg ÷ {fmt(per_gram, 4)} mg a gram = {fmt(grams, 4)} g",
        ),
        details={"total_mg": total_mg, "grams": grams},
        formula="grams = strength × measures in the batch ÷ (potency × 10 mg/g × share kept)",
        inputs=(
            f"strength wanted: {fmt(strength_mg, 4)} mg per {shown}",
            f"butter or oil: {quantity(fat_amount, fat_unit)}",
            f"potency: {fmt(potency_percent, 4)}%",
        ),
        assumptions=() if kept != 100 else ("all the THC reaches the butter or oil",),
    )


def _is_volume(unit: str) -> bool:
    try:
        return units.kind(unit) == "volume"
    except (units.UnitError, ValueError):
        return False
