"""Grow-room arithmetic: vapour pressure deficit from temperature and humidity, and the daily
light integral from PPFD and hours of light.

Sources (the formulas are standard; these are where they are written down):

- saturation vapour pressure, Tetens' formula as FAO Irrigation and Drainage Paper 56
  (Allen, Pereira, Raes and Smith, 1998) gives it in chapter 3, equation 11:
  e°(T) = 0.6108 · exp(17.27 · T / (T + 237.3)) kPa, T in °C (Tetens, 1930); documented
  with FAO-56's own worked values (24.5 °C -> 3.075 kPa) at
  https://www.ncl.ucar.edu/Document/Functions/Crop/satvpr_temp_fao56.shtml ;
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
        assumption = "the leaf temperature is the one given"
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
