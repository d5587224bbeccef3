"""The price of the THC itself: "$40 for a 100 mg pack, price per mg?", "what's the cost per
milligram on a $25 tin of 50 mg gummies", "a 0.5 g cart at 90% for $35, per mg of thc?". The
price is divided by the THC it buys, in mg (or in g of THC when a gram is asked), converted
by `units`; a product's weight at a stated potency holds weight x potency of THC."""

from __future__ import annotations

import re

from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.calculation_questions import (
    Question,
    ask,
    one,
    piece_counts,
    potency_readings,
)
from trichome.agents.calculators import Calculation, fmt, positive
from trichome.agents.quantities import Quantity

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
        product = _product_at_potency(question)
        if product is None:
            raise ask(question, needs.PACKAGE_THC)
        weight, potency = product
        paid = one(question, money[:1], "the price")
        assert paid is not None
        question.use(weight, potency)
        return price_per_amount_of_thc(
            paid.value,
            units.convert(weight.value, weight.unit, "mg") * potency.value / 100,
            "mg",
            "g" if per_gram else "mg",
            product=f"{weight.text} at {fmt(potency.value, 4)}% THC",
        )
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


def _product_at_potency(question: Question) -> tuple[Quantity, Quantity] | None:
    """The product's weight and its THC potency, when the question gives one of each and no
    THC amount ("0.5g cart at 90% thc"); None otherwise."""
    # one piece's weight ("a 0.5 gram cart") prices that piece, unless pieces are counted
    per = (None, "package") if any(c.value > 1 for c in piece_counts(question)) else None
    weights = [
        q
        for q in question.find("mass", per=per or (None, "package", "piece"))
        if units.canonical(q.unit) != "mg" and q.high is None
    ]
    potencies = potency_readings(question)
    if len(weights) != 1 or len(potencies) != 1 or potencies[0].high is not None:
        return None
    return weights[0], potencies[0]


def price_per_amount_of_thc(
    price: float, amount: float, unit: str, per: str, product: str | None = None
) -> Calculation:
    """Dollars per mg (or g) of THC; `product` names the weight and potency the THC was
    worked out from, when it was.

    Raises:
        CalculationError: a non-positive price or amount.
    """
    positive("the price", price)
    positive("the THC bought", amount)
    held = units.convert(amount, unit, per)
    rate = price / held
    steps = [f"{product} = {fmt(amount, 4)} {units.label(unit)} of THC"] if product else []
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
        inputs=(
            f"price: ${fmt(price)}",
            f"THC bought: {product + ' = ' if product else ''}{fmt(amount, 4)} {units.label(unit)}",
        ),
        assumptions=(
            "the THC is what the label states"
            + ("; the potency is of the whole weight paid for" if product else ""),
        ),
    )
