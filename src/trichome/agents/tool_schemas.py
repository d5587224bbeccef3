"""The pieces the calculators' OpenAI function tools are written with: the name prefix, the
JSON Schemas of their common parameters, and the function wrapper."""

from __future__ import annotations

from typing import Any

from trichome.agents import units

TOOL_PREFIX = "trichome_"
MASS_UNIT = {"type": "string", "enum": ["mg", "g", "kg", "oz", "trade_oz", "lb", "eighth"]}
VOLUME_UNIT = {"type": "string", "enum": ["ml", "l", "floz", "tsp", "tbsp", "cup", "stick", "gal"]}
ANY_UNIT = {"type": "string", "enum": sorted(units.UNITS)}
PERCENT = {"type": "number", "exclusiveMinimum": 0, "maximum": 100}
PERCENT_OR_ZERO = {"type": "number", "minimum": 0, "maximum": 100}
POSITIVE = {"type": "number", "exclusiveMinimum": 0}
COUNT = {"type": "integer", "minimum": 1}
LOSS = {
    "type": "number",
    "minimum": 0,
    "exclusiveMaximum": 100,
    "default": 0,
    "description": "Expected process loss of active content, in percent.",
}
STATE = {"type": "string", "description": "Two-letter US state code, e.g. MI."}


def function_tool(
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
