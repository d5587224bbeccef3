"""Phrasings users sent that were missed or misread (issue 20, second round): each is now
recognised and answered with the number and unit a user reads first, or gets a question."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise


def answer(*turns: str) -> str:
    found = recognise_conversation(turns)
    assert found is not None, "no calculation recognised"
    assert found.calculation is not None, f"no number: {found.refusal}"
    return describe(found)


def lead(*turns: str) -> str:
    return answer(*turns).split("\n\n")[0]


def test_a_percentage_is_read_as_mg_per_gram() -> None:
    assert lead("quick one, 25% thc is how many mg per gram") == "25% THC is 250 mg/g."


def test_servings_of_a_stated_size_in_a_bar() -> None:
    text = lead("how many 10mg servings in a 100mg bar")
    assert "holds 10 servings" in text and "100 mg" in text


def test_cutting_to_a_potency_with_terpenes_is_a_dilution_not_a_terpene_share() -> None:
    text = answer(
        "i have 100 g of 95% distillate and want to cut it to 85% with terps for carts. "
        "how much terp do i add"
    )
    assert text.startswith("Add 11.76 g of terpenes to reach 85% (111.76 g in all).")
    assert "85% is the potency of the finished blend" in text


def test_a_tincture_designed_from_its_strength_and_bottle() -> None:
    text = answer(
        "want a 2 oz (60ml) tincture at 15 mg/ml. total mg thc needed and how much 88% distillate"
    )
    first = text.split("\n\n")[0]
    assert "needs 900 mg THC" in first and "1.023 g" in first and "88%" in first
    assert "“2 oz” is the bottle's 60ml" in text  # the ounces are not read as 2 oz of mass


def test_each_contains_is_per_piece_and_the_lab_average_is_compared_with_it() -> None:
    text = answer(
        "critique my label math: 10 pack of gummies, each 'contains 10mg thc', batch potency "
        "came back 9.1 mg avg"
    )
    first = text.split("\n\n")[0]
    assert "9.1 mg is 91% of the 10 mg label (9% under)" in first
    assert "labelled 100 mg holds about 91 mg" in first
    assert "no allowed variance was given, so no pass/fail" in text


def test_as_received_potency_on_a_dry_weight_basis() -> None:
    text = lead(
        "lab gave potency as-received 20.0% thc and moisture 10%. what would the dry-weight "
        "number be"
    )
    assert text.startswith("On a dry-weight basis that is 22.22%")


def test_air_vpd_states_its_formula_source_and_leaf_assumption() -> None:
    text = answer("flower room sitting at 26C and 60% rh. whats my vpd")
    assert text.startswith("The air VPD is 1.34 kPa at 26 °C and 60% RH.")
    assert "0.6108 · exp(17.27·T / (T + 237.3))" in text
    assert "leaf is taken to be at air temperature" in text
    assert "FAO Irrigation and Drainage Paper 56" in text


@pytest.mark.parametrize(
    "question",
    ["running 900 ppfd at canopy on 12/12. what's the DLI", "veg room 600 ppfd 18 hrs on. dli?"],
)
def test_dli_from_ppfd_and_photoperiod(question: str) -> None:
    text = answer(question)
    assert text.startswith("The DLI is 38.9 mol/m²/day")
    assert "Purdue Extension" in text


def test_decarboxylation_answers_in_the_unit_the_user_weighed_in() -> None:
    text = lead("if i decarb 10 g of pure thca isolate, max thc i can get back?")
    assert text.startswith("10 g of THCA gives at most 8.77 g (8,770 mg) THC")
    found = recognise("if i decarb 10 g of pure thca isolate, max thc i can get back?")
    assert found is not None and found.calculation is not None
    assert found.calculation.unit == "g THC" and math.isclose(found.calculation.value, 8.77)


def test_percentages_are_rounded_for_people_and_kept_whole_in_the_working() -> None:
    text = answer("Blending 300 g of 91% with 700 g of 64% distillate. What potency?")
    assert text.startswith("The blend is 72.1%")
    text = answer("COA: THCA 22.6%, delta-9 0.7%. total thc?")
    assert text.startswith("Total THC is 20.52%.")  # 20.5202 in the working
    assert "20.5202%" in text


def test_a_follow_up_adds_an_extraction_to_the_coa_total() -> None:
    turns = (
        "hemp biomass coa: CBDa 12.0%, CBD 0.5%. whats my total cbd",
        "and if i extract 100 kg of it at 90% efficiency how many kg of cbd is that",
    )
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None
    assert found.calculation.unit == "kg CBD"
    assert math.isclose(found.calculation.value, 100 * (0.5 + 12 * 0.877) / 100 * 0.9)
    assert "gives 9.92 kg of CBD at 90% efficiency" in lead(*turns)


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("whats my vpd at 60% rh", "air temperature"),
        ("room is 27C, what's the vpd", "relative humidity"),
        ("what's my dli at 800 ppfd", "hours a day"),
        ("lab says 20% thc as received, dry weight?", "moisture content"),
        ("cutting 100 g of 95% disty with terps, how much terpene to add", "terpene percentage"),
    ],
)
def test_a_missing_input_gets_a_question_and_no_number(question: str, wanted: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert wanted in describe(found)


@pytest.mark.parametrize(
    "question",
    [
        "what vpd should i run in late flower",
        "what dli do cannabis plants need in flower",
        "is 1.2 kpa vpd too high for veg?",
    ],
)
def test_asking_for_a_target_is_not_a_calculation(question: str) -> None:
    assert recognise(question) is None


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("room at 26C and 120% rh, vpd?", "relative humidity must be between 0 and 100%"),
        ("room at 95C and 50% rh, vpd?", "outside what a grow room runs at"),
        ("900 ppfd for 30 hours, dli?", "0 to 24 hours"),
        ("lab: 95% thc as received, moisture 10%. dry weight basis?", "more than the whole sample"),
    ],
)
def test_an_impossible_input_is_explained_without_a_number(question: str, why: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and not found.asks
    assert why in describe(found)


@pytest.mark.parametrize(
    "question",
    [
        "how many 10mg gummies can i make with 5 g of 90% distillate",
        "how many 10 mg gummies from 5 g of 90% distillate",
        "5 g of 90% distillate, how many 10 mg servings",
    ],
)
def test_pieces_a_mass_of_concentrate_doses(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.summary.startswith("You can make 450 pieces at 10 mg")


def test_a_follow_up_with_a_new_potency_works_the_pieces_again() -> None:
    found = recognise_conversation(
        ["how many 10mg gummies can i make with 5 g of 90% distillate", "what if it tests at 92%?"]
    )
    assert found is not None and found.calculation is not None
    assert found.calculation.summary.startswith("You can make 460 pieces")
