"""mg in droppers of a tincture whose strength in mg/mL is given: no bottle size needed."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import describe, recognise


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("oil is 30 mg/ml, 2 droppers is how many mg", 60.0),
        ("our cbd tincture runs 50 mg/ml, she uses 1.5 droppers, how much cbd", 75.0),
        ("20 mg/ml oil, a quarter dropper (0.25 ml), how many mg", 5.0),
        ("20 mg/ml oil, 2 droppers, our droppers hold 0.5 ml, how many mg", 20.0),
    ],
)
def test_mg_in_droppers_at_a_stated_strength(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(expected)


def test_the_dropper_size_assumed_is_said() -> None:
    found = recognise("tincture is 24 mg/ml and he takes half a dropper, how many mg")
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(12.0)
    assert "a full dropper is 1 mL" in describe(found)
