"""Tinctures: a finished bottle's strength (mg/mL and per dropper), and designing one: the
THC a bottle at a target strength needs, and the concentrate that supplies it."""

from __future__ import annotations

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    percent,
    positive,
    quantity,
    share,
    whole_pieces,
)
from trichome.agents.units import UnitError


def tincture(
    total_mg: float,
    volume: float,
    volume_unit: str = "ml",
    dropper_ml: float | None = None,
    name: str = "THC",
    per_dropper_result: bool = False,
) -> Calculation:
    """mg per mL and per full dropper of a tincture holding `total_mg` of a cannabinoid
    (THC unless named) in `volume`; the result is the mg per dropper when
    `per_dropper_result` is set (the question asked for a dropper of a given size).

    Raises:
        CalculationError: non-positive amounts or a volume unit that is not a volume.
    """
    positive(f"the tincture's {name}", total_mg)
    positive("the bottle's volume", volume)
    try:
        ml = units.millilitres(volume, volume_unit)
    except UnitError:
        raise CalculationError("give the bottle's size as a volume (mL, fl oz)") from None
    assumptions = []
    if dropper_ml is None:
        dropper_ml = 1.0
        assumptions.append(
            "a full dropper is 1 mL (the usual dropper of a 30 mL bottle; measure yours)"
        )
    positive("the dropper", dropper_ml)
    per_ml = total_mg / ml
    per_dropper = per_ml * dropper_ml
    steps = [
        *([f"{quantity(volume, volume_unit)} = {fmt(ml)} mL"] if volume_unit != "ml" else []),
        f"{fmt(total_mg)} mg ÷ {fmt(ml)} mL = {fmt(per_ml, 3)} mg/mL",
        f"{fmt(per_ml, 3)} mg/mL × {fmt(dropper_ml)} mL = {fmt(per_dropper, 3)} mg per dropper",
    ]
    return Calculation(
        "tincture",
        per_dropper if per_dropper_result else per_ml,
        f"mg per {fmt(dropper_ml)} mL dropper" if per_dropper_result else "mg/mL",
        f"The tincture holds {fmt(per_ml, 3)} mg/mL, {fmt(per_dropper, 3)} mg per "
        f"{fmt(dropper_ml)} mL dropper.",
        tuple(steps),
        details={"per_dropper": per_dropper, "per_ml": per_ml},
        formula="mg/mL = total mg ÷ volume (mL); per dropper = mg/mL × dropper (mL)",
        inputs=(
            f"{name} in the bottle: {fmt(total_mg)} mg",
            f"bottle: {quantity(volume, volume_unit)}",
        ),
        assumptions=tuple(assumptions),
    )


def tincture_recipe(
    mg_per_ml: float,
    volume: float,
    volume_unit: str = "ml",
    potency_percent: float | None = None,
    loss_percent: float = 0,
) -> Calculation:
    """mg THC for a bottle of `volume` at `mg_per_ml`, and grams of concentrate at a potency.

    Raises:
        CalculationError: non-positive amounts, a potency over 100%, a loss of 100% or more.
    """
    positive("the target strength", mg_per_ml)
    positive("the bottle's volume", volume)
    share("the process loss", loss_percent)
    try:
        ml = units.millilitres(volume, volume_unit)
    except UnitError:
        raise CalculationError("give the bottle's size as a volume (mL, fl oz)") from None
    total_mg = mg_per_ml * ml
    steps = [
        *(
            [f"{quantity(volume, volume_unit)} = {fmt(ml, 4)} mL"]
            if units.canonical(volume_unit) != "ml"
            else []
        ),
        f"{fmt(mg_per_ml, 4)} mg/mL × {fmt(ml, 4)} mL = {fmt(total_mg)} mg THC",
    ]
    inputs = [f"strength: {fmt(mg_per_ml, 4)} mg/mL", f"bottle: {quantity(volume, volume_unit)}"]
    summary = (
        f"A {quantity(volume, volume_unit)} tincture at {fmt(mg_per_ml, 4)} mg/mL needs "
        f"{fmt(total_mg)} mg THC"
    )
    assumptions = []
    details = {"total_mg": total_mg}
    value, unit = total_mg, "mg THC"
    if potency_percent is not None:
        percent("the concentrate's potency", potency_percent)
        before_loss = total_mg / (1 - loss_percent / 100)
        if loss_percent:
            steps.append(
                f"allowing {fmt(loss_percent)}% loss: {fmt(total_mg)} ÷ "
                f"{fmt(1 - loss_percent / 100, 4)} = {fmt(before_loss)} mg"
            )
        concentrate_mg = before_loss / (potency_percent / 100)
        steps.append(
            f"{fmt(before_loss)} mg ÷ {fmt(potency_percent, 4)}% = {fmt(concentrate_mg)} mg = "
            f"{fmt(concentrate_mg / 1000, 4)} g of concentrate"
        )
        inputs.append(f"concentrate: {fmt(potency_percent, 4)}% THC")
        if loss_percent:
            inputs.append(f"process loss: {fmt(loss_percent)}%")
        summary += (
            f": {fmt(concentrate_mg / 1000, 3)} g ({fmt(concentrate_mg)} mg) of "
            f"{fmt(potency_percent, 4)}% concentrate."
        )
        details["concentrate_g"] = concentrate_mg / 1000
        value, unit = concentrate_mg / 1000, "g of concentrate"
        assumptions.append(
            "the carrier oil makes up the rest of the volume; the concentrate's own volume is small"
        )
    else:
        summary += "."
    return Calculation(
        "tincture_recipe",
        value,
        unit,
        summary,
        tuple(steps),
        details=details,
        formula="mg THC = mg/mL × mL; concentrate (g) = mg THC ÷ (1 - loss %) ÷ potency % ÷ 1,000",
        inputs=tuple(inputs),
        assumptions=tuple(assumptions),
    )


