"""A purchase limit stated in the question, with no state named: what is left of it after
the amounts already in the cart, and a concentrate counted at its stated flower weight."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import describe, recognise


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("store limit is 14 g of bud, she already has an eighth in the bag, how many grams can "
         "she still buy", 10.5),
        ("our limit is 28 g of flower per visit. he has 3 eighths and a 2 g preroll in the cart, "
         "how many more grams can he buy", 15.5),
        ("limit 28 g, 1 g of shatter counts as 5 g flower, he bought 2 g shatter, how much flower "
         "can he still buy", 18.0),
        ("limit is 56 g of flower and 1 g of rosin counts as 4 g of flower. she already bought "
         "4 g of rosin, how many grams of flower can she still get", 40.0),
    ],
)  # fmt: skip
def test_what_is_left_of_a_stated_limit(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(expected)
    assert "the limit you stated" in describe(found)
