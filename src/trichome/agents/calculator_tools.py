"""The calculators as function tools: OpenAI tool definitions and running a call."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson

from trichome.agents import calculators
from trichome.agents.calculators import Calculation, CalculationError, StateEdibleLimits
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES, STATE_NAMES
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import KnowledgeBase

TOOL_PREFIX = "trichome_"
_MASS_UNIT = {"type": "string", "enum": ["mg", "g", "kg", "oz", "lb"]}
_ANY_UNIT = {"type": "string", "enum": ["mg", "g", "kg", "oz", "lb", "ml", "l", "fl oz"]}
_PERCENT = {"type": "number", "exclusiveMinimum": 0, "maximum": 100}
_LOSS = {
    "type": "number",
    "minimum": 0,
    "exclusiveMaximum": 100,
    "default": 0,
    "description": "Expected process loss of active content, in percent.",
}
_PER_SERVING = re.compile(r"^mg\b.*\bper (?:standardi[sz]ed )?serving", re.IGNORECASE)
_PER_PACKAGE = re.compile(r"^mg\b.*\bper (?:\w+ )?package", re.IGNORECASE)


def _function(
    name: str, description: str, properties: dict[str, Any], required: list[str]
) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": TOOL_PREFIX + name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
    }


TOOLS: list[dict[str, Any]] = [
    _function(
        "infusion",
        "Grams of concentrate needed to dose a batch: units × mg per unit ÷ potency.",
        {
            "units": {"type": "integer", "minimum": 1},
            "mg_per_unit": {"type": "number", "exclusiveMinimum": 0},
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
            "mass": {"type": "number", "exclusiveMinimum": 0},
            "mass_unit": _MASS_UNIT,
            "units": {"type": "integer", "minimum": 1},
            "loss_percent": _LOSS,
        },
        ["potency_percent", "mass", "mass_unit", "units"],
    ),
    _function(
        "total_cannabinoid",
        "Total THC or CBD from a COA: neutral % + 0.877 × acid form %.",
        {
            "neutral_percent": {"type": "number", "minimum": 0, "maximum": 100},
            "acid_percent": {"type": "number", "minimum": 0, "maximum": 100},
            "cannabinoid": {"type": "string", "enum": ["THC", "CBD"], "default": "THC"},
        },
        ["neutral_percent", "acid_percent"],
    ),
    _function(
        "dilution",
        "Carrier to add to bring a concentrate from its potency down to a target potency.",
        {
            "mass": {"type": "number", "exclusiveMinimum": 0},
            "mass_unit": _MASS_UNIT,
            "current_percent": _PERCENT,
            "target_percent": _PERCENT,
        },
        ["mass", "mass_unit", "current_percent", "target_percent"],
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
                        "amount": {"type": "number", "exclusiveMinimum": 0},
                        "unit": {"type": "string"},
                    },
                },
            },
            "factor": {"type": "number", "exclusiveMinimum": 0},
        },
        ["ingredients", "factor"],
    ),
    _function(
        "convert",
        "Convert an amount between mg, g, kg, oz, lb, ml, L and fl oz (mass↔volume needs density).",
        {
            "amount": {"type": "number", "minimum": 0},
            "from_unit": _ANY_UNIT,
            "to_unit": _ANY_UNIT,
            "density_g_per_ml": {"type": "number", "exclusiveMinimum": 0},
        },
        ["amount", "from_unit", "to_unit"],
    ),
    _function(
        "percent_by_weight",
        "What share of a total mass a part is, in % w/w.",
        {
            "part": {"type": "number", "minimum": 0},
            "part_unit": _MASS_UNIT,
            "total": {"type": "number", "exclusiveMinimum": 0},
            "total_unit": _MASS_UNIT,
        },
        ["part", "part_unit", "total", "total_unit"],
    ),
    _function(
        "servings_check",
        "Servings in an edible package, checked against a state's per-serving and "
        "per-package THC caps from Trichome's sourced compliance facts.",
        {
            "package_mg": {"type": "number", "exclusiveMinimum": 0},
            "serving_mg": {"type": "number", "exclusiveMinimum": 0},
            "state": {"type": "string", "description": "Two-letter US state code, e.g. MI."},
        },
        ["package_mg", "serving_mg"],
    ),
]
TOOL_NAMES = frozenset(tool["function"]["name"] for tool in TOOLS)


def edible_limit_facts(knowledge: KnowledgeBase, state: str) -> list[Fact]:
    """A state's sourced per-serving and per-package edible THC caps."""
    return [
        fact
        for pack in knowledge.packs.values()
        for fact in pack.facts
        if fact.jurisdiction == state
        and fact.topic == "edible-thc-limits"
        and fact.value is not None
        and fact.unit
        and (_PER_SERVING.search(fact.unit) or _PER_PACKAGE.search(fact.unit))
    ]


