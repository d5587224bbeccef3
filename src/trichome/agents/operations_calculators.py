"""Operations arithmetic: unit conversions with the trade's conventions, yield per area and
per watt, dry weight from wet weight, and price per gram."""

from __future__ import annotations

import math
from dataclasses import replace

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    grams_of,
    positive,
    quantity,
    share,
    whole_pieces,
)
from trichome.agents.units import UnitError


def convert(
    amount: float, from_unit: str, to_unit: str, density_g_per_ml: float | None = None
) -> Calculation:
    """Convert between units of mass, volume, area or power (mass↔volume needs a density).

    Raises:
        CalculationError: a negative amount, an unknown unit, or mass↔volume without density.
    """
    if not math.isfinite(amount) or amount < 0:
        raise CalculationError(f"the amount must be zero or more, got {fmt(amount, 4)}")
    try:
        source, target = units.canonical(from_unit), units.canonical(to_unit)
        kinds = (units.kind(source), units.kind(target))
    except UnitError as error:
        raise CalculationError(str(error)) from None
    steps: list[str] = []
    inputs = [f"amount: {quantity(amount, source)}", f"to: {units.label(target)}"]
    if kinds[0] == kinds[1]:
        result = units.convert(amount, source, target)
        steps.append(f"{quantity(amount, source)} = {fmt(result, 4)} {units.label(target)}")
    elif set(kinds) == {"mass", "volume"}:
        if density_g_per_ml is None:
            raise CalculationError(
                "converting between mass and volume needs the liquid's density in g/mL "
                "(e.g. about 0.92 for MCT oil, 0.79 for ethanol, 1.0 for water)"
            )
        density = positive("the density", density_g_per_ml)
        inputs.append(f"density: {fmt(density, 4)} g/mL")
        if kinds[0] == "volume":
            grams = units.millilitres(amount, source) * density
            result = units.convert(grams, "g", target)
            steps.append(f"{quantity(amount, source)} × {fmt(density, 4)} g/mL = {fmt(grams, 4)} g")
        else:
            grams = units.grams(amount, source)
            result = units.convert(grams / density, "ml", target)
            steps.append(
                f"{quantity(amount, source)} = {fmt(grams, 4)} g; ÷ {fmt(density, 4)} g/mL"
            )
        steps.append(f"= {fmt(result, 4)} {units.label(target)}")
    else:
        raise CalculationError(
            f"{units.label(source)} ({kinds[0]}) does not convert to "
            f"{units.label(target)} ({kinds[1]})"
        )
    note = units.convention_note(source, target)
    other = _other_ounce(amount, source, target)
    return Calculation(
        "convert",
        result,
        units.label(target),
        f"{quantity(amount, source)} is {fmt(result, 4)} {units.label(target)}."
        + (f" {other[1]}" if other else ""),
        tuple(steps),
        details={"other_ounce": other[0]} if other else {},
        formula=f"{units.label(target)} = {units.label(source)} × "
        f"{fmt(units.convert(1, source, target), 6) if kinds[0] == kinds[1] else 'density'}",
        inputs=tuple(inputs),
        assumptions=(note,) if note else (),
    )


def _other_ounce(amount: float, source: str, target: str) -> tuple[float, str] | None:
    """An ounce converted to or from metric mass (g, mg, kg) on the trade's 28 g ounce, with
    the sentence saying so: the answer gives both figures, the avoirdupois one first."""
    if source == "trade_oz" and target in ("g", "mg", "kg"):
        return _avoirdupois_reading(amount, target)
    if "oz" not in (source, target) or not {source, target} - {"oz"} <= {"g", "mg", "kg"}:
        return None
    swapped = ["trade_oz" if unit == "oz" else unit for unit in (source, target)]
    alternative = units.convert(amount, swapped[0], swapped[1])
    shown = "trade oz" if swapped[1] == "trade_oz" else units.label(target)
    return alternative, f"On the trade's 28 g ounce it would be {fmt(alternative, 4)} {shown}."


