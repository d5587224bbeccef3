"""Tax on a sale, worked out when the question gives the price and the rate ("$60 of
flower at 15% excise, what's the total?"). A question that names a state but no rate is
answered from the state's sourced rate instead (`tax_math`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from trichome.agents.calculation_questions import Question, one
from trichome.agents.calculators import Calculation, CalculationError, fmt, positive
from trichome.agents.normalising import normalise
from trichome.agents.potency_brackets import bracket_for, stated_potency
from trichome.agents.quantities import read
from trichome.agents.tax_amounts import sale_amount_missing, tax_alone
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
    if not prices:
        sale_amount_missing(question)  # "what's the excise on this sale at 15%"
        return None
    if not rates:
        return None
    price = one(question, prices, "the price before tax")
    assert price is not None
    question.use(*rates)
    values = list(dict.fromkeys(q.value for q in rates))
    if len(rates) > 1 and STACKED.search(question.text):
        values = [q.value for q in rates]
        return tax_alone(question, stacked_tax(price.value, values), values)
    return tax_alone(question, sales_tax(price.value, values), values)


# A rate alone in a fact's unit ("% of retail sales price"): one figure, no tiers.
_ONE_RATE = re.compile(r"^\s*%(?!.*%)")
_ASIDE = re.compile(r"\([^)]*\)")
# A tier named by its bound alone ("above 35% THC").
_BOUND_FIRST = re.compile(r"(?:at or )?(?:above|over|below|under|more than|less than)\b")
# A rate charged before the shop's sale: not one to apply to the price a buyer pays.
_NOT_AT_RETAIL = re.compile(
    r"\b(?:wholesale|cultivator|first sale|producer|grower|transfer)", re.IGNORECASE
)


def asked_price(text: str) -> float | None:
    """The price a tax question gives ("$60 pre-tax eighth"), when it asks about tax and
    gives exactly one price."""
    if not re.search(TAX_WORDS, text, re.IGNORECASE):
        return None
    if _TAX_COLLECTED.search(text):
        return None  # "we collected $18,400 of that tax": the sum is tax, not a price
    # read as the calculators read ("$18,400" is one amount, not $18 and 400)
    prices = {q.value for q in read(normalise(text)) if q.kind == "money"}
    return prices.pop() if len(prices) == 1 else None


# An amount of tax already collected or owed, which no rate is applied to.
_TAX_COLLECTED = re.compile(
    r"\b(?:collected|remitted|owe|paid)\s+(?:about\s+|around\s+)?\$?[\d,.]+k?\s+"
    r"(?:of|in)\s+(?:that\s+|the\s+|our\s+)?(?:state\s+|local\s+|excise\s+|sales\s+)*tax",
    re.IGNORECASE,
)


def worked_on_price(
    fact: Fact, price: float, question: str = "", turns: Sequence[str] = ()
) -> str | None:
    """The fact's tax rate applied to the asked price, as the answer's first sentence; None
    when the fact gives no single rate, nor a tier for the product the conversation names
    (`turns`, the user's, oldest first). A question asking several of the taxes the fact
    names together ("the two excise taxes together", "the total tax") gets their sum."""
    # "% state marijuana excise (plus 6.25% state sales tax ...)": the value is the named
    # tax; the others stacked on the sale are only mentioned beside it.
    unit = _ASIDE.sub("", fact.unit or "")
    if fact.value is None or _NOT_AT_RETAIL.search(unit):
        return None
    rate = float(fact.value)
    named = unit.strip().lstrip("%").strip(" ,;")
    potency = None
    if not _ONE_RATE.match(unit):
        tier = _tier_for_product(fact.unit or "", (*turns, question))
        # "a product at 34% THC": the potency stated picks the bracket
        potency = stated_potency((*turns, question)) if tier is None else None
        bracket = bracket_for(fact, potency) if potency is not None else None
        if bracket is not None:
            tier = (bracket.rate, bracket.words)
        tier = tier or _tier_at_stated_rate(fact, rate, unit, question)
        if tier is None:
            return None
        rate, named = tier
    if not 0 < rate < 100:
        return None
    if _BOUND_FIRST.match(named):
        named = f"products {named}"  # "above 35% THC" is said of the products taxed
    where = f"{fact.jurisdiction_name}'s " if fact.jurisdiction_name else "the "
    what = named if re.search(TAX_WORDS, named, re.IGNORECASE) else "rate"
    if what == "rate" and named:
        what = f"rate on {named}"  # "20% rate on infused products"
    together, left_out = _together(named, rate, fact.unit or "", question)
    if together:
        rates = [value for value, _ in together]
        owed = price * sum(rates) / 100
        labels = _listed(
            [f"{fmt(value)}% {label} ({money(price * value / 100)})" for value, label in together]
        )
        after = (
            f". {left_out[0].upper()}{left_out[1:]} comes on top where it is levied."
            if left_out
            else ", before any other tax on the sale."
        )
        return (
            f"On {money(price)}, {where}{labels} together come to {money(owed)} "
            f"({money(price)} × ({' + '.join(f'{fmt(r)}%' for r in rates)})), "
            f"{money(price + owed)} with them{after}"
        )
    owed = price * rate / 100
    at = f"At {fmt(potency)}% THC, on" if potency is not None else "On"
    return (
        f"{at} {money(price)}, {where}{fmt(rate)}% {what} comes to {money(owed)} "
        f"({money(price)} × {fmt(rate)}%), {money(price + owed)} with it, before any other "
        "tax on the sale."
    )


def _tier_at_stated_rate(
    fact: Fact, rate: float, unit: str, question: str
) -> tuple[float, str] | None:
    """The tier whose rate the question states ("$100 of flower at 10% excise in illinois"),
    when exactly one of the fact's tiers has it."""
    stated = {float(value) for value in _PERCENT.findall(question)}
    head = unit.strip().lstrip("%").strip(" ,;")
    tiers = [(rate, head)] + [
        (float(value), label.strip()) for value, label in _TIER.findall(fact.unit or "")
    ]
    chosen = [(value, label) for value, label in tiers if value in stated]
    return chosen[0] if len(chosen) == 1 else None


def _listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


# "(20% infused products, 25% above 35% THC)": a tier's rate and what it is charged on.
_TIER = re.compile(r"(\d+(?:\.\d+)?)% ([^,;()]+)")
# The infused forms a buyer names ("an $80 tin of gummies") and the tier's words for them.
_INFUSED_ASKED = re.compile(
    r"\b(?:gumm(?:y|ies)|edibles?|chocolates?|cookies?|brownies?|cand(?:y|ies)|chews?|"
    r"beverages?|drinks?|sodas?|seltzers?|tinctures?|capsules?|mints?|infused)\b",
    re.IGNORECASE,
)
_INFUSED_TIER = re.compile(r"\binfused\b|\bedibles?\b", re.IGNORECASE)


def _tier_for_product(unit: str, turns: Sequence[str]) -> tuple[float, str] | None:
    """The rate of the fact's tier for the product asked, the latest turn naming a product
    deciding ("ok and the gummies? $80 tin"): an infused product's tier for an edible."""
    tiers = [(float(value), label.strip()) for value, label in _TIER.findall(unit)]
    for turn in reversed(turns):
        if _INFUSED_ASKED.search(turn):
            chosen = [(value, label) for value, label in tiers if _INFUSED_TIER.search(label)]
            return chosen[0] if len(chosen) == 1 else None
    return None


# "(plus 7% state sales tax and 3% local cannabis excise)": the taxes stacked beside it.
_STACKED = re.compile(r"(?<!up to )(\d+(?:\.\d+)?)% ([a-z][a-z -]*?)(?= and\b|,|\)|$)")
# "up to 3% local option tax": a tax whose rate depends on the town.
_UP_TO = re.compile(r"\bup to (\d+(?:\.\d+)?)% ([a-z][a-z -]*?)(?= and\b|,|\)|$)")
_BOTH = re.compile(r"\b(?:both|two|together|combined|added up|sum)\b", re.IGNORECASE)
_SET_ASIDE = re.compile(r"\b(?:before|excluding|not counting|without|pre)[- ](?:the )?"
                        r"(?:sales tax|excise)")  # fmt: skip
# "what's the total tax", "all the taxes on it": every tax the fact stacks on the sale.
_TOTAL = re.compile(
    r"\btotal (?:tax|taxes)\b|\ball (?:the )?taxes\b|\btax(?:es)? all in\b|"
    r"\ball[- ]in tax|\btaxes (?:in total|altogether|combined|together)\b",
    re.IGNORECASE,
)
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.IGNORECASE)


