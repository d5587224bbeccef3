"""Kitchen, decarboxylation and equivalence calculators as OpenAI function tools: the THC in
the amount of an infused butter or oil a recipe uses, or in each gram of it; the material to
infuse for a strength wanted per measure; the share of THCA's mass lost as CO2; and what
amounts count as at an equivalence the user states. Each runs the function the grounded
engine's readers call; the arguments are checked against the schema first
(`tool_arguments`)."""

from __future__ import annotations

from typing import Any

from trichome.agents import decarb_steps, units
from trichome.agents import kitchen_calculators as kitchen
from trichome.agents import purchase_limits as limits
from trichome.agents.calculators import Calculation, chain, fmt
from trichome.agents.kitchen_readers import per_gram_of_fat
from trichome.agents.kitchen_targets import material_for_strength
from trichome.agents.quantities import Quantity
from trichome.agents.stated_equivalences import equivalent_at_ratio
from trichome.agents.tool_arguments import CheckedTool
from trichome.agents.tool_schemas import MASS_UNIT, PERCENT, POSITIVE, VOLUME_UNIT

_MEASURE = {"type": "string", "enum": ["tsp", "tbsp", "cup"], "default": "tbsp"}
# The batch infused, as the kitchen_infusion tool takes it.
_INFUSION = {
    "material": POSITIVE,
    "material_unit": MASS_UNIT,
    "potency_percent": PERCENT,
    "fat": {**POSITIVE, "description": "the butter or oil infused, as a volume"},
    "fat_unit": VOLUME_UNIT,
    "efficiency_percent": {**PERCENT, "default": 100},
    "potency_is_thca": {"type": "boolean", "default": False},
}
_INFUSED = ["material", "material_unit", "potency_percent", "fat", "fat_unit"]
_KINDS = [limits.FLOWER, limits.CONCENTRATE, limits.PRODUCTS]
_SIDE = {"amount": POSITIVE, "unit": MASS_UNIT, "kind": {"type": "string", "enum": _KINDS}}


def _infused(arguments: dict[str, Any]) -> Calculation:
    a = arguments
    return kitchen.kitchen_infusion(
        a["material"], a["material_unit"], a["potency_percent"], a["fat"], a["fat_unit"],
        "tbsp", a["efficiency_percent"], a["potency_is_thca"],
    )  # fmt: skip


def _portion(arguments: dict[str, Any]) -> Calculation:
    infused = _infused(arguments)
    used = kitchen.infused_portion(infused, arguments["used"], arguments["used_unit"])
    return chain([infused, used])


def _per_gram(arguments: dict[str, Any]) -> Calculation:
    infused = _infused(arguments)
    return chain(
        [infused, per_gram_of_fat(infused, arguments["fat_weight"], arguments["fat_weight_unit"])]
    )


def _quantity(side: dict[str, Any]) -> Quantity:
    """An amount as the readers hold it, written the way it is shown."""
    text = f"{fmt(side['amount'], 4)} {units.label(side['unit'])}"
    return Quantity(side["amount"], side["unit"], "mass", 0, len(text), text)


def _equivalent(arguments: dict[str, Any]) -> Calculation:
    first, second = arguments["equals"], arguments["to"]
    amounts = [(_quantity(item), item["kind"]) for item in arguments["amounts"]]
    return equivalent_at_ratio(
        _quantity(first), first["kind"], _quantity(second), second["kind"], amounts
    )


TOOLS: list[CheckedTool] = [
    CheckedTool(
        "infused_portion",
        "mg THC in the amount of an infused butter or oil a recipe uses (3/4 cup of the "
        "butter), from the batch infused: the infusion, then the portion.",
        {**_INFUSION, "used": POSITIVE, "used_unit": VOLUME_UNIT},
        [*_INFUSED, "used", "used_unit"],
        _portion,
    ),
    CheckedTool(
        "infused_per_gram",
        "mg THC per gram of an infused butter or oil, from the batch infused (the fat given "
        "as a volume, fat, and weighed, fat_weight; a US stick of butter is ½ cup, 113 g).",
        {**_INFUSION, "fat_weight": POSITIVE, "fat_weight_unit": MASS_UNIT},
        [*_INFUSED, "fat_weight", "fat_weight_unit"],
        _per_gram,
    ),
    CheckedTool(
        "material_for_strength",
        "Grams of flower or concentrate at a potency to infuse for strength_mg per measure "
        "(tsp, tbsp, cup) of a batch of butter or oil, when kept_percent of its THC reaches "
        "the fat.",
        {
            "strength_mg": POSITIVE,
            "measure": _MEASURE,
            "fat": POSITIVE,
            "fat_unit": VOLUME_UNIT,
            "potency_percent": PERCENT,
            "kept_percent": {**PERCENT, "default": 100},
            "cannabinoid": {"type": "string", "enum": ["THC", "CBD"], "default": "THC"},
        },
        ["strength_mg", "fat", "fat_unit", "potency_percent"],
        lambda a: material_for_strength(
            a["strength_mg"],
            a["measure"],
            a["fat"],
            a["fat_unit"],
            a["potency_percent"],
            a["kept_percent"],
            a["cannabinoid"],
        ),
    ),
    CheckedTool(
        "decarboxylation_mass_share",
        "The share of THCA's mass that leaves as CO2 on a full decarboxylation (no inputs).",
        {},
        [],
        lambda _: decarb_steps.share_lost(),
    ),
    CheckedTool(
        "stated_equivalent",
        "What amounts count as at an equivalence the user states ('1 g of concentrate = 3.5 g "
        "of flower': equals is the concentrate side, to the flower side); each amount is of "
        "one of the two kinds, and the result is in the kind of `to`.",
        {
            "equals": {
                "type": "object",
                "additionalProperties": False,
                "required": list(_SIDE),
                "properties": _SIDE,
            },
            "to": {
                "type": "object",
                "additionalProperties": False,
                "required": list(_SIDE),
                "properties": _SIDE,
            },
            "amounts": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": list(_SIDE),
                    "properties": _SIDE,
                },
            },
        },
        ["equals", "to", "amounts"],
        _equivalent,
    ),
]
