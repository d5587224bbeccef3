"""Counted pieces by any candy name, and a piece's dose asked back (issue 20): "mg per
bear?" of a bag of gummy bears is the bag's THC shared out, and "12 bars at 10 mg each, mg per
bar?" is answered from what the question gives, not with a question about a concentrate."""

from __future__ import annotations

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_requests import recognise


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("100 mg package, 10 gummy bears. mg per bear?", 10),
        ("bag of 20 gummy worms, 200mg total thc, how strong is each worm", 10),
        ("got a 150mg pouch w/ 30 bears in it, whats each bear", 5),
    ],
)
def test_a_bear_or_a_worm_is_a_piece(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert (value, unit.split()[0]) == (expected, "mg")


@pytest.mark.parametrize(
    "question",
    [
        "12 bars at 10 mg each, mg per bar?",
        "we sell 12 bars at 10 mg each. how many mg in each bar",
        "40 gummies at 10mg each, how strong is each gummy",
    ],
)
def test_a_piece_dose_asked_back_is_answered_from_the_question(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert "dose: 10 mg THC per piece" in found.calculation.inputs


def test_a_count_at_a_dose_asking_for_the_concentrate_still_needs_its_potency() -> None:
    found = recognise("200 gummies at 10mg each, how much distillate do I need")
    assert found is not None and found.calculation is None and found.asks
    assert "potency" in (found.refusal or "")
