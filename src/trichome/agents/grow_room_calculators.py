"""Grow-room arithmetic: vapour pressure deficit from temperature and humidity, and the daily
light integral from PPFD and hours of light.

Sources (the formulas are standard; these are where they are written down):

- saturation vapour pressure, Tetens' formula as FAO Irrigation and Drainage Paper 56
  (Allen, Pereira, Raes and Smith, 1998) gives it in chapter 3, equation 11:
  e°(T) = 0.6108 · exp(17.27 · T / (T + 237.3)) kPa, T in °C (Tetens, 1930); documented
  with FAO-56's own worked values (24.5 °C -> 3.075 kPa) at
  https://www.ncl.ucar.edu/Document/Functions/Crop/satvpr_temp_fao56.shtml ;
- the inverse questions (the humidity to set for a target VPD at a temperature, or the
  temperature for a target VPD at a humidity) use the same formula: VPD = SVP(T_leaf) -
  SVP(T_air) · RH/100 solved for RH, and Tetens' formula solved for T,
  T = 237.3 · ln(e/0.6108) / (17.27 - ln(e/0.6108)) (the original chapter:
  https://www.fao.org/3/x0490e/x0490e07.htm); with a leaf offset the temperature is found
  by bisection on the same equation, so each answer round-trips through `vpd`;
- the daily light integral is the photosynthetic photons (400-700 nm) reaching a square metre
  in a day, in mol·m⁻²·d⁻¹ (Purdue Extension HO-238-W, "Measuring Daily Light Integral in a
  Greenhouse", Torres and Lopez, https://www.extension.purdue.edu/extmedia/ho/ho-238-w.pdf);
  under constant electric light it is PPFD (µmol·m⁻²·s⁻¹) × 3,600 s per hour × hours ÷ 10⁶.
"""

from __future__ import annotations

import math

from trichome.agents.calculators import Calculation, CalculationError, fmt, positive

SVP_SOURCE = (
    "FAO Irrigation and Drainage Paper 56, chapter 3, equation 11 (Tetens' formula): "
    "https://www.ncl.ucar.edu/Document/Functions/Crop/satvpr_temp_fao56.shtml"
)
DLI_SOURCE = (
    "Purdue Extension HO-238-W, Measuring Daily Light Integral in a Greenhouse: "
    "https://www.extension.purdue.edu/extmedia/ho/ho-238-w.pdf"
)
LEAF_AS_GIVEN = "the leaf temperature is the one given"
# A grow room outside this is a misread number (°F taken as °C), not a climate to compute.
_ROOM_CELSIUS = (0.0, 50.0)


def saturation_vapour_pressure(celsius: float) -> float:
    """Saturation vapour pressure over water in kPa at `celsius` (Tetens, FAO-56 eq. 11)."""
    return 0.6108 * math.exp(17.27 * celsius / (celsius + 237.3))


def _room_temperature(name: str, celsius: float) -> float:
    low, high = _ROOM_CELSIUS
    if not math.isfinite(celsius) or not low <= celsius <= high:
        raise CalculationError(
            f"{name} of {fmt(celsius, 2)} °C is outside what a grow room runs at "
            f"({fmt(low)} to {fmt(high)} °C); check the number and its scale (°C or °F)"
        )
    return celsius


