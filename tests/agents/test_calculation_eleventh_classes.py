"""Classes of misreading the eleventh benchmark found (issue 20), each in new words: the
question as a user types it and the number answered. Expected values are worked by hand
(total THC = d9 + 0.877 x THCA; a US fluid ounce is 29.5735295625 mL; the trade's zip is
28 g and an eighth 3.5 g; Canada's Schedule 3: 0.25 g of concentrate or 15 g of solids
count as 1 g of dried cannabis)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.normalising import normalise


def _answers(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (value, shown)
    assert shown.split()[0] == unit, shown


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("flower has point seven percent d9 and nineteen percent thca, total thc?", 17.363),
        (
            "thca is twenty point four percent plus point nine percent delta 9, what's total thc",
            0.9 + 20.4 * 0.877,
        ),
    ],
)
def test_a_decimal_said_as_point_seven_after_any_word(question: str, expected: float) -> None:
    _answers(question, expected, "%")


def test_a_spoken_decimal_needs_its_unit_after_a_word_that_links_no_number() -> None:
    assert "0.8 percent" in normalise("thca and point eight percent d9")
    assert "point 5 of us" in normalise("at this point 5 of us share the jar")
