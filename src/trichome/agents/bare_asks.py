"""A follow-up that names only what it asks for: "MMEs?", "mg/ml?", "tsp?", "servings?",
"grams?", "gpw?". Alone it gives no number and asks no sum in words, so it is written as the
question it stands for ("how many mg per ml?", "per tsp?", "in grams?") and the earlier
turn's inputs answer it (`calculation_conversations`)."""

from __future__ import annotations

import re

_LEAD = r"^\s*(?:(?:and|so|ok(?:ay)?|now|then|what\s+about|how\s+about)\b[\s,]*)*(?:the\s+|in\s+)?"
_END = r"\s*(?:then|now|instead|please|pls|too)?\s*[?.!]*\s*$"
# What a ratio's top and bottom may be: "mg/ml", "mg per gram", "g/W", "$/g", "mg a gummy".
_TOP = r"mgs?|milligrams?|g|grams?|gs|ml|mls|\$|dollars?|usd"
_BOTTOM = (
    r"ml|mls|millilit(?:er|re)s?|g|grams?|gs|w|watts?|sq\.?\s?ft|sqft|square\s+f(?:oo|ee)t|"
    r"tsp|tbsp|teaspoon|tablespoon|cup|dropper|dropperful|oz|ounce|fl\.?\s?oz|lb|pound|plant|"
    r"gumm(?:y|ie)|piece|serving|dose|cookie|brownie|chocolate|square|bar|capsule|cap|"
    r"tablet|mint|preroll|pre-roll|joint|cart|can|shot|drink|bottle|eighth|zip|light"
)
_RATIO = re.compile(
    rf"{_LEAD}(?P<top>{_TOP})\s*(?:/|per|a|an|each)\s*(?P<bottom>{_BOTTOM}){_END}", re.IGNORECASE
)
# A ratio's bottom as the readers spell it ("g/W": grams per watt).
_SPELLED = {"w": "watt", "watts": "watt", "sqft": "sq ft", "sq ft": "sq ft", "gs": "gram"}
# Trade shorthand for a ratio: grams per watt, price per gram.
_SHORTHAND = {"gpw": "how many g per watt?", "ppg": "what price per gram?"}
_SHORT = re.compile(rf"{_LEAD}(?P<word>gpw|ppg){_END}", re.IGNORECASE)
# Things counted: "MMEs?", "servings?", "how many eighths" said as "eighths?".
_COUNTED = re.compile(
    rf"{_LEAD}(?P<word>mmes?|equivalency\s+units?|servings?|doses?|portions?|eighths?|8ths?|"
    r"zips?|quarters?|pieces?|gummies|prerolls?|pre-rolls?|joints?|droppers?|dropperfuls?|"
    rf"bags?|jars?|units?){_END}",
    re.IGNORECASE,
)
# One measure or piece alone: "tsp?", "per gummy?": the amount in each is asked.
_ONE = re.compile(
    rf"{_LEAD}(?:per\s+|each\s+|a\s+)?(?P<word>tsp|tbsp|teaspoon|tablespoon|dropper|dropperful|"
    rf"gumm(?:y|ie)|piece|cookie|brownie|chocolate|square|capsule|tablet|mint|serving){_END}",
    re.IGNORECASE,
)
# A unit alone: "grams?", "mg?", "%?": the same result in that unit.
_UNIT = re.compile(
    rf"{_LEAD}(?P<word>mgs?|milligrams?|g|grams?|gs|kg|kgs|kilos?|oz|ounces?|lbs?|pounds?|ml|mls|"
    rf"millilit(?:er|re)s?|l|lit(?:er|re)s?|%|percent(?:age)?|cups?|tbsps?|tsps?){_END}",
    re.IGNORECASE,
)


def asked_by_name(turn: str) -> str | None:
    """The question a turn naming only the quantity or unit it asks for stands for; None
    when the turn says more than that."""
    if ratio := _RATIO.match(turn):
        top = "$" if ratio.group("top").lower() in ("$", "dollars", "dollar", "usd") else None
        bottom = _SPELLED.get(ratio.group("bottom").lower(), ratio.group("bottom"))
        if top:
            return f"what price per {bottom}?"
        return f"how many {ratio.group('top')} per {bottom}?"
    if short := _SHORT.match(turn):
        return _SHORTHAND[short.group("word").lower()]
    if counted := _COUNTED.match(turn):
        return f"how many {counted.group('word')}?"
    if one := _ONE.match(turn):
        return f"how much per {one.group('word')}?"
    if unit := _UNIT.match(turn):
        return f"in {unit.group('word')}?"
    return None
