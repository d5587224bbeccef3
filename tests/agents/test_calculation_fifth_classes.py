"""Classes of misreading the fifth benchmark found (issue 20), each in new words: the question
as a user types it, the number answered and its unit. Expected values are worked by hand
(total THC = delta-9 + 0.877 x THCA; a pound is 453.59237 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer as _answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.calculators import StateEdibleLimits

POUND_G = 453.59237


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # THC in a product whose weight is written in mg, or asked per device
        ("a 300mg vape pen at 80% THC, how many mg of THC is that?", 240, "mg THC"),
        ("1 g pen tests at 75% THC, how many mg per device?", 750, "mg THC"),
        # THC in a bulk mass asked in grams
        ("half a lb of shake at 12% THC, how many grams of THC is that", POUND_G / 2 * 0.12, "g"),
        # a COA in mg/g asked as a percent
        (
            "d9 thc 1.5 mg/g and thca 2.0 mg/g on the hemp. total thc % please?",
            (1.5 + 2.0 * 0.877) / 10,
            "%",
        ),
        # a unit asked after more words ("in grams after ...")
        ("3 kg of pure THCA, its weight in grams after decarb?", 3000 * 0.877, "g"),
    ],
)
def test_the_number_asked_in_its_unit(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # terpenes as a share of the finished fill, the fill given per unit
        ("how many mg of terpenes in a 0.5 g pen fill at 10% of the final blend?", 50, "mg"),
        # the blend's potency: the distillate is the rest of the fill
        ("disty tests 95% THC and terps are 5% of the finished blend. cart THC %?", 90.25, "%"),
        # the THC in one filled unit
        (
            "2 g carts, 80% distillate, terps at 10% of the final blend. mg THC per cart?",
            2000 * 0.8 * 0.9,
            "mg THC",
        ),
    ],
)
def test_terpenes_given_as_a_share_of_the_final_blend(
    question: str, expected: float, unit: str
) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # C1V1 = C2V2 written with its letters
        ("V1 = ?  C1 = 100 mg/mL, C2 = 4 mg/mL, V2 = 500 mL", 20, "mL"),
        # a dose size written beside the run is not the count asked for
        (
            "500 ml of syrup at 1 mg/mL (5 mg per 5 ml dose), stock is 25 mg/mL. how many ml "
            "of stock?",
            20,
            "mL",
        ),
        # two materials joined with a plus sign
        ("20 g of 90% distillate + 20 g of 60% rosin, potency of the mix?", 75, "%"),
    ],
)
def test_dilutions_and_blends_in_shorthand(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


def test_a_blend_with_one_potency_missing_asks_for_it() -> None:
    found = recognise("combining 100 g of 80% oil with 50 g of trim run oil, what potency?")
    assert found is not None and found.calculation is None and found.asks
    assert "potency" in (found.refusal or "")


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a purity is the THCA's share of the material weighed
        ("10 g of 98% pure THCA isolate, decarbed fully, grams of THC?", 10 * 0.98 * 0.877, "g"),
        # "lose to CO2": the mass that leaves, not the THC
        (
            "100 g of rosin, THCA is 60% of it. how many grams will it lose to co2 in decarb?",
            100 * 0.6 * (1 - 0.877),
            "g",
        ),
        # a loss after the decarboxylation, then a strength by volume
        (
            "decarb 20 g of THCA, then we lose about 5% in the pan. how many grams of THC?",
            20 * 0.877 * 0.95,
            "g",
        ),
        ("decarb 1 g of THCA and dissolve it all into 100 mL of MCT. mg per mL?", 8.77, "mg/mL"),
        # the share of its mass THCA gives off, with no mass given
        (
            "what % of its weight does THCA shed on decarb?",
            12.3,
            "%",
        ),
        # a share left after drying, not a share lost
        ("200 kg wet, it dries to 25% of its wet weight. dry kg?", 50, "kg"),
        # a deviation from the label, not the share of the label
        ("label claim 10mg, lab says 8.5mg. how far off the claim in percent?", -15, "%"),
    ],
)
def test_chains_and_shares_around_decarb_drying_and_labels(
    question: str, expected: float, unit: str
) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # "feedstock" is not a stock solution: a mg/g COA's total
        ("CBDA 90 mg/g, CBD 2 mg/g in our feedstock. total CBD mg/g?", 2 + 90 * 0.877, "mg/g"),
        # a stated ounce or pound basis is kept
        (
            "harvested 10 ounces (28.35 g oz) under 600 watts, g per watt?",
            10 * 28.349523125 / 600,
            "g/W",
        ),
        ("$2000/lb, what per gram with a 448 g pound?", 2000 / 448, "$/g"),
        ("quarters in 3 ounces, using the 28.35 g ounce?", 3 * 28.349523125 / 7, "quarter"),
    ],
)
def test_inputs_read_on_the_basis_stated(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a cut, then the units its result fills
        (
            "cut 30 g of 80% distillate to 60% with MCT, then fill 1 g carts. how many carts?",
            40,
            "doses",
        ),
        # droppers a bottle holds
        (
            "2000 mg tincture in a 30 ml bottle, 0.5 ml dropper. how many droppers in the bottle?",
            60,
            "droppers",
        ),
        # the mg a bottle takes for a target per dropper
        (
            "want 10 mg per dropper with 0.5 mL droppers, 60 mL bottle. total mg in the bottle?",
            1200,
            "mg",
        ),
        # a stock's mL for one unit's dose
        (
            "water soluble stock at 25 mg/mL, each 12 oz can gets 5 mg. how many ml of stock per can?",
            0.2,
            "mL",
        ),
    ],
)
def test_chains_and_droppers(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the ordinal names which of the two potencies changes
        (("mix 100 g of 90% and 100 g of 50%, potency?", "what if the first one is 70%?"), 60),
        # a unit asked in the follow-up wins
        (
            (
                "stock 50 mg/ml, need 100 ml at 10 mg/ml, how much stock?",
                "and for 2 liters? (in mL)",
            ),
            400,
        ),
    ],
)
def test_follow_ups_change_the_part_they_name(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(list(turns))
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-3)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # several pieces of a stated weight in one pack
        ("tin of 4 1g joints, 25% THC flower. total mg of THC in the tin?", 4 * 250, "mg THC"),
        # pieces rolled from a mass
        ("how many 0.5 g prerolls can we get out of 1 kg of flower?", 2000, "pieces"),
        # a recipe scaled between two amounts written as a range, or to a bare count
        (
            "scale our syrup from 500 ml to 3 liters, recipe calls for 250 mg THC. mg for 3L?",
            1500,
            "mg",
        ),
        ("recipe for 24 cookies uses 2 cups sugar, how many cups for 36?", 3, "cup"),
    ],
)
def test_packs_pieces_and_recipes(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
    assert shown.startswith(unit)


def test_the_most_pieces_under_a_package_cap_uses_the_state_s_cap() -> None:
    # A made-up cap of 50 mg a package: 50 / 2.5 = 20 pieces.
    caps = StateEdibleLimits("Testland", 10, 50, ())
    found = recognise(
        "2.5 mg mints: max number of mints in a tin under the package limit?",
        "Testland",
        lambda _: caps,
    )
    assert found is not None and found.calculation is not None, found and found.refusal
    assert found.calculation.value == 20 and found.calculation.unit == "pieces"
    asked = recognise("2.5 mg mints: max number of mints in a tin under the package limit?")
    assert asked is not None and asked.calculation is None and asked.asks


def test_one_dropper_taken_is_the_mg_in_it() -> None:
    # 600 mg in 30 mL = 20 mg/mL; one 1 mL dropper taken holds 20 mg.
    value, shown = _answer("600 mg in a 30 ml tincture, i use 1 dropper a night. mg per night?")
    assert math.isclose(value, 20) and shown == "mg"