# The trade's pound slang in zips: a QP four, an HP eight; by the pound, a quarter and a half.
_POUND_SHARES = {4.0: "a quarter", 8.0: "half"}


def _avoirdupois_reading(zips: float, target: str) -> tuple[float, str]:
    """Trade ounces (28 g, "a zip", "a QP" of 4) converted to metric, with the avoirdupois
    reading beside them, the way a bare ounce gives the trade's figure: a QP read as a
    quarter of the 453.59237 g pound (NIST Handbook 44, Appendix C) is 113.3981 g."""
    alternative = units.convert(zips, "oz", target)
    shown = units.label(target)
    share = _POUND_SHARES.get(zips)
    pound = f", {share} of the 453.59237 g pound" if share else ""
    return alternative, (
        f"On the avoirdupois ounce (28.3495 g) it would be {fmt(alternative, 4)} {shown}{pound}."
    )


def bags_filled(converted: Calculation, target: str) -> Calculation:
    """A conversion into the trade's bags ("how many eighths can I get out of a pound") as
    the whole bags filled, rounded down, with the flower left over in grams; the exact
    quotient stays in the details as `exact`."""
    made = whole_pieces(converted.value)
    if made == converted.value:
        return converted
    left_g = units.grams(converted.value - made, target)
    return replace(
        converted,
        value=made,
        summary=f"{converted.summary} That fills {fmt(made)} whole bags of {units.label(target)}, "
        f"with {fmt(left_g, 4)} g left over.",
        steps=(*converted.steps, f"rounded down to whole bags: {fmt(made)}"),
        details={**converted.details, "exact": converted.value, "left_over_g": left_g},
        formula=f"{converted.formula}, rounded down to whole bags",
    )


def cultivation_yield(
    dry: float,
    dry_unit: str,
    area: float | None = None,
    area_unit: str = "sqft",
    watts: float | None = None,
) -> Calculation:
    """Grams of dry flower per square foot (or m²) and per watt of lighting.

    Raises:
        CalculationError: a non-positive harvest, area or wattage, or neither area nor watts.
    """
    grams = grams_of("the harvest", dry, dry_unit)
    if area is None and watts is None:
        raise CalculationError("give the canopy area or the lighting wattage")
    steps = []
    if units.canonical(dry_unit) != "g":
        steps.append(f"{quantity(dry, dry_unit)} = {fmt(grams)} g")
    inputs = [f"harvest: {quantity(dry, dry_unit)}"]
    details: dict[str, float] = {}
    summary = []
    value, unit = 0.0, ""
    if watts is not None:
        positive("the lighting wattage", watts)
        details["g_per_watt"] = grams / watts
        steps.append(f"{fmt(grams)} g ÷ {fmt(watts)} W = {fmt(grams / watts, 3)} g/W")
        inputs.append(f"lighting: {fmt(watts)} W")
        summary.append(f"{fmt(grams / watts, 3)} g per watt")
        value, unit = grams / watts, "g/W"
    if area is not None:
        positive("the canopy area", area)
        try:
            square_feet = units.convert(area, area_unit, "sqft")
        except UnitError as error:
            raise CalculationError(str(error)) from None
        per_area = grams / square_feet
        details["g_per_sqft"] = per_area
        if units.canonical(area_unit) != "sqft":
            steps.append(f"{quantity(area, area_unit)} = {fmt(square_feet)} sq ft")
        steps.append(f"{fmt(grams)} g ÷ {fmt(square_feet)} sq ft = {fmt(per_area, 3)} g/sq ft")
        inputs.append(f"canopy: {quantity(area, area_unit)}")
        summary.insert(0, f"{fmt(per_area, 3)} g per square foot")
        value, unit = per_area, "g/sq ft"
    return Calculation(
        "cultivation_yield",
        value,
        unit,
        f"The harvest is {' and '.join(summary)}.",
        tuple(steps),
        details=details,
        formula="yield = dry grams ÷ canopy sq ft; efficiency = dry grams ÷ watts",
        inputs=tuple(inputs),
        assumptions=("the harvest weight is dry, trimmed flower",),
    )


