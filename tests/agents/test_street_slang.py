"""Counter slang the street held-out set exposed: "an 8th" / "two 8ths" is an eighth (3.5 g)
of flower. Expected values are plain arithmetic; the user sees the number and the inputs."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import recognise

EIGHTH_G = 3.5

TABLE = [
    ("how many mg of thc in an 8th of 22% flower", EIGHTH_G * 1000 * 0.22),
    ("mg thc in a 8th of 20% bud", EIGHTH_G * 1000 * 0.20),
    ("how many mg in one 8th of 18 percent", EIGHTH_G * 1000 * 0.18),
]


@pytest.mark.parametrize(("question", "expected"), TABLE)
def test_an_8th_is_an_eighth(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    shown = " ".join(found.calculation.inputs) + found.calculation.summary
    assert "3.5" in shown, shown


def test_a_date_is_not_an_eighth() -> None:
    found = recognise("lab results due the 8th, thca 20% d9 1% total thc?")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 1 + 20 * 0.877, rel_tol=1e-6)
