"""Three calculators as OpenAI function tools: the weight of counted pieces in packs and cases
(`pack_calculators.mass_of_pieces`), a cannabinoid summed over a list of items
(`item_calculators.cannabinoid_in_items`), and a batch's potency after weighed terpenes go in
(`terpene_additions.potency_after_terpenes`). The arguments are checked again here, since not
every OpenAI-compatible upstream enforces a schema."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from trichome.agents.calculators import Calculation, CalculationError
from trichome.agents.item_calculators import Item, cannabinoid_in_items, volume_ml
from trichome.agents.pack_calculators import mass_of_pieces
from trichome.agents.terpene_additions import AFTER, BEFORE, potency_after_terpenes
from trichome.agents.tool_schemas import (
    COUNT,
    MASS_UNIT,
    PERCENT,
    POSITIVE,
    VOLUME_UNIT,
    function_tool,
)

PIECES, ITEMS, TERPENES = "mass_of_pieces", "cannabinoid_in_items", "potency_after_terpenes"
_CANNABINOIDS = ["THC", "CBD", "CBG", "CBN", "THCV", "CBC"]

DEFINITIONS: list[dict[str, Any]] = [
    function_tool(
        PIECES,
        "The weight of counted pieces (pre-rolls, joints, carts): cases × packs a case × "
        "pieces a pack × one piece's weight. '2 10-packs of 0.5 g prerolls' is packs=2, "
        "pieces=10, piece_mass=0.5 g: 10 g.",
        {
            "piece_mass": POSITIVE,
            "piece_unit": MASS_UNIT,
            "pieces": {**COUNT, "description": "pieces in one pack (in all when no packs)"},
            "packs": {**COUNT, "default": 1, "description": "packs (in one case when cases)"},
            "cases": {**COUNT, "default": 1},
        },
        ["piece_mass", "piece_unit", "pieces"],
    ),
    function_tool(
        ITEMS,
        "The mg of one cannabinoid in several items together, every item summed: each item "
        "is a count of pieces holding mg each, or weighing mass at a potency (% or mg/g), or "
        "a volume at mg/mL.",
        {
            "cannabinoid": {"type": "string", "enum": _CANNABINOIDS, "default": "THC"},
            "items": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["label"],
                    "properties": {
                        "label": {"type": "string"},
                        "count": {**COUNT, "default": 1},
                        "mg": {"type": "number", "minimum": 0},
                        "mass": POSITIVE,
                        "mass_unit": MASS_UNIT,
                        "percent": PERCENT,
                        "mg_per_g": POSITIVE,
                        "volume": POSITIVE,
                        "volume_unit": VOLUME_UNIT,
                        "mg_per_ml": POSITIVE,
                    },
                },
            },
        },
        ["items"],
    ),
    function_tool(
        TERPENES,
        "A batch's potency (%) after weighed terpenes (holding no THC) go in, with their "
        "share of the finished batch. batch_is says whether the batch's weight is before the "
        "terpenes or after them; when the user does not say, call both and give both.",
        {
            "batch": POSITIVE,
            "batch_unit": MASS_UNIT,
            "potency_percent": PERCENT,
            "terpenes": POSITIVE,
            "terpene_unit": MASS_UNIT,
            "batch_is": {"type": "string", "enum": [BEFORE, AFTER], "default": BEFORE},
        },
        ["batch", "batch_unit", "potency_percent", "terpenes", "terpene_unit"],
    ),
]


def _number(arguments: dict[str, Any], name: str, default: float | None = None) -> float:
    value = arguments.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise CalculationError(f"{name} must be a number")
    return float(value)


def _optional(item: dict[str, Any], name: str) -> float | None:
    return None if item.get(name) is None else _number(item, name)


def _item(position: int, item: object) -> Item:
    if not isinstance(item, dict):
        raise CalculationError(f"item {position} must be an object")
    volume = _optional(item, "volume")
    return Item(
        str(item.get("label") or f"item {position}"),
        _number(item, "count", 1),
        mg=_optional(item, "mg"),
        mass=_optional(item, "mass"),
        mass_unit=str(item.get("mass_unit", "g")),
        percent=_optional(item, "percent"),
        mg_per_g=_optional(item, "mg_per_g"),
        volume_ml=None if volume is None else volume_ml(volume, str(item.get("volume_unit", "ml"))),
        mg_per_ml=_optional(item, "mg_per_ml"),
    )


def _items(arguments: dict[str, Any]) -> Calculation:
    items = arguments.get("items")
    if not isinstance(items, list) or not items:
        raise CalculationError("items must be a non-empty list")
    name = str(arguments.get("cannabinoid", "THC")).upper()
    if name not in _CANNABINOIDS:
        raise CalculationError(f"cannabinoid must be one of {', '.join(_CANNABINOIDS)}")
    return cannabinoid_in_items([_item(n, i) for n, i in enumerate(items, 1)], name)


RUNNERS: dict[str, Callable[[dict[str, Any]], Calculation]] = {
    PIECES: lambda a: mass_of_pieces(
        _number(a, "piece_mass"),
        str(a["piece_unit"]),
        _number(a, "pieces"),
        _number(a, "packs", 1),
        _number(a, "cases", 1),
    ),
    ITEMS: _items,
    TERPENES: lambda a: potency_after_terpenes(
        _number(a, "batch"),
        str(a["batch_unit"]),
        _number(a, "potency_percent"),
        _number(a, "terpenes"),
        str(a["terpene_unit"]),
        str(a.get("batch_is", BEFORE)),
    ),
}