def dry_weight(
    wet: float,
    unit: str,
    moisture_loss_percent: float | None = None,
    initial_moisture_percent: float | None = None,
    final_moisture_percent: float | None = None,
) -> Calculation:
    """Dry weight from wet weight: a stated loss, or a moisture content before and after.

    Raises:
        CalculationError: a non-positive weight, shares outside [0, 100), or neither form.
    """
    positive("the wet weight", wet)
    shown = units.label(unit) if unit else ""
    steps: tuple[str, ...]
    if moisture_loss_percent is not None:
        share("the weight lost in drying", moisture_loss_percent)
        dry = wet * (1 - moisture_loss_percent / 100)
        steps = (
            f"{fmt(wet, 4)} {shown} × (1 - {fmt(moisture_loss_percent)}%) = {fmt(dry, 4)} {shown}",
        )
        formula = "dry = wet × (1 - loss %)"
        inputs = (f"wet: {fmt(wet, 4)} {shown}", f"lost in drying: {fmt(moisture_loss_percent)}%")
    elif initial_moisture_percent is not None and final_moisture_percent is not None:
        share("the moisture before drying", initial_moisture_percent)
        share("the moisture after drying", final_moisture_percent)
        if final_moisture_percent >= initial_moisture_percent:
            raise CalculationError("drying lowers moisture: the final moisture must be lower")
        dry = wet * (1 - initial_moisture_percent / 100) / (1 - final_moisture_percent / 100)
        steps = (
            f"solids: {fmt(wet, 4)} × (1 - {fmt(initial_moisture_percent)}%) = "
            f"{fmt(wet * (1 - initial_moisture_percent / 100), 4)} {shown}",
            f"at {fmt(final_moisture_percent)}% moisture: ÷ (1 - "
            f"{fmt(final_moisture_percent)}%) = {fmt(dry, 4)} {shown}",
        )
        formula = "dry = wet × (1 - moisture before) ÷ (1 - moisture after)"
        inputs = (
            f"wet: {fmt(wet, 4)} {shown}",
            f"moisture: {fmt(initial_moisture_percent)}% -> {fmt(final_moisture_percent)}%",
        )
    else:
        raise CalculationError(
            "give the share of weight lost in drying (e.g. 75%), or the moisture before and after"
        )
    return Calculation(
        "dry_weight",
        dry,
        shown,
        f"{fmt(wet, 4)} {shown} wet dries to {fmt(dry, 4)} {shown}.",
        steps,
        formula=formula,
        inputs=inputs,
    )


def price_per_gram(price: float, amount: float, unit: str) -> Calculation:
    """Price per gram (and per trade eighth and ounce) from a price for an amount.

    Raises:
        CalculationError: a non-positive price or amount, or a unit that is not a mass.
    """
    positive("the price", price)
    grams = grams_of("the amount", amount, unit)
    per_gram = price / grams
    steps = []
    if units.canonical(unit) != "g":
        steps.append(f"{quantity(amount, unit)} = {fmt(grams, 4)} g")
    steps.append(f"${fmt(price)} ÷ {fmt(grams, 4)} g = ${fmt(per_gram, 4)} per gram")
    steps.append(
        f"per eighth (3.5 g): ${fmt(per_gram * 3.5)}; per trade ounce (28 g): ${fmt(per_gram * 28)}"
    )
    note = units.convention_note(unit, "eighth")
    return Calculation(
        "price_per_gram",
        per_gram,
        "$/g",
        f"${fmt(price)} for {quantity(amount, unit)} is ${fmt(per_gram, 4)} per gram.",
        tuple(steps),
        details={"per_eighth": per_gram * 3.5, "per_trade_ounce": per_gram * 28},
        formula="$/g = price ÷ grams",
        inputs=(f"price: ${fmt(price)}", f"for: {quantity(amount, unit)}"),
        assumptions=(note,) if note else (),
    )


