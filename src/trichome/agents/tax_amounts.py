"""What a tax question asks for: the tax alone ("what's the excise on a $45 eighth at 10%")
or the total the buyer pays ("$45 eighth plus 15% excise, total?"), and the sale's amount
asked for when only the rate is given ("what's the excise on this sale at 15%").

A tax named as what is asked, with no word of a total, is the tax's amount; the total with
it is said beside it. Any word of what the buyer pays ("total", "out the door", "at the
register", "what do they pay") keeps the total as the answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation, fmt

# "what's the excise on", "how much tax is that", "how many dollars of excise", "the excise
# comes to", "excise in dollars", "excise amount": the tax itself named as what is asked.
_TAX_ASKED = re.compile(
    r"\b(?:what(?:'?s|\s+is|\s+would\s+be|\s+will\s+be)|how\s+much(?:\s+is)?|"
    r"how\s+many\s+dollars(?:\s+of|\s+in)?|figure|calculate|work\s+out)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?:[a-z]+\s+){0,2}(?:tax(?:es)?|excise)\b(?!\s+rate)|"
    r"\b(?:tax(?:es)?|excise)\s+(?:amount|alone|only|itself|in\s+dollars|owed|due|comes?\s+to)\b|"
    r"\bhow\s+much\s+(?:\w+\s+){0,2}(?:tax(?:es)?|excise)\b|"
    r"\bwhat\s+(?:would|will|does|did)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}(?:tax(?:es)?|excise)\s+"
    r"(?:be|come\s+to|cost)\b",
    re.IGNORECASE,
)
# Words asking what the buyer pays with the tax in it.
_TOTAL_ASKED = re.compile(
    r"\btotal\b|\bout\s+the\s+door\b|\bregister\b|\ball[- ]in\b|\bafter\s+tax|\bwith\s+(?:the\s+)?"
    r"tax|\b(?:do|does|will|would|should)\s+(?:they|he|she|i|we|you|the\s+\w+)\s+(?:pay|owe)\b|"
    r"\b(?:pays?|paying|charge\s+(?:them|him|her))\b|\bgrand\b|"
    r"\bwhat\s+(?:does|will|would)\s+(?:it|that|this|the\s+\w+)\s+come\s+to\b",
    re.IGNORECASE,
)
# The question asks a tax's rate, not what it comes to: "what's the excise rate at the
# register", "what percent is the other tax line".
_RATE_ASKED = re.compile(
    r"\b(?:tax|excise)\s+rates?\b|\bwhat\s+(?:percent(?:age)?|%)|\bhow\s+many\s+percent\b",
    re.IGNORECASE,
)
# A sale the question points at without its amount: "this sale", "the order", "his cart".
_SALE_NAMED = re.compile(
    r"\b(?:this|that|the|a|an|his|her|their|my|our)\s+(?:sale|order|purchase|ticket|"
    r"transaction|receipt|basket|cart)\b|\bon\s+(?:it|this|that)\b|"
    # "ringing up an eighth", "selling him a cart": an item being sold is the sale
    r"\b(?:ring(?:ing|s)?|rang|rung)\s+(?:up|out)\b|\b(?:selling|checking\s+out)\s+(?:\w+\s+)?"
    r"(?:an?|one|the|1|this|that)\b",
    re.IGNORECASE,
)


def tax_alone(question: Question, worked: Calculation, rates: Sequence[float]) -> Calculation:
    """`worked` (a tax at `rates` and its total) as the tax's amount when the tax itself is
    what the question asks; unchanged when it asks what the buyer pays. Its name stays, so a
    state's sourced rule still takes over a bare sum where it applies."""
    if (
        "tax" not in worked.details
        or not _TAX_ASKED.search(question.text)
        or _TOTAL_ASKED.search(question.text)
    ):
        return worked
    owed = worked.details["tax"]
    named = re.search(r"\bexcise\b|\bsales\s+tax\b", question.text, re.IGNORECASE)
    word = named.group(0).lower() if named else "tax"
    on = f" on ${worked.details['price']:,.2f}" if "price" in worked.details else ""
    at = " and ".join(f"{fmt(rate)}%" for rate in rates)
    return replace(
        worked,
        value=owed,
        summary=f"The {word} at {at}{on} is ${owed:,.2f}; with it the buyer pays "
        f"${worked.value:,.2f}.",
        details={**worked.details, "total": worked.value},
    )


def sale_amount_missing(question: Question) -> None:
    """A tax rate given for a sale whose amount is not ("what's the excise on this sale at
    15%"): the amount is asked for. A rate of a state named without a sale is left to the
    state's sourced tax facts.

    Raises:
        MissingInput: a rate and a sale pointed at, but no amount.
    """
    rates = [q for q in question.find("percent") if q.cannabinoid is None]
    if not rates or question.find("money") or not _SALE_NAMED.search(question.text):
        return
    if _RATE_ASKED.search(question.text):
        return  # "6% sales tax on the receipt, what's the excise rate?": a rate, not an amount
    if _TAX_ASKED.search(question.text) or _TOTAL_ASKED.search(question.text):
        raise ask(question, needs.SALE_AMOUNT)
