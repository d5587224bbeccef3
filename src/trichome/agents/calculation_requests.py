"""Recognising a calculation asked in plain language, for the offline (grounded) engine.

"how much 85% distillate for 200 gummies at 10 mg?" and "10 g of 80% distillate into 100
gummies" become calls of the calculators with their numbers; a question with no
calculation in it is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from trichome.agents import calculators
from trichome.agents.calculators import Calculation, CalculationError, StateEdibleLimits

_NUMBER = r"(-?\d[\d,]*(?:\.\d+)?)"
_MASS_UNITS = r"(mg|milligrams?|kg|kilograms?|g|grams?|oz|ounces?|lbs?|pounds?)"
_COUNTABLE = (
    r"(gummies|gummy|units?|pieces?|capsules?|caps|cookies|chocolates?|brownies|servings?|"
    r"bars|mints|tablets|drinks|beverages|bottles|cartridges|carts|doses|candies|chews|"
    r"lozenges|tinctures?|pre-?rolls|edibles|packages|squares|bites|softgels|cans|shots)"
)
_PERCENT = re.compile(_NUMBER + r"\s*(?:%|percent\b)", re.IGNORECASE)
_MASS = re.compile(_NUMBER + r"\s*" + _MASS_UNITS + r"\b", re.IGNORECASE)
_COUNT = re.compile(_NUMBER + r"\s+(?:[a-z-]+\s+){0,2}?" + _COUNTABLE + r"\b", re.IGNORECASE)
_PER_UNIT = re.compile(
    _NUMBER + r"\s*mg\b(?:\s*(?:thc|of thc))?\s*(?:each|per|/|a|an)\b"
    r"|(?:at|with|of|containing|dosed at)\s+" + _NUMBER + r"\s*mg\b(?!\s*(?:package|pack))"
    r"|" + _NUMBER + r"\s*-?\s*mg\s+" + _COUNTABLE,
    re.IGNORECASE,
)
_LOSS = re.compile(_NUMBER + r"\s*%\s*(?:process\s+)?(?:loss|losses|waste)", re.IGNORECASE)
_CANNABINOID = re.compile(
    _NUMBER
    + r"\s*%\s*(thca|cbda|thc|cbd)\b|\b(thca|cbda|thc|cbd)\b\s*(?:of|at|=|:|is|was)?\s*"
    + _NUMBER
    + r"\s*%",
    re.IGNORECASE,
)
_UNIT_WORD = r"(mg|g|kg|oz|lbs?|ml|l|fl\.?\s?oz|grams?|ounces?|pounds?|milligrams?|kilograms?)"
_CONVERT = re.compile(
    r"(?:convert\s+)?"
    + _NUMBER
    + r"\s*"
    + _UNIT_WORD
    + r"\s+(?:to|in|into|=|in\s+to)\s+"
    + _UNIT_WORD
    + r"\b",
    re.IGNORECASE,
)
_HOW_MANY_IN = re.compile(
    r"how many\s+"
    + _UNIT_WORD
    + r"\s+(?:are\s+)?(?:in|per)\s+(?:an?|one|"
    + _NUMBER
    + r")?\s*"
    + _UNIT_WORD
    + r"\b",
    re.IGNORECASE,
)
_DENSITY = re.compile(r"density\s*(?:of|is|=|:)?\s*" + _NUMBER, re.IGNORECASE)
_PACKAGE = re.compile(
    _NUMBER + r"\s*mg\s+(?:\w+\s+){0,2}?(?:package|pack|bag|box|jar|tin)\b", re.IGNORECASE
)
_SERVING = re.compile(
    _NUMBER
    + r"\s*mg\s*(?:per|a|each|/)?\s*(?:serving|dose|piece)s?\b|servings?\s+of\s+"
    + _NUMBER
    + r"\s*mg",
    re.IGNORECASE,
)
_SCALE_FACTOR = re.compile(
    r"(?:by|x|×|times)\s*" + _NUMBER + r"\b|" + _NUMBER + r"\s*(?:x|×|times)\b", re.IGNORECASE
)
_SCALE_COUNTS = re.compile(r"from\s+" + _NUMBER + r"\s+(?:\w+\s+)?to\s+" + _NUMBER, re.IGNORECASE)
_INGREDIENT = re.compile(
    _NUMBER
    + r"\s*"
    + _MASS_UNITS
    + r"\s+(?:of\s+)?([a-z][a-z\s%-]{1,40}?)(?=,|;|\band\b|\.|\s+(?:from|by|to|for)\b|$)",
    re.IGNORECASE,
)
_PERCENT_OF = re.compile(
    r"(?:what|which)\s+(?:percent|percentage|%)[^\d]*"
    + _NUMBER
    + r"\s*"
    + _MASS_UNITS
    + r"[^\d]*?(?:of|in|out of)\s+"
    + _NUMBER
    + r"\s*"
    + _MASS_UNITS,
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class RecognisedCalculation:
    """A calculation found in a question: its result, or why its numbers were refused."""

    calculation: Calculation | None
    refusal: str | None = None


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _first(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    return pattern.search(text)


def _group(match: re.Match[str]) -> str:
    return next(g for g in match.groups() if g is not None)


def _loss(text: str) -> float:
    match = _LOSS.search(text)
    return _number(match.group(1)) if match else 0.0


def _total(text: str) -> Calculation | None:
    lowered = text.lower()
    found: dict[str, float] = {}
    for match in _CANNABINOID.finditer(text):
        if match.group(1) is not None:
            found.setdefault(match.group(2).lower(), _number(match.group(1)))
        else:
            found.setdefault(match.group(3).lower(), _number(match.group(4)))
    asks_total = "total thc" in lowered or "total cbd" in lowered
    for name in ("THC", "CBD"):
        acid = found.get(f"{name.lower()}a")
        if acid is not None or (asks_total and f"total {name.lower()}" in lowered and found):
            return calculators.total_cannabinoid(found.get(name.lower(), 0.0), acid or 0.0, name)
    return None


def _servings(
    text: str, limits_for: Callable[[str], StateEdibleLimits | None], state: str | None
) -> Calculation | None:
    package, serving = _PACKAGE.search(text), _SERVING.search(text)
    if package is None or serving is None:
        return None
    limits = limits_for(state) if state else None
    return calculators.servings_check(_number(package.group(1)), _number(_group(serving)), limits)


def _dilution(text: str) -> Calculation | None:
    if not re.search(
        r"\b(dilut\w*|cut|thin|bring (?:it )?down|lower the potency)\b", text, re.IGNORECASE
    ):
        return None
    percents = [_number(m.group(1)) for m in _PERCENT.finditer(text)]
    mass = _MASS.search(text)
    if len(percents) < 2 or mass is None:
        return None
    return calculators.dilution(_number(mass.group(1)), mass.group(2), percents[0], percents[1])


def _infusion_or_dose(text: str) -> Calculation | None:
    percent = _PERCENT.search(text)
    count = _COUNT.search(text)
    if percent is None or count is None:
        return None
    units = _number(count.group(1))
    if units != int(units):
        raise CalculationError("the number of units must be a whole number")
    per_unit = _PER_UNIT.search(text)
    mass = next((m for m in _MASS.finditer(text) if not _is_per_unit(m, per_unit)), None)
    if per_unit is not None and re.search(
        r"\bhow much\b|\bhow many (grams|g|ml)\b|\bneed\b", text, re.IGNORECASE
    ):
        return calculators.infusion(
            int(units), _number(_group(per_unit)), _number(percent.group(1)), _loss(text)
        )
    if mass is not None:
        return calculators.dose_per_unit(
            _number(percent.group(1)),
            _number(mass.group(1)),
            mass.group(2),
            int(units),
            _loss(text),
        )
    if per_unit is not None:
        return calculators.infusion(
            int(units), _number(_group(per_unit)), _number(percent.group(1)), _loss(text)
        )
    return None


def _is_per_unit(mass: re.Match[str], per_unit: re.Match[str] | None) -> bool:
    return per_unit is not None and per_unit.start() <= mass.start() < per_unit.end()


def _percent_by_weight(text: str) -> Calculation | None:
    match = _PERCENT_OF.search(text)
    if match is None:
        return None
    part, part_unit, total, total_unit = match.groups()
    return calculators.percent_by_weight(_number(part), part_unit, _number(total), total_unit)


def _conversion(text: str) -> Calculation | None:
    density_match = _DENSITY.search(text)
    density = _number(density_match.group(1)) if density_match else None
    match = _CONVERT.search(text)
    if match is not None:
        return calculators.convert(
            _number(match.group(1)), _unit(match.group(2)), _unit(match.group(3)), density
        )
    asked = _HOW_MANY_IN.search(text)
    if asked is not None:
        amount = _number(asked.group(2)) if asked.group(2) else 1.0
        return calculators.convert(amount, _unit(asked.group(3)), _unit(asked.group(1)), density)
    return None


def _unit(text: str) -> str:
    cleaned = text.lower().replace(".", "").replace(" ", "")
    if cleaned == "floz":
        return "fl oz"
    return {
        "grams": "g",
        "gram": "g",
        "ounces": "oz",
        "ounce": "oz",
        "pounds": "lb",
        "pound": "lb",
        "lbs": "lb",
        "milligrams": "mg",
        "milligram": "mg",
        "kilograms": "kg",
        "kilogram": "kg",
    }.get(cleaned, cleaned)


def _scaling(text: str) -> Calculation | None:
    if not re.search(r"\b(scale|scaling|multiply|double|triple)\b", text, re.IGNORECASE):
        return None
    factor: float | None = None
    counts = _SCALE_COUNTS.search(text)
    if counts is not None:
        factor = _number(counts.group(2)) / calculators._positive(
            "the starting batch size", _number(counts.group(1))
        )
    elif re.search(r"\bdouble\b", text, re.IGNORECASE):
        factor = 2.0
    elif re.search(r"\btriple\b", text, re.IGNORECASE):
        factor = 3.0
    else:
        match = _SCALE_FACTOR.search(text)
        factor = _number(_group(match)) if match else None
    ingredients = [
        (m.group(3).strip(), _number(m.group(1)), _unit(m.group(2)))
        for m in _INGREDIENT.finditer(text)
    ]
    if factor is None or not ingredients:
        return None
    return calculators.scale_batch(ingredients, factor)


def recognise(
    text: str,
    state: str | None = None,
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None,
) -> RecognisedCalculation | None:
    """The calculation a question asks for, if it asks for one."""
    attempts: list[Callable[[], Calculation | None]] = [
        lambda: _servings(text, limits_for, state),
        lambda: _total(text),
        lambda: _dilution(text),
        lambda: _scaling(text),
        lambda: _infusion_or_dose(text),
        lambda: _percent_by_weight(text),
        lambda: _conversion(text),
    ]
    for attempt in attempts:
        try:
            found = attempt()
        except CalculationError as error:
            return RecognisedCalculation(None, str(error))
        if found is not None:
            return RecognisedCalculation(found)
    return None