def priced(amount: float, unit: str, price: float, per_unit: str) -> Calculation:
    """What an amount is worth at a price per unit of mass (2.5 lb at $1,200/lb).

    Raises:
        CalculationError: a non-positive amount, a negative price, or units that are not masses.
    """
    positive("the amount", amount)
    if price < 0:
        raise CalculationError(f"the price cannot be negative (got {fmt(price, 4)})")
    try:
        portions = units.convert(amount, unit, per_unit)
    except units.UnitError:
        raise CalculationError("the amount and the price must both be by weight") from None
    value = portions * price
    per = units.label(per_unit)
    steps = []
    if units.canonical(unit) != units.canonical(per_unit):
        steps.append(f"{quantity(amount, unit)} = {fmt(portions, 4)} {per}")
    steps.append(f"{fmt(portions, 4)} {per} × ${fmt(price, 2)}/{per} = ${fmt(value, 2)}")
    return Calculation(
        "priced",
        value,
        "$",
        f"{quantity(amount, unit)} at ${fmt(price, 2)}/{per} is worth ${fmt(value, 2)}.",
        tuple(steps),
        formula="worth = amount × price per unit",
        inputs=(f"amount: {quantity(amount, unit)}", f"price: ${fmt(price, 2)}/{per}"),
        details={"worth": value},
    )


def pieces_from(
    total: float, total_unit: str, piece: float, piece_unit: str, loss_percent: float = 0.0
) -> Calculation:
    """How many pieces of `piece` a mass of `total` makes (1 g prerolls from a pound), after
    `loss_percent` of the mass is lost in rolling or filling.

    Raises:
        CalculationError: a non-positive mass or piece, a loss outside 0-100%, or a unit
            that is not a mass.
    """
    positive("the mass you start with", total)
    positive("the mass of one piece", piece)
    if not 0 <= loss_percent < 100:
        raise CalculationError("A loss must be at least 0% and under 100%.")
    try:
        total_g, piece_g = units.grams(total, total_unit), units.grams(piece, piece_unit)
    except UnitError as error:
        raise CalculationError(str(error)) from None
    kept_g = total_g * (1 - loss_percent / 100)
    count = kept_g / piece_g
    made = whole_pieces(count)
    count = made if abs(count - made) <= 1e-9 else count
    lost = (f"{fmt(total_g, 6)} g × (1 - {fmt(loss_percent)}% lost) = {fmt(kept_g, 6)} g",)
    left_g = max(kept_g - made * piece_g, 0.0)
    return Calculation(
        "pieces_from_mass",
        made,
        "pieces",
        f"{quantity(total, total_unit)} makes {fmt(made)} whole pieces of "
        f"{quantity(piece, piece_unit)}"
        + (f" ({fmt(count, 4)} exactly; {fmt(left_g, 4)} g left over)." if made != count else "."),
        (
            f"{quantity(total, total_unit)} = {fmt(total_g, 6)} g",
            *(lost if loss_percent else ()),
            f"{fmt(kept_g, 6)} g ÷ {fmt(piece_g, 4)} g = {fmt(count, 4)} pieces",
            f"rounded down to whole pieces: {fmt(made)}",
        ),
        formula="pieces = mass × (1 - loss) ÷ mass of one piece, rounded down to whole pieces",
        inputs=(
            f"mass: {quantity(total, total_unit)}",
            f"each piece: {quantity(piece, piece_unit)}",
            *((f"loss: {fmt(loss_percent)}%",) if loss_percent else ()),
        ),
        details={"exact": count, "left_over_g": left_g},
        assumptions=() if loss_percent else ("no loss in rolling or filling",),
    )
