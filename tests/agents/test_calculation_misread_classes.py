"""Misreads other helpers found (issue 20), each as a class in new words: an ounce of a drink,
a batch's concentrate with no potency, a lab result written before its label claim, a claim
and a result for the whole package, and a total of THC asked against a limit."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_requests import recognise

FLOZ_ML = 29.5735295625  # a US fluid ounce (NIST Handbook 44, appendix C)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("a 12 oz can at 5 mg, mg per ml", 5 / (12 * FLOZ_ML)),
        ("16oz beverage with 10 mg thc, mg per ml?", 10 / (16 * FLOZ_ML)),
        ("2 oz shot has 10mg, how many mg per ml", 10 / (2 * FLOZ_ML)),
        ("the can is 12 oz, 5mg thc, mg/ml?", 5 / (12 * FLOZ_ML)),
    ],
)
def test_an_ounce_of_a_drink_is_a_fluid_ounce(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert unit == "mg/mL"
    assert math.isclose(value, expected, rel_tol=1e-4)


@pytest.mark.parametrize(
    "question",
    [
        "6 g of distillate in the pot, 10mg each, how many",
        "kettle has 4 g of rosin, 5 mg per gummy, how many gummies",
    ],
)
def test_a_batchs_concentrate_without_potency_is_asked_for(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None
    assert "potency" in (found.refusal or "")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("coa has 18.2%, label says 20%, variance?", -9.0),
        ("tested 22.5% but the label claims 25%, variance", -10.0),
        ("label says 10 mg, lab got 8.7: the variance?", -13.0),
        ("labelled 100 mg per package, tested 93 mg, variance?", -7.0),
        ("package is labeled 200mg total, lab result was 214 mg, how far off", 7.0),
    ],
)
def test_signed_variance_whatever_the_order_or_basis(question: str, expected: float) -> None:
    value, _ = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)


def test_a_piece_result_against_a_package_claim_still_asks_the_count() -> None:
    found = recognise("label claims 100 mg a pack, lab measured 93 mg each, variance?")
    assert found is not None and found.calculation is None
    assert "pieces" in (found.refusal or "")


@pytest.mark.parametrize(
    "question",
    [
        "2,000 mg of thc gummies, over any line?",
        "I've got 1500 mg of thc in edibles at home, is that over the possession limit?",
    ],
)
def test_a_total_of_thc_does_not_ask_for_a_potency(question: str) -> None:
    found = recognise(question)
    assert found is None or "potency" not in (found.refusal or "")
