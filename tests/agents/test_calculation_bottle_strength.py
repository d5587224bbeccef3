"""A bottle's strength written as its mg over its mL ("1000mg/60ml", "500 mg in 30 ml") makes
a question about part of it a tincture question whatever the bottle is called (oil, drops):
the mg in the part taken is the strength times the mL (issue 20)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("mg in 1.5 ml of my 1000mg/60ml cbd oil", 25.0),
        ("how much cbd is in 2 ml of a 500 mg in 30 ml oil", 2 * 500 / 30),
        ("I take 0.5ml of 1500mg/30ml drops, how many mg is that", 25.0),
    ],
)
def test_the_mg_in_part_of_a_bottle_of_oil(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9) and unit.split()[0] == "mg"
