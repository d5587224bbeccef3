"""Every input the user gives is used, carried over or named as unused: conversations whose
numbers arrive over several turns, the trade's ways of writing amounts, the humidity or
temperature a target VPD needs, and answers in the unit asked. Each expected number is
worked out here by hand, with its formula."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.calculator_tools import run_tool
from trichome.agents.engines.grounded import compose_answer
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

BLONDIES = "I cooked 5 g of 18% bud into some butter for a pan of blondies"


def svp(celsius: float) -> float:
    """Tetens' saturation vapour pressure in kPa (FAO-56 chapter 3, eq. 11)."""
    return 0.6108 * math.exp(17.27 * celsius / (celsius + 237.3))


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings())


def answer(service: AgentService, *turns: str) -> str:
    messages = []
    for index, text in enumerate(turns):
        messages.append(ChatTurn("user", text))
        if index < len(turns) - 1:
            messages.append(ChatTurn("assistant", "(an earlier answer)"))
    return compose_answer(service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages))).request)


def test_inputs_given_over_three_turns_add_up_and_a_change_replaces_one(
    service: AgentService,
) -> None:
    second = answer(service, BLONDIES, "it made 20 blondies - mg in each one?")
    assert second.startswith("Each piece holds 45 mg THC")  # 5,000 mg × 18% ÷ 20
    assert "from your earlier messages: “5 g”, “18%”" in second
    third = answer(
        service, BLONDIES, "it made 20 blondies - mg in each one?", "and if I slice them into 30?"
    )
    assert third.startswith("Each piece holds 30 mg THC")  # 900 mg ÷ 30
    assert "changed in this one: 20 blondies → 30 blondies" in third
    assert "- concentrate: 5 g at 18%" in third and "- pieces: 30" in third


@pytest.mark.parametrize(
    ("turns", "expected", "changed"),
    [
        ((BLONDIES, "it made 20 blondies - mg in each one?", "what if I use 8 g next time"),
         8000 * 0.18 / 20, "5 g → 8 g"),
        (("how many grams of 88% disty for 150 mints at 5 mg each",
          "actually our disty came back 92%"), 150 * 5 / 0.92 / 1000, "88% → 92%"),
        (("mg of thc in a quarter of 24% bud?", "and a half oz?"), 14_000 * 0.24,
         "1 quarter → 1 half-oz"),
        (("how much thc in 3 g of 90% rosin", "what about 250 mg of it"), 250 * 0.9,
         "3 g → 250 mg"),
        (("vpd when its 80F and 50% humidity", "and if the room cools to 75F"),
         svp((75 - 32) * 5 / 9) * 0.5, "80F → 75F"),
        (("1,000 mg in a 30 ml bottle, per ml?", "what if it's a 15 ml bottle"), 1000 / 15,
         "30 ml → 15 ml"),
    ],
)  # fmt: skip
def test_a_follow_up_changes_potency_mass_unit_or_count(
    turns: tuple[str, ...], expected: float, changed: str
) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert f"changed in this one: {changed}" in describe(found)


def test_a_question_on_its_own_turn_reuses_the_numbers_before_it() -> None:
    turns = ("we're doing 400 gummies at 2.5 mg", "the distillate is 80%", "grams needed?")
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 400 * 2.5 / 0.8 / 1000)
    measures = ("8 g of 70% hash went into 2 cups of olive oil", "mg per tbsp?",
                "and per tsp?")  # fmt: skip
    per_tsp = recognise_conversation(measures)
    assert per_tsp is not None and per_tsp.calculation is not None
    assert describe(per_tsp).startswith("Each tsp holds 58.33 mg THC")  # 5,600 mg ÷ 96 tsp


def test_a_potency_missing_across_turns_is_asked_for(service: AgentService) -> None:
    text = answer(service, "put 10 g of trim in 2 sticks of butter", "mg in a tsp?")
    assert "I need the potency of what goes in (% THC)" in text
    assert "mg THC" not in text


def test_a_new_question_does_not_borrow_an_unrelated_earlier_number() -> None:
    turns = ("rh 55% and 24c, vpd?", "how much disty for 250 chocolates at 10mg")
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is None and found.asks
    assert "potency" in (found.refusal or "")


