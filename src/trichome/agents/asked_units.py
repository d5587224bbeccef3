"""The answer in the unit the question asks for ("dry weight in grams?", "how many mL of
stock?", "total THC in %"), converted by `units` (pint) and shown as a step of the working.

A calculator answers in its own unit (a dry weight in the unit the wet weight was given in,
a dilution in the unit of the final volume); when the question names another unit of the
same kind, the result is converted. The last unit asked wins, so a follow-up ("in mg?")
overrides the earlier question's.
"""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import units
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.units import UnitError

_UNIT = (
    r"mg/g|(?:mg|milligrams?)\s+(?:per|a|an)\s+g(?:ram)?\b|mg|milligrams?|g|grams?|gs|kg|kilos?|kilograms?|lbs?|pounds?|"
    r"oz|ounces?|ml|mls|milliliters?|millilitres?|l|liters?|litres?|%|percent(?:age)?|"
    r"cups?|tbsps?|tablespoons?|tsps?|teaspoons?|fl\.?\s?oz|gal(?:lon)?s?|quarts?|"
    r"°\s?[cf]|degrees\s+[cf]|celsius|fahrenheit|f|c"
)
# "in grams?", "as a percent", "how many mL", "in mg please".
_ASKED = re.compile(
    rf"\b(?:in|as|into)\s+(?:an?\s+)?(?:(?:total|overall)\s+)?(?:(?:thc|cbd)\s+)?(?P<in>{_UNIT})(?=\s*(?:$|[?.!,;]|please|pls|plz|thanks|"
    rf"instead|then|now|each|after\b|\)|per\b|of\s+(?:thc|cbd|stock|it|oil)\b|"
    # "thc in grams if it all converts", "in mg at 90% efficiency", "in grams from 2.5 kg":
    # a condition or the source follows
    rf"(?:if|when|once|assuming|at|with|for|total|from)\b))|"
    # "how much disty to add (grams)", "(in mL)": the unit asked, in brackets at the end
    rf"\(\s*(?:in\s+)?(?P<paren>{_UNIT})\s*\)\s*[?.!]*\s*$|"
    # "the total THC % on this one", "total cbd percent?": the share asked, after its name.
    r"\btotal\s+(?:thc|cbd)\s*(?P<share>%|percent(?:age)?)(?![\w\d])|"
    # "what % total thc goes on the label", "what percent thc is it": the share asked first.
    r"\b(?:what|which|how\s+much|the)\s+(?P<sharefirst>%|percent(?:age)?)\s+(?:of\s+)?"
    r"(?:(?:total|overall)\s+)?(?:thc|cbd)\b|"
    # "the mass loss in grams from the co2", "weight in kg after drying": the measure named,
    # then its unit, whatever follows.
    r"\b(?:loss|lost|weight|mass|yield|output|amount)\s+in\s+(?P<measure>mg|milligrams?|"
    r"grams?|g|kg|kilos?|kilograms?|lbs?|pounds?|oz|ounces?|ml|milliliters?|millilitres?)\b"
    r"(?![\d/.])|"
    # "how many 28 g zips", "how many eighths": the trade's pieces, only when counted.
    rf"\bhow\s+many\s+(?:(?:28|3\.5|7|14)\s*g\s+)?(?P<many>zips?|eighths?|8ths?|quarters?|{_UNIT})"
    r"(?![\w/])|"
    # "mg THC?", "grams of THC theoretical?": the unit named with what is asked, at the end.
    rf"(?<![\d.]\s)(?<![\d.])\b(?P<named>mg|milligrams|grams|g|kg)\s+(?:of\s+)?(?:thc|cbd)"
    rf"(?:\s+(?:theoretical|total|content|yield|expected|then|please|is\s+that|is\s+it))?\s*(?:\?|$)|"
    # "cbd mg per gram?", "mg of thc a gram": a concentration asked by name and basis.
    r"\b(?P<pergram>(?:thc|cbd|cbg|cbn)\s+(?:mg|mgs|milligrams?)|(?:mg|mgs|milligrams?)\s+"
    r"(?:of\s+)?(?:thc|cbd|cbg|cbn))\s+(?:per|a|an)\s+(?:g|gram|gm)\b(?!\s+of\b)|"
    # "thc mg?", "how much cbd in grams": the unit named after what is asked, at the end.
    r"(?<![\d.]\s)\b(?:thc|cbd)\s+(?P<after>mg|mgs|milligrams|grams|g)\s*(?:\?|$)|"
    # "- grams of terpenes?", ". mL of stock?": a clause that opens with the unit asked.
    rf"(?:^|[-.:;!?,]\s+)(?:(?:max(?:imum)?|min(?:imum)?|total|theoretical)\s+)?(?P<lead>mg|milligrams|grams|g|kg|kilos|ml|mls|milliliters|liters|l|"
    rf"lbs?|pounds|oz|ounces)\s+of\s+(?:the\s+)?(?:[a-z][\w-]*(?:\s+[a-z][\w-]*)?|[\d.]+\s*%?)"
    rf"(?:\s+(?:to\s+\w+(?:\s+out|\s+in)?|needed|required|do\s+i\s+\w+))?(?:,\s*[a-z][\w\s]{{0,25}})?\s*(?:\?|$)",
    re.IGNORECASE,
)
_TEMPERATURES = {"c": "C", "celsius": "C", "f": "F", "fahrenheit": "F"}


