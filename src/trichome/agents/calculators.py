"""The trade's arithmetic, exact and unit-aware, showing its inputs, formula and working.

Agents never do arithmetic in a language model. The functions of the `*_calculators`
modules (potency, lab, formulation, kitchen, tincture, mixing, operations, grow room) are the
tools the `openai` engine offers the model, and the `grounded` engine calls them when it
recognises a calculation.
Every result carries the inputs it used, its formula, its steps, its unit and its
assumptions; an input that is missing, impossible or contradictory raises instead of
giving a number, and nothing defaults to zero unless the caller says so.

Counting convention: a count of physical things a user makes, fills or pours (pre-rolls,
carts, gummies, bottles, doses, servings, full droppers) is a number of whole pieces, rounded
down (`whole_pieces`): 453.6 g rolls 453 one-gram pre-rolls, not 453.6; the exact quotient
stays in the result's details as `exact` and the working. A quantity of mass or volume (grams,
eighths in a pound, mL, cups) is never rounded; the bags someone fills from it ("how many
eighths can I bag out of a pound") are pieces, and are.

This module holds the shared types, the checks every calculation makes of its inputs, and
`chain` for calculations done one after another; the potency calculations are in
`potency_calculators`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from trichome.agents import units
from trichome.agents.units import UnitError


class CalculationError(ValueError):
    """Input a calculation refuses; the message says what is wrong and what is expected."""


class MissingInput(CalculationError):
    """A calculation cannot start without an input; the message is the question to ask.

    `inputs` names the inputs that are missing as data (keys of
    `missing_inputs.WORDING`, such as "label_claim" or "tolerance"), so a caller decides
    what can supply them without reading the question's wording."""

    def __init__(self, message: str, inputs: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.inputs = tuple(inputs)


@dataclass(frozen=True, slots=True)
class Calculation:
    """A result with its unit, what it was computed from, how, and anything to watch."""

    name: str
    value: float
    unit: str
    summary: str
    steps: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    details: Mapping[str, float] = field(default_factory=dict)
    formula: str = ""
    inputs: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()
    verdict: str | None = None


@dataclass(frozen=True, slots=True)
class StateEdibleLimits:
    """A state's edible caps, with the fact ids they come from."""

    state: str
    per_serving_mg: float | None
    per_package_mg: float | None
    sources: tuple[str, ...]


def fmt(number: float, places: int = 2) -> str:
    """A number as people write it: thousands separated, trailing zeros dropped."""
    if not math.isfinite(number):
        return str(number)
    if math.isclose(number, round(number), abs_tol=10 ** -(places + 2)):
        return f"{round(number):,}"
    text = f"{number:,.{places}f}".rstrip("0").rstrip(".")
    return text if text not in ("0", "-0") else f"{number:.{places + 2}g}"


def positive(name: str, value: float) -> float:
    """`value`, refused unless it is a finite number above zero.

    Raises:
        CalculationError: zero, negative, infinite or not a number.
    """
    if not math.isfinite(value) or value <= 0:
        if math.isfinite(value) and value < 0:
            raise CalculationError(f"{name} cannot be negative (got {fmt(value, 4)})")
        raise CalculationError(f"{name} must be a number above zero, got {fmt(value, 4)}")
    return value


def percent(name: str, value: float, *, allow_zero: bool = False) -> float:
    """A percentage, refused outside (0, 100] (or [0, 100] with `allow_zero`).

    Raises:
        CalculationError: below zero, zero when not allowed, or above 100.
    """
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        raise CalculationError(
            f"{name} must be a percentage above 0 and at most 100, got {fmt(value, 4)}%"
        )
    if value > 100:
        raise CalculationError(
            f"{name} of {fmt(value, 4)}% is impossible: nothing is more than 100% of itself"
        )
    return value


def share(name: str, value: float) -> float:
    """A loss or moisture share: from 0 up to, not including, 100%.

    Raises:
        CalculationError: negative, or 100% or more (nothing would be left).
    """
    if not math.isfinite(value) or not 0 <= value < 100:
        raise CalculationError(
            f"{name} must be a percentage from 0 up to (not including) 100, got {fmt(value, 4)}%"
        )
    return value


def whole_pieces(count: float) -> int:
    """A count of pieces made, filled or poured: the whole ones, rounded down (a piece short
    of its full dose or mass is not a piece); a hair under a whole number from floating
    point still counts as that number."""
    return math.floor(count + 1e-9)


def whole(name: str, value: float) -> int:
    """A count of things: a whole number of at least 1.

    Raises:
        CalculationError: a fraction, zero or a negative count.
    """
    if not math.isfinite(value) or value < 1:
        raise CalculationError(f"{name} must be at least 1, got {fmt(value, 4)}")
    if value != int(value):
        raise CalculationError(f"{name} must be a whole number, got {fmt(value, 4)}")
    return int(value)


def grams_of(name: str, amount: float, unit: str) -> float:
    """A positive mass in grams.

    Raises:
        CalculationError: a non-positive amount or a unit that is not a mass.
    """
    positive(name, amount)
    try:
        if units.kind(unit) != "mass":
            raise CalculationError(f"{name} must be a mass (mg, g, kg, oz, lb), got {unit}")
        return units.grams(amount, unit)
    except UnitError as error:
        raise CalculationError(f"{name}: {error}; use mg, g, kg, oz or lb") from None


def quantity(amount: float, unit: str) -> str:
    """An amount with its unit label, for inputs and steps."""
    try:
        shown = units.label(unit)
    except UnitError:
        shown = unit
    if amount != 1 and shown in _PLURALS:
        shown = _PLURALS[shown]
    return f"{fmt(amount, 4)} {shown}"


# Kitchen measures read as words: "2 cups", "2 sticks of butter" (not "2 cup").
_PLURALS = {"cup": "cups", "stick of butter": "sticks of butter"}


def chain(parts: Sequence[Calculation], summary: str | None = None) -> Calculation:
    """Calculations done one after another: the last one's result, every part's working."""
    if len(parts) == 1 and summary is None:
        return parts[0]
    last = parts[-1]
    steps: list[str] = []
    for number, part in enumerate(parts, start=1):
        steps.append(f"Step {number}, {part.name.replace('_', ' ')}: {part.summary}")
        steps.extend(f"   {step}" for step in part.steps)
    inputs = tuple(dict.fromkeys(i for part in parts for i in part.inputs))
    assumptions = tuple(dict.fromkeys(a for part in parts for a in part.assumptions))
    verdicts = [part.verdict for part in parts if part.verdict]
    details: dict[str, float] = {}
    for part in parts:
        details.update(part.details)
    return Calculation(
        "+".join(part.name for part in parts),
        last.value,
        last.unit,
        summary or " ".join(part.summary for part in parts),
        tuple(steps),
        tuple(w for part in parts for w in part.warnings),
        details,
        "; then ".join(part.formula for part in parts if part.formula),
        inputs,
        assumptions,
        " ".join(verdicts) or None,
    )
