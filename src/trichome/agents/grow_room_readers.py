"""Readers for the grow-room calculations: VPD from temperature and humidity, and DLI from PPFD
and the hours of light (or the PPFD a target DLI needs)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from trichome.agents import grow_room_calculators as grow_room
from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.asked_units import to_unit
from trichome.agents.calculation_questions import Question, ask, one, with_assumption
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.quantities import Quantity

_SCALES = frozenset({"c", "°c", "° c", "f", "°f", "° f", "degrees", "degree", "deg"})
# A temperature written without its scale: above this it can only be °F in a grow room.
_FAHRENHEIT_ABOVE = 45.0
_HUMIDITY = r"\brh\b|humidity|humid"
# A VPD written without "kPa" is at most this (a grow room runs about 0.4 to 1.6 kPa).
_LARGEST_VPD = 5.0


def vpd(question: Question) -> Calculation | None:
    """Air (or leaf) VPD in kPa from the room's temperature and relative humidity; or, for a
    target VPD, the humidity to set at a temperature or the temperature to run at a humidity.
    """
    if not question.says(r"\bvpd\b|vapou?r\s+pressure\s+deficit"):
        return None
    offset = _leaf_offset(question)
    temperatures = [
        q
        for q in question.find("other")
        if q.unit in _SCALES and (offset is None or offset.quantity is not q)
    ]
    leaves = [q for q in temperatures if _near(question, q, r"\bleaf|\bleaves|\bcanopy\s+temp")]
    air = [q for q in temperatures if q not in leaves]
    target = _target_vpd(question)
    humidity = [q for q in _humidity(question) if q is not target]
    if target is not None:
        inverse = _inverse_vpd(question, target, air, leaves, humidity, offset)
        if inverse is not None:
            return inverse
    if not temperatures and not humidity:
        return None  # "what VPD should I run in flower?" asks for a target, not a calculation
    if not air or not humidity:
        missing = [
            *([needs.AIR_TEMPERATURE] if not air else []),
            *([needs.HUMIDITY] if not humidity else []),
        ]
        raise ask(question, *missing)
    air_reading = one(question, air[:1], "the air temperature")
    rh = one(question, humidity, "the relative humidity")
    leaf_reading = one(question, leaves[:1], "the leaf temperature") if leaves else None
    assert air_reading is not None and rh is not None
    air_c, air_note = _celsius(air_reading)
    leaf_c, leaf_note = _celsius(leaf_reading) if leaf_reading else (None, None)
    if leaf_c is None and offset is not None:
        delta, leaf_note = _offset_and_note(question, offset, air_reading)
        leaf_c = air_c - delta
    result = grow_room.vpd(air_c, rh.value, leaf_c)
    if offset is not None and not leaves:
        # The leaf temperature was worked out from the offset, not given: say so instead.
        kept = tuple(a for a in result.assumptions if a != grow_room.LEAF_AS_GIVEN)
        result = replace(result, assumptions=kept)
    for note in (air_note, leaf_note):
        if note:
            result = with_assumption(result, note)
    return result


_ASKS_HUMIDITY = (
    r"what\s+(?:rh|humidity|relative|%)|(?:rh|humidity)\s+(?:should|do|would|to\s+set|setting|"
    r"needed|do\s+i\s+need|for\b|to\s+(?:get|hit|reach))|set\s+(?:my\s+|the\s+)?(?:rh|humidity)|"
    r"how\s+(?:humid|much\s+humidity)|\b(?:rh|humidity)\s*\?"
)
_ASKS_TEMPERATURE = (
    r"what\s+(?:temp|temperature|air\s+temp)|(?:temp|temperature)\s+(?:should|do|would|to\s+set|"
    r"setting|needed|do\s+i\s+need|for\b|to\s+(?:get|hit|reach)|gives?)|how\s+(?:warm|hot|cold|cool)|"
    r"\b(?:temp|temperature)\s*\?"
)


def _inverse_vpd(
    question: Question,
    target: Quantity,
    air: list[Quantity],
    leaves: list[Quantity],
    humidity: list[Quantity],
    offset: _Offset | None,
) -> Calculation | None:
    """The humidity or temperature a target VPD needs; None when all three are given."""
    asks_rh = question.says(_ASKS_HUMIDITY)
    asks_temperature = question.says(_ASKS_TEMPERATURE) and not asks_rh
    if not asks_rh and not asks_temperature:
        if air and humidity:
            return None  # every input given: the VPD itself, the target beside it
        if not air and not humidity:
            return None  # "is 1.2 kPa VPD too high for veg?" asks about a target
        asks_rh, asks_temperature = bool(air), bool(humidity)
    question.use(target)
    if asks_rh:
        if not air:
            raise ask(question, needs.AIR_TEMPERATURE)
        air_reading = one(question, air[:1], "the air temperature")
        assert air_reading is not None
        air_c, air_note = _celsius(air_reading)
        leaf_c, leaf_note = None, None
        if leaves:
            leaf_reading = one(question, leaves[:1], "the leaf temperature")
            assert leaf_reading is not None
            leaf_c, leaf_note = _celsius(leaf_reading)
        elif offset is not None:
            delta, leaf_note = _offset_and_note(question, offset, air_reading)
            leaf_c = air_c - delta
        result = grow_room.humidity_for_vpd(target.value, air_c, leaf_c)
        now = humidity[0] if humidity else None
        if now is not None and 0 <= now.value <= 100:
            # "at 60% rh now, what rh gets me to 1.0 kPa": the humidity it replaces.
            question.use(now)
            current = grow_room.vpd(air_c, now.value, leaf_c).value
            air_note = "; ".join(
                n
                for n in (
                    air_note,
                    f"at the {fmt(now.value, 2)}% RH you have now the VPD is {fmt(current, 3)} kPa",
                )
                if n
            )
        for note in (air_note, leaf_note):
            if note:
                result = with_assumption(result, note)
        return result
    if not humidity:
        raise ask(question, needs.HUMIDITY)
    rh = one(question, humidity, "the relative humidity")
    assert rh is not None
    offset_c: float | None = None
    offset_note: str | None = None
    if offset is not None:
        offset_c, offset_note = _offset_and_note(question, offset, None)
    result = grow_room.temperature_for_vpd(target.value, rh.value, offset_c)
    if offset_note:
        result = with_assumption(result, offset_note)
    if air:
        # "it's 24C now, what temp gets me to 1.2 kPa": the temperature it replaces.
        question.use(air[0])
        result = with_assumption(result, f"the room is at {air[0].text} now")
    if _writes_fahrenheit(question):
        result = to_unit(result, "°F")
    return result


def _target_vpd(question: Question) -> Quantity | None:
    """The VPD aimed for: a number in kPa, or one written next to "VPD"."""
    found = [q for q in question.find("other") if q.unit in ("kpa", "hpa")]
    if not found:
        found = [
            q
            for q in question.find("number")
            # "vpd at 75" is a temperature without its scale, not a VPD
            if 0 < q.value <= _LARGEST_VPD
            and (
                re.search(
                    r"\bvpd\s*(?:target|goal)?\s*(?:of|at|=|:|to|is|around|about|~)?\s*(?:a\s+)?$",
                    question.text[max(0, q.start - 24) : q.start],
                    re.IGNORECASE,
                )
                or re.match(
                    r"\s*(?:kpa\s*)?(?:leaf\s+)?vpd\b", question.text[q.end :], re.IGNORECASE
                )
            )
        ]
    chosen = found[0] if found else None
    if chosen is not None and chosen.unit == "hpa":
        return chosen.at(chosen.value / 10)
    return chosen


@dataclass(frozen=True, slots=True)
class _Offset:
    """How much cooler (positive) or warmer the leaf runs than the air, as written."""

    degrees: float
    scale: str | None  # "c", "f", or None when written as plain degrees
    quantity: Quantity | None
    note: str | None


_OFFSET_AFTER = re.compile(
    r"^\s*(?:°\s?[fc]|degrees?(?:\s*[fc]\b)?|deg\s*[fc]?|[fc]\b)?\s*(?P<dir>cooler|colder|lower|"
    r"below|under|less|warmer|hotter|higher|above|over)\b",
    re.IGNORECASE,
)
_OFFSET_WORD = re.compile(
    r"\b(?:offset|delta|differential|difference)\s*(?:of|is|=|:|at)?\s*$", re.IGNORECASE
)


def _leaf_offset(question: Question) -> _Offset | None:
    """ "leaves run 3°F cooler", "leaf 2 degrees below air", "leaf offset -2"."""
    if not question.says(r"\bleaf|\bleaves|\bcanopy|\blst\b"):
        return None
    for q in question.quantities:
        if q.kind not in ("other", "number") or (q.kind == "other" and q.unit not in _SCALES):
            continue
        after = question.text[q.end - 1 if q.text.endswith(("°", " ")) else q.end :]
        direction = _OFFSET_AFTER.match(question.text[q.end :]) or _OFFSET_AFTER.match(after)
        labelled = _OFFSET_WORD.search(question.text[max(0, q.start - 30) : q.start])
        if direction is None and labelled is None:
            continue
        scale = _scale_of(q)
        if direction is not None:
            cooler = direction.group("dir").lower() in (
                "cooler", "colder", "lower", "below", "under", "less"
            )  # fmt: skip
            degrees = abs(q.value) if cooler else -abs(q.value)
            note = None
        else:
            degrees = -q.value if q.value < 0 else q.value
            note = (
                None
                if q.value < 0
                else f"a leaf offset of {q.text} is read as the leaf running that much cooler "
                "than the air (write it as warmer if it runs warmer)"
            )
        question.use(q)
        return _Offset(degrees, scale, q, note)
    return None


def _scale_of(quantity: Quantity) -> str | None:
    unit = quantity.unit.replace("°", "").replace(" ", "").lower()
    return unit if unit in ("c", "f") else None


def _offset_and_note(
    question: Question, offset: _Offset, air: Quantity | None
) -> tuple[float, str]:
    """The offset in °C and a note saying how it was read: in its own scale, or the air
    reading's, or °F where the question writes °F, else °C."""
    scale = offset.scale or (_scale_of(air) if air is not None else None)
    how = "as written"
    if scale is None:
        scale = "f" if _writes_fahrenheit(question) else "c"
        how = "the scale the question's temperatures are in" if scale == "f" else "no scale given"
    elif offset.scale is None:
        how = "the air temperature's scale"
    celsius = offset.degrees * 5 / 9 if scale == "f" else offset.degrees
    text = offset.quantity.text if offset.quantity is not None else fmt(abs(offset.degrees))
    direction = "cooler" if offset.degrees >= 0 else "warmer"
    note = (
        f"the leaf runs “{text}” {direction} than the air, read in °{scale.upper()} ({how}): "
        f"{fmt(abs(celsius), 2)} °C"
    )
    if offset.note:
        note = f"{note}; {offset.note}"
    return celsius, note