def vpd(
    air_celsius: float, relative_humidity: float, leaf_celsius: float | None = None
) -> Calculation:
    """Vapour pressure deficit in kPa: of the air, or leaf-to-air when a leaf temperature is given.

    Raises:
        CalculationError: a temperature outside 0-50 °C or a humidity outside 0-100%.
    """
    _room_temperature("the air temperature", air_celsius)
    if not math.isfinite(relative_humidity) or not 0 <= relative_humidity <= 100:
        raise CalculationError(
            f"relative humidity must be between 0 and 100%, got {fmt(relative_humidity, 4)}%"
        )
    air = saturation_vapour_pressure(air_celsius)
    actual = air * relative_humidity / 100
    steps = [
        f"SVP at {fmt(air_celsius, 2)} °C = 0.6108 × exp(17.27 × {fmt(air_celsius, 2)} ÷ "
        f"({fmt(air_celsius, 2)} + 237.3)) = {fmt(air, 4)} kPa",
        f"vapour pressure of the air = {fmt(air, 4)} × {fmt(relative_humidity, 2)}% = "
        f"{fmt(actual, 4)} kPa",
    ]
    inputs = [
        f"air temperature: {fmt(air_celsius, 2)} °C",
        f"relative humidity: {fmt(relative_humidity, 2)}%",
    ]
    if leaf_celsius is None:
        deficit = air - actual
        steps.append(f"VPD = {fmt(air, 4)} - {fmt(actual, 4)} = {fmt(deficit, 4)} kPa")
        summary = (
            f"The air VPD is {fmt(deficit)} kPa at {fmt(air_celsius, 2)} °C and "
            f"{fmt(relative_humidity, 2)}% RH."
        )
        formula = "VPD = SVP(T) × (1 - RH/100), SVP(T) = 0.6108 · exp(17.27·T / (T + 237.3)) kPa"
        assumption = (
            "this is the air's VPD: the leaf is taken to be at air temperature (give a leaf "
            "temperature, e.g. from an IR thermometer, for the leaf VPD)"
        )
    else:
        _room_temperature("the leaf temperature", leaf_celsius)
        leaf = saturation_vapour_pressure(leaf_celsius)
        deficit = leaf - actual
        steps.insert(
            1,
            f"SVP at the leaf's {fmt(leaf_celsius, 2)} °C = {fmt(leaf, 4)} kPa",
        )
        steps.append(f"leaf VPD = {fmt(leaf, 4)} - {fmt(actual, 4)} = {fmt(deficit, 4)} kPa")
        inputs.append(f"leaf temperature: {fmt(leaf_celsius, 2)} °C")
        summary = (
            f"The leaf VPD is {fmt(deficit)} kPa (leaf at {fmt(leaf_celsius, 2)} °C, air at "
            f"{fmt(air_celsius, 2)} °C and {fmt(relative_humidity, 2)}% RH)."
        )
        formula = "leaf VPD = SVP(T leaf) - SVP(T air) × RH/100 (Tetens' SVP)"
        assumption = LEAF_AS_GIVEN
    return Calculation(
        "vpd",
        deficit,
        "kPa",
        summary,
        tuple(steps),
        details={"svp_kpa": air, "actual_kpa": actual},
        formula=formula,
        inputs=tuple(inputs),
        assumptions=(assumption, f"SVP formula: {SVP_SOURCE}"),
    )


def daily_light_integral(ppfd: float, hours: float) -> Calculation:
    """DLI in mol/m²/day from a constant PPFD (µmol/m²/s) held for `hours` a day.

    Raises:
        CalculationError: a PPFD at or below zero, or hours outside (0, 24].
    """
    positive("the PPFD", ppfd)
    if not math.isfinite(hours) or not 0 < hours <= 24:
        raise CalculationError(
            f"the lights can be on from 0 to 24 hours a day, got {fmt(hours, 4)}"
        )
    dli = ppfd * hours * 3600 / 1_000_000
    return Calculation(
        "daily_light_integral",
        dli,
        "mol/m²/day",
        f"The DLI is {fmt(dli, 1)} mol/m²/day ({fmt(ppfd)} µmol/m²/s for {fmt(hours)} hours).",
        (
            f"{fmt(ppfd)} µmol/m²/s × {fmt(hours)} h × 3,600 s/h = {fmt(ppfd * hours * 3600)} "
            "µmol/m²",
            f"÷ 1,000,000 µmol/mol = {fmt(dli, 4)} mol/m²/day",
        ),
        formula="DLI = PPFD × hours of light × 3,600 ÷ 1,000,000",
        inputs=(f"PPFD: {fmt(ppfd)} µmol/m²/s", f"light: {fmt(hours)} hours a day"),
        assumptions=(
            "the PPFD is the canopy average and stays constant while the lights are on",
            f"DLI definition: {DLI_SOURCE}",
        ),
    )


