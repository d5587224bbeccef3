"""Units of the trade, converted by pint, with the trade's own conventions named.

pint (https://pint.readthedocs.io) holds the exact SI and US customary definitions; the
trade's conventions are added on top and always stated in an answer that uses them:

- the *trade ounce* of flower is 28 g (eight eighths of 3.5 g), while the avoirdupois
  ounce is 28.349523125 g exactly (international yard and pound agreement, 1959; NIST
  Handbook 44, Appendix C);
- an *eighth* is 3.5 g, a *quarter* 7 g and a *half* 14 g (fractions of the trade ounce);
  slang for shares of a pound counts trade ounces (a QP is 4 zips, 112 g; an HP 8, 224 g),
  while a pound said as such ("a pound", "a p", "half p") is the avoirdupois 453.59237 g
  unless the user states the trade's 448 g pound (16 trade ounces, `trade_lb`); an answer
  from a pound the user did not fix gives the other pound's figure too (`pound_readings`);
- kitchen measures are US customary: 1 cup = 16 tbsp = 48 tsp = 236.5882365 mL (NIST
  Handbook 44, Appendix C, "cup"), and a US stick of butter is half a cup (8 tbsp);
- a full dropper is taken as 1 mL, the usual dropper of a 30 mL tincture bottle; an answer
  that relies on it says so, and a dropper size the user gives wins.

Building the registry costs about 140 ms (and importing pint about 170 ms), so it is built
once, on first use.
"""

from __future__ import annotations

import difflib
import functools
import math
from typing import Any

import pint

# The trade's conventions, in pint's definition syntax.
_TRADE_DEFINITIONS = (
    "trade_ounce = 28 * gram = zip",
    "eighth = trade_ounce / 8",
    "quarter_ounce = trade_ounce / 4",
    "half_ounce = trade_ounce / 2",
    "trade_pound = 16 * trade_ounce",
    "stick_of_butter = cup / 2",
    "dropper = milliliter",
)

# Canonical unit key -> (pint unit, label shown to the user, kind).
UNITS: dict[str, tuple[str, str, str]] = {
    "mg": ("milligram", "mg", "mass"),
    "g": ("gram", "g", "mass"),
    "kg": ("kilogram", "kg", "mass"),
    "oz": ("avoirdupois_ounce", "oz", "mass"),
    "trade_oz": ("trade_ounce", "oz (trade, 28 g)", "mass"),
    "lb": ("avoirdupois_pound", "lb", "mass"),
    "trade_lb": ("trade_pound", "lb (trade, 448 g)", "mass"),
    "eighth": ("eighth", "eighth (3.5 g)", "mass"),
    "quarter_oz": ("quarter_ounce", "quarter (7 g)", "mass"),
    "half_oz": ("half_ounce", "half ounce (14 g)", "mass"),
    "ml": ("milliliter", "mL", "volume"),
    "l": ("liter", "L", "volume"),
    "floz": ("US_fluid_ounce", "fl oz", "volume"),
    "tsp": ("teaspoon", "tsp", "volume"),
    "tbsp": ("tablespoon", "tbsp", "volume"),
    "cup": ("cup", "cup", "volume"),
    "stick": ("stick_of_butter", "stick of butter", "volume"),
    "gal": ("US_liquid_gallon", "gal", "volume"),
    "qt": ("US_liquid_quart", "qt", "volume"),
    "dropper": ("dropper", "dropper (1 mL)", "volume"),
    "sqft": ("foot ** 2", "sq ft", "area"),
    "m2": ("meter ** 2", "m²", "area"),
    "w": ("watt", "W", "power"),
    "kw": ("kilowatt", "kW", "power"),
}

