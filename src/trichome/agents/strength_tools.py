"""The strength calculators as OpenAI function tools: mg in a volume at a strength and a
strength from mg in a volume, a stock topped up with carrier, two strengths or several
potencies blended, terpenes in a finished blend, a result's signed variance from its label,
and a hemp result judged with the lab's measurement of uncertainty. Each runs the function
the grounded engine's readers call; the arguments are checked against the schema first
(`tool_arguments`)."""

from __future__ import annotations

from typing import Any

from trichome.agents import lab_calculators as lab
from trichome.agents import mixing_calculators as mixing
from trichome.agents import potency_calculators as potency
from trichome.agents import strength_calculators as by_strength
from trichome.agents.calculators import Calculation
from trichome.agents.dose_tools import AMOUNT_UNIT
from trichome.agents.label_deviation import AMOUNT, PERCENT
from trichome.agents.multi_blends import weighted_blend
from trichome.agents.signed_variance import variance_from_label
from trichome.agents.tool_arguments import CheckedTool
from trichome.agents.tool_schemas import MASS_UNIT, POSITIVE, VOLUME_UNIT
from trichome.agents.tool_schemas import PERCENT_OR_ZERO as PERCENT_OR_ZERO_SCHEMA

_CANNABINOID = {"type": "string", "enum": ["THC", "CBD", "CBG", "CBN", "THCV", "CBC"],
                "default": "THC"}  # fmt: skip
_STRENGTH_UNIT = {"type": "string", "enum": ["mg/mL", "mg/g", "%"]}
_NOT_NEGATIVE = {"type": "number", "minimum": 0}


def _blend(arguments: dict[str, Any]) -> Calculation:
    parts = [(part["amount"], part["percent"]) for part in arguments["parts"]]
    return weighted_blend(parts, arguments["unit"])


TOOLS: list[CheckedTool] = [
    CheckedTool(
        "cannabinoid_in_volume",
        "mg of a cannabinoid in a volume of a drink or oil at a strength of strength_mg per "
        "per_unit of it (a 12 fl oz can at 0.42 mg per fl oz).",
        {
            "volume": POSITIVE,
            "unit": VOLUME_UNIT,
            "strength_mg": _NOT_NEGATIVE,
            "per_unit": VOLUME_UNIT,
            "cannabinoid": _CANNABINOID,
        },
        ["volume", "unit", "strength_mg", "per_unit"],
        lambda a: potency.cannabinoid_in_volume(
            a["volume"], a["unit"], a["strength_mg"], a["per_unit"], a["cannabinoid"]
        ),
    ),
    CheckedTool(
        "strength_per_volume",
        "mg of a cannabinoid per per_unit of volume of a drink or oil holding mg in all in "
        "volume (a 12 fl oz can with 10 mg: mg per fl oz).",
        {
            "mg": _NOT_NEGATIVE,
            "volume": POSITIVE,
            "unit": VOLUME_UNIT,
            "per_unit": VOLUME_UNIT,
            "cannabinoid": _CANNABINOID,
        },
        ["mg", "volume", "unit", "per_unit"],
        lambda a: potency.strength_per_volume(
            a["mg"], a["volume"], a["unit"], a["per_unit"], a["cannabinoid"]
        ),
    ),
    CheckedTool(
        "dilution_top_up",
        "The strength of a stock once carrier tops it up to a final amount: C2 = C1 × V1 ÷ "
        "V2 (10 mL at 100 mg/mL brought up to 50 mL).",
        {
            "strength": POSITIVE,
            "strength_unit": _STRENGTH_UNIT,
            "amount": POSITIVE,
            "unit": AMOUNT_UNIT,
            "final": POSITIVE,
            "final_unit": AMOUNT_UNIT,
        },
        ["strength", "strength_unit", "amount", "unit", "final", "final_unit"],
        lambda a: by_strength.topped_up(
            a["strength"], a["amount"], a["unit"], a["final"], a["final_unit"], a["strength_unit"]
        ),
    ),
    CheckedTool(
        "blend_strengths",
        "The strength of two liquids (or masses) of known strength mixed: (C1 × V1 + C2 × "
        "V2) ÷ (V1 + V2), both strengths in strength_unit.",
        {
            "first": _NOT_NEGATIVE,
            "first_amount": POSITIVE,
            "first_unit": AMOUNT_UNIT,
            "second": _NOT_NEGATIVE,
            "second_amount": POSITIVE,
            "second_unit": AMOUNT_UNIT,
            "strength_unit": _STRENGTH_UNIT,
        },
        [
            "first",
            "first_amount",
            "first_unit",
            "second",
            "second_amount",
            "second_unit",
            "strength_unit",
        ],
        lambda a: by_strength.blend_strengths(
            a["first"],
            a["first_amount"],
            a["first_unit"],
            a["second"],
            a["second_amount"],
            a["second_unit"],
            a["strength_unit"],
        ),
    ),
    CheckedTool(
        "weighted_blend",
        "The potency of several parts blended, each an amount (all in unit) at a potency %: "
        "sum(amount × %) ÷ sum(amount).",
        {
            "parts": {
                "type": "array",
                "minItems": 2,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["amount", "percent"],
                    "properties": {"amount": POSITIVE, "percent": PERCENT_OR_ZERO_SCHEMA},
                },
            },
            "unit": MASS_UNIT,
        },
        ["parts", "unit"],
        _blend,
    ),
    CheckedTool(
        "terpenes_in_blend",
        "Terpenes and distillate for a finished blend of a given total weight holding "
        "terpene_percent w/w terpenes (the blend's weight is given, not the distillate's).",
        {
            "total": POSITIVE,
            "unit": MASS_UNIT,
            "terpene_percent": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
        },
        ["total", "unit", "terpene_percent"],
        lambda a: mixing.terpenes_in_blend(a["total"], a["unit"], a["terpene_percent"]),
    ),
    CheckedTool(
        "label_variance",
        "How far a lab result is from its label claim, signed: (measured - claim) ÷ claim × "
        "100, with the difference in the label's unit; lead says which is the result.",
        {
            "claim": POSITIVE,
            "measured": _NOT_NEGATIVE,
            "unit": {"type": "string", "default": "mg", "description": "the label's unit"},
            "lead": {"type": "string", "enum": [PERCENT, AMOUNT], "default": PERCENT},
        },
        ["claim", "measured"],
        lambda a: variance_from_label(a["claim"], a["measured"], a["unit"], a["lead"]),
    ),
    CheckedTool(
        "hemp_uncertainty",
        "Whether a hemp sample's total THC result (%) is within the acceptable hemp THC level "
        "(0.3%, 7 CFR 990.1) once the lab's measurement of uncertainty (± %) is applied.",
        {"result_percent": PERCENT_OR_ZERO_SCHEMA, "uncertainty_percent": _NOT_NEGATIVE},
        ["result_percent", "uncertainty_percent"],
        lambda a: lab.hemp_with_uncertainty(a["result_percent"], a["uncertainty_percent"]),
    ),
]
