"""A cannabinoid totalled over a list of items (issue 20): every item summed, each a count
of pieces with mg each, a weight at a potency, or a volume at a strength. Expected values by
hand: Σ count × mg, with mg = grams × % × 10 (or grams × mg/g, mL × mg/mL)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_requests import describe, recognise

# fourteen items: 5 gummies, 4 capsules, 3 prerolls and 2 bottles
FOURTEEN = (
    "basket: 14 items. 5 gummies at 5 mg CBG each, 4 capsules at 25 mg CBG, 3 prerolls of "
    "1 g at 10% CBG, 2 bottles with 300 mg CBG. total cbg in mg?"
)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        (FOURTEEN, 5 * 5 + 4 * 25 + 3 * 1 * 10 * 10 + 2 * 300, "mg CBG"),
        ("I have 3 gummies with 10 mg CBG each, 2 tinctures with 500 mg CBG each, and a 1 g "
         "cart at 40% CBG. total CBG?", 3 * 10 + 2 * 500 + 1 * 40 * 10, "mg CBG"),
        ("10 mg CBG gummy, 20 mg CBG gummy, 30 mg CBG gummy, total CBG?", 60, "mg CBG"),
        ("2 g of 15% CBG flower and 1 g of 90% CBG isolate, total CBG?",
         2 * 15 * 10 + 1 * 90 * 10, "mg CBG"),
        ("we made 3 products: 100 gummies at 10 mg CBG, 50 caps at 25 mg CBG, 20 tinctures "
         "with 600 mg CBG each. total CBG needed?", 100 * 10 + 50 * 25 + 20 * 600, "mg CBG"),
        ("5 gummies at 10mg cbd, 3 gummies at 20mg cbd, how much cbd total", 50 + 60, "mg CBD"),
        ("2 bottles with 600 mg CBG in all and 4 gummies at 25 mg CBG, total cbg?",
         600 + 4 * 25, "mg CBG"),
        ("a 30 ml bottle at 20 mg/ml CBN and 10 gummies at 5 mg CBN, total CBN?",
         30 * 20 + 10 * 5, "mg CBN"),
    ],
)  # fmt: skip
def test_every_item_is_summed(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert shown == unit


def test_an_item_of_another_cannabinoid_is_named_as_left_out() -> None:
    found = recognise(
        "5 gummies at 10mg THC and 3 gummies at 20mg CBG and 2 caps at 25 mg CBG, total CBG"
    )
    assert found is not None and found.calculation is not None
    assert found.calculation.value == 3 * 20 + 2 * 25
    assert "not added" in describe(found) and "THC" in describe(found)


def test_an_item_weighed_without_its_potency_is_asked_about() -> None:
    found = recognise("3 gummies with 10 mg CBG each and a 1 g cart, total CBG?")
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.ITEM_POTENCY,)


@pytest.mark.parametrize(
    "question",
    [
        "THCA 22%, THC 1%, total THC?",  # a COA's shares: total THC by the 0.877 factor
        "blend 2 kg at 80% with 1 kg at 60%, total THC?",  # a blend's potency
        "500ml bottle holds 20mg thc total, i drank 150 ml, how much did i get",
        "7 grams of 18% total THC bud into 2 cups coconut oil, 100% transfer. mg per tsp?",
    ],
)
def test_a_total_that_is_a_label_or_a_coa_is_not_a_list(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.name != "cannabinoid_in_items"
