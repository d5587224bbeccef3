"""Follow-ups rerun the earlier calculation with the new numbers; answers show their work;
the openai engine's tools give the same results as the grounded engine."""

from __future__ import annotations

import json
import math

import pytest

from trichome.agents import formulation_calculators as formulation
from trichome.agents import grow_room_calculators as grow_room
from trichome.agents import mixing_calculators as mixing
from trichome.agents import potency_calculators as potency
from trichome.agents import serving_calculators as serving
from trichome.agents import tincture_calculators as tinctures
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOLS
from trichome.agents.calculator_tools import as_payload, run_tool
from trichome.agents.engines.grounded import compose_answer
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings())


def conversation(service: AgentService, *turns: str) -> str:
    messages = []
    for index, text in enumerate(turns):
        messages.append(ChatTurn("user", text))
        if index < len(turns) - 1:
            messages.append(ChatTurn("assistant", "(an earlier answer)"))
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))
    return compose_answer(prepared.request)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ("how much 85% distillate for 200 gummies at 10 mg?", "what if it tests at 92%?"),
            200 * 10 / 0.92 / 1000,
        ),
        (
            ("how much 85% distillate for 200 gummies at 10 mg?", "and for 500 gummies?"),
            500 * 10 / 0.85 / 1000,
        ),
        (
            ("how much 85% distillate for 200 gummies at 10 mg?", "what about 5 mg each"),
            200 * 5 / 0.85 / 1000,
        ),
        (
            ("how much 85% distillate for 200 gummies at 10 mg?", "now with 10% loss"),
            200 * 10 / 0.9 / 0.85 / 1000,
        ),
        (("COA: 1% delta-9 THC and 20% THCA, total THC?", "what if THCA is 25%?"), 1 + 25 * 0.877),
        (
            ("how much distillate for 200 gummies at 10 mg each?", "it's 88%"),
            200 * 10 / 0.88 / 1000,
        ),
    ],
)
def test_a_follow_up_reuses_the_earlier_inputs(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)


def test_an_unrelated_turn_is_not_a_follow_up() -> None:
    turns = ("how much 85% distillate for 200 gummies at 10 mg?", "thanks! what is a COA?")
    assert recognise_conversation(turns) is None


def test_the_answer_shows_inputs_formula_working_and_verdict(service: AgentService) -> None:
    answer = conversation(service, "A hemp COA shows 0.1% delta-9 THC and 0.3% THCA. Total THC?")
    first = answer.split("\n\n")[0]
    assert first.startswith("Total THC is 0.36%.")  # two decimals for people
    assert "0.36% total THC is over 0.3%" in first
    assert "FAILS the federal hemp limit" in first
    assert "- delta-9 THC: 0.1%" in answer and "- THCA: 0.3%" in answer
    assert "Formula: total THC = delta-9 THC + 0.877 × THCA" in answer
    assert "0.3% THCA × 0.877 = 0.2631%" in answer  # the working keeps full precision
    assert "Assumptions:" in answer and "314.47" in answer


def test_a_follow_up_in_the_chat_gets_the_new_number(service: AgentService) -> None:
    answer = conversation(
        service, "how much 85% distillate for 200 gummies at 10 mg?", "what if it tests at 92%?"
    )
    assert answer.startswith("You need 2.174 g of 92% concentrate")


def test_a_missing_input_in_the_chat_is_a_question(service: AgentService) -> None:
    answer = conversation(service, "how much distillate for 200 gummies at 10 mg each?")
    assert "potency" in answer and answer.rstrip().endswith(".") and "?" in answer
    assert "You need" not in answer and " g of " not in answer


def test_every_tool_has_a_runner_and_its_required_inputs_are_declared() -> None:
    knowledge = build_agent_service(Settings()).knowledge
    for tool in TOOLS:
        function = tool["function"]
        parameters = function["parameters"]
        assert set(parameters["required"]) <= set(parameters["properties"])
        result = json.loads(run_tool(function["name"], "{}", knowledge))
        if parameters["required"]:
            assert result["error"].startswith("cannot calculate"), function["name"]
        else:  # a tool with no inputs (the share of THCA's mass lost) simply answers
            assert "error" not in result and result["working"], function["name"]


@pytest.mark.parametrize(
    ("name", "arguments", "direct"),
    [
        (
            "trichome_total_cannabinoid",
            {"neutral_percent": 0.1, "acid_percent": 0.3, "check_hemp_limit": True},
            lambda: potency.total_cannabinoid(0.1, 0.3, "THC", "%", potency.HEMP_LIMIT),
        ),
        (
            "trichome_decarboxylation",
            {"acid_mass": 1000, "mass_unit": "mg"},
            lambda: potency.decarboxylation(1000, "mg"),
        ),
        (
            "trichome_dilution_c1v1",
            {"stock": 50, "target": 10, "final_amount": 30, "amount_unit": "ml"},
            lambda: mixing.dilution_c1v1(50, 10, 30, "ml"),
        ),
        (
            "trichome_vpd",
            {"air_celsius": 26, "relative_humidity": 60},
            lambda: grow_room.vpd(26, 60),
        ),
        (
            "trichome_daily_light_integral",
            {"ppfd": 900, "hours": 12},
            lambda: grow_room.daily_light_integral(900, 12),
        ),
        (
            "trichome_dilution_with_carrier",
            {
                "mass": 100,
                "mass_unit": "g",
                "current_percent": 95,
                "target_percent": 85,
                "carrier": "terpenes",
            },
            lambda: mixing.dilution(100, "g", 95, 85, carrier="terpenes"),
        ),
        (
            "trichome_tincture_recipe",
            {"mg_per_ml": 15, "volume": 60, "volume_unit": "ml", "potency_percent": 88},
            lambda: tinctures.tincture_recipe(15, 60, "ml", 88),
        ),
        (
            "trichome_infusion",
            {"units": 200, "mg_per_unit": 10, "potency_percent": 85},
            lambda: formulation.infusion(200, 10, 85),
        ),
        (
            "trichome_batch_total",
            {"units": 1000, "mg_per_unit": 2.5},
            lambda: serving.batch_total(1000, 2.5),
        ),
        (
            "trichome_drink_servings",
            {
                "container": 12,
                "container_unit": "floz",
                "serving": 2,
                "serving_unit": "floz",
                "mg": 5,
                "mg_per_serving": True,
                "asked": "total_mg",
            },
            lambda: serving.drink_servings(12, "floz", 2, "floz", 5, True, "total_mg"),
        ),
    ],
)
def test_a_tool_returns_what_the_grounded_engine_shows(name, arguments, direct) -> None:  # type: ignore[no-untyped-def]
    knowledge = build_agent_service(Settings()).knowledge
    assert json.loads(run_tool(name, json.dumps(arguments), knowledge)) == json.loads(
        json.dumps(as_payload(direct()))
    )