def droppers_taken(per_dropper: float, droppers: float) -> Calculation:
    """mg in a number of droppers of a tincture holding `per_dropper` mg in each.

    Raises:
        CalculationError: a non-positive number of droppers.
    """
    positive("the number of droppers", droppers)
    mg = per_dropper * droppers
    return Calculation(
        "droppers_taken",
        mg,
        "mg",
        f"{fmt(droppers)} droppers hold {fmt(mg, 4)} mg.",
        (f"{fmt(per_dropper, 4)} mg per dropper × {fmt(droppers)} = {fmt(mg, 4)} mg",),
        details={"mg": mg},
        formula="mg taken = mg per dropper × droppers",
        inputs=(f"droppers taken: {fmt(droppers)}",),
    )


def mg_in_volume(per_ml: float, ml: float) -> Calculation:
    """mg in a measured volume of a tincture holding `per_ml` mg/mL ("per 0.25 mL").

    Raises:
        CalculationError: a non-positive volume.
    """
    positive("the volume measured", ml)
    mg = per_ml * ml
    return Calculation(
        "mg_in_volume",
        mg,
        "mg",
        f"{fmt(ml)} mL holds {fmt(mg, 4)} mg.",
        (f"{fmt(per_ml, 3)} mg/mL × {fmt(ml)} mL = {fmt(mg, 4)} mg",),
        details={"mg": mg},
        formula="mg = mg/mL × mL",
        inputs=(f"volume measured: {fmt(ml)} mL",),
    )


def stock_per_unit(strength: float, dose: float, count: float | None) -> Calculation:
    """mL of a stock of `strength` mg/mL that puts `dose` mg in each unit (a can, a bottle),
    and for `count` units when given.

    Raises:
        CalculationError: a non-positive strength, dose or count.
    """
    positive("the stock's strength", strength)
    positive("the dose per unit", dose)
    per_unit = dose / strength
    steps = [f"{fmt(dose)} mg ÷ {fmt(strength)} mg/mL = {fmt(per_unit, 4)} mL per unit"]
    summary = f"Use {fmt(per_unit, 4)} mL of the {fmt(strength)} mg/mL stock per unit"
    total = per_unit
    if count is not None:
        positive("the number of units", count)
        total = per_unit * count
        steps.append(f"{fmt(per_unit, 4)} mL × {fmt(count)} = {fmt(total, 4)} mL for the batch")
        summary += f", {fmt(total, 4)} mL ({fmt(total / 1000, 4)} L) for {fmt(count)} units"
    return Calculation(
        "stock_per_unit",
        total,
        "mL",
        summary + ".",
        tuple(steps),
        details={"per_unit_ml": per_unit, "total_ml": total},
        formula="mL per unit = dose (mg) ÷ stock strength (mg/mL); batch = per unit × units",
        inputs=(
            f"stock strength: {fmt(strength)} mg/mL",
            f"dose per unit: {fmt(dose)} mg",
            *([f"units: {fmt(count)}"] if count is not None else []),
        ),
        assumptions=("the stock mixes evenly and none is lost in dosing or filling",),
    )


def droppers_in_bottle(bottle_ml: float, dropper_ml: float) -> Calculation:
    """How many full droppers a bottle holds.

    Raises:
        CalculationError: a non-positive bottle or dropper.
    """
    positive("the bottle's volume", bottle_ml)
    positive("the dropper's volume", dropper_ml)
    exact = bottle_ml / dropper_ml
    count = whole_pieces(exact)
    step = f"{fmt(bottle_ml)} mL ÷ {fmt(dropper_ml)} mL per dropper = {fmt(exact, 4)} droppers"
    rounded = (
        () if abs(exact - round(exact)) <= 1e-9 else (f"full droppers, rounded down: {fmt(count)}",)
    )
    return Calculation(
        "droppers_in_bottle",
        count,
        "droppers",
        f"The bottle holds {fmt(count)} full droppers"
        + (f" ({fmt(exact, 4)} exactly)." if rounded else "."),
        (step, *rounded),
        details={"droppers": count, "exact": exact},
        formula="droppers = bottle volume ÷ dropper volume, rounded down to full droppers",
        inputs=(f"bottle: {fmt(bottle_ml)} mL", f"dropper: {fmt(dropper_ml)} mL"),
    )
