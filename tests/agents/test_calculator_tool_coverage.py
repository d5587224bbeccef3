"""Every calculator the grounded engine can run is a function tool of the `openai` engine
(issue 20: numbers from calculators, never the model's arithmetic), a tool gives the result
the grounded engine shows for the same question, and an argument a tool's schema refuses
comes back as a tool error naming it.

Which calculators each engine reaches is read from the source (`calculator_graph`): from the
grounded engine's reader registry (`calculation_intents.READERS`) and from the function
every tool call goes through (`calculator_tools.run_tool`), not from a list kept by hand.
Expected figures by hand: a pound is 16 oz, so $2,400/lb is $150/oz; a kilo is 1,000 g or
35.714 trade ounces of 28 g, so $2,400/kg is $67.20/oz; 22 g of rosin from 100 g is 22%;
5 lb (2,267.96 g) over 10 plants is 226.796 g each; $100 at 10% and 6% side by side is
$116; 100 mg in 25 mg gummies is 4; a 1 lb (453.59 g) of 1 g pre-rolls is 453; a DLI of 40
over 12 h is 40e6 / 43,200 = 925.93 µmol/m²/s; THCA loses 1 - 0.877 = 12.3% of its mass.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.support import calculator_graph
from tests.support.schema_model import instance_of
from trichome.agents import checked_tools
from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOL_NAMES, TOOLS
from trichome.agents.calculator_tools import as_payload, run_tool
from trichome.agents.service import build_agent_service
from trichome.agents.tool_schemas import TOOL_PREFIX
from trichome.config import Settings
from trichome.knowledge.retrieval import KnowledgeBase


def call(name: str, arguments: object) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(run_tool(TOOL_PREFIX + name, json.dumps(arguments), None))  # type: ignore[arg-type]
    return result


def test_every_calculator_the_grounded_engine_runs_has_a_function_tool() -> None:
    graph = calculator_graph.build()
    grounded = calculator_graph.grounded_calculators(graph)
    tools = calculator_graph.tool_calculators(graph)
    assert len(grounded) >= 70  # the registry is read, not an empty graph
    assert ("potency_calculators", "total_cannabinoid") in grounded
    missing = calculator_graph.shown(grounded - tools)
    assert missing == [], f"grounded calculators with no function tool: {missing}"


def test_a_calculator_reached_only_by_a_reader_is_reported(tmp_path: Path) -> None:
    """The check can fail: a registry reaching a calculator no tool runs names it."""
    (tmp_path / "calculation_intents.py").write_text(
        "from trichome.agents.readers import by_weight, by_count\nREADERS = (by_weight, by_count)\n"
    )
    (tmp_path / "readers.py").write_text(
        "from trichome.agents import sums\n"
        "from trichome.agents.calculation_questions import Question\n"
        "def by_weight(question: Question):\n    return sums.weight(1)\n"
        "def by_count(question: Question):\n    return sums.count(2)\n"
    )
    (tmp_path / "sums.py").write_text(
        "def weight(x):\n    return Calculation('weight', x)\n"
        "def count(x):\n    return Calculation('count', x)\n"
        "def unused(x):\n    return Calculation('unused', x)\n"
    )
    (tmp_path / "calculator_tools.py").write_text(
        "from trichome.agents import sums\n"
        "from trichome.agents.readers import by_count\n"  # a reader needs a question: not run
        "RUNNERS = {'weight': lambda a: sums.weight(a)}\n"
        "def run_tool(name, arguments):\n    return RUNNERS[name](arguments)\n"
    )
    graph = calculator_graph.build(tmp_path)
    grounded = calculator_graph.grounded_calculators(graph)
    assert calculator_graph.shown(grounded) == ["sums.count", "sums.weight"]
    tools = calculator_graph.tool_calculators(graph)
    assert calculator_graph.shown(grounded - tools) == ["sums.count"]


def test_the_checked_tools_are_offered_once_each() -> None:
    names = [tool["function"]["name"] for tool in TOOLS]
    assert len(names) == len(set(names)) == len(TOOL_NAMES)
    for tool in checked_tools.TOOLS:
        assert TOOL_PREFIX + tool.name in TOOL_NAMES
        parameters = tool.definition["function"]["parameters"]
        assert parameters["additionalProperties"] is False
        assert set(parameters["required"]) <= set(parameters["properties"])


@pytest.mark.parametrize(
    ("question", "name", "arguments", "expected"),
    [
        ("2400/lb, cost per oz?", "price_per_ounce",
         {"price": 2400, "amount": 1, "unit": "lb"}, 150),
        ("2400 per kilo, what's an ounce cost?", "price_per_ounce",
         {"price": 2400, "amount": 1, "unit": "kg"}, 2400 / (1000 / 28)),
        ("pressed 100 g of flower and got 22 g of rosin, what's my return?", "extraction_return",
         {"started": 100, "started_unit": "g", "got": 22, "got_unit": "g", "material": "flower"}, 22),
        ("harvested 5 lb from 10 plants, grams per plant?", "yield_per_plant",
         {"harvest": 5, "harvest_unit": "lb", "plants": 10, "per_plant_unit": "g"}, 5 * 453.59237 / 10),
        ("$100 with 10% excise and 6% sales tax, total?", "sales_tax",
         {"price": 100, "rates": [10, 6]}, 116),
        ("how many 25 mg gummies make 100 mg?", "pieces_for_amount",
         {"amount_mg": 100, "each_mg": 25, "piece": "gummy", "pieces": "gummies"}, 4),
        ("how many 1g prerolls from a pound?", "pieces_from_mass",
         {"total": 1, "total_unit": "lb", "piece": 1, "piece_unit": "g"}, 453),
        ("what PPFD for a DLI of 40 over 12 hours?", "ppfd_for_dli",
         {"dli": 40, "hours": 12}, 40e6 / (12 * 3600)),
        ("what percent of its mass does THCA lose when decarbed?", "decarboxylation_mass_share",
         {}, 12.3),
    ],
)  # fmt: skip
def test_a_new_tool_returns_what_the_grounded_engine_shows(
    question: str, name: str, arguments: dict[str, Any], expected: float
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    result = call(name, arguments)
    assert math.isclose(result["result"], expected, rel_tol=1e-6), result
    assert result == json.loads(json.dumps(as_payload(found.calculation)))


def test_a_loss_after_decarboxylation_is_the_grounded_chain() -> None:
    found = recognise("decarb 1000 mg of THCA, then we lose 10% in processing: how much THC?")
    assert found is not None and found.calculation is not None, found
    result = call("decarboxylation", {"acid_mass": 1000, "mass_unit": "mg", "loss_percent": 10})
    assert math.isclose(result["result"], 1000 * 0.877 * 0.9, rel_tol=1e-9)
    assert result == json.loads(json.dumps(as_payload(found.calculation)))


@pytest.mark.parametrize(
    ("name", "arguments", "refusal"),
    [
        ("price_per_ounce", {"price": 2400, "amount": 1, "unit": "grams"},
         "unit must be one of lb, kg, oz, trade_oz; got 'grams'"),
        ("sales_tax", {"price": 100, "rates": [10, 120]}, "rates[2] must be below 100, got 120"),
        ("sales_tax", {"price": 100, "rates": []}, "rates needs at least 1 item(s), got 0"),
        ("yield_per_plant", {"harvest": 5, "harvest_unit": "lb", "plants": 2.5},
         "plants must be a whole number, got 2.5"),
        ("extraction_return", {"started": -100, "started_unit": "g", "got": 22, "got_unit": "g"},
         "started must be above 0, got -100"),
        ("mg_in_volume", {"mg_per_ml": "ten", "ml": 1}, "mg_per_ml must be a number, got 'ten'"),
        ("mg_in_volume", {"mg_per_ml": 10}, "ml is required"),
        ("mg_in_volume", {"mg_per_ml": 10, "ml": 1, "mL": 2}, "unknown argument 'mL'"),
        ("weighted_blend", {"parts": [{"amount": 1, "percent": 90}, {"amount": 1, "percent": 101}],
                            "unit": "g"}, "parts[2].percent must be at most 100, got 101"),
        ("weight_lost", {"before": 10, "after": 40, "unit": "lb"},
         "the weight after drying (40 lb) is more than the weight before (10 lb)"),
        ("stated_equivalent", {"equals": {"amount": 1, "unit": "g", "kind": "concentrate"},
                               "to": {"amount": 3.5, "unit": "g", "kind": "flower"},
                               "amounts": [{"amount": 100, "unit": "mg", "kind": "products"}]},
         "the equivalence only covers concentrate and flower"),
        ("doses_in", {"total": 30, "total_unit": "ml", "dose": 0.5, "dose_unit": "g"},
         "g is a mass and mL a volume"),
    ],
)  # fmt: skip
def test_a_bad_argument_is_a_tool_error_naming_it(
    name: str, arguments: dict[str, Any], refusal: str
) -> None:
    result = call(name, arguments)
    assert set(result) == {"error"} and refusal in result["error"], result
    assert result["error"].startswith("cannot calculate: ")


def _valid(schema: dict[str, Any]) -> Any:
    """A value the schema accepts: `instance_of`'s, with lists as long as they must be."""
    if schema.get("type") == "array":
        return [_valid(schema["items"])] * max(1, schema.get("minItems", 1))
    if schema.get("type") == "object":
        return {name: _valid(inner) for name, inner in schema.get("properties", {}).items()}
    return instance_of(schema)


