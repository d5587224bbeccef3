"""Classes of misreading left after the twenty-first benchmark (issue 20), each in new words.

One bag of flower named by an article and followed by its potency ("the eighth is 26%",
"my zip tested 28%") is one bag weighed, and "the thc in mg" asks for the cannabinoid in
that bag. Expected values are worked by hand: mg = bag grams x 1000 x potency / 100, with
the trade's bags (an eighth 3.5 g, a quarter 7 g, a zip 28 g); total = neutral + factor x
acid (0.878 for CBGA, 316.48 / 360.49 g/mol).
"""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.normalising import normalise

EIGHTH_G, QUARTER_G, ZIP_G = 3.5, 7.0, 28.0


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("the eighth is 26%, total mg", EIGHTH_G * 1000 * 0.26, "mg THC"),  # 910
        ("whats the thc in mg for a quarter at 22%", QUARTER_G * 1000 * 0.22, "mg THC"),  # 1540
        ("an 8th @ 30% how many mg", EIGHTH_G * 1000 * 0.30, "mg THC"),  # 1050
        ("the quarter is 19.5%, how many mg of thc", QUARTER_G * 1000 * 0.195, "mg THC"),
        ("my zip tested 28%, how many mg thc", ZIP_G * 1000 * 0.28, "mg THC"),  # 7840
        ("this 8th came back 24.2% - total mg?", EIGHTH_G * 1000 * 0.242, "mg THC"),  # 847
        ("the eighth: 31%. how much thc is that in mg", EIGHTH_G * 1000 * 0.31, "mg THC"),
        ("whats the cbd in mg for an eighth at 12% cbd", EIGHTH_G * 1000 * 0.12, "mg CBD"),
        ("thc in milligrams for a zip at 20%?", ZIP_G * 1000 * 0.20, "mg THC"),  # 5600
    ],
)
def test_one_bag_at_a_potency_is_weighed(question: str, expected: float, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, question
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9), found.calculation
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    ("question", "acid", "neutral"),
    [
        ("total cbg if cbga 8.2% and cbg 0.4%", 8.2, 0.4),
        ("cbga 3.1%, cbg 0.25%, what's total cbg", 3.1, 0.25),
        ("coa says CBG-A 12.0 % and CBG 1.1 %. total CBG?", 12.0, 1.1),
    ],
)
def test_total_cbg_adds_the_neutral_to_the_converted_acid(
    question: str, acid: float, neutral: float
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, question
    expected = neutral + acid * 316.48 / 360.49
    assert math.isclose(found.calculation.value, expected, rel_tol=2e-4), found.calculation


@pytest.mark.parametrize(
    "text",
    [
        "the 8th of may we sold 5 jars",  # a date, not a bag
        "the eighth is $35, what is that per gram",  # a price, not a potency
        "the quarter ended with 26% more sales",  # no potency right after the bag
    ],
)
def test_a_bag_is_weighed_only_when_its_potency_follows(text: str) -> None:
    assert "1 eighth" not in normalise(text) and "1 quarter" not in normalise(text)


def test_a_bag_with_no_potency_gets_no_number() -> None:
    found = recognise("the eighth, how many mg of thc")
    assert found is None or found.calculation is None


# Missouri: 1 MME = 3.5 g of flower = 1 g of concentrate = 100 mg of THC in a product.
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many MMEs is an eighth, 2 g of wax and a 100 mg pack of gummies", 1 + 2 + 1),
        ("in missouri, how many mmes are 3 oz of flower", 3 * ZIP_G / 3.5),  # 24
        ("bought 14 g flower and a 1 g cart in MO, how many mmes is that", 14 / 3.5 + 1),
        ("patient basket: 10.5g bud, 3 x 0.5g carts, 250mg of gummies. total MMEs?", 3 + 1.5 + 2.5),
    ],
)
def test_a_missouri_basket_is_counted_in_equivalency_units(question: str, expected: float) -> None:
    found = recognise(question, "MO")
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9), found.calculation
    assert found.calculation.unit == "MME"


def test_mmes_asked_of_nothing_get_a_question_and_no_number() -> None:
    found = recognise("how many MMEs is that")
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == ("basket_amounts",)


@pytest.mark.parametrize(
    "question", ["how many mmes can a patient buy a month", "what is an MME in missouri"]
)
def test_the_allotment_itself_is_left_to_the_packs(question: str) -> None:
    assert recognise(question, "MO") is None
