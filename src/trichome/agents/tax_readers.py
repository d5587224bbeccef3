"""Tax on a sale, worked out when the question gives the price and the rate ("$60 of
flower at 15% excise, what's the total?"). A question that names a state but no rate is
answered from the state's sourced rate instead (`tax_math`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from trichome.agents.calculation_questions import Question, one
from trichome.agents.calculators import Calculation, CalculationError, fmt, positive
from trichome.agents.quantities import read
from trichome.agents.tax_stacking import STACKED, stacked_tax
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage

if TYPE_CHECKING:  # the calculation requests read these tax questions
    from trichome.agents.calculation_requests import RecognisedCalculation

# The words of a tax question: a rate applied to a sale.
TAX_WORDS = r"\btax(?:es|ed)?\b|\bexcise\b|\bvat\b|\b[gph]st\b"


def money(value: float) -> str:
    """Dollars and cents: "$9.00", "$1,234.50"."""
    return f"${value:,.2f}"


def sales_tax(price: float, rates: list[float]) -> Calculation:
    """Each rate applied to the pre-tax price, and the total the buyer pays.

    Raises:
        CalculationError: a price that is not positive, or a rate outside 0-100%.
    """
    positive("the price", price)
    for rate in rates:
        if not 0 < rate < 100:
            raise CalculationError(f"A tax rate of {fmt(rate)}% is not one I can apply.")
    taxes = [price * rate / 100 for rate in rates]
    total = price + sum(taxes)
    steps = [
        f"{money(price)} × {fmt(rate)}% = {money(tax)}"
        for rate, tax in zip(rates, taxes, strict=True)
    ]
    steps.append(" + ".join([money(price), *(money(tax) for tax in taxes)]) + f" = {money(total)}")
    named = " and ".join(f"{fmt(rate)}%" for rate in rates)
    summary = (
        f"The tax at {named} on {money(price)} is {money(sum(taxes))}, so the buyer pays "
        f"{money(total)} in all."
    )
    return Calculation(
        "sales_tax",
        total,
        "$",
        summary,
        tuple(steps),
        details={"tax": sum(taxes), "price": price},
        formula="tax = price × rate; total = price + tax",
        inputs=(f"price before tax: {money(price)}", *(f"rate: {fmt(r)}%" for r in rates)),
        assumptions=(
            "each rate is charged on the pre-tax price; where one tax is charged on a price "
            "that already includes another, or the tax is included in the shelf price, the "
            "figures differ",
        ),
    )


def tax(question: Question) -> Calculation | None:
    """The tax and total on a price, when the question gives both a price and a rate."""
    if not question.says(TAX_WORDS):
        return None
    prices = question.find("money")
    rates = question.find("percent")
    if not prices or not rates:
        return None
    price = one(question, prices, "the price before tax")
    assert price is not None
    question.use(*rates)
    if len(rates) > 1 and STACKED.search(question.text):
        return stacked_tax(price.value, [q.value for q in rates])
    return sales_tax(price.value, list(dict.fromkeys(q.value for q in rates)))


# A rate alone in a fact's unit ("% of retail sales price"): one figure, no tiers.
_ONE_RATE = re.compile(r"^\s*%(?!.*%)")
_ASIDE = re.compile(r"\([^)]*\)")
# A rate charged before the shop's sale: not one to apply to the price a buyer pays.
_NOT_AT_RETAIL = re.compile(
    r"\b(?:wholesale|cultivator|first sale|producer|grower|transfer)", re.IGNORECASE
)


def asked_price(text: str) -> float | None:
    """The price a tax question gives ("$60 pre-tax eighth"), when it asks about tax and
    gives exactly one price."""
    if not re.search(TAX_WORDS, text, re.IGNORECASE):
        return None
    prices = {q.value for q in read(text) if q.kind == "money"}
    return prices.pop() if len(prices) == 1 else None


def worked_on_price(fact: Fact, price: float, question: str = "") -> str | None:
    """The fact's tax rate applied to the asked price, as the answer's first sentence; None
    when the fact gives no single rate (tiers). A question asking several of the taxes the
    fact names together ("the two excise taxes together") gets their sum."""
    # "% state marijuana excise (plus 6.25% state sales tax ...)": the value is the named
    # tax; the others stacked on the sale are only mentioned beside it.
    unit = _ASIDE.sub("", fact.unit or "")
    if fact.value is None or not _ONE_RATE.match(unit) or _NOT_AT_RETAIL.search(unit):
        return None
    rate = float(fact.value)
    if not 0 < rate < 100:
        return None
    where = f"{fact.jurisdiction_name}'s " if fact.jurisdiction_name else "the "
    named = unit.strip().lstrip("%").strip(" ,;")
    what = named if re.search(TAX_WORDS, named, re.IGNORECASE) else "rate"
    together = _together(named, rate, fact.unit or "", question)
    if together:
        rates = [value for value, _ in together]
        owed = price * sum(rates) / 100
        labels = " and ".join(f"{fmt(value)}% {label}" for value, label in together)
        return (
            f"On {money(price)}, {where}{labels} together come to {money(owed)} "
            f"({money(price)} × {' + '.join(f'{fmt(r)}%' for r in rates)}), "
            f"{money(price + owed)} with them, before any other tax on the sale."
        )
    owed = price * rate / 100
    return (
        f"On {money(price)}, {where}{fmt(rate)}% {what} comes to {money(owed)} "
        f"({money(price)} × {fmt(rate)}%), {money(price + owed)} with it, before any other "
        "tax on the sale."
    )


# "(plus 7% state sales tax and 3% local cannabis excise)": the taxes stacked beside it.
_STACKED = re.compile(r"(?<!up to )(\d+(?:\.\d+)?)% ([a-z][a-z -]*?)(?= and\b|,|\)|$)")
_BOTH = re.compile(r"\b(?:both|two|together|combined|added up|sum)\b", re.IGNORECASE)


def _together(named: str, rate: float, unit: str, question: str) -> list[tuple[float, str]]:
    """The taxes a question asks summed: those of the kind it names ("excise") when it asks
    them together and the fact states more than one of that kind at a fixed rate."""
    if not _BOTH.search(question):
        return []
    stacked = [(rate, named)] + [
        (float(value), label.strip()) for value, label in _STACKED.findall(unit.split("(", 1)[-1])
    ]
    for kind in ("excise", "sales tax"):
        if kind in question.lower():
            chosen = [(value, label) for value, label in stacked if kind in label.lower()]
            return chosen if len(chosen) > 1 else []
    return []


def sourced_tax_answers(
    calculation: RecognisedCalculation | None, passages: Sequence[Passage], state: str | None
) -> bool:
    """Whether a bare sales-tax sum should give way to the named state's sourced tax rule:
    "how does delaware want fractional cents handled on the 15% tax? $33.33 item" asks the
    rule (rounding, what is taxed), and the rule's fact works the price out with its rate."""
    worked = calculation.calculation if calculation is not None else None
    return (
        worked is not None
        and worked.name == "sales_tax"
        and state is not None
        and any(p.fact.topic == "tax" and p.fact.jurisdiction == state for p in passages)
    )
