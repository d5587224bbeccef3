"""The purchase-limit function tool of the `openai` engine (issue 20): a strict schema, the
same results as the calculator the grounded engine uses, the law it was worked under, and a
refusal (never a neighbour's figures) for what the table does not cover. Expected figures by
hand from 410 ILCS 705/10-10 (non-resident: 15 g flower, 250 mg THC in products), 1 CCR
212-3 Rule 6-110(C) (an ounce of flower = 8 g concentrate = 800 mg THC, shares adding up)
and the Cannabis Act s. 8(1)(a) and Schedule 3 (30 g dried = 450 g solids)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from trichome.agents import purchase_limits as limits
from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOL_NAMES
from trichome.agents.calculator_tools import as_payload, run_tool
from trichome.agents.purchase_limit_tool import DEFINITION, JURISDICTIONS
from trichome.agents.service import build_agent_service
from trichome.config import Settings
from trichome.knowledge.retrieval import KnowledgeBase

NAME = "trichome_purchase_limit"
OUNCE_G = 28.349523125


@pytest.fixture(scope="module")
def knowledge() -> KnowledgeBase:
    return build_agent_service(Settings()).knowledge


def arguments(**changes: Any) -> dict[str, Any]:
    """A call as a strict schema makes the model write it: every property, nulls included."""
    return {"jurisdiction": "CO", "resident": None, "kind": "products", "question": "left",
            "items": [], "piece_amount": None, "piece_unit": None, "piece_name": None} | changes  # fmt: skip


def call(knowledge: KnowledgeBase, **changes: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(run_tool(NAME, json.dumps(arguments(**changes)), knowledge))
    return result


def _objects(schema: dict[str, Any]) -> list[dict[str, Any]]:
    found = [schema] if schema.get("type") == "object" else []
    for sub in schema.get("properties", {}).values():
        found += _objects(sub)
    if "items" in schema:
        found += _objects(schema["items"])
    return found


def test_the_schema_is_strict_and_offered_with_the_calculators() -> None:
    function = DEFINITION["function"]
    assert function["name"] in TOOL_NAMES and function["strict"] is True
    for schema in _objects(function["parameters"]):
        assert schema["additionalProperties"] is False
        assert set(schema["required"]) == set(schema["properties"])  # strict: all required
    properties = function["parameters"]["properties"]
    assert "null" in properties["resident"]["type"] and "null" in properties["piece_amount"]["type"]
    # only jurisdictions the table holds, each resolving to a limit; no guessed neighbour
    assert {"IL", "CO", "CAN", "CA-ON", "CA-BC"} <= set(JURISDICTIONS)
    assert "CA" not in JURISDICTIONS and "NY" not in JURISDICTIONS
    for code in JURISDICTIONS:
        assert limits.limit_for(code, True) is not None and limits.limit_for(code, False)


@pytest.mark.parametrize(
    ("changes", "direct"),
    [
        (
            {"jurisdiction": "IL", "resident": False, "kind": "flower",
             "items": [{"kind": "flower", "amount": 0.25, "unit": "oz"}]},
            lambda: limits.remaining(limits.LIMITS["IL", False], "flower",
                                     (limits.Held("flower", 0.25 * OUNCE_G, "0.25 oz of flower"),)),
        ),
        (
            {"items": [{"kind": "concentrate", "amount": 4, "unit": "g"}]},
            lambda: limits.remaining(limits.LIMITS["CO", True], "products",
                                     (limits.Held("concentrate", 4, "4 g of concentrate"),)),
        ),
        (
            {"jurisdiction": "IL", "resident": True, "piece_amount": 50, "piece_unit": "mg",
             "piece_name": "bars"},
            lambda: limits.remaining(limits.LIMITS["IL", True], "products", (), 50, "bars"),
        ),
        (
            {"jurisdiction": "CA-ON", "kind": "flower", "question": "equivalent",
             "items": [{"kind": "flower", "amount": 5, "unit": "g"},
                       {"kind": "solids", "amount": 75, "unit": "g"}]},
            lambda: limits.equivalent(limits.LIMITS["CAN", True], (
                limits.Held("flower", 5, "5 g of dried cannabis"),
                limits.Held("solids", 75, "75 g of solids containing cannabis (edibles, by weight)"),
            ), "flower"),
        ),
    ],
)  # fmt: skip
def test_the_tool_gives_the_calculators_result_and_its_source(
    knowledge: KnowledgeBase, changes: dict[str, Any], direct: Any
) -> None:
    calculation = direct()
    expected = json.loads(json.dumps(as_payload(calculation)))
    result = call(knowledge, **changes)
    assert {k: v for k, v in result.items() if k not in ("source", "applies_to")} == expected
    limit = next(
        lim
        for lim in limits.LIMITS.values()
        if calculation.inputs[0] == f"limit: {lim.holder}, under {lim.source}"
    )
    assert result["source"] == limit.source and result["applies_to"] == limit.holder


def test_the_tool_and_the_grounded_reading_agree(knowledge: KnowledgeBase) -> None:
    found = recognise(
        "colorado: guy has 4 g of wax in the cart, how many mg of edibles can he still buy", "CO"
    )
    assert found is not None and found.calculation is not None
    result = call(knowledge, items=[{"kind": "concentrate", "amount": 4, "unit": "g"}])
    assert math.isclose(result["result"], found.calculation.value) and result["result"] == 400
    assert (
        result["unit"] == found.calculation.unit and result["formula"] == found.calculation.formula
    )


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"jurisdiction": "NY"}, "no purchase-limit figures for jurisdiction 'NY'"),
        ({"jurisdiction": "CA"}, "CA is California; Canada is CAN"),
        ({"jurisdiction": None}, "no purchase-limit figures for jurisdiction None"),
        ({"jurisdiction": "IL"}, "differs for residents and non-residents"),
        ({"jurisdiction": "IL", "resident": "yes"}, "resident must be true, false or null"),
        ({"jurisdiction": "CAN"}, "kind 'products' has no amount under the limit in Canada"),
        ({"kind": "beverages"}, "kind 'beverages' has no amount under the limit in Colorado"),
        ({"kind": None}, "kind is required"),
        ({"question": "how much"}, "question must be one of left, equivalent"),
        ({"items": [{"kind": "flower", "amount": 2, "unit": "lbs"}]}, "item 1's unit must be"),
        ({"items": [{"kind": "flower", "amount": True, "unit": "g"}]}, "item 1's amount must be"),
        ({"items": [{"kind": "flower", "amount": -1, "unit": "g"}]}, "cannot be negative"),
        ({"items": [{"kind": "flower", "amount": 1}]}, "exactly kind, amount and unit"),
        ({"piece_amount": 10}, "piece_unit must be one of"),
        ({"piece_amount": 0, "piece_unit": "mg"}, "must be a number above zero"),
        ({"question": "equivalent"}, "there is no amount to convert"),
        ({"jurisdiction": "IL", "resident": True, "question": "equivalent",
          "items": [{"kind": "flower", "amount": 1, "unit": "g"}]}, "each kind has its own limit"),
        ({"state": "CO"}, "unknown argument(s) state"),
    ],
)  # fmt: skip
def test_what_the_table_cannot_work_is_refused_without_a_figure(
    knowledge: KnowledgeBase, changes: dict[str, Any], refusal: str
) -> None:
    result = call(knowledge, **changes)
    assert set(result) == {"error"}, result
    assert result["error"].startswith("cannot calculate: ") and refusal in result["error"]
