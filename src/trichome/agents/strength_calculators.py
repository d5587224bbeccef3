"""Strengths by volume or weight, mixed: a stock topped up with carrier (C2 = C1 x V1 / V2)
and two liquids of known strength blended (the weighted average of their mg/mL)."""

from __future__ import annotations

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    positive,
    quantity,
)


def topped_up(
    strength: float, amount: float, unit: str, final: float, final_unit: str, strength_unit: str
) -> Calculation:
    """The strength of `amount` at `strength` once carrier brings it up to `final`:
    C2 = C1 × V1 ÷ V2.

    Raises:
        CalculationError: a non-positive input, amounts of different kinds, or a final
            amount smaller than the start.
    """
    positive("the starting strength", strength)
    positive("the starting amount", amount)
    positive("the final amount", final)
    try:
        start = units.convert(amount, unit, final_unit)
    except units.UnitError:
        raise CalculationError("the two amounts must both be volumes or both masses") from None
    if final < start:
        raise CalculationError(
            f"topping up adds carrier: the final {quantity(final, final_unit)} must be more "
            f"than the {quantity(amount, unit)} you start with"
        )
    result = strength * start / final
    c = strength_unit
    sep = "" if c == "%" else " "
    return Calculation(
        "dilution_top_up",
        result,
        c,
        f"{quantity(amount, unit)} at {fmt(strength, 4)}{sep}{c} topped up to "
        f"{quantity(final, final_unit)} is {fmt(result, 4)}{sep}{c}.",
        (
            f"C2 = C1 × V1 ÷ V2 = {fmt(strength, 4)} × {fmt(start, 4)} ÷ {fmt(final, 4)} = "
            f"{fmt(result, 4)}{sep}{c}",
        ),
        formula="C1 × V1 = C2 × V2, so C2 = C1 × V1 ÷ V2",
        inputs=(
            f"starting strength: {fmt(strength, 4)}{sep}{c}",
            f"starting amount: {quantity(amount, unit)}",
            f"final amount: {quantity(final, final_unit)}",
        ),
        assumptions=("the carrier holds no THC", "amounts add (no shrinkage on mixing)"),
        details={"final": final},
    )


def blend_strengths(
    first: float,
    first_amount: float,
    first_unit: str,
    second: float,
    second_amount: float,
    second_unit: str,
    strength_unit: str,
) -> Calculation:
    """The strength of two liquids (or masses) of known strength mixed: (C1 x V1 + C2 x V2) /
    (V1 + V2), the amounts in one unit.

    Raises:
        CalculationError: a negative strength, a non-positive amount, or amounts of two kinds.
    """
    for name, value in (("the first strength", first), ("the second strength", second)):
        if value < 0:
            raise CalculationError(f"{name} cannot be negative (got {fmt(value, 4)})")
    positive("the first amount", first_amount)
    positive("the second amount", second_amount)
    try:
        other = units.convert(second_amount, second_unit, first_unit)
    except units.UnitError:
        raise CalculationError("the two amounts must both be volumes or both masses") from None
    total = first_amount + other
    held = first * first_amount + second * other
    result = held / total
    c, shown = strength_unit, units.label(first_unit)
    return Calculation(
        "blend_strengths",
        result,
        c,
        f"The mix is {fmt(result, 4)} {c} ({fmt(total, 4)} {shown} in all).",
        (
            f"{fmt(first_amount, 4)} × {fmt(first, 4)} + {fmt(other, 4)} × {fmt(second, 4)} = "
            f"{fmt(held, 4)}",
            f"{fmt(held, 4)} ÷ {fmt(total, 4)} {shown} = {fmt(result, 4)} {c}",
        ),
        formula="C = (C1 × V1 + C2 × V2) ÷ (V1 + V2)",
        inputs=(
            f"first: {quantity(first_amount, first_unit)} at {fmt(first, 4)} {c}",
            f"second: {quantity(second_amount, second_unit)} at {fmt(second, 4)} {c}",
        ),
        assumptions=("amounts add (no shrinkage on mixing)",),
        details={"total": total},
    )