@pytest.mark.parametrize(
    ("question", "expected", "shown"),
    [
        ("how many mg in a 1/4 oz of 21% flower", 7000 * 0.21, "1 quarter (7 g)"),
        ("1/8th of 30 percent, mg thc?", 3500 * 0.30, "1 eighth (3.5 g)"),
        ("mg of thc in half an ounce of 19% smalls", 14_000 * 0.19, "(14 g)"),
        # A whole ounce of flower is the trade's ounce too, and the answer names both ounces.
        ("how much thc in an oz of 21% flower in mg", 28_000 * 0.21, "avoirdupois ounce is 28.3495"),
        ("2 ounces of bud at 20%, total mg?", 56_000 * 0.20, "oz (trade, 28 g)"),
        ("half g of 85% shatter, how many mg thc", 500 * 0.85, "0.5 g"),
        ("a quarter ounce costs $55, price per gram?", 55 / 7, "for: 1 quarter (7 g)"),
        ("we pay 1,800 a p, what is that per gram", 1800 / 453.59237, "for: 1 lb"),
        ("need every brownie at 20mg, batch of 2 dozen, disty at 90%. how much disty?",
         24 * 20 / 0.9 / 1000, "pieces: 24"),
        ("got 2.4 lbs dry out of a 5x5 ft tent. grams per sq ft?", 2.4 * 453.59237 / 25,
         "canopy: 25 sq ft"),
        ("harvested 1.2 kg dry under 3 x 600w, g/w?", 1200 / 1800, "lighting: 1,800 W"),
        ("at 850 umol for 12 hours what dli do i get", 850 * 12 * 3600 / 1e6, "PPFD: 850"),
        ("THCA - 25.4 %, D9 - 1.2 %, total thc?", 1.2 + 25.4 * 0.877, "delta-9 THC: 1.2%"),
        ("a 200mg chocolate bar where each square is 5mg, how many servings", 40,
         "serving: 5 mg THC"),
        ("making 600 chews @ 10mg with 91% disty, 5% loss, how many g?",
         600 * 10 / 0.91 / 0.95 / 1000, "dose: 10 mg per piece"),
        ("I use 3 tbsp of cannabutter in the recipe; the butter is 2 cups with 14 g of 20% in "
         "it. how much thc in the recipe", 14_000 * 0.20 / 32 * 3, "portion used: 3 tbsp"),
        ("2 sticks of butter with 10g of 18% bud, cut into 25 bars. thc per bar?",
         10_000 * 0.18 / 25, "butter or oil: 2 sticks of butter"),
        ("decarbing 10 g of 30% thca bud, how much thc is that", 10_000 * 0.30 * 0.877,
         "potency: 30% THCA"),
        ("label claims 50mg/package, 5 pieces, lab came back 11 mg per piece. within 15%?",
         110, "PASSES"),
    ],
)  # fmt: skip
def test_the_trade_s_ways_of_writing_amounts(question: str, expected: float, shown: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    text = describe(found)
    assert shown in text
    assert "Not used" not in text


def test_an_eighth_of_a_teaspoon_is_not_an_eighth_of_flower() -> None:
    found = recognise("how many ml is 1/8 tsp")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 0.125 * 4.92892159375, rel_tol=1e-9)
    assert "3.5 g" not in describe(found)


def test_a_bottle_of_half_an_ounce_is_fluid_ounces() -> None:
    found = recognise("a 1/2 oz bottle of tincture at 20 mg/ml, how much thc in it")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 0.5 * 29.5735295625 * 20, rel_tol=1e-9)


def test_an_input_the_calculation_cannot_use_is_named() -> None:
    found = recognise("heated 1 g of thca isolate at 250°F for 30 min, 90% conversion. thc in mg?")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 1000 * 0.877 * 0.9)
    assert "Not used: “250°F”, “30 min”." in describe(found)