def _together(
    named: str, rate: float, unit: str, question: str
) -> tuple[list[tuple[float, str]], str]:
    """The taxes a question asks summed, and the one left out of them (a town's tax of up to
    a cap whose rate the question does not give): every tax the fact stacks when it asks
    the total, else those of the kind it names ("excise") when it asks them together and
    the fact states more than one of that kind at a fixed rate."""
    aside = unit.split("(", 1)[-1] if "(" in unit else ""
    stacked = [(rate, named)] + [
        (float(value), label.strip()) for value, label in _STACKED.findall(aside)
    ]
    if _BOTH.search(question):
        # "an $80 cart before sales tax": a tax set aside is not the kind asked together
        asked = _SET_ASIDE.sub("", question.lower())
        for kind in ("excise", "sales tax"):
            if kind in asked:
                chosen = [(value, label) for value, label in stacked if kind in label.lower()]
                return (chosen, "") if len(chosen) > 1 else ([], "")
        # "the two tax amounts and the total of both": the fact's two taxes at fixed rates
        if len(stacked) == 2 and not _UP_TO.search(aside):
            return stacked, ""
    if _TOTAL.search(question) and (len(stacked) > 1 or _UP_TO.search(aside)):
        left_out = ""
        stated = [float(value) for value in _PERCENT.findall(question)]
        for cap, label in _UP_TO.findall(aside):
            town = label.split()[0]
            given = [value for value in stated if 0 < value <= float(cap)]
            if given and town.lower() in question.lower():
                stacked.append((given[0], label.strip()))
            else:
                left_out = f"a {label.strip()} of up to {cap}%"
        return (stacked, left_out) if len(stacked) > 1 else ([], "")
    return [], ""


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
