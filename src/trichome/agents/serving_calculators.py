"""Servings by count and by volume: the THC in a batch of pieces at a dose ("1,000
chocolates x 2.5 mg"), and a drink shared into servings by volume ("a 12 fl oz can at 5 mg
per 2 fl oz serving")."""

from __future__ import annotations

import math

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    positive,
    quantity,
    whole,
    whole_pieces,
)
from trichome.agents.units import UnitError


def batch_total(units_count: float, mg_per_unit: float, name: str = "THC") -> Calculation:
    """mg of a cannabinoid in N pieces of `mg_per_unit` each.

    Raises:
        CalculationError: a count below 1 or a non-positive dose.
    """
    count = whole("the number of pieces", units_count)
    positive("the dose per piece", mg_per_unit)
    total = count * mg_per_unit
    return Calculation(
        "batch_total",
        total,
        f"mg {name}",
        f"{count:,} pieces at {fmt(mg_per_unit)} mg hold {fmt(total)} mg {name} "
        f"({fmt(total / 1000, 4)} g).",
        (f"{count:,} × {fmt(mg_per_unit)} mg = {fmt(total)} mg {name}",),
        details={"total_mg": total},
        formula="total mg = pieces × mg per piece",
        inputs=(f"pieces: {count:,}", f"dose: {fmt(mg_per_unit)} mg {name} per piece"),
    )


def units_within(cap_mg: float, each_mg: float, unit_name: str, cap_name: str) -> Calculation:
    """How many whole units of `each_mg` fit within a cap of `cap_mg` (pieces under a
    package cap, packs under a daily limit), rounded down.

    Raises:
        CalculationError: a non-positive cap or unit.
    """
    positive(cap_name, cap_mg)
    positive(f"the mg per {unit_name}", each_mg)
    exact = cap_mg / each_mg
    count = math.floor(exact + 1e-9)
    steps = [f"{fmt(cap_mg)} mg ÷ {fmt(each_mg)} mg per {unit_name} = {fmt(exact, 4)}"]
    if abs(exact - count) > 1e-9:
        steps.append(f"whole {unit_name}s, rounded down: {count}")
    return Calculation(
        "units_within",
        count,
        f"{unit_name}s",
        f"{count} {unit_name}s of {fmt(each_mg)} mg fit within {cap_name} of {fmt(cap_mg)} mg "
        f"({fmt(count * each_mg)} mg).",
        tuple(steps),
        details={"count": count, "exact": exact},
        formula=f"{unit_name}s = cap ÷ mg per {unit_name}, rounded down",
        inputs=(f"{cap_name}: {fmt(cap_mg)} mg", f"each {unit_name}: {fmt(each_mg)} mg"),
    )


ASKED = ("per_serving", "total_mg", "servings")


def drink_servings(
    container: float,
    container_unit: str,
    serving: float,
    serving_unit: str,
    mg: float,
    mg_per_serving: bool,
    asked: str = "per_serving",
    name: str = "THC",
) -> Calculation:
    """A drink of `container` volume shared into servings of `serving` volume, with `mg`
    of a cannabinoid in each serving (`mg_per_serving`) or in the whole container. The
    result is the mg per serving, the mg in the container or the number of whole servings
    poured, rounded down (`asked`: "per_serving", "total_mg" or "servings").

    Raises:
        CalculationError: non-positive amounts, units that are not volumes, a serving larger
            than the container, or an unknown `asked`.
    """
    if asked not in ASKED:
        raise CalculationError(f"ask for one of {', '.join(ASKED)}")
    positive("the container's volume", container)
    positive("the serving's volume", serving)
    positive(f"the {name}", mg)
    try:
        whole_ml = units.millilitres(container, container_unit)
        serving_ml = units.millilitres(serving, serving_unit)
    except UnitError:
        raise CalculationError(
            "give the container and the serving as volumes (fl oz, mL)"
        ) from None
    if serving_ml > whole_ml:
        raise CalculationError("a serving cannot be larger than the container")
    servings = whole_ml / serving_ml
    total = mg * servings if mg_per_serving else mg
    per_serving = mg if mg_per_serving else mg / servings
    steps = [
        f"{quantity(container, container_unit)} ÷ {quantity(serving, serving_unit)} = "
        f"{fmt(servings, 4)} servings",
        f"{fmt(mg)} mg × {fmt(servings, 4)} = {fmt(total, 4)} mg {name} in the container"
        if mg_per_serving
        else f"{fmt(mg)} mg ÷ {fmt(servings, 4)} = {fmt(per_serving, 4)} mg {name} per serving",
    ]
    value, unit = {
        "per_serving": (per_serving, f"mg {name} per serving"),
        "total_mg": (total, f"mg {name}"),
        "servings": (whole_pieces(servings), "servings"),
    }[asked]
    warnings = []
    if abs(servings - round(servings)) > 1e-9:
        warnings.append("the container does not divide into whole servings")
        if asked == "servings":
            steps.append(f"whole servings poured, rounded down: {fmt(value)}")
    return Calculation(
        "drink_servings",
        value,
        unit,
        f"The {quantity(container, container_unit)} container holds {fmt(servings, 4)} servings "
        f"of {quantity(serving, serving_unit)}, {fmt(per_serving, 4)} mg {name} each and "
        f"{fmt(total, 4)} mg in all.",
        tuple(steps),
        tuple(warnings),
        details={"servings": servings, "per_serving": per_serving, "total_mg": total},
        formula="servings = container ÷ serving volume; mg per serving = total mg ÷ servings",
        inputs=(
            f"container: {quantity(container, container_unit)}",
            f"serving: {quantity(serving, serving_unit)}",
            f"{name}: {fmt(mg)} mg {'per serving' if mg_per_serving else 'in the container'}",
        ),
    )


def pieces_for_amount(
    amount_mg: float, each_mg: float, piece: str = "piece", pieces: str = "pieces"
) -> Calculation:
    """How many pieces of `each_mg` make `amount_mg` ("how many 25 mg gummies make 100 mg"):
    the exact quotient, with the whole pieces either side when it is not whole.

    Raises:
        CalculationError: a non-positive amount or piece.
    """
    positive("the amount wanted", amount_mg)
    positive(f"the mg per {piece}", each_mg)
    exact = amount_mg / each_mg
    below = math.floor(exact + 1e-9)
    summary = f"{fmt(amount_mg)} mg at {fmt(each_mg)} mg a {piece} is {fmt(exact, 4)} {pieces}."
    if abs(exact - below) > 1e-9:
        summary += (
            f" {below} whole {pieces} give {fmt(below * each_mg)} mg; {below + 1} give "
            f"{fmt((below + 1) * each_mg)} mg."
        )
    return Calculation(
        "pieces_for_amount",
        exact,
        f"{pieces}",
        summary,
        (f"{fmt(amount_mg)} mg ÷ {fmt(each_mg)} mg per {piece} = {fmt(exact, 4)} {pieces}",),
        details={"exact": exact, "whole_below": below},
        formula=f"{pieces} = mg wanted ÷ mg per {piece}",
        inputs=(f"amount wanted: {fmt(amount_mg)} mg", f"each {piece}: {fmt(each_mg)} mg"),
    )
