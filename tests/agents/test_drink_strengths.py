"""A drink's strength by volume: mg per fluid ounce (or cup) of a container, and the mg in a
container from a strength written per a stated volume."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import describe, recognise


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("our 16 fl oz bottle holds 20mg thc, whats the mg per fl oz", 1.25, "fl oz"),
        ("5 mg thc in a 355 ml can, whats that per fl oz", 5 / (355 / 29.5735295625), "fl oz"),
        ("the cold brew carries 6 mg per 12 fl oz, mg per fl oz?", 0.5, "fl oz"),
        (
            "a 1 liter bottle of lemonade has 50 mg, how many mg per cup",
            50 / (1000 / 236.5882365),
            "cup",
        ),
    ],
)
def test_strength_per_unit_of_volume(question: str, expected: float, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-4)
    assert unit in found.calculation.unit


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("soda is dosed at 3 mg per 6 fl oz, how much thc in the whole 24 fl oz bottle", 12.0),
        ("tea runs 2 mg per 8 oz, how much thc in the 64 oz jug", 16.0),
        (
            "a 2 liter pitcher of punch at 4 mg per 12 fl oz, total thc in the pitcher?",
            2000 / (12 * 29.5735295625) * 4,
        ),
    ],
)
def test_mg_in_a_container_from_a_strength_per_volume(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-4)
    assert "mg" in found.calculation.unit


def test_a_tincture_is_left_to_the_tincture_reader() -> None:
    found = recognise(
        "1,200 mg in a 1 fl oz (29.57 mL) tincture bottle, how many mg per 1 mL dropper?"
    )
    assert found is not None and found.calculation is not None
    assert found.calculation.name.startswith("tincture")


def test_the_answer_shows_the_division() -> None:
    found = recognise("a 12 fl oz can holds 9 mg, how many mg per fl oz?")
    assert found is not None
    answer = describe(found)
    assert answer.startswith("9 mg THC in 12 fl oz is 0.75 mg THC per fl oz.")
    assert "9 mg ÷ 12 fl oz = 0.75 mg/fl oz" in answer
