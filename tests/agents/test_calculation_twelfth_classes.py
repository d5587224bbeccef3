"""Classes of misreading the twelfth benchmark found (issue 20), each in new words: the
question as a user types it and the number answered. Expected values are worked by hand
(total THC = d9 + 0.877 x THCA; C1V1 = C2V2; a US fluid ounce is 29.5735295625 mL; a
blend's second lot is m1 x (target - p1) / (p2 - target))."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.asked_units import asked_unit
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.quantities import read
from trichome.agents.range_ends import range_end

FLOZ_ML = 29.5735295625


def _answers(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (value, shown)
    assert shown.split()[0] == unit, shown


# --- the unit the user asks for is honoured, whatever calculator answers ---


def test_a_unit_asked_before_a_condition_is_still_the_unit_asked() -> None:
    # "in grams once decarbed": the condition after the unit does not hide it
    _answers("10 grams of kief at 40% thca, theoretical thc in grams once decarbed", 3.508, "g")
    assert asked_unit("how much oil in ml assuming no loss") == "ml"


def test_a_unit_asked_in_brackets_at_the_end() -> None:
    _answers(
        "0.5 kg of 70% oil, aiming at 75%, how much 90% should i add (grams)",
        500 * (75 - 70) / (90 - 75),
        "g",
    )
    assert asked_unit("how much stock goes in (in mL)?") == "mL"
    assert asked_unit("Analyte | result (%)\nTHCA | 20\ntotal thc in mg/g?") == "mg/g"


def test_the_unit_an_earlier_turn_asked_stays_when_a_follow_up_adds_an_efficiency() -> None:
    found = recognise_conversation(
        ["decarb 2 g of THCA, thc in mg", "what about at 80% efficiency"]
    )
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 2000 * 0.877 * 0.8)
    assert found.calculation.unit.split()[0] == "mg"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("flower came back 18% thca plus 0.6% d9 - whats total thc in mg/g", 163.86),
        ("thca 20%, delta 9 0.5%, total thc in milligrams per gram", 180.4),
    ],
)
def test_mg_per_gram_asked_is_a_concentration_not_a_mass_of_thc(
    question: str, expected: float
) -> None:
    _answers(question, expected, "mg/g")


# --- a range with the extreme asked: that end of the range ---


def test_the_most_or_least_asked_picks_that_end_of_a_range() -> None:
    _answers("chocolates test 4.8-5.2 mg each, 10 per box, whats the max mg in a box",
             52, "mg")  # fmt: skip
    _answers("gummies are 4.5 to 5.5 mg each, 12 per pouch; lowest possible mg in a pouch?",
             54, "mg")  # fmt: skip
    assert range_end("worst case, the most thc in a pack") == "high"
    assert range_end("at the least, how much") == "low"
    assert range_end("3-5 g, what is the yield") is None


# --- dilution to a final volume, and topping up to a strength ---


def test_diluting_to_a_final_volume_gives_the_new_strength() -> None:
    _answers("got 50 mL of 30 mg/mL, thinning it out to 300 mL, what strength is it now", 5,
             "mg/mL")  # fmt: skip


def test_topping_up_to_a_strength_gives_the_final_volume() -> None:
    _answers(
        "1 fl oz of 60 mg/ml, topping it up with mct until it's 10 mg/ml, final volume in ml?",
        FLOZ_ML * 60 / 10,
        "mL",
    )


# --- mg/L is a concentration like mg/mL ---


def test_mg_per_litre_reads_as_a_concentration() -> None:
    (strength,) = read("a 20 mg/L drink")
    assert (strength.kind, strength.unit) == ("concentration", "mg/ml")
    assert math.isclose(strength.value, 0.02)
    _answers("stock is 250 mg per liter; need 2 L at 10 mg/L, how many ml of stock", 80, "mL")


# --- a number in words aimed at is the target ---


def test_a_target_potency_in_words_without_its_percent() -> None:
    _answers(
        "sitting on two hundred g of ninety percent, aiming for eighty, how many grams of the "
        "sixty percent",
        200 * (80 - 90) / (60 - 80),
        "g",
    )


# --- a package's mg and its pieces: one piece asked ---


def test_one_piece_asked_of_a_package_with_its_pieces_counted() -> None:
    _answers("box is labelled 100 mg per pack with 10 chews inside. how strong is a single chew?",
             10, "mg")  # fmt: skip
    _answers("the jar has 250mg per package, 25 mints in it, what's 1 mint", 10, "mg")


# --- a return from what went in and what came out ---


def test_a_return_from_masses_labelled_in_and_out() -> None:
    _answers("bubble hash: 90 g out from the wash, 400 g went in. return?", 22.5, "%")


def test_a_yield_percent_with_only_the_output_asks_for_the_input() -> None:
    found = recognise("ran some shake and ended up with 30 g of oil, what percent yield?")
    assert found is not None and found.calculation is None and found.asks
    assert "start_mass" in found.missing


# --- a COA header's sample mass is not a product's mass ---


def test_a_sample_mass_in_a_coa_header_is_no_product_mass() -> None:
    coa = "sample 4471, 3.5 g received\nAnalyte | LOQ | mg/g\nTHCA | 0.1 | 200\nD9 | 0.1 | 8\n"
    _answers(coa + "total thc?", 8 + 200 * 0.877, "mg/g")
    _answers(coa + "total thc as a percent", (8 + 200 * 0.877) / 10, "%")


# --- a part of a bottle whose strength is its mg over its mL ---


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what's in 2 ml of a 900 mg in 30 ml tincture, mg?", 60),
        ("how many mg in 0.5 ml of a 1500mg/30ml tincture", 25),
    ],
)
def test_mg_in_part_of_a_bottle_needs_no_density(question: str, expected: float) -> None:
    _answers(question, expected, "mg")
