"""The calculators as OpenAI function tools: each tool's name, description and parameters."""

from __future__ import annotations

from typing import Any

from trichome.agents.checked_tools import DEFINITIONS as CHECKED_TOOLS
from trichome.agents.count_tools import DEFINITIONS as COUNT_TOOLS
from trichome.agents.decarb_tool import DEFINITION as DECARBOXYLATION_TOOL
from trichome.agents.equivalency_units_tool import DEFINITION as EQUIVALENCY_UNITS_TOOL
from trichome.agents.purchase_limit_tool import DEFINITION as PURCHASE_LIMIT_TOOL
from trichome.agents.serving_tool_definitions import SERVING_TOOLS
from trichome.agents.tool_schemas import ANY_UNIT as _ANY_UNIT
from trichome.agents.tool_schemas import COUNT as _COUNT
from trichome.agents.tool_schemas import LOSS as _LOSS
from trichome.agents.tool_schemas import MASS_UNIT as _MASS_UNIT
from trichome.agents.tool_schemas import PERCENT as _PERCENT
from trichome.agents.tool_schemas import PERCENT_OR_ZERO as _PERCENT_OR_ZERO
from trichome.agents.tool_schemas import POSITIVE as _POSITIVE
from trichome.agents.tool_schemas import STATE as _STATE
from trichome.agents.tool_schemas import TOOL_PREFIX
from trichome.agents.tool_schemas import VOLUME_UNIT as _VOLUME_UNIT
from trichome.agents.tool_schemas import function_tool as _function