# How people write them -> canonical key. Looked up lower-cased, spaces and dots removed.
SPELLINGS: dict[str, str] = {
    **{s: "mg" for s in ("mg", "mgs", "milligram", "milligrams", "milligramme", "milligrammes")},
    **{s: "g" for s in ("g", "gs", "gm", "gms", "gr", "grs", "gram", "grams", "gramme", "grammes",
                        "gramm", "grms", "grm", "gramz", "g's")},
    **{s: "kg" for s in ("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme")},
    **{s: "oz" for s in ("oz", "ozs", "ounce", "ounces", "onz", "ozz")},
    **{s: "trade_oz" for s in ("zip", "zips", "tradeounce", "tradeoz")},
    **{s: "lb" for s in ("lb", "lbs", "pound", "pounds", "elbow", "elbows")},
    **{s: "trade_lb" for s in ("tradelb", "tradelbs", "tradepound", "tradepounds")},
    **{s: "eighth" for s in ("eighth", "eighths", "8th", "8ths", "eigth", "eigths", "eights")},
    **{s: "quarter_oz" for s in ("quarter", "quarters", "quarterounce")},
    **{s: "half_oz" for s in ("halfounce", "halfoz", "half-oz", "halfo")},
    **{s: "ml" for s in ("ml", "mls", "milliliter", "milliliters", "millilitre", "millilitres",
                         "cc", "ccs")},
    **{s: "l" for s in ("l", "liter", "liters", "litre", "litres", "ltr")},
    **{s: "floz" for s in ("floz", "fluidounce", "fluidounces")},
    **{s: "tsp" for s in ("tsp", "tsps", "tspn", "tspns", "teaspoon", "teaspoons", "teaspoonful",
                          "teaspoonfuls")},
    **{s: "tbsp" for s in ("tbsp", "tbsps", "tbs", "tbl", "tbls", "tablespoon", "tablespoons",
                           "tblsp", "tblsps", "tblspn", "tbspn", "tablespoonful",
                           "tablespoonfuls")},
    **{s: "cup" for s in ("cup", "cups")},
    **{s: "stick" for s in ("stick", "sticks")},
    **{s: "gal" for s in ("gal", "gals", "gallon", "gallons")},
    **{s: "qt" for s in ("qt", "qts", "quart", "quarts")},
    **{s: "dropper" for s in ("dropper", "droppers", "dropperful", "dropperfuls", "fulldropper")},
    **{s: "sqft" for s in ("sqft", "sqfeet", "squarefeet", "squarefoot", "ft2", "ft²")},
    **{s: "m2" for s in ("m2", "m²", "sqm", "squaremeters", "squaremetres", "squaremeter")},
    **{s: "w" for s in ("w", "watt", "watts")},
    **{s: "kw" for s in ("kw", "kilowatt", "kilowatts")},
}  # fmt: skip


class UnitError(ValueError):
    """A unit this module does not know, or a conversion between different kinds."""


@functools.cache
def registry() -> pint.UnitRegistry[Any]:
    """pint's registry with the trade's conventions added (built once)."""
    units: pint.UnitRegistry[Any] = pint.UnitRegistry()
    for definition in _TRADE_DEFINITIONS:
        units.define(definition)
    return units


def canonical(spelling: str) -> str:
    """The canonical key of a unit as written ("Grams" -> "g", "fl. oz" -> "floz").

    Raises:
        UnitError: a unit nobody in the trade writes.
    """
    key = spelling.strip().lower().replace(" ", "").replace(".", "")
    if key in UNITS:
        return key
    if key in SPELLINGS:
        return SPELLINGS[key]
    raise UnitError(f"unknown unit {spelling!r}")


# The kitchen measures' full names, against which a misspelt one is matched.
_SPOON_WORDS = {"teaspoon": "tsp", "tablespoon": "tbsp"}
# How close (difflib's ratio) a word must be to a full name: "teaspon" is 0.93 from
# "teaspoon", "tablspoon" 0.95 from "tablespoon"; "the spoon" (0.88) is never compared, as
# of two words only "tea spoon" and "table spoon" are.
_SPOON_LIKENESS = 0.85


