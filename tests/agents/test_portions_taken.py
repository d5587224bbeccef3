"""The pieces of a batch someone ate or took, asked for their THC: the dose per piece times
the pieces taken, or the batch's THC times the share taken; the count taken is never a batch
to scale to and the share never a potency; more pieces taken than made gets no number."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import describe, recognise

BATCH = "made 24 cookies with 7 grams of 20% flower, "  # 1,400 mg THC, 58.33 mg a cookie


@pytest.mark.parametrize(
    ("question", "mg"),
    [
        (BATCH + "i ate 6 cookies. how much thc did i eat", 350.0),
        (BATCH + "i ate half the cookies. how much thc did i eat", 700.0),
        (BATCH + "i ate a third of them, how much thc was that", 1400 / 3),
        (BATCH + "i ate a quarter of the cookies. how much thc did i eat", 350.0),
        (BATCH + "my wife ate two thirds of them. thc?", 1400 * 2 / 3),
        ("batch of 40 gummies with 2g of 85% distillate, my buddy took 3 of them, mg?", 127.5),
    ],
)
def test_the_thc_of_the_pieces_taken(question: str, mg: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.name == "dose_per_unit"
    assert math.isclose(found.calculation.value, mg, rel_tol=1e-6)
    assert "Taken:" in describe(found)


def test_more_pieces_taken_than_made_gets_no_number() -> None:
    found = recognise(BATCH + "i ate 30 cookies lol how much thc")
    assert found is not None and found.calculation is None
    assert "more than the 24 the batch made" in describe(found)


def test_a_dose_per_piece_with_nothing_taken_is_unchanged() -> None:
    found = recognise(BATCH + "how much thc per cookie")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 1400 / 24, rel_tol=1e-6)
    assert "Taken:" not in describe(found)