def edible_limits(knowledge: KnowledgeBase, state: str) -> StateEdibleLimits | None:
    """A state's edible caps, or None when the packs hold neither cap for it."""
    facts = edible_limit_facts(knowledge, state)
    serving = next((f.value for f in facts if f.unit and _PER_SERVING.search(f.unit)), None)
    package = next(
        (
            f.value
            for f in facts
            if f.unit and _PER_PACKAGE.search(f.unit) and not _PER_SERVING.search(f.unit)
        ),
        None,
    )
    if serving is None and package is None:
        return None
    return StateEdibleLimits(
        STATE_NAMES.get(state, state), serving, package, tuple(f.id for f in facts)
    )


def as_payload(calculation: Calculation) -> dict[str, Any]:
    """A calculation as the JSON a tool call returns."""
    return {
        "result": round(calculation.value, 6),
        "unit": calculation.unit,
        "summary": calculation.summary,
        "working": list(calculation.steps),
        "warnings": list(calculation.warnings),
    }


def run_tool(name: str, arguments: str, knowledge: KnowledgeBase) -> str:
    """Run one tool call and return its JSON result; bad input comes back as an error."""
    runners: dict[str, Callable[[dict[str, Any]], Calculation]] = {
        "infusion": lambda a: calculators.infusion(
            int(a["units"]),
            float(a["mg_per_unit"]),
            float(a["potency_percent"]),
            float(a.get("loss_percent", 0)),
        ),
        "dose_per_unit": lambda a: calculators.dose_per_unit(
            float(a["potency_percent"]),
            float(a["mass"]),
            str(a["mass_unit"]),
            int(a["units"]),
            float(a.get("loss_percent", 0)),
        ),
        "total_cannabinoid": lambda a: calculators.total_cannabinoid(
            float(a["neutral_percent"]),
            float(a["acid_percent"]),
            str(a.get("cannabinoid", "THC")).upper(),
        ),
        "dilution": lambda a: calculators.dilution(
            float(a["mass"]),
            str(a["mass_unit"]),
            float(a["current_percent"]),
            float(a["target_percent"]),
        ),
        "scale_batch": lambda a: calculators.scale_batch(
            [(str(i["name"]), float(i["amount"]), str(i["unit"])) for i in a["ingredients"]],
            float(a["factor"]),
        ),
        "convert": lambda a: calculators.convert(
            float(a["amount"]),
            str(a["from_unit"]),
            str(a["to_unit"]),
            float(a["density_g_per_ml"]) if a.get("density_g_per_ml") else None,
        ),
        "percent_by_weight": lambda a: calculators.percent_by_weight(
            float(a["part"]), str(a["part_unit"]), float(a["total"]), str(a["total_unit"])
        ),
        "servings_check": lambda a: calculators.servings_check(
            float(a["package_mg"]),
            float(a["serving_mg"]),
            edible_limits(knowledge, str(a["state"]).upper()) if a.get("state") else None,
        ),
    }
    runner = runners.get(name.removeprefix(TOOL_PREFIX))
    if runner is None:
        return orjson.dumps({"error": f"no tool called {name}"}).decode()
    try:
        parsed = orjson.loads(arguments or "{}")
        if not isinstance(parsed, dict):
            raise CalculationError("the arguments must be a JSON object")
        state = parsed.get("state")
        if state is not None and str(state).upper() not in JURISDICTION_NAMES:
            raise CalculationError(f"unknown state {state!r}; use a two-letter code such as MI")
        return orjson.dumps(as_payload(runner(parsed))).decode()
    except (CalculationError, KeyError, TypeError, ValueError, orjson.JSONDecodeError) as error:
        return orjson.dumps({"error": f"cannot calculate: {error}"}).decode()
