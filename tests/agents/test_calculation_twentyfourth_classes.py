"""Classes of misreading the twenty-fourth benchmark found (issue 20), each in new words: the
question as a user types it, and what the user is shown. Expected values are worked by hand
(servings = package mg / serving mg; terpenes = distillate x share; return = out / in x 100;
dry = wet x (1 - loss); a pound 453.59237 g; THC = THCA x 0.877 x efficiency; C1V1 = C2V2 by
mass; each tax on the pre-tax price)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise

FACTOR = 0.877
POUND_G = 453.59237


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a label's "serving size" line names the serving's mg, with or without a verb
        ("jar is 1000 mg total, serving size 50 mg, servings?", 1000 / 50),
        ("600mg tin, serving size: 20mg. how many servings per tin", 600 / 20),
    ],
)
def test_a_serving_size_line_is_the_serving(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected), (question, value)
    assert unit == "servings"


def test_a_terpene_share_with_its_basis_named_is_no_potency() -> None:
    # "6% by weight of the oil": the share, though "of the oil" follows it like a potency's
    value, unit = answer("putting terpenes back at 6% by weight of the oil, 2 kg of oil, grams?")
    assert math.isclose(value, 2000 * 0.06)
    assert unit == "g of terpenes"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("washed 4 lb of trim, ran 200 g of crude off it. return?", 200 / (4 * POUND_G) * 100),
        ("pressed 1,000g of flower and got... no wait, pressed out 180 g of rosin. return %",
         18.0),
    ],
)  # fmt: skip
def test_a_return_with_the_product_named_after_the_second_mass(
    question: str, expected: float
) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert unit == "%"


@pytest.mark.parametrize(
    "question", ["what return did we get on 30 g of live rosin", "extraction yield on 90g of wax?"]
)
def test_a_return_on_the_product_alone_asks_what_went_in(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.START_MASS,)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("12 jars at 7 g each, total weight?", 12 * 7),
        ("weighing out 20 bags @ 28 g each, how many grams in all", 20 * 28),
    ],
)
def test_packages_at_a_stated_weight_each_add_up(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected)
    assert unit == "g"


def test_a_wet_harvest_per_plant_dry_is_dried_first() -> None:
    value, unit = answer("chopped 8 plants at 40 lb fresh, they lose 78% drying, oz dry per plant")
    assert math.isclose(value, 40 * 0.22 * 16 / 8)  # 16 oz to the lb
    assert unit == "oz per plant"
    # a harvest weighed dry is shared as weighed
    value, _ = answer("10 plants, 5 lb dry, grams per plant?")
    assert math.isclose(value, 5 * POUND_G / 10)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a volume restating droppers counted is the amount taken, not the bottle's volume
        (("900 mg cbd in a 30 ml bottle, what's the mg/ml", "and for 2 droppers, 2 ml"), 60.0),
        # a differently named tax is a second tax on the same price
        (("$40 cart plus 6% sales tax, total?", "oh i forgot the 10% city tax too, total with both"),
         40 * 1.16),
        # "make that" replaces the figure said last (the target), not the first of its kind
        (("dilute 500 g of 90% oil to 80%, how much carrier?", "make it 75%"), 500 * 90 / 75 - 500),
        # what is reached in practice, after a theoretical decarb, is its efficiency
        (("10 g of thca isolate, theoretical thc in mg?", "in practice we get about 90%"),
         10_000 * FACTOR * 0.9),
    ],
)  # fmt: skip
def test_follow_ups_keep_the_earlier_inputs(turns: tuple[str, str], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, turns
    value = found.calculation.details.get("thc_mg", found.calculation.value)
    assert math.isclose(value, expected, rel_tol=1e-9), (turns, found.calculation.summary)


def test_the_same_tax_named_again_replaces_its_rate() -> None:
    found = recognise_conversation(("$40 cart, 10% excise, total?", "what if the excise is 12%"))
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 40 * 1.12)


def test_an_item_rung_up_with_a_tax_and_no_price_asks_the_price() -> None:
    found = recognise("rang out a pre-roll with 10% excise, what do they pay")
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.SALE_AMOUNT,)
