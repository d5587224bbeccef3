"""The calculators against examples worked by hand."""

from __future__ import annotations

import math

import pytest

from trichome.agents import formulation_calculators as formulation
from trichome.agents import mixing_calculators as mixing
from trichome.agents import operations_calculators as operations
from trichome.agents import potency_calculators as potency
from trichome.agents.calculators import CalculationError, StateEdibleLimits


def test_total_thc_uses_the_0877_decarboxylation_factor() -> None:
    # 20% THCA and 1% THC: 1 + 20 × 0.877 = 18.54% total THC.
    result = potency.total_cannabinoid(1.0, 20.0)
    assert math.isclose(result.value, 18.54)
    assert result.summary == "Total THC is 18.54%."
    assert any("0.877" in step for step in result.steps)
    assert math.isclose(potency.total_cannabinoid(0.5, 10.0, "CBD").value, 9.27)
    assert math.isclose(potency.THCA_TO_THC, round(314.47 / 358.48, 3))


def test_infusion_for_a_gummy_batch() -> None:
    # 200 gummies × 10 mg = 2,000 mg THC; ÷ 0.85 = 2,352.94 mg of distillate.
    result = formulation.infusion(200, 10, 85)
    assert math.isclose(result.value, 2.3529411, rel_tol=1e-6)
    assert result.summary.startswith("You need 2.353 g of 85% concentrate")
    with_loss = formulation.infusion(200, 10, 85, loss_percent=10)
    assert math.isclose(with_loss.value, 2.0 / 0.9 / 0.85, rel_tol=1e-6)


def test_dose_per_unit() -> None:
    # 10 g of 80% distillate = 8,000 mg THC; over 100 gummies = 80 mg each.
    assert formulation.dose_per_unit(80, 10, "g", 100).value == 80
    assert math.isclose(formulation.dose_per_unit(80, 10, "g", 100, loss_percent=5).value, 76)
    assert math.isclose(
        formulation.dose_per_unit(90, 1, "oz", 1000).value, 28349.523125 * 0.9 / 1000
    )


def test_dilution_and_batch_scaling() -> None:
    # 20 g at 90% holds 18 g; at 70% that is 25.714 g in all, so add 5.714 g.
    result = mixing.dilution(20, "g", 90, 70)
    assert math.isclose(result.value, 18 / 0.7 - 20)
    scaled = formulation.scale_batch([("sugar", 500, "g"), ("distillate", 2.35, "g")], 2.5)
    assert scaled.summary == "Scaled by 2.5: sugar 1,250 g; distillate 5.875 g."


@pytest.mark.parametrize(
    ("amount", "source", "target", "expected"),
    [
        (1, "oz", "g", 28.349523125),
        (1, "lb", "oz", 16),
        (2.5, "kg", "lb", 2.5 * 1_000_000 / 453_592.37),
        (3500, "mg", "g", 3.5),
        (1, "l", "ml", 1000),
        (0, "g", "mg", 0),
    ],
)
def test_unit_conversions(amount: float, source: str, target: str, expected: float) -> None:
    assert math.isclose(operations.convert(amount, source, target).value, expected, rel_tol=1e-9)


def test_mass_and_volume_need_a_density() -> None:
    with pytest.raises(CalculationError, match="density"):
        operations.convert(100, "ml", "g")
    assert math.isclose(operations.convert(100, "ml", "g", density_g_per_ml=0.92).value, 92)
    assert math.isclose(operations.convert(46, "g", "ml", density_g_per_ml=0.92).value, 50)


def test_percent_by_weight() -> None:
    assert formulation.percent_by_weight(2, "g", 50, "g").value == 4
    assert math.isclose(formulation.percent_by_weight(500, "mg", 1, "g").value, 50)


