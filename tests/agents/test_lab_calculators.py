"""A lab's numbers: % and mg/g, dry-weight basis, label against lab, recovered cannabinoid,
and designing a tincture."""

from __future__ import annotations

import math

import pytest

from trichome.agents import lab_calculators as lab
from trichome.agents import tincture_calculators as tinctures
from trichome.agents.calculation_intents import first_calculation, question_for
from trichome.agents.calculators import CalculationError


def test_percent_and_mg_per_gram_convert_both_ways() -> None:
    assert lab.potency_basis(25, "%").value == 250
    assert lab.potency_basis(215, "mg/g").value == 21.5
    with pytest.raises(CalculationError):
        lab.potency_basis(101, "%")


def test_dry_weight_basis_divides_by_the_solids() -> None:
    assert math.isclose(lab.dry_basis_potency(20, 10).value, 20 / 0.9)
    assert math.isclose(lab.dry_basis_potency(24, 12, given="dry").value, 24 * 0.88)
    with pytest.raises(CalculationError):
        lab.dry_basis_potency(95, 10)  # 105.6% dry is impossible


def test_a_label_check_gives_a_verdict_only_with_a_tolerance() -> None:
    plain = lab.label_check(10, 9.1, pieces=10)
    assert math.isclose(plain.value, 91) and plain.verdict is None
    assert math.isclose(plain.details["package_measured_mg"], 91)
    checked = lab.label_check(10, 8.7, tolerance_percent=10)
    assert checked.verdict is not None and checked.verdict.startswith("FAILS")
    assert lab.label_check(10, 9.5, tolerance_percent=10).verdict.startswith("PASSES")  # type: ignore[union-attr]


def test_recovered_cannabinoid_is_in_the_unit_of_the_material() -> None:
    result = lab.cannabinoid_recovered(100, "kg", 11.024, 90, "CBD")
    assert result.unit == "kg CBD" and math.isclose(result.value, 9.9216)


def test_a_tincture_recipe_gives_the_thc_and_the_concentrate() -> None:
    result = tinctures.tincture_recipe(15, 60, "ml", 88)
    assert math.isclose(result.details["total_mg"], 900)
    assert math.isclose(result.value, 900 / 0.88 / 1000)
    assert math.isclose(tinctures.tincture_recipe(10, 2, "floz").value, 10 * 2 * 29.5735295625)


@pytest.mark.parametrize(
    ("question", "summary"),
    [
        (
            "pressed 500 g of bubble hash, got 350 g rosin. return?",
            "The return is 70% (350 g from 500 g of bubble hash).",
        ),
        (
            "we ran 10 lb of trim and pulled 320 g of distillate, what's our yield",
            "The return is 7.05% (320 g from 10 lb of trim).",
        ),
    ],
)
def test_a_runs_return_is_what_came_out_over_what_went_in(question: str, summary: str) -> None:
    found = first_calculation(question_for(question, None, lambda code: None))
    assert found is not None and found.summary == summary


def test_more_out_than_in_is_refused_with_the_reason() -> None:
    with pytest.raises(CalculationError, match="more came out"):
        first_calculation(
            question_for("ran 1000g of biomass, got 1200g out, yield?", None, lambda c: None)
        )
