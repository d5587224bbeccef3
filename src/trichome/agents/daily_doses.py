"""A dose taken several times a day, asked for the day: "0.5 ml twice a day, mg per day?",
"a dropper morning and night, how much a day". The calculators work out one dose; this
multiplies it by the doses a day the user names (issue 20: no input dropped)."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents.calculators import Calculation, fmt

_COUNTS = {"once": 1, "twice": 2, "thrice": 3, "two": 2, "three": 3, "four": 4}
# "twice a day", "3x daily", "two times per day", "morning and night", "am and pm".
_FREQUENCY = re.compile(
    r"\b(?:(?P<word>once|twice|thrice)|(?P<n>\d|two|three|four)\s*(?:x|times))\s*"
    r"(?:a\s+|per\s+|each\s+)?(?:day|daily)\b|"
    r"\b(?P<pair>(?:morning|am)\s+(?:and|&|\+)\s+(?:night|evening|bedtime|pm)|"
    r"(?:night|evening|bedtime|pm)\s+(?:and|&|\+)\s+(?:morning|am))\b",
    re.IGNORECASE,
)
# The day asked for: "mg per day?", "how much a day", "daily total".
_DAY_ASKED = re.compile(r"\b(?:per|a|each|every)\s+day\b|\bdaily\b|\bday'?s\b", re.IGNORECASE)


def doses_a_day(text: str) -> int | None:
    """How many doses a day the words name, when the question also asks for the day."""
    found = _FREQUENCY.search(text)
    if found is None:
        return None
    rest = text[: found.start()] + text[found.end() :]
    if not _DAY_ASKED.search(rest):
        return None
    if found.group("pair"):
        return 2
    word = (found.group("word") or found.group("n")).lower()
    return _COUNTS[word] if word in _COUNTS else int(word)


def for_the_day(calculation: Calculation, text: str) -> Calculation:
    """One dose's mg times the doses a day named, when a day's amount is asked; unchanged
    otherwise (a calculation already per day, or not in mg)."""
    times = doses_a_day(text)
    if times is None or times < 2 or calculation.unit != "mg" or "day" in calculation.summary:
        return calculation
    total = calculation.value * times
    return replace(
        calculation,
        value=total,
        summary=f"{calculation.summary} Taken {times} times a day: {fmt(total, 4)} mg a day.",
        steps=(
            *calculation.steps,
            f"{fmt(calculation.value, 4)} mg × {times} doses a day = {fmt(total, 4)} mg",
        ),
    )
