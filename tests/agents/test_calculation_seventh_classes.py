"""Classes of misreading the seventh benchmark found (issue 20), each in new words: the
question as a user types it and the number answered. Expected values are worked by hand (a
US fluid ounce is 29.5735295625 mL; 1 cup = 16 tbsp = 48 tsp; a
trade eighth is 3.5 g; decarboxylation loses 12.3% of the THCA's mass as CO2)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer as _answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise

FLOZ_ML = 29.5735295625


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the unit asked after the measure it names, whatever words follow it
        ("we decarb 500 g of crystalline thca - weight lost in kg after the oven?", 0.0615),
        ("half a kilo of thca isolate, mass loss in grams once its decarbed", 61.5),
        # a blend's target potency given as a bare number after words aiming at it
        (
            "have 400 g of 88%, mixing in our 60% so it ends up at 80. grams of the 60 to add?",
            400 * (88 - 80) / (80 - 60),
        ),
        # the flower for a strength wanted per kitchen measure, worked backwards
        (
            "looking for roughly 10mg per tablespoon in 2 cups of coconut oil, how many grams "
            "of 20% bud",
            10 * 32 / 200,
        ),
        # a package cap stated as "caps a package at" or "cap is X per package"
        ("pack holds 12 gummies at 10mg each, the state limits a package to 100mg, over?", 120),
        ("a tin is 20 mints at 2.5 mg. our cap is 100 mg per package, does it fit", 50),
        # the THC in a package of pieces packed N to a package
        (
            "1.5 g of 80% distillate goes into 200 chews, 20 to a box. mg per box?",
            1500 * 0.8 / 200 * 20,
        ),
        # a return worked from "gave me"
        ("pressed a QP of trim and it gave me 18 g of rosin, whats the yield", 18 / 112 * 100),
        # a signed variance from the label needs no tolerance
        ("label says 5 mg per chew, the lab got 5.6. variance?", 12.0),
        ("claimed 30% on the label, coa came back at 27%. how far off in percent", -10.0),
        # a trade amount opening a sentence, priced
        ("zip is 180 bucks, how much per gram", 180 / 28),
        # an amount stated, then "how many <unit> is that"
        ("making a 2 fl oz tincture, how many ml is that", 2 * FLOZ_ML),
        # carts counted from a mass, after a loss
        (
            "filling 1g carts out of 500 g of distillate, we lose around 2% filling, how many "
            "carts",
            490,
        ),
    ],
)
def test_each_class_reads_every_input(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-4), (value, expected)


def test_a_pass_verdict_without_a_tolerance_is_not_a_signed_variance() -> None:
    found = recognise("label says 10 mg, lab got 8.7 mg, does it pass")
    assert found is not None
    assert found.calculation is None or found.calculation.name != "label_variance"


def test_a_kitchen_measure_opening_the_question_is_one_of_it() -> None:
    found = recognise_conversation(
        ("stick of butter with 3.5g of 20% flower, mg per tbsp", "and per tsp?")
    )
    assert found is not None and found.calculation is not None, found
    # 3.5 g x 200 mg/g = 700 mg in half a cup (24 tsp)
    assert math.isclose(found.calculation.value, 700 / 24, rel_tol=1e-4)


@pytest.mark.parametrize(
    "question",
    [
        "how many prerolls can we roll out of our trim, at 1 g each",
        "what was the return on that wash? recovered 42 g of hash in the end",
    ],
)
def test_an_amount_never_given_is_asked_for(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
