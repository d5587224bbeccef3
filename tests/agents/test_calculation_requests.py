"""Calculations asked in plain language are recognised with the right numbers."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.calculators import StateEdibleLimits


@pytest.mark.parametrize(
    ("question", "name", "value"),
    [
        ("how much 85% distillate for 200 gummies at 10 mg?", "infusion", 2.0 / 0.85),
        (
            "How much 85% distillate do I need for 200 gummies at 10 mg each?",
            "infusion",
            2.0 / 0.85,
        ),
        (
            "I need 500 capsules at 25 mg each using 90% distillate, how many grams?",
            "infusion",
            12.5 / 0.9,
        ),
        ("10 g of 80% distillate into 100 gummies", "dose_per_unit", 80),
        (
            "putting 10g of 80% distillate into 100 gummies with 5% loss, dose per gummy?",
            "dose_per_unit",
            76,
        ),
        ("what's total THC if THCA is 22% and THC is 1.5%?", "total_thc", 1.5 + 22 * 0.877),
        ("COA says 24.3% THCA and 0.8% THC, total thc?", "total_thc", 0.8 + 24.3 * 0.877),
        ("total cbd with 12% CBDA", "total_cbd", 12 * 0.877),
        ("convert 3.5 g to oz", "convert", 3.5 / 28.349523125),
        ("how many grams in an ounce", "convert", 28.349523125),
        ("convert 100 ml to g with a density of 0.92", "convert", 92),
        ("dilute 20 g of 90% distillate to 70%", "dilution", 18 / 0.7 - 20),
        ("what percent is 2 g of 50 g", "percent_by_weight", 4),
        ("how many servings in a 100 mg package at 5 mg per serving", "servings_check", 20),
        (
            "scale 500 g sugar, 2.35 g distillate and 30 g gelatin from 100 to 250 gummies",
            "scale_batch",
            2.5,
        ),
    ],
)
def test_calculations_in_plain_language(question: str, name: str, value: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, question
    assert found.calculation.name == name
    assert math.isclose(found.calculation.value, value, rel_tol=1e-6)


def test_a_state_named_in_the_question_checks_its_caps() -> None:
    limits = StateEdibleLimits("Massachusetts", 5, 100, ())
    found = recognise("is a 100 mg package with 10 mg servings ok?", "MA", lambda state: limits)
    assert found is not None and found.calculation is not None
    assert "breaks Massachusetts's edible limits" in found.calculation.summary


@pytest.mark.parametrize(
    "question",
    [
        "how much 85% distillate for 0 gummies at 10 mg",
        "how much 150% distillate for 10 gummies at 10 mg",
        "10 g of 80% distillate into -5 gummies",
        "convert 100 ml to g",
    ],
)
def test_impossible_numbers_are_refused_not_answered(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.refusal


@pytest.mark.parametrize(
    "question",
    [
        "What are the labelling rules for edibles in Michigan?",
        "What is the THC limit per serving for edibles in Colorado?",
        "How do I decarb at 115 C for 40 minutes?",
        "We sell 1 oz of flower to 21+ customers",
        "hello",
    ],
)
def test_questions_without_a_calculation_are_left_alone(question: str) -> None:
    assert recognise(question) is None
