"""VPD and DLI against figures worked out by hand and FAO-56's own example."""

from __future__ import annotations

import math

import pytest

from trichome.agents import grow_room_calculators as grow_room
from trichome.agents import units
from trichome.agents.calculators import CalculationError


def test_saturation_vapour_pressure_matches_fao56_worked_values() -> None:
    # FAO-56 chapter 3, example 3: 24.5 °C -> 3.075 kPa, 15 °C -> 1.705 kPa.
    assert round(grow_room.saturation_vapour_pressure(24.5), 3) == 3.075
    assert round(grow_room.saturation_vapour_pressure(15.0), 3) == 1.705


def test_air_vpd_is_svp_times_the_missing_humidity() -> None:
    result = grow_room.vpd(26, 60)
    svp = 0.6108 * math.exp(17.27 * 26 / (26 + 237.3))
    assert math.isclose(result.value, svp * 0.4)
    assert result.unit == "kPa" and round(result.value, 2) == 1.34


def test_a_cooler_leaf_has_a_lower_vpd_than_the_air() -> None:
    air = grow_room.vpd(28, 55)
    leaf = grow_room.vpd(28, 55, leaf_celsius=26)
    assert leaf.value < air.value
    assert "leaf VPD" in leaf.summary


def test_fahrenheit_is_converted_by_pint() -> None:
    assert math.isclose(units.celsius(80, "F"), (80 - 32) * 5 / 9, rel_tol=1e-9)
    assert units.celsius(32, "°F") == 0
    with pytest.raises(units.UnitError):
        units.celsius(300, "K")


def test_dli_is_ppfd_times_seconds_of_light_in_moles() -> None:
    assert math.isclose(grow_room.daily_light_integral(900, 12).value, 38.88)
    assert math.isclose(grow_room.ppfd_for_dli(38.88, 18).value, 600)


@pytest.mark.parametrize(
    "call",
    [
        lambda: grow_room.vpd(26, -1),
        lambda: grow_room.vpd(-5, 50),
        lambda: grow_room.daily_light_integral(0, 12),
        lambda: grow_room.daily_light_integral(900, 25),
        lambda: grow_room.ppfd_for_dli(40, 0),
    ],
)
def test_impossible_inputs_are_refused(call: object) -> None:
    with pytest.raises(CalculationError):
        call()  # type: ignore[operator]
