"""Formulation and compliance arithmetic: exact, unit-aware, and showing the working.

Agents never do arithmetic in a language model. These functions are the tools the
`openai` engine offers the model, and the `grounded` engine calls them directly when it
recognises a calculation in the question.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# Molar masses (g/mol) make the decarboxylation factors: THCA C22H30O4 -> THC C21H30O2 + CO2.
THCA_TO_THC = 0.877  # 314.47 / 358.48, rounded as the regulations and labs write it
CBDA_TO_CBD = 0.877  # the same pair of formulas for CBDA -> CBD

MASS_IN_MG: dict[str, float] = {
    "mg": 1.0,
    "g": 1_000.0,
    "kg": 1_000_000.0,
    "oz": 28_349.523125,  # avoirdupois ounce, 28.349523125 g exactly
    "lb": 453_592.37,  # 453.59237 g exactly
}
VOLUME_IN_ML: dict[str, float] = {"ml": 1.0, "l": 1_000.0, "floz": 29.5735295625}
UNIT_NAMES = {
    "mg": "mg",
    "g": "g",
    "kg": "kg",
    "oz": "oz",
    "lb": "lb",
    "ml": "ml",
    "l": "L",
    "floz": "fl oz",
}


class CalculationError(ValueError):
    """Input a calculation refuses; the message says what is wrong and what is expected."""


@dataclass(frozen=True, slots=True)
class Calculation:
    """A result with its unit, the working that led to it, and anything to watch."""

    name: str
    value: float
    unit: str
    summary: str
    steps: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    details: Mapping[str, float] = field(default_factory=dict)


def fmt(number: float, places: int = 2) -> str:
    """A number as people write it: thousands separated, trailing zeros dropped."""
    if math.isclose(number, round(number), abs_tol=10 ** -(places + 2)):
        return f"{round(number):,}"
    text = f"{number:,.{places}f}".rstrip("0").rstrip(".")
    return text if text not in ("0", "-0") else f"{number:.{places + 2}g}"


def _positive(name: str, value: float) -> float:
    if not math.isfinite(value) or value <= 0:
        raise CalculationError(f"{name} must be a number above zero, got {value}")
    return value


def _percent(name: str, value: float) -> float:
    if not math.isfinite(value) or not 0 < value <= 100:
        raise CalculationError(f"{name} must be a percentage above 0 and at most 100, got {value}")
    return value


def _share(name: str, value: float) -> float:
    if not math.isfinite(value) or not 0 <= value < 100:
        raise CalculationError(f"{name} must be a percentage from 0 up to (not including) 100")
    return value


def _mass_unit(unit: str) -> str:
    key = unit.strip().lower().rstrip(".")
    key = {
        "gram": "g",
        "grams": "g",
        "milligram": "mg",
        "milligrams": "mg",
        "kilogram": "kg",
        "kilograms": "kg",
        "ounce": "oz",
        "ounces": "oz",
        "pound": "lb",
        "pounds": "lb",
        "lbs": "lb",
    }.get(key, key)
    if key not in MASS_IN_MG:
        raise CalculationError(f"unknown mass unit {unit!r}; use mg, g, kg, oz or lb")
    return key


def to_mg(amount: float, unit: str) -> float:
    """A mass in milligrams."""
    return amount * MASS_IN_MG[_mass_unit(unit)]


def convert(
    amount: float, from_unit: str, to_unit: str, density_g_per_ml: float | None = None
) -> Calculation:
    """Convert between mg, g, kg, oz, lb, ml, L and fl oz (mass to volume needs a density).

    Raises:
        CalculationError: a negative amount, an unknown unit, or mass/volume without density.
    """
    if not math.isfinite(amount) or amount < 0:
        raise CalculationError(f"the amount must be zero or more, got {amount}")
    source, target = from_unit.strip().lower(), to_unit.strip().lower()
    source = "floz" if source in ("fl oz", "fl. oz", "fluid ounce", "fluid ounces") else source
    target = "floz" if target in ("fl oz", "fl. oz", "fluid ounce", "fluid ounces") else target
    steps: list[str] = []
    if source in VOLUME_IN_ML and target in VOLUME_IN_ML:
        ml = amount * VOLUME_IN_ML[source]
        result = ml / VOLUME_IN_ML[target]
        steps.append(f"{fmt(amount, 4)} {UNIT_NAMES[source]} = {fmt(ml, 4)} ml")
    elif source in VOLUME_IN_ML or target in VOLUME_IN_ML:
        if density_g_per_ml is None:
            raise CalculationError(
                "converting between mass and volume needs the liquid's density in g/ml "
                "(e.g. about 0.92 for MCT oil, 0.79 for ethanol, 1.0 for water)"
            )
        density = _positive("density", density_g_per_ml)
        if source in VOLUME_IN_ML:
            grams = amount * VOLUME_IN_ML[source] * density
            result = grams * 1000 / MASS_IN_MG[_mass_unit(target)]
            steps.append(
                f"{fmt(amount, 4)} {UNIT_NAMES[source]} × {fmt(density, 4)} g/ml "
                f"= {fmt(grams, 4)} g"
            )
        else:
            grams = to_mg(amount, source) / 1000
            result = grams / density / VOLUME_IN_ML[target]
            steps.append(f"{fmt(amount, 4)} {source} = {fmt(grams, 4)} g; ÷ {fmt(density, 4)} g/ml")
    else:
        mg = to_mg(amount, source)
        result = mg / MASS_IN_MG[_mass_unit(target)]
        steps.append(f"{fmt(amount, 4)} {_mass_unit(source)} = {fmt(mg, 4)} mg")
    target_name = UNIT_NAMES.get(
        target, _mass_unit(target) if target not in VOLUME_IN_ML else target
    )
    steps.append(f"= {fmt(result, 4)} {target_name}")
    return Calculation(
        "convert",
        result,
        target_name,
        f"{fmt(amount, 4)} {UNIT_NAMES.get(source, source)} is {fmt(result, 4)} {target_name}.",
        tuple(steps),
    )


def total_cannabinoid(
    neutral_percent: float, acid_percent: float, name: str = "THC"
) -> Calculation:
    """Total THC (or CBD) = neutral + 0.877 × acid form, the decarboxylation-adjusted potency.

    Raises:
        CalculationError: a percentage below 0 or above 100, or a sum above 100.
    """
    for label, value in ((name, neutral_percent), (f"{name}A", acid_percent)):
        if not math.isfinite(value) or not 0 <= value <= 100:
            raise CalculationError(f"{label} must be a percentage from 0 to 100, got {value}")
    if neutral_percent + acid_percent > 100:
        raise CalculationError(f"{name} and {name}A together cannot exceed 100%")
    factor = THCA_TO_THC if name == "THC" else CBDA_TO_CBD
    converted = acid_percent * factor
    total = neutral_percent + converted
    return Calculation(
        f"total_{name.lower()}",
        total,
        "%",
        f"Total {name} is {fmt(total, 3)}%.",
        (
            f"{name}A converts to {name} at {factor} (molar masses 314.47 / 358.48)",
            f"{fmt(acid_percent, 3)}% {name}A × {factor} = {fmt(converted, 3)}%",
            f"{fmt(neutral_percent, 3)}% {name} + {fmt(converted, 3)}% "
            f"= {fmt(total, 3)}% total {name}",
        ),
        details={"converted_percent": converted},
    )


def dose_per_unit(
    potency_percent: float, mass: float, mass_unit: str, units: int, loss_percent: float = 0.0
) -> Calculation:
    """THC per unit when `mass` of a concentrate at `potency_percent` goes into `units` units.

    Raises:
        CalculationError: zero or negative inputs, potency over 100%, a loss of 100% or more.
    """
    _percent("potency", potency_percent)
    _positive("the concentrate's mass", mass)
    if units < 1:
        raise CalculationError("the number of units must be at least 1")
    _share("the process loss", loss_percent)
    mg = to_mg(mass, mass_unit)
    active = mg * potency_percent / 100
    kept = active * (1 - loss_percent / 100)
    per_unit = kept / units
    steps = [
        f"{fmt(mass, 4)} {_mass_unit(mass_unit)} = {fmt(mg)} mg of concentrate",
        f"{fmt(mg)} mg × {fmt(potency_percent, 3)}% = {fmt(active)} mg THC",
    ]
    if loss_percent:
        steps.append(f"after {fmt(loss_percent)}% process loss: {fmt(kept)} mg THC")
    steps.append(f"{fmt(kept)} mg ÷ {units:,} units = {fmt(per_unit)} mg THC per unit")
    return Calculation(
        "dose_per_unit",
        per_unit,
        "mg THC per unit",
        f"Each unit holds {fmt(per_unit)} mg THC.",
        tuple(steps),
        details={"total_mg": kept},
    )


def infusion(
    units: int, mg_per_unit: float, potency_percent: float, loss_percent: float = 0.0
) -> Calculation:
    """How much concentrate at `potency_percent` makes `units` units of `mg_per_unit` each.

    Raises:
        CalculationError: zero or negative inputs, potency over 100%, a loss of 100% or more.
    """
    if units < 1:
        raise CalculationError("the number of units must be at least 1")
    _positive("the dose per unit", mg_per_unit)
    _percent("potency", potency_percent)
    _share("the process loss", loss_percent)
    needed = units * mg_per_unit
    before_loss = needed / (1 - loss_percent / 100)
    concentrate_mg = before_loss / (potency_percent / 100)
    steps = [f"{units:,} units × {fmt(mg_per_unit)} mg = {fmt(needed)} mg THC in the batch"]
    if loss_percent:
        steps.append(
            f"allowing {fmt(loss_percent)}% loss: {fmt(needed)} ÷ "
            f"{fmt(1 - loss_percent / 100, 4)} = {fmt(before_loss)} mg"
        )
    steps.append(
        f"{fmt(before_loss)} mg ÷ {fmt(potency_percent, 3)}% = {fmt(concentrate_mg)} mg "
        f"= {fmt(concentrate_mg / 1000, 3)} g of concentrate"
    )
    return Calculation(
        "infusion",
        concentrate_mg / 1000,
        "g of concentrate",
        f"You need {fmt(concentrate_mg / 1000, 3)} g of {fmt(potency_percent, 3)}% concentrate "
        f"({fmt(needed)} mg THC for {units:,} units at {fmt(mg_per_unit)} mg).",
        tuple(steps),
        details={"total_mg": needed},
    )


def dilution(
    mass: float, mass_unit: str, current_percent: float, target_percent: float
) -> Calculation:
    """How much carrier to add to bring `mass` at `current_percent` down to `target_percent`.

    Raises:
        CalculationError: a target at or above the current potency, or non-positive input.
    """
    _positive("the mass", mass)
    _percent("the current potency", current_percent)
    _percent("the target potency", target_percent)
    if target_percent >= current_percent:
        raise CalculationError(
            "dilution lowers potency: the target must be below the current potency"
        )
    unit = _mass_unit(mass_unit)
    final = mass * current_percent / target_percent
    carrier = final - mass
    return Calculation(
        "dilution",
        carrier,
        unit,
        f"Add {fmt(carrier, 3)} {unit} of carrier to reach {fmt(target_percent, 3)}% "
        f"({fmt(final, 3)} {unit} in all).",
        (
            f"active content: {fmt(mass, 4)} {unit} × {fmt(current_percent, 3)}% = "
            f"{fmt(mass * current_percent / 100, 4)} {unit}",
            f"final mass at {fmt(target_percent, 3)}%: {fmt(mass * current_percent / 100, 4)} ÷ "
            f"{fmt(target_percent, 3)}% = {fmt(final, 4)} {unit}",
            f"carrier to add: {fmt(final, 4)} - {fmt(mass, 4)} = {fmt(carrier, 4)} {unit}",
        ),
        details={"final_mass": final},
    )


def scale_batch(ingredients: Sequence[tuple[str, float, str]], factor: float) -> Calculation:
    """Every ingredient (name, amount, unit) multiplied by `factor`.

    Raises:
        CalculationError: no ingredients, a non-positive factor or amount.
    """
    if not ingredients:
        raise CalculationError("give at least one ingredient with its amount and unit")
    _positive("the scale factor", factor)
    steps, scaled = [], []
    for name, amount, unit in ingredients:
        _positive(f"the amount of {name}", amount)
        result = f"{fmt(amount * factor, 4)} {unit}"
        steps.append(f"{name}: {fmt(amount, 4)} {unit} × {fmt(factor, 4)} = {result}")
        scaled.append(f"{name} {result}")
    return Calculation(
        "scale_batch",
        factor,
        "×",
        f"Scaled by {fmt(factor, 4)}: {'; '.join(scaled)}.",
        tuple(steps),
    )


def percent_by_weight(part: float, part_unit: str, total: float, total_unit: str) -> Calculation:
    """What share of `total` the `part` is, by weight.

    Raises:
        CalculationError: a non-positive total, a negative part, or a part above the total.
    """
    _positive("the total", total)
    if not math.isfinite(part) or part < 0:
        raise CalculationError("the part must be zero or more")
    part_mg, total_mg = to_mg(part, part_unit), to_mg(total, total_unit)
    if part_mg > total_mg:
        raise CalculationError("the part cannot weigh more than the total")
    share = part_mg / total_mg * 100
    return Calculation(
        "percent_by_weight",
        share,
        "% w/w",
        f"{fmt(part, 4)} {_mass_unit(part_unit)} in {fmt(total, 4)} {_mass_unit(total_unit)} is "
        f"{fmt(share, 3)}% by weight.",
        (f"{fmt(part_mg)} mg ÷ {fmt(total_mg)} mg × 100 = {fmt(share, 3)}%",),
    )


@dataclass(frozen=True, slots=True)
class StateEdibleLimits:
    """A state's edible caps, with the fact ids they come from."""

    state: str
    per_serving_mg: float | None
    per_package_mg: float | None
    sources: tuple[str, ...]


