"""Reader for the price of an ounce from a price by the pound or kilo ("2400/lb, cost per
oz?"): a pound is 16 ounces, so an ounce costs the pound's price ÷ 16 (a kilo is weighed out
in grams and priced per 28 g trade ounce, the convention stated).

Source: NIST Handbook 44, Appendix C (General Tables of Units of Measurement): an
avoirdupois pound is 16 avoirdupois ounces.
"""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.calculation_questions import Question, one
from trichome.agents.calculators import Calculation, CalculationError, fmt, positive

_ASKS_OUNCE = (
    r"(?:per|an?|each|/|the|for\s+an?)\s*(?:oz|ounce|zip)\b|\b(?:oz|ounce|zip)\s+price|"
    r"price\s+(?:of|for)\s+(?:an?\s+|one\s+|1\s+)?(?:oz|ounce|zip)\b|"
    # "what should a zip run", "what's an ounce go for", "how much does a zip cost"
    r"\b(?:oz|ounce|zip)\s+(?:run|go(?:es)?\s+for|cost|sell\s+for|be\s+priced)\b"
)
_POUNDS = ("lb", "kg")


def _ounce(unit: str) -> bool:
    """Whether a mass is in ounces: the amount priced is asked for, not given."""
    try:
        return units.canonical(unit) in ("oz", "trade_oz")
    except units.UnitError:
        return False


def ounce_price(question: Question) -> Calculation | None:
    """The price of one ounce from a price for a pound (or pounds, or kilos)."""
    if not question.says(_ASKS_OUNCE) or question.says(r"per\s+(?:gram|g)\b|(?<!mg)/\s*g\b"):
        return None
    # "2200 per lb", "2.2k per lb": a bare number priced by a mass (read as a count per
    # pound) is the money paid for it.
    money = question.find("money") or [
        q
        for q in question.find("number", "count")
        if "price" in q.tags and (q.kind == "number" or q.per in ("lb", "kg", "oz", "g"))
    ]
    if len(money) != 1:
        return None
    cost = money[0]
    amount, unit = 1.0, cost.per
    if unit is None:
        masses = [q for q in question.find("mass") if q.per is None and not _ounce(q.unit)]
        question.use(*[q for q in question.find("mass") if _ounce(q.unit)])  # the ounce asked
        named = re.search(r"\b(?:the|a|per|by\s+the)\s+(pound|lb|kilo|kg)\b", question.text, re.I)
        several = [q for q in question.find("mass") if q.per is None and _ounce(q.unit)]
        if not masses and named:  # "if the pound is $1,920": one pound, named without a number
            unit = "kg" if named.group(1).lower().startswith("k") else "lb"
        elif not masses and len(several) == 1 and several[0].value > 1:
            amount, unit = several[0].value, several[0].unit  # "$1,150 for 4 zips": per one
        elif len(masses) != 1:
            return None
        else:
            question.use(masses[0])
            amount, unit = masses[0].value, masses[0].unit
    try:
        unit = units.canonical(unit or "")
    except units.UnitError:
        return None
    if unit not in (*_POUNDS, "oz", "trade_oz"):
        return None
    one(question, money, "the price")
    return price_per_ounce(cost.value, amount, unit)


def price_per_ounce(price: float, amount: float, unit: str) -> Calculation:
    """The price of one ounce when `price` buys `amount` `unit` (pounds, kilos or ounces).

    Raises:
        CalculationError: a price or amount that is not positive, or another unit.
    """
    positive("the price", price)
    positive("the amount", amount)
    if unit not in (*_POUNDS, "oz", "trade_oz"):
        raise CalculationError(f"the amount priced must be in lb, kg, oz or trade_oz, not {unit}")
    if unit in ("oz", "trade_oz"):
        ounces, how = amount, f"{fmt(amount)} {units.label(unit)}"
        note = "the price is shared evenly over the ounces it buys"
    elif unit == "lb":
        ounces, how = amount * 16, f"{fmt(amount)} lb × 16 oz per lb = {fmt(amount * 16)} oz"
        note = "a pound is 16 ounces (avoirdupois), so an ounce is 1/16 of the pound's price"
    else:
        ounces = units.grams(amount, unit) / 28
        how = f"{fmt(amount)} kg = {fmt(amount * 1000)} g ÷ 28 g = {fmt(ounces, 4)} trade oz"
        note = "an ounce is the trade's 28 g ounce"
    per_ounce = price / ounces
    shown = f"{fmt(amount)} {units.label(unit)}"
    return Calculation(
        "price_per_ounce",
        per_ounce,
        "$/oz",
        f"${fmt(price)} for {shown} is ${fmt(per_ounce, 4)} per ounce.",
        (how, f"${fmt(price)} ÷ {fmt(ounces, 4)} oz = ${fmt(per_ounce, 4)} per oz"),
        details={"per_gram": price / units.grams(amount, unit)},
        formula="$/oz = price ÷ ounces",
        inputs=(f"price: ${fmt(price)}", f"for: {shown}"),
        assumptions=(note,),
    )
