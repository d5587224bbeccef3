"""Classes of misreading the sixth benchmark found (issue 20), each in new words: the question
as a user types it and the number answered. Expected values are worked by hand (a pound is
453.59237 g and 16 oz; a US fluid ounce is 29.5735 mL; 1 cup = 16 tbsp = 48 tsp; total THC =
delta-9 + 0.877 x THCA)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer as _answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise

POUND_G = 453.59237
FLOZ_ML = 29.5735295625


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # per-piece dose x pieces in a package, against a package cap the question names
        (
            "every chocolate is 15mg and there are 12 per box, does that go over a 100 mg "
            "package limit?",
            180,
        ),
        ("each mint is 5 mg, 10 in a tin. under the 100mg package cap?", 50),
        # a range with the end to use named
        (
            "doses run 2-4 mg per gummy; for 500 gummies at the low end, how many grams of 80% "
            "distillate?",
            500 * 2 / 0.8 / 1000,
        ),
        (
            "plan is 250 cookies at 8-12 mg each. at the top end how many grams of 70% oil?",
            250 * 12 / 0.7 / 1000,
        ),
        # the THC held in a stated amount of butter or oil, asked per kitchen measure
        ("there's 960 mg in 2 cups of my coconut oil, per tbsp?", 960 / 32),
        ("the cannabutter holds 600mg total in 1 cup - what's per teaspoon", 600 / 48),
        # an ounce on a bottle is a fluid ounce, unless the mL are stated beside it
        ("4 oz tincture bottle holding 2400mg, how many mg per ml", 2400 / (4 * FLOZ_ML)),
        ("1 oz bottle (30 ml) with 900 mg, mg/ml?", 30),
        # the finished volume of a dilution asked as a total
        ("taking 2 L at 60 mg/ml down to 15 mg/ml, how many ml total will we have?", 8000),
        # blending two potencies to a target, the part asked by its potency's number
        ("want 1.5 kg at 82%, got 90% and 70% on hand, grams of the 70?", 600),
        # the share of weight lost in drying, from both weights
        ("wet was 40 lb, dry came to 9 lb. what percent moisture did it lose?", 77.5),
        # whole pieces of a weight written after the mass
        ("how many joints can we roll out of 100 g if each one is 0.75 g", 133),
        # a pound price per ounce: the pound is 16 ounces
        ("wholesale 3200/lb, what's my cost per oz?", 200),
        ("paid $2,000 for 2 lbs, price per ounce?", 62.5),
        # a tax charged on top of another
        ("$50 order, 15% excise then 6% sales tax on top of that, total?", 50 * 1.15 * 1.06),
        ("$50 order with 15% excise and 6% sales tax, total?", 60.5),
        # a COA's readings carried into the concentrate needed for a run
        (
            "our rosin tested THCA 70% and delta-9 3%. how much rosin for 40 cookies at 5mg each?",
            40 * 5 / (3 + 70 * 0.877) * 100 / 1000,
        ),
    ],
)
def test_each_class_reads_every_input(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3), value


def test_a_package_over_the_cap_says_so_and_one_under_says_within() -> None:
    over = recognise("each gummy 25 mg, 8 to a bag, is that over our 100 mg package limit?")
    under = recognise("each gummy 5 mg, 8 to a bag, is that over our 100 mg package limit?")
    assert over is not None and over.calculation is not None
    assert under is not None and under.calculation is not None
    assert over.calculation.verdict is not None and over.calculation.verdict.startswith("Over")
    assert under.calculation.verdict is not None
    assert under.calculation.verdict.startswith("Within")


def test_a_stock_volume_under_a_litre_is_given_in_ml() -> None:
    value, unit = _answer(
        "nano emulsion stock at 40 mg/ml, want 3 liters at 1 mg/ml, how much stock do i need?"
    )
    assert math.isclose(value, 75) and unit.startswith("mL")


def test_a_tax_added_on_top_shows_each_step() -> None:
    found = recognise("$200 sale, 20% excise then 10% sales tax on top of it. what do they pay")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 264)
    assert len(found.calculation.steps) == 2


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a bare number after a price question is the new price
        (("bought a pound for 1600, per gram?", "what about at 1400"), 1400 / POUND_G),
        # a new final volume in litres: the stock still answered in mL
        (
            ("need 500 ml at 4 mg/ml from 100 mg/ml stock, how much stock", "now make it 2 liters"),
            80,
        ),
    ],
)
def test_a_follow_up_replaces_one_input(turns: tuple[str, str], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-3)


@pytest.mark.parametrize(
    "question",
    [
        "how many 5 mg cookies could we get out of our rosin?",
        "how many gummies will i get from the distillate at 2.5mg apiece",
    ],
)
def test_pieces_from_an_unstated_amount_of_concentrate_ask_for_it(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert "concentrate" in (found.refusal or "")


def test_dry_heavier_than_wet_is_refused() -> None:
    found = recognise("wet weight 2 kg, dry came out 3 kg. what % moisture did we lose?")
    assert found is not None and found.calculation is None and not found.asks


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a loss stated for the infusion: only what is kept reaches the oil
        # 10 g x 20% = 2,000 mg x (1 - 0.25) = 1,500 mg in 2 cups = 96 tsp -> 15.625 mg per tsp
        (
            "figuring we lose 25% in the crockpot, 10 g of 20% bud into 2 cups of coconut oil. "
            "mg per teaspoon?",
            10_000 * 0.20 * 0.75 / 96,
        ),
        # a stated efficiency still wins: 5 g x 18% = 900 mg x 0.6 = 540 mg / 16 tbsp
        (
            "5g of 18% flower in 1 cup butter at 60% efficiency, how much per tablespoon",
            900 * 0.6 / 16,
        ),
        # pieces from a mass after a filling loss: 600 g x 0.95 / 0.5 g = 1,140
        ("how many half gram carts out of 600g of disty if 5% gets lost filling", 1140),
        # no loss named: 300 g / 0.75 g = 400
        ("how many .75g prerolls from 300 g of shake", 400),
    ],
)
def test_a_stated_loss_reduces_what_reaches_the_product(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-3)
