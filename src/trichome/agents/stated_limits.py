"""A purchase limit the user states in the question ("our limit is 28 g of flower a visit",
"1 g of concentrate counts as 4 g of flower"), read instead of a state's table; the
remaining amount is worked by `purchase_limits.remaining` as for a state's limit."""

from __future__ import annotations

import re
from collections.abc import Callable

from trichome.agents import purchase_limits as limits
from trichome.agents.calculation_questions import Question

CONCENTRATE_WORDS = (
    r"concentrates?|shatter|wax|dabs?|rosin|resin|budder|badder|sauce|diamonds?|"
    r"distill?ate|disty|carts?|cartridges?|vapes?|kief|hash|extracts?|crumble|live\s+resin"
)
PRODUCT_WORDS = (
    r"edibles?|gumm(?:y|ies)|chocolates?|products?|infused|tinctures?|drinks?|beverages?|"
    r"cookies?|brownies?|mints?|candies|candy|chews?|bars?|packs?|packages?|capsules?|"
    r"tablets?|seltzers?|sodas?|cans?"
)


# "1 g of concentrate counts as 4 g of flower", "a gram of wax = 4 g flower": the weights
# the user's limit holds equal.
COUNTS_AS = re.compile(
    rf"(?P<part>[\d.]+)\s*g\s+(?:of\s+)?(?:(?P<concentrate>{CONCENTRATE_WORDS})|(?:[a-z]+\s+)?)"
    r"\s*(?:counts?\s+(?:as|for)|(?:is|=|equals?)(?:\s+equal\s+to)?)\s*(?P<whole>[\d.]+)\s*g\b"
    r"(?:\s+(?:of\s+)?(?:flower|bud|dried))?",
    re.IGNORECASE,
)


def stated_limit(
    question: Question, kind_named: Callable[[str], str | None]
) -> limits.PurchaseLimit | None:
    """The limit the user states in grams of flower ("our limit is 28 g of flower a visit"),
    with what a gram of concentrate counts as when they say it; None when none is stated."""
    figures = [
        q
        for q in question.find("mass", unit="g")
        if "limit" in q.tags
        and kind_named(re.split(r"[,.;:?!]", question.text[q.end : q.end + 30])[0])
        in (None, limits.FLOWER)
    ]
    if len({q.value for q in figures}) != 1:
        return None
    grams = figures[0].value
    question.use(figures[0])
    amounts = {limits.FLOWER: grams}
    ratio = COUNTS_AS.search(question.text)
    if ratio is not None and ratio.group("concentrate") and float(ratio.group("whole")) > 0:
        amounts[limits.CONCENTRATE] = (
            grams * float(ratio.group("part")) / float(ratio.group("whole"))
        )
    return limits.PurchaseLimit(
        "the buyer",
        amounts,
        shared=len(amounts) > 1,
        source="the limit you stated",
    )
