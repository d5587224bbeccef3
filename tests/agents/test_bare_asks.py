"""A follow-up naming only what it asks for (issue 20): "MMEs?", "mg/ml?", "tsp?", "gpw?"
reuse the earlier turn's inputs. Expected values by hand: Missouri's MME is 3.5 g of flower or
1 g of concentrate (19 CSR 100-1.180; an ounce of flower is the trade's 28 g there, as the
calculators read it); mg/mL = mg ÷ mL; a tbsp is 3 tsp; g/W = grams ÷ watts."""

from __future__ import annotations

import math

import pytest

from trichome.agents.bare_asks import asked_by_name
from trichome.agents.calculation_conversations import recognise_conversation

POUND_G = 453.59237
BUTTER_MG = 7 * 0.22 * 1000  # 7 g of 22% flower, all of it in the butter
TSP_PER_CUP = 48


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("in missouri, 1 oz flower and 2 g of concentrate", "MMEs?"), 28 / 3.5 + 2 / 1),
        (("missouri 1 oz flower and 100 mg of gummies", "and MMEs?"), 28 / 3.5 + 100 / 100),
        (("1000 mg in a 30 ml bottle", "mg/ml?"), 1000 / 30),
        (("tincture has 1000 mg in 30 ml, how much per dropper", "mg/ml?"), 1000 / 30),
        (("I infused 7 g of 22% flower into 1 cup butter, mg per tbsp?", "tsp?"),
         BUTTER_MG / TSP_PER_CUP),
        (("I infused 7 g of 22% flower into 1 cup butter, mg per tbsp?", "mg/tsp?"),
         BUTTER_MG / TSP_PER_CUP),
        (("harvested 2 lb under 1000 watts", "gpw?"), 2 * POUND_G / 1000),
        (("harvested 2 lb under 1000 watts, 4x4 tent", "g/W?"), 2 * POUND_G / 1000),
        (("harvested 2 lb under 1000 watts, 4x4 tent", "g/sqft?"), 2 * POUND_G / 16),
        (("made 24 gummies with 2 g of 85% distillate, mg per gummy?", "grams?"),
         2 * 0.85 / 24),
    ],
)  # fmt: skip
def test_a_bare_name_reuses_the_earlier_inputs(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation
    assert found.carried  # the answer says which inputs came from the earlier turn


@pytest.mark.parametrize(
    ("turn", "question"),
    [
        ("mg/ml?", "how many mg per ml?"),
        ("and mg per gram?", "how many mg per gram?"),
        ("$/g?", "what price per g?"),
        ("MMEs?", "how many MMEs?"),
        ("servings?", "how many servings?"),
        ("tsp?", "how much per tsp?"),
        ("per gummy?", "how much per gummy?"),
        ("grams?", "in grams?"),
        ("ppg?", "what price per gram?"),
        ("g/W?", "how many g per watt?"),
    ],
)
def test_a_bare_name_is_read_as_its_question(turn: str, question: str) -> None:
    assert asked_by_name(turn) == question


@pytest.mark.parametrize("turn", ["what if it tests at 92%?", "thanks!", "mg/ml of what?", "CBD?"])
def test_a_turn_saying_more_is_left_alone(turn: str) -> None:
    assert asked_by_name(turn) is None
