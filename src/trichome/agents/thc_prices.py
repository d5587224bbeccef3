"""The price of the THC itself: "$40 for a 100 mg pack, price per mg?", "what's the cost per
milligram on a $25 tin of 50 mg gummies". The price is divided by the THC it buys, in mg
(or in g of THC when a gram is asked), converted by `units`."""

from __future__ import annotations

import re

from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.calculation_questions import Question, ask, one, piece_counts
from trichome.agents.calculators import Calculation, fmt, positive

# "price per mg", "cost/mg", "$ a milligram", "per mg of thc", "per gram of thc"
_PER_MG = re.compile(
    r"(?:\bper|\ba|/|\beach)\s*(?:mg|milligram)s?\b(?!\s*(?:/|per\b))|\$\s*/\s*mg\b",
    re.IGNORECASE,
)
_PER_GRAM_OF_THC = re.compile(r"\bper\s+(?:g|gram)\s+of\s+(?:thc|cbd)\b", re.IGNORECASE)


def price_per_thc(question: Question) -> Calculation | None:
    """Price per mg (or per gram) of THC from a price and the THC it buys; None when the
    question asks no such price.

    Raises:
        MissingInput: the price or the THC it buys is not given.
    """
    per_gram = bool(_PER_GRAM_OF_THC.search(question.text))
    if not (per_gram or _PER_MG.search(question.text)):
        return None
    if not question.says(r"\$|\bprice|\bcost|\bpaid|\bpay|\bdollars?|\bbucks|\bvalue|\bdeal"):
        return None
    money = question.find("money")
    thc = [
        q
        for q in question.find("mass", per=(None, "package", "piece"))
        if q.unit == "mg" or re.match(r"\s*(?:of\s+)?(?:thc|cbd)\b", question.text[q.end :], re.I)
    ]
    if not money:
        raise ask(question, needs.PRICE)
    if not thc:
        raise ask(question, needs.PACKAGE_THC)
    paid = one(question, money[:1], "the price")
    bought = one(question, thc, "the THC it buys")
    assert paid is not None and bought is not None
    amount = bought.value
    if bought.per == "piece" and paid.per == "package":
        # "10 mg gummies, 20 per bag, $40 a bag": the bag's THC is the pieces' together
        counts = [c for c in piece_counts(question) if c.value > 1]
        if len(counts) != 1:
            raise ask(question, needs.PACKAGE_PIECES)
        question.use(counts[0])
        amount *= counts[0].value
    return price_per_amount_of_thc(paid.value, amount, bought.unit, "g" if per_gram else "mg")


def price_per_amount_of_thc(price: float, amount: float, unit: str, per: str) -> Calculation:
    """Dollars per mg (or g) of THC.

    Raises:
        CalculationError: a non-positive price or amount.
    """
    positive("the price", price)
    positive("the THC bought", amount)
    held = units.convert(amount, unit, per)
    rate = price / held
    steps = []
    if units.canonical(unit) != per:
        steps.append(f"{fmt(amount, 4)} {units.label(unit)} = {fmt(held, 4)} {per}")
    steps.append(f"${fmt(price)} ÷ {fmt(held, 4)} {per} = ${fmt(rate, 4)} per {per} of THC")
    return Calculation(
        "price_per_thc",
        rate,
        f"$/{per} THC",
        f"${fmt(price)} for {fmt(held, 4)} {per} of THC is ${fmt(rate, 4)} per {per} of THC.",
        tuple(steps),
        details={"per_mg": price / units.convert(amount, unit, "mg")},
        formula=f"$/{per} = price ÷ {per} of THC",
        inputs=(f"price: ${fmt(price)}", f"THC bought: {fmt(amount, 4)} {units.label(unit)}"),
        assumptions=("the THC is what the label states",),
    )