def ppfd_for_dli(dli: float, hours: float) -> Calculation:
    """The PPFD (µmol/m²/s) that gives a target DLI over `hours` of light.

    Raises:
        CalculationError: a DLI at or below zero, or hours outside (0, 24].
    """
    positive("the DLI", dli)
    if not math.isfinite(hours) or not 0 < hours <= 24:
        raise CalculationError(
            f"the lights can be on from 0 to 24 hours a day, got {fmt(hours, 4)}"
        )
    ppfd = dli * 1_000_000 / (hours * 3600)
    return Calculation(
        "ppfd_for_dli",
        ppfd,
        "µmol/m²/s",
        f"A DLI of {fmt(dli)} mol/m²/day over {fmt(hours)} hours needs {fmt(round(ppfd))} "
        "µmol/m²/s.",
        (f"{fmt(dli)} × 1,000,000 ÷ ({fmt(hours)} h × 3,600 s/h) = {fmt(ppfd, 2)} µmol/m²/s",),
        formula="PPFD = DLI × 1,000,000 ÷ (hours × 3,600)",
        inputs=(f"DLI: {fmt(dli)} mol/m²/day", f"light: {fmt(hours)} hours a day"),
        assumptions=(
            "the PPFD is held constant while the lights are on",
            f"DLI definition: {DLI_SOURCE}",
        ),
    )


# Temperatures searched for a target VPD with a leaf offset (°C), and the precision kept.
_SEARCH_CELSIUS = (0.0, 50.0)
_SEARCH_STEP = 0.5
_PRECISION = 1e-9


def saturation_temperature(kpa: float) -> float:
    """The temperature (°C) at which the saturation vapour pressure is `kpa`: Tetens' formula
    (FAO-56 eq. 11) solved for T."""
    x = math.log(kpa / 0.6108)
    return 237.3 * x / (17.27 - x)


def _leaf_note(offset: float) -> str:
    if offset == 0:
        return "the leaf at air temperature"
    return f"the leaf {fmt(abs(offset), 2)} °C {'cooler' if offset > 0 else 'warmer'} than the air"


