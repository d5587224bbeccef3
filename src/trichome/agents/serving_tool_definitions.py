"""The servings calculators as OpenAI function tools: a batch's total from pieces at a dose,
and a drink shared into servings by volume (`serving_calculators`)."""

from __future__ import annotations

from typing import Any

from trichome.agents.tool_schemas import COUNT, POSITIVE, VOLUME_UNIT, function_tool

SERVING_TOOLS: list[dict[str, Any]] = [
    function_tool(
        "batch_total",
        "mg of a cannabinoid in a batch: pieces × mg per piece.",
        {"units": COUNT, "mg_per_unit": POSITIVE, "name": {"type": "string"}},
        ["units", "mg_per_unit"],
    ),
    function_tool(
        "drink_servings",
        "A drink shared into servings by volume: servings = container ÷ serving; the mg given "
        "per serving (mg_per_serving true) or in the whole container. asked picks the result: "
        "per_serving, total_mg or servings (whole servings, rounded down).",
        {
            "container": POSITIVE,
            "container_unit": VOLUME_UNIT,
            "serving": POSITIVE,
            "serving_unit": VOLUME_UNIT,
            "mg": POSITIVE,
            "mg_per_serving": {"type": "boolean"},
            "asked": {"type": "string", "enum": ["per_serving", "total_mg", "servings"]},
        },
        ["container", "container_unit", "serving", "serving_unit", "mg", "mg_per_serving"],
    ),
]