def kitchen_measure(written: str) -> str | None:
    """The kitchen spoon measure ("tsp" or "tbsp") a word means, typos tolerated ("teaspon",
    "tea spoon", "tblsp", "tsps", "tablspoons"); None for any other word."""
    words = written.strip().lower().replace("-", " ").split()
    if len(words) > 1 and words[0] not in ("tea", "table"):
        return None  # "the spoon", "a spoon": no measure named
    key = "".join(words).replace(".", "")
    if SPELLINGS.get(key) in ("tsp", "tbsp"):
        return SPELLINGS[key]
    singular = key.removesuffix("s")
    if len(singular) < 6 or not singular.isalpha():
        return None
    for word, unit in _SPOON_WORDS.items():
        if difflib.SequenceMatcher(None, singular, word).ratio() >= _SPOON_LIKENESS:
            return unit
    return None


def kind(unit: str) -> str:
    """mass, volume, area or power."""
    return UNITS[canonical(unit)][2]


def label(unit: str) -> str:
    """The unit as an answer shows it."""
    return UNITS[canonical(unit)][1]


def convert(amount: float, source: str, target: str) -> float:
    """`amount` in `source` units expressed in `target` units (same kind only).

    Raises:
        UnitError: an unknown unit, or units of different kinds (mass to volume).
    """
    source_key, target_key = canonical(source), canonical(target)
    if UNITS[source_key][2] != UNITS[target_key][2]:
        raise UnitError(
            f"{label(source_key)} is a {UNITS[source_key][2]} and {label(target_key)} a "
            f"{UNITS[target_key][2]}; they do not convert into each other"
        )
    if source_key == target_key:
        return amount
    units = registry()
    result = float(units.Quantity(amount, UNITS[source_key][0]).to(UNITS[target_key][0]).magnitude)
    # pint works in binary floating point: 1 oz comes out as 28.349523125000005 g.
    return float(f"{result:.13g}") if math.isfinite(result) else result


def grams(amount: float, unit: str) -> float:
    """A mass in grams."""
    return convert(amount, unit, "g")


def millilitres(amount: float, unit: str) -> float:
    """A volume in millilitres."""
    return convert(amount, unit, "ml")


def convention_note(*units: str) -> str | None:
    """The convention a conversion between these units relies on, to state in the answer."""
    keys = {canonical(unit) for unit in units}
    notes = []
    if keys & {"trade_oz", "eighth", "quarter_oz", "half_oz"}:
        notes.append(
            "the trade's ounce of flower is 28 g (8 eighths of 3.5 g); the avoirdupois "
            "ounce is 28.3495 g"
        )
    elif "oz" in keys:
        notes.append(
            "an ounce here is the avoirdupois ounce, 28.3495 g; the trade often counts an "
            "ounce of flower as 28 g"
        )
    if "lb" in keys:
        notes.append(
            "a pound is the avoirdupois pound, 453.59237 g (16 oz); the trade's pound of 16 "
            "ounces of 28 g is 448 g"
        )
    if "trade_lb" in keys:
        notes.append(
            "the trade's pound is 16 ounces of 28 g, 448 g; the avoirdupois pound is 453.59237 g"
        )
    if keys & {"tsp", "tbsp", "cup", "stick", "floz", "gal", "qt"}:
        notes.append("kitchen measures are US customary: 1 cup = 16 tbsp = 48 tsp = 236.59 mL")
    if "dropper" in keys:
        notes.append("a full dropper is taken as 1 mL (the usual 30 mL bottle's dropper)")
    return "; ".join(notes) or None


# How people write a temperature's scale -> pint's name for it (offset units, not deltas).
_TEMPERATURE_SCALES = {"c": "degC", "celsius": "degC", "f": "degF", "fahrenheit": "degF"}


def celsius(value: float, scale: str) -> float:
    """A temperature in degrees Celsius from one in °C or °F (converted by pint).

    Raises:
        UnitError: a scale that is neither Celsius nor Fahrenheit.
    """
    key = scale.strip().lower().lstrip("°").strip()
    if key not in _TEMPERATURE_SCALES:
        raise UnitError(f"unknown temperature scale {scale!r}; use °C or °F")
    temperature = registry().Quantity(value, _TEMPERATURE_SCALES[key])
    # pint's offset arithmetic leaves binary noise (32 °F comes out as 5.7e-14 °C).
    return round(float(temperature.to("degC").magnitude), 9)
