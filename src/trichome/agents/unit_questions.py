"""Reader for an amount stated first and its unit asked after: "a 1.5 fl oz shot, how many
mL is that?", "the jar holds 2 cups - what's that in ml?".

`operations_readers.conversion` reads "X unit to unit" and "how many unit in X unit"; here the
amount comes first, in a sentence of its own, and "that" points back at it. The amount and
the unit asked must be of one kind (mass or volume): a mass asked of a volume needs a density,
which is a different question.
"""

from __future__ import annotations

import re

from trichome.agents import operations_calculators as operations
from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation

_UNIT = (
    r"mg|milligrams?|g|grams?|kg|kilos?|kilograms?|lbs?|pounds?|oz|ounces?|fl\.?\s?oz|"
    r"fluid\s+ounces?|ml|mls|milliliters?|millilitres?|l|liters?|litres?|cups?|tsps?|tbsps?|"
    r"teaspoons?|tablespoons?|gal(?:lon)?s?|quarts?|pints?"
)
_ASKED = re.compile(
    rf"\bhow\s+many\s+(?P<many>{_UNIT})\s+(?:is|would|does|will)\s+(?:that|it|this)\b|"
    # "an eighth, how many grams do i weigh out": the amount's weight on the scale
    rf"\bhow\s+many\s+(?P<weigh>{_UNIT})\s+(?:(?:do|should|would|will|can|must)\s+(?:i|we|you|they)"
    r"\s+|to\s+)(?:weigh|bag|measure|put\s+on|scale|ring\s+up)\b|"
    rf"\bhow\s+many\s+(?P<bare>{_UNIT})\s*(?:[?.!]|$)|"  # "a half, how many grams?"
    rf"\bwhat(?:'s|s|\s+is)\s+(?:that|it|this)\s+in\s+(?P<what>{_UNIT})\b"
    r"(?!\s*(?:per\b|/|an?\s|each\b))",  # "in g per sq ft" is a yield, not a conversion
    re.IGNORECASE,
)


# The trade's bags of flower, whose grams are asked at the counter ("a quarter, how many
# grams do i weigh out?").
_BAGS = frozenset({"eighth", "quarter_oz", "half_oz", "trade_oz", "zip"})


def amount_then_unit(question: Question) -> Calculation | None:
    """An amount given, then "how many <unit> is that?": the amount in the unit asked."""
    asked = _ASKED.search(question.text)
    if asked is None:
        return None
    amounts = [
        q
        for q in question.find("mass", "volume")
        if q.per is None and not q.is_range and q.end <= asked.start()
    ]
    if len(amounts) != 1 or question.find("percent", "concentration", "money", "count", "area"):
        return None
    amount = amounts[0]
    if (asked.group("bare") or asked.group("weigh")) and amount.unit not in _BAGS:
        return None  # "wants 30g ... how many mg" asks a limit; "a half, how many grams" a bag
    written = (
        asked.group("many") or asked.group("weigh") or asked.group("bare") or asked.group("what")
    ).lower()
    written = re.sub(r"fluid\s+ounces?", "floz", written)
    try:
        target = units.canonical(re.sub(r"[.\s]", "", written))
        if units.kind(target) != amount.kind or target == amount.unit:
            return None
    except ValueError:
        return None
    question.use(amount)
    return operations.convert(amount.value, amount.unit, target, None)
