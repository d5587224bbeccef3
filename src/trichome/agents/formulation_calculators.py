"""Formulation arithmetic: doses per piece, infusions, pieces from a concentrate, servings
against a state's caps, batch scaling and a share by weight (kitchen infusions are in
`kitchen_calculators`, tinctures in `tincture_calculators`, dilution and blending in
`mixing_calculators`)."""

from __future__ import annotations

from collections.abc import Sequence

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    StateEdibleLimits,
    fmt,
    grams_of,
    percent,
    positive,
    quantity,
    share,
    whole,
    whole_pieces,
)


def _loss_step(before: float, loss_percent: float, unit: str = "mg THC") -> list[str]:
    if not loss_percent:
        return []
    after = before * (1 - loss_percent / 100)
    return [
        f"after {fmt(loss_percent)}% process loss: {fmt(before)} × "
        f"{fmt(1 - loss_percent / 100, 4)} = {fmt(after)} {unit}"
    ]


def _loss_assumption(loss_percent: float) -> tuple[str, ...]:
    if loss_percent:
        return ()
    return ("no process loss: none was given (say e.g. '10% loss' to allow for it)",)


def dose_per_unit(
    potency_percent: float, mass: float, mass_unit: str, units_count: float, loss_percent: float = 0
) -> Calculation:
    """mg THC per piece when `mass` of concentrate at `potency_percent` goes into N pieces.

    Raises:
        CalculationError: zero or negative inputs, potency over 100%, a loss of 100% or more.
    """
    percent("the potency", potency_percent)
    grams = grams_of("the concentrate's mass", mass, mass_unit)
    count = whole("the number of pieces", units_count)
    share("the process loss", loss_percent)
    mg = grams * 1000
    active = mg * potency_percent / 100
    kept = active * (1 - loss_percent / 100)
    per_unit = kept / count
    steps = []
    if units.canonical(mass_unit) != "mg":
        steps.append(f"{quantity(mass, mass_unit)} = {fmt(mg)} mg of concentrate")
    steps.append(f"{fmt(mg)} mg × {fmt(potency_percent, 4)}% = {fmt(active)} mg THC")
    steps += _loss_step(active, loss_percent)
    steps.append(f"{fmt(kept)} mg ÷ {count:,} pieces = {fmt(per_unit)} mg THC per piece")
    inputs = [
        f"concentrate: {quantity(mass, mass_unit)} at {fmt(potency_percent, 4)}%",
        f"pieces: {count:,}",
    ]
    if loss_percent:
        inputs.append(f"process loss: {fmt(loss_percent)}%")
    return Calculation(
        "dose_per_unit",
        per_unit,
        "mg THC per piece",
        f"Each piece holds {fmt(per_unit)} mg THC ({fmt(kept)} mg in {count:,} pieces).",
        tuple(steps),
        details={"total_mg": kept},
        formula="mg per piece = mass (mg) × potency % × (1 - loss %) ÷ pieces",
        inputs=tuple(inputs),
        assumptions=_loss_assumption(loss_percent),
    )


def dose_from_total(
    total_mg: float,
    units_count: float,
    loss_percent: float = 0,
    name: str = "THC",
    holder: str = "batch",
) -> Calculation:
    """mg per piece when a batch's total mg of a cannabinoid (THC unless named) is split
    into N pieces; `holder` names what held the total as the user did (jar, tin, pack...).

    Raises:
        CalculationError: a non-positive total, a count below 1, a loss of 100% or more.
    """
    positive(f"the batch's {name}", total_mg)
    count = whole("the number of pieces", units_count)
    share("the process loss", loss_percent)
    kept = total_mg * (1 - loss_percent / 100)
    per_unit = kept / count
    steps = [
        *_loss_step(total_mg, loss_percent),
        f"{fmt(kept)} mg ÷ {count:,} pieces = {fmt(per_unit)} mg {name} per piece",
    ]
    return Calculation(
        "dose_per_unit",
        per_unit,
        f"mg {name} per piece",
        f"Each piece holds {fmt(per_unit)} mg {name}.",
        tuple(steps),
        details={"total_mg": kept},
        formula="mg per piece = total mg × (1 - loss %) ÷ pieces",
        inputs=(
            f"{name} in the {holder}: {fmt(total_mg)} mg",
            f"pieces: {count:,}",
            *((f"process loss: {fmt(loss_percent)}%",) if loss_percent else ()),
        ),
        assumptions=_loss_assumption(loss_percent),
    )