def humidity_for_vpd(
    target_kpa: float, air_celsius: float, leaf_celsius: float | None = None
) -> Calculation:
    """The relative humidity (%) that gives a target VPD at an air temperature, of the air or,
    with a leaf temperature, leaf-to-air: RH = 100 × (SVP(T_leaf) - VPD) / SVP(T_air).

    Raises:
        CalculationError: a non-positive target, a temperature outside 0-50 °C, or a target the
            temperatures cannot reach at any humidity from 0 to 100%.
    """
    positive("the target VPD", target_kpa)
    _room_temperature("the air temperature", air_celsius)
    leaf = air_celsius if leaf_celsius is None else leaf_celsius
    _room_temperature("the leaf temperature", leaf)
    air_svp = saturation_vapour_pressure(air_celsius)
    leaf_svp = saturation_vapour_pressure(leaf)
    rh = 100 * (leaf_svp - target_kpa) / air_svp
    if rh < 0:
        raise CalculationError(
            f"a VPD of {fmt(target_kpa, 3)} kPa cannot be reached at {fmt(air_celsius, 2)} °C "
            f"with {_leaf_note(air_celsius - leaf)}: even bone-dry air (0% RH) gives only "
            f"{fmt(leaf_svp, 3)} kPa"
        )
    if rh > 100:
        raise CalculationError(
            f"a VPD of {fmt(target_kpa, 3)} kPa at {fmt(air_celsius, 2)} °C with "
            f"{_leaf_note(air_celsius - leaf)} would need more than 100% RH "
            f"({fmt(rh, 1)}%); the leaf is warmer than the air can hold"
        )
    steps = [
        f"SVP at the air's {fmt(air_celsius, 2)} °C = 0.6108 × exp(17.27 × "
        f"{fmt(air_celsius, 2)} ÷ ({fmt(air_celsius, 2)} + 237.3)) = {fmt(air_svp, 4)} kPa",
    ]
    inputs = [f"target VPD: {fmt(target_kpa, 3)} kPa", f"air temperature: {fmt(air_celsius, 2)} °C"]
    if leaf_celsius is None:
        steps.append(f"RH = 100 × (1 - {fmt(target_kpa, 3)} ÷ {fmt(air_svp, 4)}) = {fmt(rh, 2)}%")
        formula = "RH = 100 × (1 - VPD ÷ SVP(T air)), SVP(T) = 0.6108 · exp(17.27·T / (T + 237.3))"
        what = "an air VPD"
        assumption = (
            "this is for the air's VPD: the leaf is taken to be at air temperature (give a leaf "
            "temperature or how much cooler the leaves run for the leaf VPD)"
        )
    else:
        steps.insert(0, f"SVP at the leaf's {fmt(leaf, 2)} °C = {fmt(leaf_svp, 4)} kPa")
        steps.append(
            f"RH = 100 × ({fmt(leaf_svp, 4)} - {fmt(target_kpa, 3)}) ÷ {fmt(air_svp, 4)} = "
            f"{fmt(rh, 2)}%"
        )
        formula = "RH = 100 × (SVP(T leaf) - VPD) ÷ SVP(T air) (Tetens' SVP)"
        what = "a leaf VPD"
        inputs.append(f"leaf temperature: {fmt(leaf, 2)} °C")
        assumption = f"the leaf VPD, with {_leaf_note(air_celsius - leaf)}"
    check = saturation_vapour_pressure(leaf) - air_svp * rh / 100
    steps.append(
        f"check: {fmt(leaf_svp, 4)} - {fmt(air_svp, 4)} × {fmt(rh, 2)}% = {fmt(check, 3)} kPa"
    )
    return Calculation(
        "humidity_for_vpd",
        rh,
        "% RH",
        f"Set the room to {fmt(rh, 1)}% RH for {what} of {fmt(target_kpa, 3)} kPa at "
        f"{fmt(air_celsius, 2)} °C.",
        tuple(steps),
        details={"svp_kpa": air_svp, "leaf_svp_kpa": leaf_svp},
        formula=formula,
        inputs=tuple(inputs),
        assumptions=(assumption, f"SVP formula: {SVP_SOURCE}"),
    )


