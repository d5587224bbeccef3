"""Servings of a product that is not THC (issue 20): a state's edible caps are THC caps, so a
CBD jar is counted in servings but never judged against them, by the `openai` engine's tool
as by the grounded reader, and the answer names the cannabinoid it read. Expected counts by
hand: 600 mg / 40 mg = 15 servings; 450 mg / 30 mg = 15 pieces."""

from __future__ import annotations

import json
from typing import Any

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOLS
from trichome.agents.calculator_tools import run_tool
from trichome.agents.service import build_agent_service
from trichome.config import Settings
from trichome.knowledge.retrieval import KnowledgeBase

TOOL = "trichome_servings_check"


@pytest.fixture(scope="module")
def knowledge() -> KnowledgeBase:
    return build_agent_service(Settings()).knowledge


def servings(knowledge: KnowledgeBase, **arguments: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(run_tool(TOOL, json.dumps(arguments), knowledge))
    return result


def test_the_tool_offers_the_cannabinoid() -> None:
    (tool,) = [t for t in TOOLS if t["function"]["name"] == TOOL]
    cannabinoid = tool["function"]["parameters"]["properties"]["cannabinoid"]
    assert {"THC", "CBD"} <= set(cannabinoid["enum"]) and cannabinoid["default"] == "THC"


def test_a_cbd_package_is_counted_but_not_judged_against_thc_caps(knowledge: KnowledgeBase) -> None:
    # 600 mg at 40 mg a serving is over Massachusetts' THC caps (5 mg / 100 mg) if it were THC
    as_thc = servings(knowledge, package_mg=600, serving_mg=40, state="MA")
    as_cbd = servings(knowledge, package_mg=600, serving_mg=40, state="MA", cannabinoid="CBD")
    assert as_thc["result"] == as_cbd["result"] == 15
    assert as_thc["verdict"] and "breaks" in as_thc["verdict"]
    assert not as_cbd.get("verdict")
    assert any("CBD" in a and "not checked" in a for a in as_cbd["assumptions"])
    assert all("CBD" in i for i in as_cbd["inputs"])


def test_a_cbd_batch_shared_into_pieces_is_called_cbd() -> None:
    found = recognise("tub of cbd chews, 450mg cbd in total, 30 mg a chew. how many chews is that")
    assert found is not None and found.calculation is not None
    worked = found.calculation
    assert worked.value == 15
    assert "CBD" in worked.summary and "THC" not in worked.summary
    assert all("THC" not in i for i in worked.inputs)
