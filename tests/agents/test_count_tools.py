"""The calculators added for issue 20's counted pieces, itemised totals and terpene additions
are function tools of the `openai` engine with the grounded engine's results, and every
calculator the grounded engine recognises for the questions of this change is one. Expected
values by hand (packs × pieces × grams; Σ count × mg; potency × distillate ÷ finished)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOL_NAMES, TOOLS
from trichome.agents.calculator_tools import run_tool


def call(name: str, **arguments: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(
        run_tool(f"trichome_{name}", json.dumps(arguments), None)  # type: ignore[arg-type]
    )
    return result


@pytest.mark.parametrize(
    "name",
    [
        "mass_of_pieces",
        "cannabinoid_in_items",
        "potency_after_terpenes",
        "decarboxylation",
        "equivalency_units",
        "purchase_limit",
        "convert",
    ],
)
def test_the_calculator_is_a_function_tool(name: str) -> None:
    assert f"trichome_{name}" in TOOL_NAMES
    (tool,) = [t["function"] for t in TOOLS if t["function"]["name"] == f"trichome_{name}"]
    assert tool["parameters"]["additionalProperties"] is False
    assert set(tool["parameters"]["required"]) <= set(tool["parameters"]["properties"])


@pytest.mark.parametrize(
    ("question", "name", "arguments"),
    [
        ("2 10-packs of 0.5g prerolls, how much flower total", "mass_of_pieces",
         {"piece_mass": 0.5, "piece_unit": "g", "pieces": 10, "packs": 2}),
        ("a case of 24 2-packs of 1g prerolls, total grams?", "mass_of_pieces",
         {"piece_mass": 1, "piece_unit": "g", "pieces": 2, "packs": 24}),
        ("3 gummies with 10 mg CBG each and a 1 g cart at 40% CBG, total CBG?",
         "cannabinoid_in_items",
         {"cannabinoid": "CBG", "items": [{"label": "gummies", "count": 3, "mg": 10},
                                          {"label": "cart", "mass": 1, "mass_unit": "g",
                                           "percent": 40}]}),
        ("adding 50 g of terps to 2 kg of 70% distillate, what's the new potency?",
         "potency_after_terpenes",
         {"batch": 2, "batch_unit": "kg", "potency_percent": 70, "terpenes": 50,
          "terpene_unit": "g"}),
        ("mixed 50 g terps into our 70% oil, the finished batch came out to 2 kg. potency now?",
         "potency_after_terpenes",
         {"batch": 2, "batch_unit": "kg", "potency_percent": 70, "terpenes": 50,
          "terpene_unit": "g", "batch_is": "after"}),
    ],
)  # fmt: skip
def test_the_tool_returns_what_the_grounded_engine_shows(
    question: str, name: str, arguments: dict[str, Any]
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    result = call(name, **arguments)
    assert math.isclose(result["result"], found.calculation.value, rel_tol=1e-6), result
    assert result["unit"] == found.calculation.unit


@pytest.mark.parametrize(
    ("name", "arguments", "expected"),
    [
        ("mass_of_pieces", {"piece_mass": 0.35, "piece_unit": "g", "pieces": 7, "packs": 12,
                            "cases": 2}, 2 * 12 * 7 * 0.35),
        ("cannabinoid_in_items", {"cannabinoid": "CBN", "items": [
            {"label": "bottle", "volume": 30, "volume_unit": "ml", "mg_per_ml": 20},
            {"label": "flower", "mass": 3.5, "mass_unit": "g", "mg_per_g": 12}]},
         30 * 20 + 3.5 * 12),
        ("potency_after_terpenes", {"batch": 1, "batch_unit": "kg", "potency_percent": 85,
                                    "terpenes": 30, "terpene_unit": "g"}, 85 * 1000 / 1030),
    ],
)  # fmt: skip
def test_the_tools_work_by_hand(name: str, arguments: dict[str, Any], expected: float) -> None:
    result = call(name, **arguments)
    assert math.isclose(result["result"], expected, rel_tol=1e-6), result


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("mass_of_pieces", {"piece_mass": 0.5, "piece_unit": "g", "pieces": 0}),
        ("mass_of_pieces", {"piece_mass": "half", "piece_unit": "g", "pieces": 10}),
        ("cannabinoid_in_items", {"items": []}),
        ("cannabinoid_in_items", {"items": [{"label": "cart", "mass": 1, "mass_unit": "g"}]}),
        ("cannabinoid_in_items", {"cannabinoid": "XYZ", "items": [{"label": "a", "mg": 5}]}),
        ("potency_after_terpenes", {"batch": 2, "batch_unit": "kg", "potency_percent": 120,
                                    "terpenes": 50, "terpene_unit": "g"}),
        ("potency_after_terpenes", {"batch": 2, "batch_unit": "kg", "potency_percent": 70,
                                    "terpenes": 50, "terpene_unit": "g", "batch_is": "during"}),
    ],
)  # fmt: skip
def test_bad_arguments_come_back_as_an_error(name: str, arguments: dict[str, Any]) -> None:
    result = call(name, **arguments)
    assert "error" in result and "result" not in result