def infusion(
    units_count: float,
    mg_per_unit: float,
    potency_percent: float,
    loss_percent: float = 0,
    name: str = "THC",
) -> Calculation:
    """Grams of concentrate (or isolate) at `potency_percent` of a cannabinoid (THC unless
    named) for N pieces of `mg_per_unit` each.

    Raises:
        CalculationError: zero or negative inputs, potency over 100%, a loss of 100% or more.
    """
    count = whole("the number of pieces", units_count)
    positive("the dose per piece", mg_per_unit)
    percent("the potency", potency_percent)
    share("the process loss", loss_percent)
    needed = count * mg_per_unit
    before_loss = needed / (1 - loss_percent / 100)
    concentrate_mg = before_loss / (potency_percent / 100)
    steps = [f"{count:,} units × {fmt(mg_per_unit)} mg = {fmt(needed)} mg {name} in the batch"]
    if loss_percent:
        steps.append(
            f"allowing {fmt(loss_percent)}% loss: {fmt(needed)} ÷ "
            f"{fmt(1 - loss_percent / 100, 4)} = {fmt(before_loss)} mg"
        )
    steps.append(
        f"{fmt(before_loss)} mg ÷ {fmt(potency_percent, 4)}% = {fmt(concentrate_mg)} mg "
        f"= {fmt(concentrate_mg / 1000, 4)} g of concentrate"
    )
    inputs = [
        f"pieces: {count:,}",
        f"dose: {fmt(mg_per_unit)} mg per piece",
        f"potency: {fmt(potency_percent, 4)}%",
    ]
    if loss_percent:
        inputs.append(f"process loss: {fmt(loss_percent)}%")
    return Calculation(
        "infusion",
        concentrate_mg / 1000,
        "g of concentrate",
        f"You need {fmt(concentrate_mg / 1000, 3)} g of {fmt(potency_percent, 4)}% concentrate "
        f"({fmt(needed)} mg {name} for {count:,} units at {fmt(mg_per_unit)} mg).",
        tuple(steps),
        details={"total_mg": needed},
        formula="concentrate (g) = pieces × mg per piece ÷ (1 - loss %) ÷ potency % ÷ 1,000",
        inputs=tuple(inputs),
        assumptions=_loss_assumption(loss_percent),
    )


def pieces_from_concentrate(
    mass: float, mass_unit: str, potency_percent: float, mg_per_unit: float,
    loss_percent: float = 0,
) -> Calculation:  # fmt: skip
    """Whole pieces of `mg_per_unit` a mass of concentrate at `potency_percent` doses.

    Raises:
        CalculationError: zero or negative inputs, potency over 100%, a loss of 100% or more.
    """
    positive("the concentrate's mass", mass)
    percent("the potency", potency_percent)
    positive("the dose per piece", mg_per_unit)
    share("the process loss", loss_percent)
    concentrate_mg = units.convert(mass, mass_unit, "mg")
    thc_mg = concentrate_mg * potency_percent / 100
    kept = thc_mg * (1 - loss_percent / 100)
    exact = kept / mg_per_unit
    pieces = whole_pieces(exact)
    steps = [
        f"{fmt(mass, 4)} {mass_unit} = {fmt(concentrate_mg)} mg of concentrate",
        f"{fmt(concentrate_mg)} mg × {fmt(potency_percent, 4)}% = {fmt(thc_mg)} mg THC",
    ]
    if loss_percent:
        steps.append(f"after {fmt(loss_percent)}% loss: {fmt(kept)} mg THC")
    steps.append(f"{fmt(kept)} mg ÷ {fmt(mg_per_unit)} mg per piece = {pieces:,} whole pieces")
    inputs = [
        f"concentrate: {fmt(mass, 4)} {mass_unit} at {fmt(potency_percent, 4)}%",
        f"dose: {fmt(mg_per_unit)} mg per piece",
    ]
    if loss_percent:
        inputs.append(f"process loss: {fmt(loss_percent)}%")
    return Calculation(
        "pieces_from_concentrate",
        pieces,
        "pieces",
        f"You can make {pieces:,} pieces at {fmt(mg_per_unit)} mg from {fmt(mass, 4)} "
        f"{mass_unit} of {fmt(potency_percent, 4)}% concentrate ({fmt(kept)} mg THC).",
        tuple(steps),
        details={"thc_mg": kept, "exact": exact},
        formula="pieces = mass (mg) × potency % × (1 - loss %) ÷ mg per piece, rounded down",
        inputs=tuple(inputs),
        assumptions=_loss_assumption(loss_percent),
    )


