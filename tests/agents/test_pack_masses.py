"""Counts of multi-packs (issue 20): a count of packs × the pieces a pack holds × each piece's
weight, never one of the three dropped. Expected values by hand: packs × pieces × grams (and,
for the THC in them, × potency × 1000 mg/g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.calculators import CalculationError
from trichome.agents.pack_calculators import mass_of_pieces


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("2 10-packs of 0.5g prerolls, how much flower total", 2 * 10 * 0.5),
        ("three 5-packs of 1g joints, how much weed is that", 3 * 5 * 1.0),
        ("a case of 24 2-packs of 1g prerolls, total grams?", 24 * 2 * 1.0),
        ("3 cases of 24 2-packs of 1g prerolls, total grams?", 3 * 24 * 2 * 1.0),
        ("we got 4 5-packs of .5g pre-rolls, how many grams of flower", 4 * 5 * 0.5),
        ("I sold six 3-packs of 0.7 g joints. how much flower did that use?", 6 * 3 * 0.7),
        ("12 x 7-pack 0.35g minis, total weight?", 12 * 7 * 0.35),
        ("a 10-pack of 0.75 g blunts, how much bud is in it", 10 * 0.75),
        # the pieces counted without packs, the weight before or after them
        ("how much flower is in 20 half gram prerolls", 20 * 0.5),
        ("30 prerolls at 0.7 g each, total weight?", 30 * 0.7),
        ("how many grams in 6 packs of 5 half gram prerolls", 6 * 5 * 0.5),
    ],
)  # fmt: skip
def test_packs_times_pieces_times_weight(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert unit == "g"


def test_every_count_shows_in_the_working() -> None:
    found = recognise("2 10-packs of 0.5g prerolls, how much flower total")
    assert found is not None and found.calculation is not None
    shown = describe(found)
    assert "2 packs × 10 prerolls = 20 prerolls" in shown
    assert "20 × 0.5 g = 10 g" in shown
    assert not found.unused


@pytest.mark.parametrize(
    ("question", "expected_mg"),
    [
        # the THC in every pack, not in one
        ("2 10-packs of 0.5g prerolls at 25%, how much thc", 2 * 10 * 0.5 * 0.25 * 1000),
        ("3 5-packs of 1 g joints at 20%, how much thc is that in all?", 3 * 5 * 1.0 * 0.20 * 1000),
        # one pack, as before
        ("a 10 pack of 0.5 g prerolls at 22%, how much thc", 10 * 0.5 * 0.22 * 1000),
    ],
)  # fmt: skip
def test_the_thc_in_packs_counts_every_pack(question: str, expected_mg: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected_mg, rel_tol=1e-9), (question, value)
    assert unit == "mg THC"


@pytest.mark.parametrize(
    "question",
    [
        "how many 1g prerolls from a QP",  # pieces made from a mass: another calculation
        "2 10-packs of 0.5g prerolls at $30 a pack, total cost?",
        "20 0.5g prerolls at 22%, how much thc",
    ],
)
def test_other_questions_about_pieces_are_not_a_weight(question: str) -> None:
    found = recognise(question)
    assert (
        found is None or found.calculation is None or found.calculation.name != ("mass_of_pieces")
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0.5, "g", 10, 2.5), "whole number"),
        ((0.5, "g", 0), "at least 1"),
        ((-0.5, "g", 10), "negative"),
        ((0.5, "ml", 10), "mass"),
    ],
)
def test_impossible_counts_and_weights_are_refused(
    arguments: tuple[float | str, ...], message: str
) -> None:
    with pytest.raises(CalculationError, match=message):
        mass_of_pieces(*arguments)  # type: ignore[arg-type]
