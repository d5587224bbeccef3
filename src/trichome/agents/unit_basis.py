"""A weight the user states for a unit ("using a 448 g pound", "a 28.35 g ounce", "call an
oz 28", "if a pound is 454 g", "count an eighth as 3.54 g") overrides the default weight
of that unit for the whole question.

The statement is taken out of the text (its number is no input) and the unit's amounts are
rewritten to carry that weight: the two weights the trade argues about go to the wordings
`ounce_statements` and `trade_amounts` apply (the trade's 28 g ounce and its 448 g pound,
the avoirdupois 28.35 g ounce and 453.6 g pound); any other weight turns each amount of the
unit into grams ("2 lb" under a 454 g pound is "908 g", "$1800 a pound" is "$1800 per 454 g").

A weight is taken as a basis only where it could be one (an ounce of 25 to 32 g, a pound of
400 to 500 g, an eighth of 3 to 4 g...), so "a 3 g pre-roll" or "a 450 g bag" is left alone.
"""

from __future__ import annotations

import re

# unit key -> (how it is written, the weights in grams it can plausibly be given)
_UNITS: dict[str, tuple[str, tuple[float, float]]] = {
    "oz": (r"oz|ozs|ounces?|zips?", (25.0, 32.0)),
    "lb": (r"lbs?|pounds?|elbows?", (400.0, 500.0)),
    "eighth": (r"eighths?|8ths?", (3.0, 4.0)),
    "quarter": (r"quarters?", (6.0, 8.0)),
}
_ANY_UNIT = "|".join(f"(?P<{key}>{spelled})" for key, (spelled, _) in _UNITS.items())
_GRAMS = r"(?P<grams>\d+(?:\.\d+)?)\s*(?:g|gs|grams?|gms?)?"
_GRAMS_STATED = r"(?P<grams>\d+(?:\.\d+)?)\s*(?:g|gs|grams?|gms?)"
_ONE = r"(?:(?:a|an|the|1|one|each|every|our|my|your|their)\s+)?"
# "(16 x 28)", "(16 zips × 28 g)": the user's working beside the weight, part of the statement
_WORKING = r"(?:\s*\(\s*[\d.]+\s*(?:zips?|oz|ounces?)?\s*[x*×]\s*[\d.]+\s*g?\s*\))?"
_STATEMENTS = (
    # "using a 448 g pound", "(a 28.35 g ounce)", "counting 28 g ounces"
    re.compile(
        rf"(?:\b(?:using|use|counting|count|taking|take|assuming|assume|figuring|on|by|at|"
        rf"with\s+(?=(?:a|an|the)\s+[\d.]+\s*g\w*\s+(?:lb|pound|oz|ounce)))\s+|(?P<open>\())\s*"
        rf"{_ONE}{_GRAMS_STATED}\s*-?\s*(?:{_ANY_UNIT})\b\s*(?(open)\)){_WORKING}",
        re.IGNORECASE,
    ),
    # "call an oz 28", "count a pound as 454 g", "treat an eighth as 3.54"
    re.compile(
        rf"\b(?:call|calling|count|counting|treat|treating|take|taking|figure|figuring|assume|"
        rf"assuming|consider|considering)\s+{_ONE}(?:{_ANY_UNIT})\s+(?:as\s+|at\s+|=\s*|to\s+be\s+|"
        rf"is\s+|being\s+)?{_GRAMS}\b{_WORKING}",
        re.IGNORECASE,
    ),
    # "if an oz is 28.5 g", "where a pound = 454", "(1 lb = 454 g)", "a pound being 448 grams"
    re.compile(
        rf"(?:\b(?:if|when|where|with|assuming|since|given)\s+|(?P<open>\())\s*{_ONE}(?:{_ANY_UNIT})"
        rf"\s*(?:is|=|being|weighs|equals|is\s+taken\s+as|of)\s*{_GRAMS}\b\s*(?(open)\)){_WORKING}",
        re.IGNORECASE,
    ),
    # "a pound (454g) goes for $2000", "per oz (28.5 g)": the unit kept, its weight taken
    re.compile(
        rf"(?P<keep>(?:\b(?:a|an|one|per|each|the)\s+|/\s*)(?:{_ANY_UNIT}))\s*"
        rf"\(\s*{_GRAMS_STATED}\s*(?:each\s*)?\)",
        re.IGNORECASE,
    ),
    # "ounce = 28 g here", "; a pound is 454 g": a clause that states it
    re.compile(
        rf"(?:^|(?<=[.;:,!?(]))\s*{_ONE}(?:{_ANY_UNIT})\s*(?:=|is|equals|weighs)\s*{_GRAMS_STATED}\b",
        re.IGNORECASE,
    ),
    # "at 16 oz of 28 g", "counting 16 ounces of 28 g"
    re.compile(
        rf"\b(?:at|using|counting|with)\s+\d+\s*(?:{_ANY_UNIT})\s+of\s+{_GRAMS_STATED}\b",
        re.IGNORECASE,
    ),
    # "28 g to the ounce", "454 g per pound", "448 grams in a pound"
    re.compile(
        rf"\b(?:at\s+|using\s+|counting\s+)?{_GRAMS_STATED}\s+(?:to|per|in|=)\s+(?:the|an?|1|one)\s+"
        rf"(?:{_ANY_UNIT})\b",
        re.IGNORECASE,
    ),
)
# Where a unit's weight matters: the unit named, or for an ounce a pound (16 of them)
_NAMED = {
    unit: rf"\b(?:{spelled}{'|' + _UNITS['lb'][0] if unit == 'oz' else ''})\b"
    for unit, (spelled, _) in _UNITS.items()
}
# The weights other modules already read in their own words.
_TRADE_OZ, _STANDARD_OZ, _TRADE_LB, _STANDARD_LB = 28.0, 28.35, 448.0, 453.6


