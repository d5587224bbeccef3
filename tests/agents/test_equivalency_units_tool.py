"""Missouri's MMEs as a function tool of the `openai` engine (issue 20): offered with the
other calculators, the same result the grounded engine shows for the same basket, and a
kind, amount or unit Missouri's rule cannot count refused with what to send. Expected values
by hand: 1 MME = 3.5 g of dried flower = 1 g of concentrate = 100 mg of THC in an infused
product (19 CSR 100-1.040 and 100-1.180)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOL_NAMES, TOOLS
from trichome.agents.calculator_tools import as_payload, run_tool

NAME = "trichome_equivalency_units"


def call(arguments: object) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(run_tool(NAME, json.dumps(arguments), None))  # type: ignore[arg-type]
    return result


def item(kind: str, amount: float, unit: str) -> dict[str, Any]:
    return {"kind": kind, "amount": amount, "unit": unit}


def test_the_tool_is_offered_with_the_kinds_missouri_counts() -> None:
    assert NAME in TOOL_NAMES
    (tool,) = [t["function"] for t in TOOLS if t["function"]["name"] == NAME]
    kinds = tool["parameters"]["properties"]["items"]["items"]["properties"]["kind"]["enum"]
    assert kinds == ["flower", "concentrate", "products"]
    assert "3.5 g" in tool["description"] and "19 CSR 100-1.040" in tool["description"]


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        ([item("flower", 7, "g"), item("products", 500, "mg")], 7 / 3.5 + 5),
        ([item("concentrate", 1, "g"), item("flower", 1, "eighth")], 1 + 1),
        ([item("flower", 1, "trade_oz")], 28 / 3.5),
        ([item("flower", 1, "oz")], 28.349523125 / 3.5),
        ([item("products", 0.25, "g")], 250 / 100),  # THC in products given in grams
        ([item("concentrate", 500, "mg"), item("products", 0, "mg")], 0.5),
    ],
)
def test_a_basket_comes_to_its_mmes(items: list[dict[str, Any]], expected: float) -> None:
    result = call({"items": items})
    assert math.isclose(result["result"], expected, rel_tol=1e-6), result
    assert result["unit"] == "MME" and "19 CSR 100-1.040" in result["summary"]


@pytest.mark.parametrize(
    ("question", "items"),
    [
        ("how many MMEs is an eighth, 2 g of wax and a 100 mg pack of gummies",
         [item("flower", 1, "eighth"), item("concentrate", 2, "g"), item("products", 100, "mg")]),
        ("patient basket: 10.5g bud, 3 x 0.5g carts, 250mg of gummies. total MMEs?",
         [item("flower", 10.5, "g"), item("concentrate", 1.5, "g"), item("products", 250, "mg")]),
    ],
)  # fmt: skip
def test_the_tool_gives_the_number_the_grounded_engine_shows(
    question: str, items: list[dict[str, Any]]
) -> None:
    found = recognise(question, "MO")
    assert found is not None and found.calculation is not None
    result = call({"items": items})
    shown = as_payload(found.calculation)
    assert result["result"] == shown["result"] and result["unit"] == shown["unit"]
    assert result["summary"] == shown["summary"] and result["formula"] == shown["formula"]


@pytest.mark.parametrize(
    ("arguments", "refusal"),
    [
        ({"items": []}, "non-empty list"),
        ({}, "non-empty list"),
        ({"items": "7 g"}, "non-empty list"),
        ({"items": [item("solids", 7, "g")]}, "kind must be one of flower, concentrate, products"),
        ({"items": [item("flower", -1, "g")]}, "cannot be negative"),
        ({"items": [item("flower", "seven", "g")]}, "must be a number"),
        ({"items": [item("flower", 1, "ml")]}, "unit must be one of mg, g"),
        ({"items": [{"kind": "flower", "amount": 1}]}, "exactly kind, amount and unit"),
        ({"items": [item("flower", 1, "g")], "state": "MO"}, "unknown argument(s) state"),
    ],
)
def test_what_missouri_cannot_count_is_refused(arguments: dict[str, Any], refusal: str) -> None:
    result = call(arguments)
    assert set(result) == {"error"} and refusal in result["error"], result