def asked_unit(text: str) -> str | None:
    """The unit the question asks its answer in, as written ("grams", "%", "mL"), if any."""
    found = list(_ASKED.finditer(text))
    if not found:
        return None
    last = found[-1]
    if last.group("pergram"):
        return "mg/g"
    names = ("in", "paren", "share", "sharefirst", "measure", "many", "named", "after", "lead")
    return next(last.group(name) for name in names if last.group(name)).strip()


def in_asked_unit(calculation: Calculation, text: str) -> Calculation:
    """`calculation` with its result converted to the unit the question asks for, when that
    is another unit of the same kind; unchanged otherwise."""
    wanted = asked_unit(text)
    if wanted is None:
        return _small_litres_in_ml(calculation)
    return to_unit(calculation, wanted)


def _small_litres_in_ml(calculation: Calculation) -> Calculation:
    """A stock volume under a litre answered in litres ("0.04 L of stock", from a final
    volume given in litres) is shown in mL, the unit a stock is measured out in."""
    if 0 < calculation.value < 1 and calculation.unit == "L of stock":
        return to_unit(calculation, "ml")
    return calculation


def to_unit(calculation: Calculation, wanted: str) -> Calculation:
    """`calculation` with its result in `wanted` units ("g", "%", "°F") when its own unit is
    another of the same kind, the conversion shown as a step; unchanged otherwise."""
    if not calculation.unit:
        return calculation
    head, _, rest = calculation.unit.partition(" ")
    for key, (_, label, _) in sorted(units.UNITS.items(), key=lambda item: -len(item[1][1])):
        if calculation.unit == label or calculation.unit.startswith(f"{label} "):
            head, rest = key, calculation.unit[len(label) :].strip()  # "oz (trade, 28 g)"
            break
    converted = _convert(calculation.value, head, wanted)
    if converted is None:
        return calculation
    value, shown = converted
    unit = f"{shown} {rest}".strip()
    step = f"in the unit asked: {fmt(calculation.value, 4)} {head} = {fmt(value, 4)} {shown}"
    return replace(
        calculation,
        value=value,
        unit=unit,
        summary=f"{calculation.summary} In {shown}: {fmt(value, 4)} {unit}.",
        steps=(*calculation.steps, step),
    )


def _convert(value: float, head: str, wanted: str) -> tuple[float, str] | None:
    """`value` in `head` units as `wanted` units, with the label to show; None if the two
    are the same unit or do not convert into each other."""
    wanted_key = re.sub(r"milligrams?", "mg", wanted.lower()).replace(" ", "")
    wanted_key = re.sub(r"^mg(?:per|an?)g(?:ram)?$", "mg/g", wanted_key)  # "mg per gram"
    head_key = head.lower()
    if wanted_key in ("%", "percent", "percentage"):
        return (value / 10, "%") if head_key == "mg/g" else None
    if wanted_key.startswith("mg") and ("/g" in wanted_key or "perg" in wanted_key):
        return (value * 10, "mg/g") if head_key == "%" else None
    scale = _TEMPERATURES.get(re.sub(r"^(?:°|degrees)", "", wanted_key))
    if scale is not None:
        current = _TEMPERATURES.get(head_key.lstrip("°"))
        if current is None or current == scale:
            return None
        celsius = value if current == "C" else units.celsius(value, "F")
        return (celsius * 9 / 5 + 32, "°F") if scale == "F" else (celsius, "°C")
    try:
        source, target = units.canonical(head), units.canonical(wanted_key)
        if source == target or units.kind(source) != units.kind(target):
            return None
        return units.convert(value, source, target), units.label(target)
    except UnitError:
        return None