def test_the_grounded_reading_and_the_tool_agree() -> None:
    found = recognise("A flower COA shows 1.0% delta-9 THC and 20.0% THCA. Total THC?")
    assert found is not None and found.calculation is not None
    knowledge = build_agent_service(Settings()).knowledge
    tool = json.loads(run_tool("trichome_total_cannabinoid",
                               '{"neutral_percent": 1.0, "acid_percent": 20.0}', knowledge))  # fmt: skip
    assert tool == as_payload(found.calculation) and tool["result"] == 18.54


# A unit or an input told in a later turn (issue 20): "those are mg/g" relabels the earlier
# bare values, a price given after "what's a qp per gram?" prices the QP, and a bare number
# answers the one input the earlier turn was asked for, in that input's unit.
@pytest.mark.parametrize(
    ("turns", "expected", "unit"),
    [
        (("thca 24, d9 0.6, total thc?", "sorry those are mg/g"), 0.6 + 24 * 0.877, "mg/g"),
        (("thca 31.5 d9 1.2 total thc", "oh the numbers were in mg/g"), 1.2 + 31.5 * 0.877, "mg/g"),
        (("what's a qp per gram?", "he wants 800 for it"), 800 / 112, "$/g"),
        (("a zip per gram?", "240"), 240 / 28, "$/g"),
        (("price per gram for a half pound", "1100 bucks"), 1100 / (453.59237 / 2), "$/g"),
        (("half p for 900, per gram?", "what if it's 1000"), 1000 / (453.59237 / 2), "$/g"),
        (("how much distillate for 100 gummies at 10 mg?", "85"), 100 * 10 / 0.85 / 1000, "g of concentrate"),
        (("total thc? thca 22%", "0.4"), 0.4 + 22 * 0.877, "%"),
        (("how much thc in an eighth?", "23"), 3500 * 0.23, "mg THC"),
    ],
)  # fmt: skip
def test_a_unit_or_input_given_later_completes_the_earlier_question(
    turns: tuple[str, ...], expected: float, unit: str
) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert found.calculation.unit == unit


def test_a_bare_number_with_no_question_pending_is_not_read_into_a_calculation() -> None:
    # the earlier turn was answered: "500" alone changes nothing it can be matched to
    found = recognise_conversation(("what is a COA?", "500"))
    assert found is None or found.calculation is None


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a bare number for the cannabinoid the follow-up names, in that cannabinoid's unit
        (
            ("thca 21% and d9 0.4%, total thc?", "what if the delta 9 is really 0.9"),
            0.9 + 21 * 0.877,
        ),
        # the stock's strength told late is the stock's, not the strength wanted
        (("need 200 ml at 4 mg/ml, how much stock", "my stock concentrate is 40 mg/ml"), 20),
        (("dilute down to 2 mg/ml, 1000 ml final, how much stock", "stock is 50mg/ml"), 40),
    ],
)
def test_a_late_input_fills_its_own_place(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a correction of one number reruns the earlier total
        (("thca 18.2%, d9 0.5%, total thc?", "typo, thca should be 19.2"), 0.5 + 0.877 * 19.2),
        (("coa says thca 25.0, d9 0.4. total thc?", "hold on, d9 is actually 0.9"),
         0.9 + 0.877 * 25.0),
        # a cap or a stock's strength supplied later fills the missing input
        (("how many 10 mg chews go in one package under the cap", "our cap is 200 mg"), 20.0),
        (("making 5 L of syrup at 1 mg/ml", "stock is 40 mg/ml, how many ml of stock"), 125.0),
        # a lab result given as a bare number after the label claim
        (("label says 5 mg per gummy", "lab got 5.4, variance?"), 8.0),
        # more added to what was in the cart
        (("limit is 28g of flower, she has an eighth already, how much more can she get",
          "she also wants a 7 g quarter, how much is left after that"), 17.5),
    ],
)  # fmt: skip
def test_a_later_turn_that_corrects_or_supplies_a_number(
    turns: tuple[str, ...], expected: float
) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(expected)


def test_a_missing_potency_is_asked_for_after_a_recipe_turn() -> None:
    found = recognise_conversation(["making 300 gummies at 5 mg", "what should we weigh out?"])
    assert found is not None and found.calculation is None and found.asks
    assert "potency" in (found.refusal or "")