def servings_check(
    package_mg: float, serving_mg: float, limits: StateEdibleLimits | None = None
) -> Calculation:
    """Servings in a package, checked against a state's per-serving and per-package caps.

    Raises:
        CalculationError: non-positive amounts or a serving larger than the package.
    """
    _positive("the package's THC", package_mg)
    _positive("the serving's THC", serving_mg)
    if serving_mg > package_mg:
        raise CalculationError("a serving cannot hold more THC than the whole package")
    servings = package_mg / serving_mg
    steps = [f"{fmt(package_mg)} mg ÷ {fmt(serving_mg)} mg per serving = {fmt(servings)} servings"]
    warnings: list[str] = []
    if not servings.is_integer():
        warnings.append("the package does not divide into whole servings")
    if limits is not None:
        if limits.per_serving_mg is not None:
            ok = serving_mg <= limits.per_serving_mg
            steps.append(
                f"{limits.state} caps a serving at {fmt(limits.per_serving_mg)} mg THC: "
                f"{fmt(serving_mg)} mg {'is within it' if ok else 'EXCEEDS it'}"
            )
            if not ok:
                warnings.append(f"{fmt(serving_mg)} mg per serving is over {limits.state}'s cap")
        if limits.per_package_mg is not None:
            ok = package_mg <= limits.per_package_mg
            steps.append(
                f"{limits.state} caps a package at {fmt(limits.per_package_mg)} mg THC: "
                f"{fmt(package_mg)} mg {'is within it' if ok else 'EXCEEDS it'}"
            )
            if not ok:
                warnings.append(f"{fmt(package_mg)} mg per package is over {limits.state}'s cap")
    verdict = ""
    if limits is not None and (limits.per_serving_mg or limits.per_package_mg):
        verdict = " It is within " if not any("over" in w for w in warnings) else " It breaks "
        verdict += f"{limits.state}'s edible limits."
    return Calculation(
        "servings_check",
        servings,
        "servings",
        f"A {fmt(package_mg)} mg package at {fmt(serving_mg)} mg per serving holds "
        f"{fmt(servings)} servings.{verdict}",
        tuple(steps),
        tuple(warnings),
    )
