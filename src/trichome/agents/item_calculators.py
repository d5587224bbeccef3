"""The cannabinoid in several items added up: each item a count of pieces holding a stated mg
each, or of a mass at a potency (% or mg/g), or of a volume at a strength (mg/mL).

"3 gummies at 10 mg CBG, 2 tinctures with 500 mg CBG each and a 1 g cart at 40% CBG" are
3 × 10 + 2 × 500 + 1 × 1 g × 40% = 30 + 1,000 + 400 = 1,430 mg CBG. Every item is worked in
its own step, so an item read wrongly, or left out, shows at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    grams_of,
    percent,
    positive,
    quantity,
    whole,
)


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a list: `count` pieces, each holding `mg`, or weighing `mass` of
    `mass_unit` at `percent`, or `mass` at `mg_per_g`, or `volume_ml` at `mg_per_ml`."""

    label: str
    count: float = 1
    mg: float | None = None
    mass: float | None = None
    mass_unit: str = "g"
    percent: float | None = None
    mg_per_g: float | None = None
    volume_ml: float | None = None
    mg_per_ml: float | None = None


def _each_mg(item: Item, position: int) -> tuple[float, str]:
    """The mg in one piece of the item, and how it was worked.

    Raises:
        CalculationError: no single way to work it, or an impossible input.
    """
    name = f"item {position} ({item.label})"
    if item.mg is not None:
        if item.mg < 0:
            raise CalculationError(f"{name}: an amount cannot be negative (got {fmt(item.mg)} mg)")
        return item.mg, f"{fmt(item.mg, 4)} mg"
    if item.mass is not None and item.percent is not None:
        grams = grams_of(f"{name}'s weight", item.mass, item.mass_unit)
        share = percent(f"{name}'s potency", item.percent)
        mg = grams * 1000 * share / 100
        return mg, f"{quantity(item.mass, item.mass_unit)} × {fmt(share, 4)}% = {fmt(mg, 4)} mg"
    if item.mass is not None and item.mg_per_g is not None:
        grams = grams_of(f"{name}'s weight", item.mass, item.mass_unit)
        if not 0 < item.mg_per_g <= 1000:
            raise CalculationError(f"{name}: a potency must be above 0 and at most 1,000 mg/g")
        mg = grams * item.mg_per_g
        return mg, f"{fmt(grams, 4)} g × {fmt(item.mg_per_g, 4)} mg/g = {fmt(mg, 4)} mg"
    if item.volume_ml is not None and item.mg_per_ml is not None:
        positive(f"{name}'s volume", item.volume_ml)
        positive(f"{name}'s strength", item.mg_per_ml)
        mg = item.volume_ml * item.mg_per_ml
        return mg, f"{fmt(item.volume_ml, 4)} mL × {fmt(item.mg_per_ml, 4)} mg/mL = {fmt(mg, 4)} mg"
    raise CalculationError(
        f"{name} needs its mg, or a weight with a potency, or a volume with a strength"
    )


def cannabinoid_in_items(items: Sequence[Item], name: str = "THC") -> Calculation:
    """The mg of a cannabinoid in every item together.

    Raises:
        CalculationError: no items, a count that is not a whole number of at least 1, or an
            item that cannot be worked (see `Item`).
    """
    if not items:
        raise CalculationError("give at least one item")
    steps: list[str] = []
    inputs: list[str] = []
    parts: list[float] = []
    for position, item in enumerate(items, 1):
        count = whole(f"the count of item {position} ({item.label})", item.count)
        each, worked = _each_mg(item, position)
        parts.append(count * each)
        steps.append(
            f"{item.label}: {worked}"
            if count == 1
            else f"{item.label}: {fmt(count)} × ({worked}) = {fmt(count * each, 4)} mg"
        )
        inputs.append(f"{item.label}: {fmt(count)} × {_shown(item)}")
    total = sum(parts)
    steps.append(" + ".join(fmt(part, 4) for part in parts) + f" = {fmt(total, 4)} mg {name}")
    return Calculation(
        "cannabinoid_in_items",
        total,
        f"mg {name}",
        f"The {len(items)} items hold {fmt(total, 4)} mg {name} in all ({fmt(total / 1000, 4)} g).",
        tuple(steps),
        details={"total_mg": total, "items": float(len(items))},
        formula="total = Σ count × mg in one (mg = weight × potency, or volume × strength)",
        inputs=tuple(inputs),
    )


def _shown(item: Item) -> str:
    if item.mg is not None:
        return f"{fmt(item.mg, 4)} mg"
    if item.mass is not None and item.percent is not None:
        return f"{quantity(item.mass, item.mass_unit)} at {fmt(item.percent, 4)}%"
    if item.mass is not None and item.mg_per_g is not None:
        return f"{quantity(item.mass, item.mass_unit)} at {fmt(item.mg_per_g, 4)} mg/g"
    if item.volume_ml is not None and item.mg_per_ml is not None:
        return f"{fmt(item.volume_ml, 4)} mL at {fmt(item.mg_per_ml, 4)} mg/mL"
    return "(incomplete)"


def volume_ml(amount: float, unit: str) -> float:
    """A volume in mL (a helper for readers and tools).

    Raises:
        CalculationError: not a volume unit.
    """
    try:
        return units.millilitres(amount, unit)
    except units.UnitError as error:
        raise CalculationError(str(error)) from None