@pytest.mark.parametrize("tool", checked_tools.TOOLS, ids=lambda tool: tool.name)
def test_every_checked_tool_refuses_a_missing_or_mistyped_argument(
    tool: checked_tools.CheckedTool,
) -> None:
    parameters = tool.definition["function"]["parameters"]
    valid = _valid(parameters)
    for name in parameters["required"]:
        result = call(tool.name, {k: v for k, v in valid.items() if k != name})
        assert result == {"error": f"cannot calculate: {name} is required"}
    for name, schema in parameters["properties"].items():
        if schema["type"] != "string":
            result = call(tool.name, {**valid, name: "a word"})
            assert result["error"].startswith(f"cannot calculate: {name} must be"), result
        else:
            result = call(tool.name, {**valid, name: 7})
            assert result == {"error": f"cannot calculate: {name} must be a string, got 7"}
    assert call(tool.name, []) == {"error": "cannot calculate: the arguments must be a JSON object"}


# Arguments a model may send that no schema allows: zero, negative, enormous, tiny, of the
# wrong type, a unit where a number goes, a count that is not whole.
_ODD_VALUES = (0, -1, 1e308, 1e-300, "x", None, True, [], {}, 150, 2.5, "lb", "ml")


@pytest.fixture(scope="module")
def knowledge() -> KnowledgeBase:
    return build_agent_service(Settings()).knowledge


@pytest.mark.parametrize("tool", TOOLS, ids=lambda tool: tool["function"]["name"])
def test_no_argument_makes_a_tool_raise(tool: dict[str, Any], knowledge: KnowledgeBase) -> None:
    """Whatever a model sends, a tool answers with a result or an error: never an exception
    (which would be a 500)."""
    function = tool["function"]
    base = _valid(function["parameters"])
    for name in function["parameters"]["properties"]:
        for odd in _ODD_VALUES:
            answer = json.loads(
                run_tool(function["name"], json.dumps({**base, name: odd}), knowledge)
            )
            assert "error" in answer or "result" in answer, (name, odd, answer)
            if "error" in answer:
                assert answer["error"].startswith("cannot calculate: "), answer