def servings_check(
    package_mg: float,
    serving_mg: float,
    limits: StateEdibleLimits | None = None,
    cannabinoid: str = "THC",
) -> Calculation:
    """Servings in a package, checked against a state's per-serving and per-package caps.
    The caps are for THC: a product of another cannabinoid (a CBD tincture) is counted in
    servings but not judged against them, and the answer says so.

    Raises:
        CalculationError: non-positive amounts or a serving larger than the package.
    """
    positive("the package's THC", package_mg)
    positive("the serving's THC", serving_mg)
    if serving_mg > package_mg:
        raise CalculationError("a serving cannot hold more THC than the whole package")
    exact = package_mg / serving_mg
    servings = whole_pieces(exact)
    steps = [f"{fmt(package_mg)} mg ÷ {fmt(serving_mg)} mg per serving = {fmt(exact)} servings"]
    warnings: list[str] = []
    left_mg = max(package_mg - servings * serving_mg, 0.0)
    uneven = abs(exact - round(exact)) > 1e-9
    if uneven:
        warnings.append("the package does not divide into whole servings")
        steps.append(f"whole servings: {servings} ({fmt(left_mg)} mg left over)")
    broken: list[str] = []
    assumptions: tuple[str, ...] = ()
    if limits is not None and cannabinoid != "THC":
        if limits.per_serving_mg or limits.per_package_mg:
            assumptions = (
                f"{limits.state}'s per-serving and per-package caps are for THC, so this "
                f"{cannabinoid} product is not checked against them",
            )
        limits = None
    if limits is not None:
        for cap, amount, what in (
            (limits.per_serving_mg, serving_mg, "serving"),
            (limits.per_package_mg, package_mg, "package"),
        ):
            if cap is None:
                continue
            ok = amount <= cap
            steps.append(
                f"{limits.state} caps a {what} at {fmt(cap)} mg THC: {fmt(amount)} mg "
                f"{'is within it' if ok else 'EXCEEDS it'}"
            )
            if not ok:
                broken.append(
                    f"{fmt(amount)} mg per {what} is over {limits.state}'s {fmt(cap)} mg cap"
                )
    verdict = None
    if limits is not None and (limits.per_serving_mg or limits.per_package_mg):
        verdict = (
            f"It breaks {limits.state}'s edible limits: {'; '.join(broken)}."
            if broken
            else f"It is within {limits.state}'s edible limits."
        )
    return Calculation(
        "servings_check",
        servings,
        "servings",
        f"A {fmt(package_mg)} mg package at {fmt(serving_mg)} mg per serving holds "
        f"{fmt(servings)} {'whole ' if uneven else ''}servings"
        + (f" ({fmt(exact)} exactly; {fmt(left_mg)} mg left over)." if uneven else ".")
        + (f" {verdict}" if verdict else ""),
        tuple(steps),
        tuple(warnings + broken),
        formula="servings = mg per package ÷ mg per serving, rounded down to whole servings",
        inputs=(
            f"package: {fmt(package_mg)} mg {cannabinoid}",
            f"serving: {fmt(serving_mg)} mg {cannabinoid}",
        ),
        assumptions=assumptions,
        verdict=verdict,
        details={"package_mg": package_mg, "serving_mg": serving_mg, "exact": exact},
    )


def scale_batch(
    ingredients: Sequence[tuple[str, float, str]], factor: float, asked: str | None = None
) -> Calculation:
    """Every ingredient (name, amount, unit) multiplied by `factor`; with `asked` (one
    ingredient's name) the result is that ingredient's new amount, otherwise the factor.

    Raises:
        CalculationError: no ingredients, a non-positive factor or amount.
    """
    if not ingredients:
        raise CalculationError("give at least one ingredient with its amount and unit")
    positive("the scale factor", factor)
    steps: list[str] = []
    scaled: list[str] = []
    details: dict[str, float] = {}
    value, unit_of_value = factor, "×"
    for name, amount, unit in ingredients:
        positive(f"the amount of {name}", amount)
        result = f"{fmt(amount * factor, 4)} {unit}"
        steps.append(f"{name}: {fmt(amount, 4)} {unit} × {fmt(factor, 4)} = {result}")
        scaled.append(f"{name} {result}")
        details[name] = amount * factor
        if name == asked:
            value, unit_of_value = amount * factor, unit
    summary = f"Scaled by {fmt(factor, 4)}: {'; '.join(scaled)}."
    if asked is not None and unit_of_value != "×":
        summary = f"{fmt(value, 4)} {unit_of_value} of {asked}. {summary}"
    return Calculation(
        "scale_batch",
        value,
        unit_of_value,
        summary,
        tuple(steps),
        details=details | {"factor": factor},
        formula="new amount = amount × (new batch ÷ old batch)",
        inputs=(
            *tuple(f"{name}: {fmt(amount, 4)} {unit}" for name, amount, unit in ingredients),
            f"factor: {fmt(factor, 4)}",
        ),
        assumptions=("every ingredient scales linearly",),
    )


def percent_by_weight(part: float, part_unit: str, total: float, total_unit: str) -> Calculation:
    """What share of `total` the `part` is, by weight.

    Raises:
        CalculationError: a non-positive total, a negative part, or a part above the total.
    """
    total_g = grams_of("the total", total, total_unit)
    if part < 0:
        raise CalculationError("the part cannot be negative")
    part_g = grams_of("the part", part, part_unit) if part else 0.0
    if part_g > total_g:
        raise CalculationError("the part cannot weigh more than the total")
    result = part_g / total_g * 100
    return Calculation(
        "percent_by_weight",
        result,
        "% w/w",
        f"{quantity(part, part_unit)} in {quantity(total, total_unit)} is {fmt(result)}% by "
        "weight.",
        (f"{fmt(part_g * 1000)} mg ÷ {fmt(total_g * 1000)} mg × 100 = {fmt(result, 3)}%",),
        formula="% w/w = part ÷ total × 100",
        inputs=(f"part: {quantity(part, part_unit)}", f"total: {quantity(total, total_unit)}"),
    )
