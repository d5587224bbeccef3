"""Readings the second pass of the street held-out set exposed (issue 20), with phrasings of
their own: a pasted COA's total THC (not its CBD line), "d-9", the trade ounce when the user
states it, QP slang, a dropper smaller than a mL, terpenes against a stated blend weight,
servings from a count of pieces, a batch scaled "at the same dose", and a calculation named
with too few inputs getting a question. Expected values are plain arithmetic."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import describe, recognise

FACTOR = 0.877


def value_of(question: str) -> float:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    return found.calculation.value


ANSWERED = [
    # A COA with % and mg/g columns and a CBDA row, asked for total THC.
    (
        "Analyte | % | mg/g\nTHCA | 18.20 | 182.0\nD9-THC | 0.30 | 3.0\nCBDA | 0.40 | 4.0\n"
        "total thc for the label?",
        0.30 + 18.20 * FACTOR,
    ),
    ("THCA 22% d-9 0.5%, total?", 0.5 + 22 * FACTOR),
    ("thca 15% d-9 .4% total thc", 0.4 + 15 * FACTOR),
    # The trade's ounce when the user says so; a pound is 16 of them.
    ("3 oz in grams, the 28 g kind", 3 * 28),
    ("1 lb in grams if an oz is 28", 16 * 28),
    # QP: a quarter pound counted as four 28 g ounces.
    ("grabbed a qp for 640, per gram?", 640 / 112),
    # A dropper smaller than a mL, asked per dropper.
    ("900 mg in a 30 ml bottle, how much in a 0.5 ml dropper", 900 / 30 * 0.5),
    # Terpenes: given as grams added to a distillate, or as a share of a stated blend weight.
    ("12 g terps to 188 g distillate, terp % of the mix?", 12 / 200 * 100),
    ("want 5% terps in a 40 g blend, grams of terps", 40 * 0.05),
    # Servings from pieces at a dose, in servings of another size.
    ("box of 12 chocolates at 10mg each, how many 2.5mg servings", 12 * 10 / 2.5),
    # A batch scaled at the same dose, no potency needed.
    ("recipe makes 12 brownies with 120mg, scale to 30 brownies same dose, total mg?", 300),
    ("a 600mg batch split into 30 gummies, mg per gummy", 20),
]


@pytest.mark.parametrize(("question", "expected"), ANSWERED)
def test_street_phrasings_get_the_right_number(question: str, expected: float) -> None:
    assert math.isclose(value_of(question), expected, rel_tol=1e-6)


def test_a_pasted_coa_answers_total_thc_and_shows_total_cbd_in_the_working() -> None:
    found = recognise("THCA  20.00 %\nD9-THC  1.00 %\nCBDA  0.50 %\ntotal thc?")
    assert found is not None and found.calculation is not None
    assert found.calculation.name.endswith("total_thc")
    assert math.isclose(found.calculation.value, 1 + 20 * FACTOR, rel_tol=1e-6)
    assert "total_cbd" in found.calculation.name


def test_an_ounce_without_a_stated_convention_stays_avoirdupois() -> None:
    assert math.isclose(value_of("convert 2 oz to grams"), 2 * 28.349523125, rel_tol=1e-6)


def test_the_dropper_answer_names_the_dropper_and_keeps_mg_per_ml() -> None:
    found = recognise("600 mg in a 30 ml bottle, mg per 0.5 ml dropper?")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 10, rel_tol=1e-6)
    assert "dropper" in found.calculation.unit
    assert math.isclose(found.calculation.details["per_ml"], 20, rel_tol=1e-6)


def test_servings_from_pieces_show_the_package_they_come_from() -> None:
    found = recognise("bag of 8 gummies at 5mg each, servings of 10mg?")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 4, rel_tol=1e-6)
    assert "8 pieces × 5 mg = 40 mg" in describe(found)


ASKED = [
    ("how many mg in a 1 g joint", "potency"),
    ("mg per gummy for a run of 200", "number of pieces"),
    ("price per gram for a half pound", "price"),
    ("is our crop under 0.3%?", "THCA"),
    ("how much thc after decarb at 95% efficiency", "THCA"),
    ("mg per tsp of my cannabutter", "butter"),
    ("mg per dropper, 60 ml bottle", "THC in the bottle"),
    ("scale my recipe to 80 gummies", "ingredients"),
    ("dilute down to 2 mg/ml, want 250 ml", "concentration you start from"),
]


@pytest.mark.parametrize(("question", "needed"), ASKED)
def test_a_calculation_with_an_input_missing_gets_a_question(question: str, needed: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found
    assert needed in (found.refusal or ""), found.refusal


@pytest.mark.parametrize(
    "question",
    [
        "whats the legal mg per gummy in michigan?",
        "how long should i decarb at 240F to activate the thc",
        "what is a good price per gram for outdoor",
        "how many servings should a first timer take?",
        "what are terps?",
    ],
)
def test_a_question_of_fact_is_not_asked_for_inputs(question: str) -> None:
    assert recognise(question) is None
