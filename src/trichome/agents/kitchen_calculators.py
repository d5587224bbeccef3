"""Kitchen infusions: mg THC per measure of butter or oil infused with flower or
concentrate, and in the portion of it a recipe uses."""

from __future__ import annotations

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    grams_of,
    percent,
    positive,
    quantity,
)
from trichome.agents.potency_calculators import THCA_TO_THC
from trichome.agents.units import UnitError

KITCHEN_MEASURES = ("tsp", "tbsp", "cup")


def kitchen_infusion(
    material: float,
    material_unit: str,
    potency_percent: float,
    fat: float,
    fat_unit: str,
    measure: str = "tbsp",
    efficiency_percent: float = 100,
    potency_is_thca: bool = False,
) -> Calculation:
    """mg THC per kitchen measure of butter or oil infused with `material` at a potency.

    Raises:
        CalculationError: non-positive amounts, a potency over 100%, a fat that is not a volume.
    """
    grams = grams_of("the plant material or concentrate", material, material_unit)
    percent("the potency", potency_percent)
    percent("the extraction efficiency", efficiency_percent)
    positive("the amount of butter or oil", fat)
    try:
        fat_ml = units.millilitres(fat, fat_unit)
        measure_ml = units.millilitres(1, measure)
    except UnitError:
        raise CalculationError(
            "give the butter or oil as a volume (cups, tbsp, tsp, sticks, mL)"
        ) from None
    mg = grams * 1000 * potency_percent / 100
    steps = [
        f"{quantity(material, material_unit)} × {fmt(potency_percent, 4)}% = {fmt(mg)} mg "
        f"{'THCA' if potency_is_thca else 'THC'}"
    ]
    assumptions = []
    if potency_is_thca:
        steps.append(f"decarboxylated: {fmt(mg)} mg × {THCA_TO_THC} = {fmt(mg * THCA_TO_THC)} mg")
        mg *= THCA_TO_THC
    else:
        assumptions.append("the stated potency is total THC (already decarboxylation-adjusted)")
    infused = mg * efficiency_percent / 100
    if efficiency_percent < 100:
        steps.append(f"{fmt(efficiency_percent)}% into the fat: {fmt(infused)} mg")
    else:
        assumptions.append("all of it ends up in the fat: no extraction efficiency was given")
    per_ml = infused / fat_ml
    steps.append(
        f"{quantity(fat, fat_unit)} = {fmt(fat_ml)} mL; {fmt(infused)} mg ÷ "
        f"{fmt(fat_ml)} mL = {fmt(per_ml, 3)} mg/mL"
    )
    per_measure = {m: per_ml * units.millilitres(1, m) for m in KITCHEN_MEASURES}
    steps.append(", ".join(f"{fmt(v)} mg per {m}" for m, v in per_measure.items()))
    assumptions.append(units.convention_note(fat_unit, measure, "cup") or "")
    value = per_ml * measure_ml
    return Calculation(
        "kitchen_infusion",
        value,
        f"mg THC per {units.label(measure)}",
        f"Each {units.label(measure)} holds {fmt(value)} mg THC ({fmt(infused)} mg in "
        f"{quantity(fat, fat_unit)}).",
        tuple(steps),
        details={
            "total_mg": infused,
            "per_ml": per_ml,
            **{f"per_{m}": v for m, v in per_measure.items()},
        },
        formula="mg per measure = mass × potency % [× 0.877 for THCA] × efficiency ÷ volume",
        inputs=(
            f"material: {quantity(material, material_unit)} at {fmt(potency_percent, 4)}%"
            f"{' THCA' if potency_is_thca else ''}",
            f"butter or oil: {quantity(fat, fat_unit)}",
            *((f"efficiency: {fmt(efficiency_percent)}%",) if efficiency_percent < 100 else ()),
        ),
        assumptions=tuple(a for a in assumptions if a),
    )


def infused_portion(infusion: Calculation, amount: float, unit: str) -> Calculation:
    """mg THC in `amount` of an infused butter or oil (the `kitchen_infusion` result).

    Raises:
        CalculationError: a non-positive amount or one that is not a volume.
    """
    positive("the amount used", amount)
    try:
        ml = units.millilitres(amount, unit)
    except UnitError:
        raise CalculationError("give the amount used as a volume (tsp, tbsp, cups, mL)") from None
    per_ml = infusion.details["per_ml"]
    mg = per_ml * ml
    return Calculation(
        "infused_portion",
        mg,
        "mg THC",
        f"{quantity(amount, unit)} of it holds {fmt(mg)} mg THC.",
        (
            f"{quantity(amount, unit)} = {fmt(ml)} mL; {fmt(ml)} mL × {fmt(per_ml, 3)} mg/mL = "
            f"{fmt(mg)} mg THC",
        ),
        details={"portion_mg": mg},
        formula="mg in the portion = mg per mL of the infusion × the portion's volume (mL)",
        inputs=(f"portion used: {quantity(amount, unit)}",),
    )