def test_a_cannabinoid_on_a_pasted_coa_that_total_thc_ignores_is_named() -> None:
    coa = (
        "Analyte   LOD   %   mg/g\nTHCA   0.01   19.80   198.0\n"
        "D9-THC   0.01   0.70   7.0\nCBN   0.01   0.20   2.0\ntotal thc?"
    )
    found = recognise(coa)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 0.70 + 19.80 * 0.877)
    assert "Not used: “CBN 0.2 %”." in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("40 lbs wet, we lose 78% drying, dry weight in kg?", 40 * 0.22 * 0.45359237, "kg"),
        ("stock is 50 mg/ml, want 0.5 L at 10 mg/ml, how many ml of stock", 100, "mL"),
        ("coa: 180 mg/g THCA, 4 mg/g d9. total thc as a percent?", (4 + 180 * 0.877) / 10,
         "%"),
        ("decarb 2 g of thca crystals, how many mg of thc", 2000 * 0.877, "mg"),
    ],
)  # fmt: skip
def test_the_answer_is_in_the_unit_asked(question: str, expected: float, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert found.calculation.unit.split()[0] == unit
    assert "in the unit asked:" in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "lead"),
    [
        ("room's at 24c, what humidity do i need for 1.0 kpa vpd", 100 * (1 - 1.0 / svp(24)),
         "Set the room to 66.5% RH for an air VPD of 1 kPa at 24 °C."),
        ("leaf vpd target 1.2, air 28C, leaves 2C cooler, what rh?",
         100 * (svp(26) - 1.2) / svp(28), "Set the room to 57.2% RH for a leaf VPD"),
        ("what rh keeps my vpd at 0.9 when the tent is 72F",
         100 * (1 - 0.9 / svp((72 - 32) * 5 / 9)), "Set the room to 66.4% RH"),
        ("vpd? air 30C, rh 60, leaves 3 degrees lower", svp(27) - svp(30) * 0.6,
         "The leaf VPD is"),
    ],
)  # fmt: skip
def test_the_humidity_a_target_vpd_needs(question: str, expected: float, lead: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert describe(found).startswith(lead)


def test_the_temperature_a_target_vpd_needs() -> None:
    # SVP(T) = VPD ÷ (1 - RH) = 1.2 ÷ 0.4, then Tetens solved for T.
    found = recognise("humidity is 60%, what temp do i need for a 1.2 kpa vpd")
    assert found is not None and found.calculation is not None
    x = math.log(1.2 / 0.4 / 0.6108)
    assert math.isclose(found.calculation.value, 237.3 * x / (17.27 - x), rel_tol=1e-9)
    assert describe(found).startswith("Run the room at 24.1 °C (75.4 °F)")
    leafy = recognise("what temp for 1.3 kpa vpd at 60% humidity with leaves 2C cooler")
    assert leafy is not None and leafy.calculation is not None
    air = leafy.calculation.value
    assert math.isclose(svp(air - 2) - svp(air) * 0.6, 1.3, rel_tol=1e-6)
    in_fahrenheit = recognise("want a vpd of 1.0 at 50% rh with leaves 3°F cooler, what temp")
    assert in_fahrenheit is not None and in_fahrenheit.calculation is not None
    assert in_fahrenheit.calculation.unit == "°F"


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("what humidity do i set for vpd 1.1", "the room's air temperature"),
        ("aiming for 0.9 kpa vpd, what temperature", "the relative humidity"),
        ("leaves 3 degrees cooler, 55% rh, leaf vpd?", "air temperature"),
        ("coconut oil with 5 g of 75% rosin in it, mg per tbsp?", "how much butter or oil"),
        ("cut the pan into 16 squares, how much thc in each", "how much THC went into the batch"),
        ("cost per gram if we paid 900", "how much that price buys"),
        ("mg per chocolate, 1.5 g of disty in a tray of 40", "the concentrate's potency"),
    ],
)
def test_a_missing_input_gets_a_question_and_no_number(question: str, wanted: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found
    assert wanted in describe(found)


def test_the_inverse_vpd_tools_give_what_the_answer_shows() -> None:
    knowledge: Any = None  # the grow-room tools look nothing up
    cases = [
        ("room's at 24c, what humidity do i need for 1.0 kpa vpd", "humidity_for_vpd",
         {"target_kpa": 1.0, "air_celsius": 24}),
        ("humidity is 60%, what temp do i need for a 1.2 kpa vpd", "temperature_for_vpd",
         {"target_kpa": 1.2, "relative_humidity": 60}),
    ]  # fmt: skip
    for question, tool, arguments in cases:
        found = recognise(question)
        assert found is not None and found.calculation is not None
        result = json.loads(run_tool(tool, json.dumps(arguments), knowledge))
        assert result["summary"] == found.calculation.summary
        assert math.isclose(result["result"], found.calculation.value, rel_tol=1e-6)


# Each number keeps its own unit (issue 20): a mg/g basis stated once labels the bare values
# it stands over even when a % appears elsewhere (a limit, another value), a value written
# with its own unit keeps it, and a unit asked for the answer ("total THC in mg/g?") is not a
# label. Total THC = d9 + 0.877 × THCA; 1% = 10 mg/g.
OWN_UNITS = [
    # the basis labels the bare values; the 0.3% or 30% is the limit, answered in %
    ("all values in mg/g: THCA 2.9, D9 0.4. under the 0.3% hemp limit?", (0.4 + 2.9 * 0.877) / 10, "%"),
    ("results (mg/g): thca 3.1, d9 0.2 - does it pass 0.3%", (0.2 + 3.1 * 0.877) / 10, "%"),
    ("numbers are mg/g - thca 210, delta-9 5. is it over 30%?", (5 + 210 * 0.877) / 10, "%"),
    ("potency in mg/g: THCA 241.7, d9 6.2, is it under the 30% cap", 24.17 * 0.877 + 0.62, "%"),
    # a % written on one value is that value's unit; the bare ones take the basis
    ("mg/g: THCA 150, d9 3, CBD 0.5%. total thc?", 3 + 150 * 0.877, "mg/g"),
    ("THCA 210 mg/g and d9 0.5%, total thc?", 5 + 210 * 0.877, "mg/g"),
    ("coa: THCa 23.1%, Δ9-THC 8.2 mg/g, total THC %?", 0.82 + 23.1 * 0.877, "%"),
    ("hemp: THCA 2.6 mg/g, D9 0.05%, over 0.3%?", 0.05 + 0.26 * 0.877, "%"),
    ("thca 250 mg/g, delta-9 3 mg/g. is it over 30%?", (3 + 250 * 0.877) / 10, "%"),
    # the unit asked for the answer is not a label for the values
    ("thca 24 d9 0.6 total thc in mg/g", (0.6 + 24 * 0.877) * 10, "mg/g"),
    ("THCA 22.4, d9 0.5 - total thc, values in mg/g", 0.5 + 22.4 * 0.877, "mg/g"),
    # numbers said in words; "delta 9 point eight" is delta-9 at 0.8, not 9.8
    ("thca twenty two point five percent, delta 9 point eight percent, total thc", 0.8 + 22.5 * 0.877, "%"),
    ("twenty-five percent THCA and one percent d9, total thc?", 1 + 25 * 0.877, "%"),
    ("delta nine point four percent and thca nineteen percent, total thc", 0.4 + 19 * 0.877, "%"),
    # a COA giving each value in both units: one reading per cannabinoid, not two
    ("THCA 23.12% 231.2 mg/g\nD9-THC 0.41% 4.1 mg/g\ntotal thc?", 0.41 + 23.12 * 0.877, "%"),
    ("THCA: 231.2 mg/g (23.12%)\nΔ9-THC: 4.1 mg/g (0.41%)\ntotal THC", 0.41 + 23.12 * 0.877, "%"),
    ("Analyte  mg/g  %\nTHCA  231.2  23.12\nD9-THC  4.1  0.41\ntotal thc?", 0.41 + 23.12 * 0.877, "%"),
    ("thc-a 19.8 % / 198 mg/g, d9 0.3 % / 3 mg/g, whats total thc", 0.3 + 19.8 * 0.877, "%"),
]  # fmt: skip


@pytest.mark.parametrize(("question", "expected", "unit"), OWN_UNITS)
def test_each_value_keeps_its_own_unit(question: str, expected: float, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # per piece against per package: the package's total from its pieces
        ("10 gummies at 5 mg each, mg in the pack?", 50, "mg THC"),
        ("a jar of 30 capsules, 10 mg each, thc in the jar?", 300, "mg THC"),
        ("a 100 mg pack of 10 gummies, mg per gummy?", 10, "mg THC per piece"),
        # the unit named after what is asked ("thc mg?") is the answer's unit
        ("thca 1 g decarbed at 90% efficiency, thc mg?", 1000 * 0.877 * 0.9, "mg THC"),
    ],
)
def test_per_piece_per_package_and_the_unit_asked(
    question: str, expected: float, unit: str
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("thca 18-20%, d9 1%, total thc", 1 + 18 * 0.877, 1 + 20 * 0.877),
        ("thca between 18 and 20%, d9 1%, total thc", 1 + 18 * 0.877, 1 + 20 * 0.877),
        ("thca 18 to 20 percent and d9 1 percent total thc", 1 + 18 * 0.877, 1 + 20 * 0.877),
        ("gummies between 5 and 10 mg each, 20 in a pack, total mg?", 100, 200),
    ],
)
def test_a_range_is_worked_at_both_ends(question: str, low: float, high: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, low, rel_tol=1e-6)
    shown = describe(found)
    assert f"runs from {low:.5g} to {high:.5g}" in shown, shown
