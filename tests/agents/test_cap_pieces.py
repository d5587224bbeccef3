"""Units within a cap the user states: pieces under a package cap, packs under a daily
limit, and the THC in a pack of pieces counted before their dose."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import describe, recognise


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("our cap is 50 mg per pkg, bites are 7 mg each, how many can we put in", 7, "piece"),
        ("package cap 100 mg, chews are 2.5 mg each, how many per package", 40, "piece"),
        ("max is 200mg per package and every square is 15 mg, how many fit", 13, "piece"),
        ("daily limit is 600 mg, how many 100mg packs would that be", 6, "pack"),
        ("the limit is 1000 mg a day, how many 300 mg packs is that", 3, "pack"),
    ],
)
def test_whole_units_within_a_stated_cap(question: str, expected: int, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == expected
    assert unit in found.calculation.unit


def test_the_rounding_down_is_shown() -> None:
    found = recognise("cap is 50 mg per pkg and each piece is 6 mg, how many fit")
    assert found is not None
    answer = describe(found)
    assert answer.startswith("8 pieces of 6 mg fit within the package cap of 50 mg")
    assert "whole pieces, rounded down: 8" in answer


@pytest.mark.parametrize(
    "question",
    [
        "how many gummies fit under the 200 mg cap",
        "how many chocolates can go in a pack under our 100mg cap",
    ],
)
def test_a_missing_dose_is_asked_for(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert "dose you want in each piece" in (found.refusal or "")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("twelve 5mg gummies in a bag, how much thc in the whole bag", 60),
        ("20 2.5 mg mints per tin, total mg in the tin?", 50),
    ],
)
def test_a_pack_of_counted_pieces(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == expected
