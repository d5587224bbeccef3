"""Readers for the grow-room calculations: VPD from temperature and humidity, and DLI from PPFD
and the hours of light (or the PPFD a target DLI needs)."""

from __future__ import annotations

import re

from trichome.agents import grow_room_calculators as grow_room
from trichome.agents import units
from trichome.agents.calculation_questions import Question, ask, one, with_assumption
from trichome.agents.calculators import Calculation
from trichome.agents.quantities import Quantity

_SCALES = frozenset({"c", "°c", "° c", "f", "°f", "° f", "degrees", "degree", "deg"})
# A temperature written without its scale: above this it can only be °F in a grow room.
_FAHRENHEIT_ABOVE = 45.0
_HUMIDITY = r"\brh\b|humidity|humid"


def vpd(question: Question) -> Calculation | None:
    """Air (or leaf) VPD in kPa from the room's temperature and relative humidity."""
    if not question.says(r"\bvpd\b|vapou?r\s+pressure\s+deficit"):
        return None
    temperatures = [q for q in question.find("other") if q.unit in _SCALES]
    leaves = [q for q in temperatures if _near(question, q, r"\bleaf|\bleaves|\bcanopy\s+temp")]
    air = [q for q in temperatures if q not in leaves]
    humidity = _humidity(question)
    if not temperatures and not humidity:
        return None  # "what VPD should I run in flower?" asks for a target, not a calculation
    if not air or not humidity:
        missing = [
            *(["the room's air temperature (°C or °F)"] if not air else []),
            *(["the relative humidity (%)"] if not humidity else []),
        ]
        raise ask(question, *missing)
    air_reading = one(question, air[:1], "the air temperature")
    rh = one(question, humidity, "the relative humidity")
    leaf_reading = one(question, leaves[:1], "the leaf temperature") if leaves else None
    assert air_reading is not None and rh is not None
    air_c, air_note = _celsius(air_reading)
    leaf_c, leaf_note = _celsius(leaf_reading) if leaf_reading else (None, None)
    result = grow_room.vpd(air_c, rh.value, leaf_c)
    for note in (air_note, leaf_note):
        if note:
            result = with_assumption(result, note)
    return result


def _near(question: Question, quantity: Quantity, pattern: str) -> bool:
    before = question.text[max(0, quantity.start - 18) : quantity.start]
    after = question.text[quantity.end : quantity.end + 12]
    return bool(
        re.search(pattern, before, re.IGNORECASE)
        or re.match(rf"\s*(?:{pattern})", after, re.IGNORECASE)
    )


def _humidity(question: Question) -> list[Quantity]:
    percents = question.find("percent")
    labelled = [q for q in [*percents, *question.find("number")] if _near(question, q, _HUMIDITY)]
    if labelled:
        return labelled
    return percents


def _celsius(reading: Quantity) -> tuple[float, str | None]:
    scale = reading.unit.replace(" ", "")
    note = None
    if scale in ("degrees", "degree", "deg"):
        scale = "f" if reading.value > _FAHRENHEIT_ABOVE else "c"
        note = (
            f"“{reading.text}” has no scale; read as °{scale.upper()} "
            f"({'no grow room runs that hot in °C' if scale == 'f' else 'a room temperature'})"
        )
    celsius = units.celsius(reading.value, scale)
    if scale.endswith("f"):
        conversion = f"{reading.value:g} °F = {celsius:.2f} °C (converted by pint)"
        note = f"{note}; {conversion}" if note else conversion
    return celsius, note


_PPFD = re.compile(
    r"(?P<before>ppfd|par|umol|µmol)\s*(?:of|at|is|=|:|~|around|about)?\s*(?P<value>\d+(?:\.\d+)?)"
    r"|(?P<value2>\d+(?:\.\d+)?)\s*(?:ppfd|par\b|u?mol\s*(?:/|per)?\s*m)",
    re.IGNORECASE,
)
_PHOTOPERIOD = re.compile(r"\b(\d{1,2}(?:\.\d+)?)\s*/\s*(\d{1,2}(?:\.\d+)?)\b")
_HOURS = re.compile(
    r"(\d{1,2}(?:\.\d+)?)\s*(?:hrs?|hours?|h)\b(?:\s+(?:of\s+)?(?:light|on|a\s+day|per\s+day))?"
    r"|(?:lights?\s+on|photoperiod(?:\s+of)?)\s*(?:for\s+)?(\d{1,2}(?:\.\d+)?)",
    re.IGNORECASE,
)
_TARGET_DLI = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:dli|mol)|dli\s+(?:of|at)\s*(\d+(?:\.\d+)?)", re.IGNORECASE
)


def dli(question: Question) -> Calculation | None:
    """Daily light integral from PPFD and hours of light, or the PPFD a target DLI needs."""
    if not question.says(r"\bdli\b|daily\s+light\s+integral"):
        return None
    text = question.text
    hours = _hours(text)
    target = _TARGET_DLI.search(text)
    ppfd_match = _PPFD.search(text)
    if (
        target
        and not ppfd_match
        and question.says(r"what\s+ppfd|how\s+much\s+ppfd|ppfd\s+(?:do|would|should)|need")
    ):
        if hours is None:
            raise ask(question, "how many hours a day the lights are on")
        wanted = float(target.group(1) or target.group(2))
        _use(question, wanted, hours)
        return grow_room.ppfd_for_dli(wanted, hours)
    if ppfd_match is None and hours is None:
        return None  # "what DLI does flower need?" asks for a target, not a calculation
    if ppfd_match is None:
        raise ask(question, "the PPFD at the canopy (µmol/m²/s)")
    if hours is None:
        raise ask(question, "how many hours a day the lights are on (e.g. 12/12 or 18 hours)")
    ppfd = float(ppfd_match.group("value") or ppfd_match.group("value2"))
    _use(question, ppfd, hours)
    return grow_room.daily_light_integral(ppfd, hours)


def _hours(text: str) -> float | None:
    cycle = _PHOTOPERIOD.search(text)
    if cycle and abs(float(cycle.group(1)) + float(cycle.group(2)) - 24) < 1e-9:
        return float(cycle.group(1))  # "12/12", "18/6": hours on, then hours off
    written = _HOURS.search(text)
    if written:
        return float(written.group(1) or written.group(2))
    return None


def _use(question: Question, *values: float) -> None:
    question.use(*[q for q in question.quantities if q.value in values])
