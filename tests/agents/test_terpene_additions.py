"""Terpenes weighed into a batch at a potency (issue 20), and a batch weight that could be
the batch before the terpenes or after them: the answer reads it as before, says so, and
gives the other reading; it never picks one silently. Expected values by hand: potency after
= potency × distillate ÷ (distillate + terpenes); terpene share = terpenes ÷ finished batch."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.calculators import CalculationError
from trichome.agents.terpene_additions import potency_after_terpenes


def before(potency: float, batch_g: float, terps_g: float) -> float:
    return potency * batch_g / (batch_g + terps_g)


def after(potency: float, batch_g: float, terps_g: float) -> float:
    return potency * (batch_g - terps_g) / batch_g


@pytest.mark.parametrize(
    ("question", "expected", "other"),
    [
        ("adding 50 g of terps to my 70% batch, it's 2 kg", before(70, 2000, 50),
         after(70, 2000, 50)),
        ("put 30g of terps in my 85% batch (1 kg), new thc %?", before(85, 1000, 30),
         after(85, 1000, 30)),
        ("adding 50 g of terps to my 70% batch, it's 2 kg. what % terps is that?",
         50 / 2050 * 100, 50 / 2000 * 100),
    ],
)  # fmt: skip
def test_an_ambiguous_batch_weight_gives_both_readings(
    question: str, expected: float, other: float
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert math.isclose(found.calculation.details["other_reading"], other, rel_tol=1e-9)
    shown = describe(found)
    assert "before the terpenes go in" in shown and "finished batch with the terpenes in" in shown


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("adding 50 g of terps to 2 kg of 70% distillate, what's the new potency?",
         before(70, 2000, 50)),
        ("2 kg of 70% disty plus 50g terpenes, final potency?", before(70, 2000, 50)),
        ("mixed 50 g terps into our 70% oil, the finished batch came out to 2 kg. potency now?",
         after(70, 2000, 50)),
    ],
)  # fmt: skip
def test_a_batch_weight_said_of_one_side_gives_one_reading(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert "other_reading" not in found.calculation.details


def test_a_terpene_share_asked_for_is_another_calculation() -> None:
    found = recognise("I have 2 kg of 70% distillate and want 5% terpenes, how much terps")
    assert found is not None and found.calculation is not None
    assert found.calculation.name == "terpenes"


def test_a_finished_batch_lighter_than_its_terpenes_is_refused() -> None:
    with pytest.raises(CalculationError, match="cannot hold"):
        potency_after_terpenes(40, "g", 70, 50, "g", "after")