def _writes_fahrenheit(question: Question) -> bool:
    return any(_scale_of(q) == "f" for q in question.find("other")) or question.says(
        r"°\s?f\b|fahrenheit|\bin\s+f\b"
    )


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
    r"|(?P<value2>\d+(?:\.\d+)?)\s*(?:ppfd|par\b|u?mol\s*(?:/|per)?\s*m|[uµ]mols?\b|"
    r"micromoles?\b)",
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
    named = question.says(r"\bdli\b|daily\s+light\s+integral")
    # "700 umol for 18h, what's the daily total?": the integral asked in other words.
    if not named and not (
        _PPFD.search(question.text)
        and question.says(
            r"daily\s+(?:total|sum|amount)|total\s+(?:light\s+)?(?:per|a)\s+day|mol(?:es)?\s+(?:per|a)\s+day"
        )
    ):
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
            raise ask(question, needs.LIGHT_HOURS)
        wanted = float(target.group(1) or target.group(2))
        _use(question, wanted, hours)
        return grow_room.ppfd_for_dli(wanted, hours)
    if ppfd_match is None and hours is None:
        return None  # "what DLI does flower need?" asks for a target, not a calculation
    if ppfd_match is None:
        raise ask(question, needs.PPFD)
    if hours is None:
        raise ask(question, needs.PHOTOPERIOD)
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
