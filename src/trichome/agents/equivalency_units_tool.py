"""Missouri's Marijuana Equivalency Units (`equivalency_units`) as an OpenAI function tool:
what a basket of flower, concentrate and THC in infused products comes to in MMEs. The
arguments are checked again here, since not every OpenAI-compatible upstream enforces a
schema: a kind Missouri sets no MME size for is refused, never counted as another kind."""

from __future__ import annotations

import math
from typing import Any

from trichome.agents import purchase_limits as limits
from trichome.agents import units
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.equivalency_units import ONE_UNIT, SOURCE, in_equivalency_units
from trichome.agents.tool_schemas import MASS_UNIT, function_tool

NAME = "equivalency_units"
KINDS = list(ONE_UNIT)
_MASS_UNITS: list[str] = list(MASS_UNIT["enum"])

DEFINITION: dict[str, Any] = function_tool(
    NAME,
    "Missouri Marijuana Equivalency Units (MMEs) a basket comes to: 1 MME is 3.5 g of dried "
    f"flower, 1 g of concentrate or 100 mg of THC in an infused product ({SOURCE}). Missouri "
    "only; oz is 28.3495 g, trade_oz the trade's 28 g.",
    {
        "items": {
            "type": "array",
            "minItems": 1,
            "description": "The basket: flower and concentrate by weight; products by the mg "
            "of THC they hold (two 100 mg packs of gummies are 200 mg), not by their weight.",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "amount", "unit"],
                "properties": {
                    "kind": {"type": "string", "enum": KINDS},
                    "amount": {"type": "number", "minimum": 0},
                    "unit": {"type": "string", "enum": _MASS_UNITS},
                },
            },
        }
    },
    ["items"],
)


def run(arguments: dict[str, Any]) -> Calculation:
    """The MMEs of the basket the arguments list.

    Raises:
        CalculationError: no items, an item without exactly kind, amount and unit, a kind
            with no MME size, a negative or non-numeric amount, or a unit not a mass.
    """
    unknown = sorted(set(arguments) - {"items"})
    if unknown:
        raise CalculationError(f"unknown argument(s) {', '.join(unknown)}")
    items = arguments.get("items")
    if not isinstance(items, list) or not items:
        raise CalculationError("items must be a non-empty list of {kind, amount, unit}")
    return in_equivalency_units(
        tuple(_held(position, item) for position, item in enumerate(items, 1))
    )


def _held(position: int, item: object) -> limits.Held:
    if not isinstance(item, dict) or set(item) != {"kind", "amount", "unit"}:
        raise CalculationError(f"item {position} must have exactly kind, amount and unit")
    kind, amount, unit = item["kind"], item["amount"], item["unit"]
    if kind not in ONE_UNIT:
        raise CalculationError(
            f"item {position}'s kind must be one of {', '.join(KINDS)}, not {kind!r}: Missouri "
            "sets an MME size for no other kind"
        )
    if isinstance(amount, bool) or not isinstance(amount, int | float) or not math.isfinite(amount):
        raise CalculationError(f"item {position}'s amount must be a number")
    if amount < 0:
        raise CalculationError(f"item {position}'s amount cannot be negative")
    if unit not in _MASS_UNITS:
        raise CalculationError(f"item {position}'s unit must be one of {', '.join(_MASS_UNITS)}")
    shown = f"{fmt(amount, 4)} {units.label(unit)} of {limits.KIND_NAMES[kind]}"
    return limits.Held(kind, units.convert(amount, unit, limits.KIND_UNITS[kind]), shown)