TOOLS: list[dict[str, Any]] = [
    _function(
        "infusion",
        "Grams of concentrate needed to dose a batch: units × mg per unit ÷ potency.",
        {
            "units": _COUNT,
            "mg_per_unit": _POSITIVE,
            "potency_percent": _PERCENT,
            "loss_percent": _LOSS,
        },
        ["units", "mg_per_unit", "potency_percent"],
    ),
    _function(
        "dose_per_unit",
        "mg THC per unit when a mass of concentrate at a potency is split into units.",
        {
            "potency_percent": _PERCENT,
            "mass": _POSITIVE,
            "mass_unit": _MASS_UNIT,
            "units": _COUNT,
            "loss_percent": _LOSS,
        },
        ["potency_percent", "mass", "mass_unit", "units"],
    ),
    _function(
        "dose_from_total",
        "mg per piece when a batch's total mg of THC is split into pieces.",
        {"total_mg": _POSITIVE, "units": _COUNT, "loss_percent": _LOSS},
        ["total_mg", "units"],
    ),
    _function(
        "total_cannabinoid",
        "Total THC or CBD from a COA: neutral + 0.877 × acid form, in % or mg/g; "
        "check_hemp_limit adds the verdict against the federal 0.3% hemp limit.",
        {
            "neutral_percent": {
                **_PERCENT_OR_ZERO,
                "description": "delta-9 THC (or CBD); in mg/g when basis is mg/g",
                "maximum": 1000,
            },
            "acid_percent": {**_PERCENT_OR_ZERO, "maximum": 1000},
            "cannabinoid": {"type": "string", "enum": ["THC", "CBD"], "default": "THC"},
            "basis": {"type": "string", "enum": ["%", "mg/g"], "default": "%"},
            "check_hemp_limit": {"type": "boolean", "default": False},
        },
        ["neutral_percent", "acid_percent"],
    ),
    _function(
        "cannabinoid_in_product",
        "mg of THC in a product of a given mass at a potency (e.g. a 1 g cart at 85%).",
        {"mass": _POSITIVE, "mass_unit": _MASS_UNIT, "potency_percent": _PERCENT_OR_ZERO},
        ["mass", "mass_unit", "potency_percent"],
    ),
    DECARBOXYLATION_TOOL,
    _function(
        "potency_window",
        "The range a lab result may fall in around a label claim ± a variance, with a verdict "
        "when a lab result is given.",
        {
            "label_value": _POSITIVE,
            "tolerance_percent": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
            "unit": {"type": "string", "default": "mg"},
            "measured": {"type": "number", "minimum": 0},
        },
        ["label_value", "tolerance_percent"],
    ),
    _function(
        "servings_check",
        "Whole servings in an edible package (rounded down; the exact quotient in details), "
        "checked against a state's per-serving and per-package THC caps from Trichome's "
        "sourced compliance facts. The caps are for THC: a product of another cannabinoid "
        "is counted, not judged against them.",
        {
            "package_mg": _POSITIVE,
            "serving_mg": _POSITIVE,
            "state": _STATE,
            "cannabinoid": {
                "type": "string",
                "enum": ["THC", "CBD", "CBN", "CBG"],
                "default": "THC",
                "description": "the cannabinoid the mg amounts are of",
            },
        },
        ["package_mg", "serving_mg"],
    ),
    _function(
        "kitchen_infusion",
        "mg THC per tsp, tbsp or cup of butter or oil infused with flower or concentrate.",
        {
            "material": _POSITIVE,
            "material_unit": _MASS_UNIT,
            "potency_percent": _PERCENT,
            "fat": _POSITIVE,
            "fat_unit": _VOLUME_UNIT,
            "measure": {"type": "string", "enum": ["tsp", "tbsp", "cup"], "default": "tbsp"},
            "efficiency_percent": {**_PERCENT, "default": 100},
            "potency_is_thca": {"type": "boolean", "default": False},
        },
        ["material", "material_unit", "potency_percent", "fat", "fat_unit"],
    ),
    _function(
        "tincture",
        "mg per mL and per dropper of a tincture (a dropper is 1 mL unless given).",
        {
            "total_mg": _POSITIVE,
            "volume": _POSITIVE,
            "volume_unit": _VOLUME_UNIT,
            "dropper_ml": _POSITIVE,
            "name": {"type": "string", "description": "the cannabinoid (THC unless given)"},
        },
        ["total_mg", "volume", "volume_unit"],
    ),
    _function(
        "dilution",
        "Carrier to add to bring a concentrate from its potency down to a target potency.",
        {
            "mass": _POSITIVE,
            "mass_unit": _MASS_UNIT,
            "current_percent": _PERCENT,
            "target_percent": _PERCENT,
        },
        ["mass", "mass_unit", "current_percent", "target_percent"],
    ),
    _function(
        "dilution_c1v1",
        "C1V1 = C2V2: stock and diluent for a final amount at a target concentration.",
        {
            "stock": _POSITIVE,
            "target": _POSITIVE,
            "final_amount": _POSITIVE,
            "amount_unit": _ANY_UNIT,
            "concentration_unit": {"type": "string", "default": "mg/mL"},
        },
        ["stock", "target", "final_amount", "amount_unit"],
    ),
    _function(
        "blend",
        "Blend two potencies: the blend's potency from two amounts, or how much of each for "
        "a target potency (give total_amount or first_amount).",
        {
            "first_percent": _PERCENT_OR_ZERO,
            "second_percent": _PERCENT_OR_ZERO,
            "first_amount": _POSITIVE,
            "second_amount": _POSITIVE,
            "target_percent": _PERCENT,
            "total_amount": _POSITIVE,
            "unit": {"type": "string", "default": "g"},
        },
        ["first_percent", "second_percent"],
    ),
    _function(
        "terpenes",
        "Terpenes to add to a distillate as % w/w of the finished blend or of the distillate.",
        {
            "base": _POSITIVE,
            "unit": _MASS_UNIT,
            "terpene_percent": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
            "basis": {"type": "string", "enum": ["blend", "base"], "default": "blend"},
        },
        ["base", "unit", "terpene_percent"],
    ),
    _function(
        "scale_batch",
        "Every ingredient of a recipe multiplied by a factor (new batch size ÷ old).",
        {
            "ingredients": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["name", "amount", "unit"],
                    "properties": {
                        "name": {"type": "string"},
                        "amount": _POSITIVE,
                        "unit": {"type": "string"},
                    },
                },
            },
            "factor": _POSITIVE,
        },
        ["ingredients", "factor"],
    ),
    _function(
        "convert",
        "Convert an amount between units of mass, volume, area or power, stating the "
        "convention (oz is 28.3495 g; trade_oz is the trade's 28 g; an eighth 3.5 g); "
        "mass↔volume needs a density.",
        {
            "amount": {"type": "number", "minimum": 0},
            "from_unit": _ANY_UNIT,
            "to_unit": _ANY_UNIT,
            "density_g_per_ml": _POSITIVE,
        },
        ["amount", "from_unit", "to_unit"],
    ),
    _function(
        "percent_by_weight",
        "What share of a total mass a part is, in % w/w.",
        {
            "part": {"type": "number", "minimum": 0},
            "part_unit": _MASS_UNIT,
            "total": _POSITIVE,
            "total_unit": _MASS_UNIT,
        },
        ["part", "part_unit", "total", "total_unit"],
    ),
    _function(
        "cultivation_yield",
        "Dry grams per square foot of canopy and per watt of lighting.",
        {
            "dry": _POSITIVE,
            "dry_unit": _MASS_UNIT,
            "area": _POSITIVE,
            "area_unit": {"type": "string", "enum": ["sqft", "m2"], "default": "sqft"},
            "watts": _POSITIVE,
        },
        ["dry", "dry_unit"],
    ),
    _function(
        "dry_weight",
        "Dry weight from wet weight at a stated loss, or moisture before and after drying.",
        {
            "wet": _POSITIVE,
            "unit": _MASS_UNIT,
            "moisture_loss_percent": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
            "initial_moisture_percent": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
            "final_moisture_percent": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
        },
        ["wet", "unit"],
    ),
    _function(
        "price_per_gram",
        "Price per gram (and per eighth and trade ounce) from a price for an amount.",
        {"price": _POSITIVE, "amount": _POSITIVE, "unit": _MASS_UNIT},
        ["price", "amount", "unit"],
    ),
    _function(
        "dilution_with_carrier",
        "Carrier (terpenes, MCT) to add to bring a concentrate down to a target potency of the "
        "finished blend (cutting 95% distillate to 85% with terpenes).",
        {
            "mass": _POSITIVE,
            "mass_unit": _MASS_UNIT,
            "current_percent": _PERCENT,
            "target_percent": _PERCENT,
            "carrier": {"type": "string", "default": "carrier"},
        },
        ["mass", "mass_unit", "current_percent", "target_percent"],
    ),
    _function(
        "potency_basis",
        "A potency in % as mg/g, or in mg/g as % (1% = 10 mg/g).",
        {
            "value": {"type": "number", "minimum": 0},
            "unit": {"type": "string", "enum": ["%", "mg/g"]},
            "cannabinoid": {"type": "string", "default": "THC"},
        },
        ["value", "unit"],
    ),
    _function(
        "dry_basis_potency",
        "A potency moved between as-received and dry-weight basis at a moisture content: "
        "dry = as-received ÷ (1 - moisture).",
        {
            "potency_percent": _PERCENT_OR_ZERO,
            "moisture_percent": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
            "given": {"type": "string", "enum": ["as-received", "dry"], "default": "as-received"},
        },
        ["potency_percent", "moisture_percent"],
    ),
    _function(
        "label_check",
        "A lab's mg per piece against the label's: % of the claim, with the signed variance "
        "(details.deviation_percent) and difference in mg (details.difference_mg), package "
        "totals, and a pass/fail verdict when the allowed variance is given.",
        {
            "claim_mg": _POSITIVE,
            "measured_mg": {"type": "number", "minimum": 0},
            "pieces": _COUNT,
            "tolerance_percent": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
        },
        ["claim_mg", "measured_mg"],
    ),
    _function(
        "cannabinoid_recovered",
        "The cannabinoid a mass of material at a potency gives up at an extraction efficiency, "
        "in the material's unit.",
        {
            "mass": _POSITIVE,
            "mass_unit": _MASS_UNIT,
            "potency_percent": _PERCENT,
            "efficiency_percent": {**_PERCENT, "default": 100},
            "cannabinoid": {"type": "string", "default": "THC"},
        },
        ["mass", "mass_unit", "potency_percent"],
    ),
    _function(
        "tincture_recipe",
        "mg THC for a bottle at a target mg/mL, and the grams of concentrate at a potency.",
        {
            "mg_per_ml": _POSITIVE,
            "volume": _POSITIVE,
            "volume_unit": _VOLUME_UNIT,
            "potency_percent": _PERCENT,
            "loss_percent": _LOSS,
        },
        ["mg_per_ml", "volume", "volume_unit"],
    ),
    _function(
        "vpd",
        "Vapour pressure deficit (kPa) of the air, or leaf-to-air with a leaf temperature, from "
        "Tetens' saturation vapour pressure (FAO-56 eq. 11). Temperatures in °C.",
        {
            "air_celsius": {"type": "number"},
            "relative_humidity": {"type": "number", "minimum": 0, "maximum": 100},
            "leaf_celsius": {"type": "number"},
        },
        ["air_celsius", "relative_humidity"],
    ),
    _function(
        "humidity_for_vpd",
        "The relative humidity (%) to set for a target VPD (kPa) at an air temperature (°C): "
        "RH = 100 × (SVP(leaf) - VPD) ÷ SVP(air), Tetens' SVP (FAO-56 eq. 11); the leaf is at "
        "air temperature unless leaf_celsius is given.",
        {
            "target_kpa": _POSITIVE,
            "air_celsius": {"type": "number"},
            "leaf_celsius": {"type": "number"},
        },
        ["target_kpa", "air_celsius"],
    ),
    _function(
        "temperature_for_vpd",
        "The air temperature (°C) that gives a target VPD (kPa) at a relative humidity (%), "
        "Tetens' SVP (FAO-56 eq. 11) solved for T; leaf_offset_celsius is how much cooler the "
        "leaf runs than the air (negative if warmer) for the leaf VPD.",
        {
            "target_kpa": _POSITIVE,
            "relative_humidity": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
            "leaf_offset_celsius": {"type": "number"},
        },
        ["target_kpa", "relative_humidity"],
    ),
    _function(
        "daily_light_integral",
        "DLI (mol/m²/day) = PPFD (µmol/m²/s) × hours of light × 3,600 ÷ 1,000,000.",
        {"ppfd": _POSITIVE, "hours": {"type": "number", "exclusiveMinimum": 0, "maximum": 24}},
        ["ppfd", "hours"],
    ),
    *SERVING_TOOLS,
    PURCHASE_LIMIT_TOOL,
    EQUIVALENCY_UNITS_TOOL,
    *COUNT_TOOLS,
    *CHECKED_TOOLS,
]
__all__ = ["TOOLS", "TOOL_NAMES", "TOOL_PREFIX"]
TOOL_NAMES = frozenset(tool["function"]["name"] for tool in TOOLS)