def temperature_for_vpd(
    target_kpa: float, relative_humidity: float, leaf_offset_celsius: float | None = None
) -> Calculation:
    """The air temperature (°C) that gives a target VPD at a relative humidity; with a leaf
    offset (degrees the leaf runs cooler than the air; negative when warmer), the leaf VPD.

    Without an offset, SVP(T) = VPD ÷ (1 - RH/100) and Tetens' formula is solved for T. With
    one, SVP(T - offset) - SVP(T) × RH/100 = VPD is solved by bisection between 0 and 50 °C.

    Raises:
        CalculationError: a non-positive target, a humidity outside [0, 100), or a target no
            room temperature from 0 to 50 °C gives.
    """
    positive("the target VPD", target_kpa)
    if not math.isfinite(relative_humidity) or not 0 <= relative_humidity < 100:
        raise CalculationError(
            "relative humidity must be from 0 up to (not including) 100% for a VPD above 0, got "
            f"{fmt(relative_humidity, 4)}%"
        )
    rh = relative_humidity / 100
    offset = leaf_offset_celsius or 0.0
    inputs = [
        f"target VPD: {fmt(target_kpa, 3)} kPa",
        f"relative humidity: {fmt(relative_humidity, 2)}%",
    ]
    if leaf_offset_celsius is None:
        needed = target_kpa / (1 - rh)
        air = saturation_temperature(needed)
        x = math.log(needed / 0.6108)
        steps = [
            f"SVP needed = {fmt(target_kpa, 3)} ÷ (1 - {fmt(relative_humidity, 2)}%) = "
            f"{fmt(needed, 4)} kPa",
            f"x = ln({fmt(needed, 4)} ÷ 0.6108) = {fmt(x, 5)}",
            f"T = 237.3 × {fmt(x, 5)} ÷ (17.27 - {fmt(x, 5)}) = {fmt(air, 2)} °C",
        ]
        formula = (
            "SVP(T) = VPD ÷ (1 - RH/100); T = 237.3 · ln(SVP/0.6108) ÷ (17.27 - ln(SVP/0.6108))"
        )
        what = "an air VPD"
        assumption = (
            "this is for the air's VPD: the leaf is taken to be at air temperature (say how "
            "much cooler the leaves run for the leaf VPD)"
        )
    else:
        air = _solve_air_temperature(target_kpa, rh, offset)
        steps = [
            f"solve SVP(T - {fmt(offset, 2)}) - SVP(T) × {fmt(relative_humidity, 2)}% = "
            f"{fmt(target_kpa, 3)} kPa for T between {fmt(_SEARCH_CELSIUS[0])} and "
            f"{fmt(_SEARCH_CELSIUS[1])} °C (bisection): T = {fmt(air, 2)} °C",
        ]
        formula = "SVP(T air - offset) - SVP(T air) × RH/100 = VPD, solved for T air (Tetens' SVP)"
        what = "a leaf VPD"
        inputs.append(f"leaf offset: {_leaf_note(offset)}")
        assumption = f"the leaf VPD, with {_leaf_note(offset)}"
    _room_temperature("the temperature found", air)
    leaf = air - offset
    check = saturation_vapour_pressure(leaf) - saturation_vapour_pressure(air) * rh
    steps.append(
        f"check: SVP({fmt(leaf, 2)} °C) - SVP({fmt(air, 2)} °C) × {fmt(relative_humidity, 2)}% "
        f"= {fmt(check, 3)} kPa"
    )
    fahrenheit = air * 9 / 5 + 32
    return Calculation(
        "temperature_for_vpd",
        air,
        "°C",
        f"Run the room at {fmt(air, 1)} °C ({fmt(fahrenheit, 1)} °F) for {what} of "
        f"{fmt(target_kpa, 3)} kPa at {fmt(relative_humidity, 2)}% RH.",
        tuple(steps),
        details={"fahrenheit": fahrenheit, "leaf_celsius": leaf},
        formula=formula,
        inputs=tuple(inputs),
        assumptions=(assumption, f"SVP formula: {SVP_SOURCE}"),
    )


def _solve_air_temperature(target_kpa: float, rh: float, offset: float) -> float:
    """The air temperature where the leaf VPD is `target_kpa` (bisection on the first bracket
    from 0 °C up; the deficit rises with temperature at any grow room's humidity)."""

    def excess(air: float) -> float:
        leaf = saturation_vapour_pressure(air - offset)
        return leaf - saturation_vapour_pressure(air) * rh - target_kpa

    low, top = _SEARCH_CELSIUS
    high = low + _SEARCH_STEP
    while high <= top + 1e-9:
        if excess(low) <= 0 <= excess(high):
            for _ in range(200):
                middle = (low + high) / 2
                if excess(middle) < 0:
                    low = middle
                else:
                    high = middle
                if high - low < _PRECISION:
                    break
            return (low + high) / 2
        low, high = high, high + _SEARCH_STEP
    raise CalculationError(
        f"no room temperature from {fmt(_SEARCH_CELSIUS[0])} to {fmt(_SEARCH_CELSIUS[1])} °C "
        f"gives a VPD of {fmt(target_kpa, 3)} kPa at {fmt(rh * 100, 2)}% RH with "
        f"{_leaf_note(offset)}"
    )
