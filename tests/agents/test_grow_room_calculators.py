"""VPD and DLI against figures worked out by hand and FAO-56's own example."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

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


def test_humidity_for_a_target_vpd_is_tetens_solved_for_rh() -> None:
    # RH = 100 × (1 - VPD / SVP(T)); SVP(26 °C) = 3.3614 kPa by FAO-56 eq. 11.
    result = grow_room.humidity_for_vpd(1.2, 26)
    svp = 0.6108 * math.exp(17.27 * 26 / (26 + 237.3))
    assert math.isclose(result.value, 100 * (1 - 1.2 / svp))
    assert result.summary.startswith("Set the room to 64.3% RH for an air VPD of 1.2 kPa")


def test_humidity_for_a_leaf_vpd_uses_the_leaf_temperature() -> None:
    # RH = 100 × (SVP(leaf) - VPD) / SVP(air): leaf at 25 °C, air at 27 °C, target 1.0 kPa.
    result = grow_room.humidity_for_vpd(1.0, 27, leaf_celsius=25)
    leaf, air = (0.6108 * math.exp(17.27 * t / (t + 237.3)) for t in (25, 27))
    assert math.isclose(result.value, 100 * (leaf - 1.0) / air)
    assert "leaf VPD" in result.summary and "2 °C cooler" in " ".join(result.assumptions)


def test_temperature_for_a_target_vpd_inverts_tetens() -> None:
    # SVP(T) = 1.1 / (1 - 0.55) = 2.4444 kPa; T = 237.3·x / (17.27 - x), x = ln(2.4444/0.6108).
    result = grow_room.temperature_for_vpd(1.1, 55)
    x = math.log(1.1 / 0.45 / 0.6108)
    assert math.isclose(result.value, 237.3 * x / (17.27 - x))
    assert result.unit == "°C" and "(69.3 °F)" in result.summary


@given(st.floats(5, 40), st.floats(20, 90), st.floats(-3, 4))
def test_the_inverse_vpd_round_trips(air: float, humidity: float, offset: float) -> None:
    leaf = air - offset
    deficit = grow_room.vpd(air, humidity, leaf).value
    assume(deficit > 0.05)
    rh = grow_room.humidity_for_vpd(deficit, air, leaf).value
    assert math.isclose(rh, humidity, rel_tol=1e-9, abs_tol=1e-9)
    temperature = grow_room.temperature_for_vpd(deficit, humidity, offset or None).value
    assert math.isclose(temperature, air, abs_tol=1e-6)


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: grow_room.humidity_for_vpd(5, 20), "even bone-dry air (0% RH) gives only"),
        (lambda: grow_room.humidity_for_vpd(0, 25), "must be a number above zero"),
        (lambda: grow_room.temperature_for_vpd(1.0, 100), "up to (not including) 100%"),
        (lambda: grow_room.temperature_for_vpd(15, 20), "outside what a grow room runs at"),
        (lambda: grow_room.temperature_for_vpd(3, 95, 5), "no room temperature from 0 to 50"),
    ],
)
def test_a_target_vpd_that_cannot_be_reached_is_explained(call: object, says: str) -> None:
    with pytest.raises(CalculationError, match=re.escape(says)):
        call()  # type: ignore[operator]
