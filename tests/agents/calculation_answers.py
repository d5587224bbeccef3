"""The number and unit a user is shown for a calculation question, for the phrasing tests."""

from __future__ import annotations

from trichome.agents.calculation_requests import recognise


def answer(question: str) -> tuple[float, str]:
    """The worked calculation's value and unit; fails the test when none is recognised."""
    found = recognise(question)
    assert found is not None, "no calculation recognised"
    assert found.calculation is not None, found.refusal
    return found.calculation.value, found.calculation.unit