def test_servings_checked_against_a_states_caps() -> None:
    massachusetts = StateEdibleLimits("Massachusetts", 5, 100, ("ma-1",))
    within = formulation.servings_check(100, 5, massachusetts)
    assert within.value == 20 and not within.warnings and "within" in within.summary
    over = formulation.servings_check(100, 10, massachusetts)
    assert "breaks" in over.summary and any(
        "over Massachusetts's 5 mg cap" in w for w in over.warnings
    )
    uneven = formulation.servings_check(100, 30)
    assert any("whole servings" in w for w in uneven.warnings)


@pytest.mark.parametrize(
    "call",
    [
        lambda: formulation.infusion(0, 10, 85),
        lambda: formulation.infusion(100, 0, 85),
        lambda: formulation.infusion(100, 10, 0),
        lambda: formulation.infusion(100, 10, 120),
        lambda: formulation.infusion(100, -10, 85),
        lambda: formulation.infusion(100, 10, 85, loss_percent=100),
        lambda: formulation.dose_per_unit(80, -1, "g", 10),
        lambda: formulation.dose_per_unit(80, 1, "stone", 10),
        lambda: mixing.dilution(10, "g", 70, 80),
        lambda: potency.total_cannabinoid(-1, 20),
        lambda: potency.total_cannabinoid(60, 50),
        lambda: operations.convert(-1, "g", "mg"),
        lambda: formulation.percent_by_weight(60, "g", 50, "g"),
        lambda: formulation.servings_check(10, 20),
        lambda: formulation.scale_batch([], 2),
        lambda: operations.convert(float("nan"), "g", "mg"),
    ],
)
def test_zero_negative_and_impossible_input_is_refused_clearly(call: object) -> None:
    with pytest.raises(CalculationError) as refused:
        call()  # type: ignore[operator]
    assert str(refused.value)


POUND_G = 453.59237


@pytest.mark.parametrize(
    ("call", "whole", "exact"),
    [
        # 453.59237 g ÷ 0.7 g = 647.99: the 648th pre-roll is short of its weight
        (lambda: operations.pieces_from(1, "lb", 0.7, "g"), 647, POUND_G / 0.7),
        # 500 g × 0.97 = 485 g ÷ 0.6 g = 808.33 carts
        (lambda: operations.pieces_from(500, "g", 0.6, "g", 3), 808, 485 / 0.6),
        # 10 g × 88% = 8,800 mg ÷ 15 mg = 586.67 gummies
        (lambda: formulation.pieces_from_concentrate(10, "g", 88, 15), 586, 8800 / 15),
        # 100 mg ÷ 30 mg = 3.33 servings
        (lambda: formulation.servings_check(100, 30), 3, 100 / 30),
        # 100 mL ÷ 30 mL = 3.33 bottles
        (lambda: mixing.doses_in(100, "ml", 30, "ml"), 3, 100 / 30),
    ],
)
def test_counts_of_pieces_are_whole_and_rounded_down(
    call: object, whole: int, exact: float
) -> None:
    result = call()  # type: ignore[operator]
    assert result.value == whole
    assert math.isclose(result.details["exact"], exact, rel_tol=1e-9)
    assert f"{whole:,}" in result.summary


def test_a_count_that_divides_exactly_is_not_rounded_away() -> None:
    # 0.3 ÷ 0.1 is 2.9999999999999996 in floating point: still 3 servings
    assert operations.pieces_from(3, "g", 0.3, "g").value == 10
    assert formulation.servings_check(0.3, 0.1).value == 3


def test_a_mass_or_volume_is_never_rounded() -> None:
    # eighths in a pound is a mass conversion: 453.59237 ÷ 3.5 = 129.598
    eighths = operations.convert(1, "lb", "eighth")
    assert math.isclose(eighths.value, POUND_G / 3.5, rel_tol=1e-9)
    # 50 mg/mL × V1 = 10 mg/mL × 35 mL: 7 mL of stock, 28 mL of carrier
    assert math.isclose(mixing.dilution_c1v1(50, 10, 35, "ml").value, 7, rel_tol=1e-9)