def stated_basis(text: str, skip: frozenset[str] = frozenset()) -> tuple[str, dict[str, float]]:
    """The text with any statement of a unit's weight applied, and the weights stated
    (unit key -> grams). A statement whose unit the text names nowhere else is the amount
    itself ("an eighth is 3.5 g: at 20% THCA..."), and is left as it is."""
    stated: dict[str, float] = {}
    original = text

    def take(match: re.Match[str]) -> str:
        unit = next(key for key in _UNITS if match.group(key))
        grams = float(match.group("grams"))
        low, high = _UNITS[unit][1]
        if unit in skip or not low <= grams <= high or stated.get(unit, grams) != grams:
            return match.group(0)
        stated[unit] = grams
        return match.groupdict().get("keep") or ""

    for statement in _STATEMENTS:
        text = statement.sub(take, text)
    alone = {u for u in stated if not re.search(_NAMED[u], text, re.IGNORECASE)}
    if alone:
        return stated_basis(original, skip | alone)
    for unit, grams in stated.items():
        text = _apply(text, unit, grams)
    return text, stated


def _apply(text: str, unit: str, grams: float) -> str:
    """The text with `unit` carrying `grams`: in the wording other readers know for the two
    conventional weights, else every amount of it in grams."""
    if unit == "oz" and grams == _TRADE_OZ:
        return f"{text} (trade oz)"
    if unit == "oz" and abs(grams - _STANDARD_OZ) < 0.05:
        return f"{text} (28.35 g ounce)"
    if unit == "lb" and grams == _TRADE_LB:
        return f"{text} (using a 448 g pound)"
    if unit == "lb" and abs(grams - _STANDARD_LB) < 0.1:
        return f"{text} (453.6 g pound)"
    spelled = _UNITS[unit][0]
    amount = re.compile(rf"\b(\d+(?:\.\d+)?)\s*-?\s*(?:{spelled})\b(?!\s*fl)", re.IGNORECASE)
    text = amount.sub(lambda m: f"{float(m.group(1)) * grams:g} g", text)
    # "$1800 a pound", "per oz", "/lb": a price or a rate for one of them
    priced = re.compile(
        rf"(?:(?<=\d)|(?<=\d\s)|(?<=\bk)|(?<=bucks)|(?<=dollars))\s*(?:a|an)\s+(?:{spelled})\b",
        re.I,
    )
    text = priced.sub(f" per {grams:g} g", text)
    text = re.sub(
        rf"(?:\s*/\s*|\s+(?:per|each)\s+)(?:{spelled})\b", f" per {grams:g} g", text, flags=re.I
    )
    # "grams in a pound", "one oz of it": one of them
    return re.sub(rf"\b(?:an?|one)\s+(?:{spelled})\b", f"{grams:g} g", text, flags=re.I)
