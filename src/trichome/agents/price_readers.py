"""Reader for the price per gram: a price by the pound, ounce or any mass, and a package
named in the trade's slang ("$60 quarter per gram", "2 qps for 1500", "half p for 900"), where
"per gram" after the amount is the question, not the price's basis. The grams of each amount
come from `units` (pint, with the trade's 28 g ounce) and are shown in the answer."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import missing_inputs as needs
from trichome.agents import operations_calculators as operations
from trichome.agents import units
from trichome.agents.calculation_questions import Question, ask, one
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.quantities import Quantity

# The trade's bags of flower, sold as such ("a zip", "an eighth", "a QP" read as 4 zips).
_BAGS = ("eighth", "quarter_oz", "half_oz", "trade_oz")


_PRICED_BY = frozenset({"lb", "oz", "g", "kg"})


def price(question: Question) -> Calculation | None:
    """Price per gram from a price per pound, ounce or any mass."""
    # "1100 per pound": a bare number priced by a mass is money.
    # "2600 per lb" reads as a count per pound; priced by a mass it is money too.
    money = question.find("money") or [
        q
        for q in question.find("number", "count")
        if "price" in q.tags and (q.kind == "number" or q.per in _PRICED_BY)
    ]
    if not question.says(
        r"per\s+(?:gram|g|eighth)\b|a\s+(?:gram|g)\b|(?<!mg)/\s*g\b|per\s+gram|"  # not mg/g
        r"price\s+per|cost\s+per|\bppg\b|gram\s+price|by\s+the\s+gram|"
        r"(?:what'?s|whats|is)\s+(?:that|it)\s+(?:1\s+)?(?:gram|g)\b|"
        # "paying 1600 a pound, whats a gram": one gram, asked at the clause's end
        r"\b(?:what'?s|whats|what\s+is)\s+(?:1|a|one)\s+(?:gram|g)\s*(?:[?.!]|$)|"
        r"\b(?:a|1|one)\s+(?:gram|g)\s+(?:costs?|runs?|go(?:es)?\s+for|comes?\s+(?:to|out))\b|"
        # "what am i paying a gram", "it costs me how much a gram"
        r"\b(?:paying|pay|paid|spending|costs?|cost(?:ing)?\s+(?:me|us))\s+(?:1|a|per)\s+(?:gram|g)\b|"
        # "what does that work out to a gram", "how much is that a gram": the gram asked
        r"\b(?:works?|worked|working|comes?|came|breaks?|broken)\s+(?:out|down)\s+(?:to\s+)?"
        r"(?:1|a|per)\s+(?:gram|g)\b|\bhow\s+much\s+(?:is\s+)?(?:that|it|this)\s+(?:1|a)\s+(?:gram|g)\b"
    ):  # "what does a gram cost us", "what's a gram run if the pound is $1,800"
        return None
    money = money or _prices_beside_amounts(question)
    priced = _amount_priced(question, money)
    if priced is not None:  # "3 eighths for $100 per gram?": the gram is asked, not the basis
        bought, paid = priced
        question.use(paid, bought)
        return _per_eighth_if_asked(
            question,
            operations.price_per_gram(paid.value, bought.value, _trade_mass(question, bought.unit)),
        )
    if not money:
        if question.find("mass") and question.says(
            r"\bsell|\bbuy|\bbought|\bprice|\bcost|\bpay|\bquote|\bworth|\bcharg|\bwholesale"
        ):
            raise ask(question, needs.PRICE)
        if (
            [q for q in question.find("mass") if q.unit in _BAGS or q.unit == "lb"]
            and not question.find("percent", "concentration", "count")
            and question.says(r"\bper\s+(?:gram|g)\s*\??\s*$")
        ):  # "what's a qp per gram?": the trade's amount, priced per gram, with no price
            raise ask(question, needs.PRICE)
        return None
    cost = one(question, money[:1], "the price")
    assert cost is not None
    if cost.per and cost.per not in ("piece", "package", "serving"):
        try:
            units.canonical(cost.per)
            return _per_eighth_if_asked(
                question, operations.price_per_gram(cost.value, 1, _trade_mass(question, cost.per))
            )
        except CalculationError:
            raise
        except ValueError:
            pass
    masses = [q for q in question.find("mass") if q.per is None and not _asked_gram(question, q)]
    named = _ASKED_AMOUNT_NAMED.search(question.text)
    if not masses and named and not cost.per:  # "if the pound is $1,800, what's a gram run"
        unit = _NAMED_UNITS[named.group(1).lower()]
        return _per_eighth_if_asked(question, operations.price_per_gram(cost.value, 1, unit))
    masses = masses or [
        # "4 zips per gram? he wants 800 for it": an amount of flower "per gram" is the
        # question asked of it, not a rate
        q
        for q in question.find("mass")
        if q.per == "g" and q.unit in (*_BAGS, "lb", "kg")
    ]
    if not masses:
        raise ask(question, needs.PRICED_AMOUNT)
    amount = one(question, masses[:1], "the amount bought")
    assert amount is not None
    units_bought: float = amount.value
    if cost.per == "piece" and amount.unit in _MASS_UNITS and amount.unit not in ("g", "mg"):
        # "3 zips at 150 each", "two eighths, $40 apiece": the price is of one of them; how
        # many are bought does not change the price per gram; "4 x 4 zips" (four QPs) is four
        # of a 4-zip bag, so the price is of the 4 zips
        counted = [
            f for f in question.find("factor") if f.end <= amount.start
            and re.fullmatch(r"\s*", question.text[f.end : amount.start])
        ]  # fmt: skip
        question.use(*counted)
        units_bought = amount.value if counted else 1
    return _per_eighth_if_asked(
        question,
        operations.price_per_gram(cost.value, units_bought, _trade_mass(question, amount.unit)),
    )


_MASS_UNITS = ("mg", "g", "kg", "oz", "trade_oz", "lb", "eighth", "quarter_oz", "half_oz")
# What may stand between an amount and the price paid for it: "4 zips for $800", "eighth $45",
# "a quarter is 60", "2 zips @ 400"; and between a price and its amount: "$60 for a quarter".
_AMOUNT_THEN_PRICE = re.compile(
    r"^\s*(?:,\s*)?(?:(?:are|is|was|were|=|costs?|cost\s+me|at|@|for|-|goes\s+for|"
    r"going\s+for|selling\s+for|sells\s+for)\s*)*$",
    re.IGNORECASE,
)
_PRICE_THEN_AMOUNT = re.compile(r"^\s*(?:bucks|dollars)?\s*(?:for|per|a|an)?\s*$", re.IGNORECASE)


def _amount_priced(question: Question, money: list[Quantity]) -> tuple[Quantity, Quantity] | None:
    """The amount bought and its price when "per gram" after them is the question ("qp for
    $800 per g?", "$60 for 1 quarter per gram"), not the basis of the price: an amount of
    flower stands next to the price, and a price by the gram would leave it unpriced."""
    if len(money) != 1 or money[0].per not in (None, "g"):
        return None
    cost, text = money[0], question.text
    masses = [
        q
        for q in question.find("mass")
        if q.per in (None, "g") and q.unit in _MASS_UNITS and q.unit not in ("g", "mg")
    ]
    for amount in masses:
        before = amount.end <= cost.start and _AMOUNT_THEN_PRICE.match(
            text[amount.end : cost.start]
        )
        after = cost.end <= amount.start and _PRICE_THEN_AMOUNT.match(text[cost.end : amount.start])
        if (before and (cost.per == "g" or amount.per == "g")) or (after and amount.per == "g"):
            return amount, cost
    return None


def _prices_beside_amounts(question: Question) -> list[Quantity]:
    """ "3 zips 550 per gram", "1800 for a pound, per gram?": a bare number written next to an
    amount of flower, in a question about the price per gram, is what the amount costs."""
    text = question.text
    masses = [q for q in question.find("mass") if q.unit in _MASS_UNITS]
    found = []
    # "550 per gram" reads as a count of grams; beside an amount it is the amount's price
    counted = [q for q in question.find("count") if q.per in _MASS_UNITS]
    for number in [*question.find("number"), *counted]:
        if number.value <= 0 or number.cannabinoid:
            continue
        beside = any(
            (m.end <= number.start and _AMOUNT_THEN_PRICE.match(text[m.end : number.start]))
            or (
                number.end <= m.start
                and re.match(r"^\s*(?:bucks|dollars)?\s*for\s*$", text[number.end : m.start], re.I)
            )
            for m in masses
        )
        if beside:
            found.append(
                replace(number, kind="money", unit="$", noun=None, text=f"${number.value:g}")
            )
    return found


def _per_eighth_if_asked(question: Question, priced: Calculation) -> Calculation:
    """ "price per eighth": the eighth's price (3.5 g) as the result, not the gram's."""
    if not question.says(r"(?:per|an?|each|for\s+an?)\s+eighth|eighth\s+price"):
        return priced
    value = priced.details["per_eighth"]
    return replace(
        priced,
        value=value,
        unit="$/eighth",
        summary=f"${fmt(value, 4)} per eighth (3.5 g). {priced.summary}",
    )


def _trade_mass(question: Question, unit: str) -> str:
    return "trade_oz" if unit == "oz" and question.says(r"zip|trade") else unit


# "the pound is $1,800", "by the zip": one of the trade's amounts, named without a number.
_ASKED_AMOUNT_NAMED = re.compile(r"\b(?:the|a|by\s+the)\s+(pound|lb|kilo|zip)\b", re.I)
_NAMED_UNITS = {"pound": "lb", "lb": "lb", "kilo": "kg", "zip": "trade_oz"}


def _asked_gram(question: Question, mass: Quantity) -> bool:
    """ "what does a gram run", "a gram costs": the one gram priced is the question asked."""
    return (
        mass.value == 1
        and mass.unit == "g"
        and bool(re.match(r"\s*(?:costs?|runs?|go(?:es)?\s+for|comes?\s+(?:to|out))\b",
                          question.text[mass.end :], re.I)
                 or (re.search(r"\bwhat(?:'?s|\s+is)\s*$", question.text[: mass.start], re.I)
                     and re.match(r"\s*(?:[?.!]|$)", question.text[mass.end :])))
    )  # fmt: skip
