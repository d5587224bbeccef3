"""A purchase limit the user states in the question ("our limit is 28 g of flower a visit",
"1 g of concentrate counts as 4 g of flower"), read instead of a state's table; the
remaining amount is worked by `purchase_limits.remaining` as for a state's limit."""

from __future__ import annotations

import re
from collections.abc import Callable

from trichome.agents import purchase_limits as limits
from trichome.agents.calculation_questions import Question
from trichome.agents.quantities import Quantity

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
    rf"(?:\b(?P<lead>{CONCENTRATE_WORDS})\s+(?:counts?(?:\s+as)?\s*:?\s*|(?:is|are)\s+)?)?"
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
        (q, kind)
        for q in question.find("mass", unit="g")
        if "limit" in q.tags
        and (kind := _limit_kind(question, q, kind_named))
        in (None, limits.FLOWER, limits.CONCENTRATE)
    ]
    if len({q.value for q, _ in figures}) != 1:
        return None
    grams = figures[0][0].value
    question.use(figures[0][0])
    if figures[0][1] == limits.CONCENTRATE:  # "concentrate limit is 8 g": that kind's own
        return limits.PurchaseLimit(
            "the buyer", {limits.CONCENTRATE: grams}, shared=False, source="the limit you stated"
        )
    amounts = {limits.FLOWER: grams}
    ratio = COUNTS_AS.search(question.text)
    if (
        ratio is not None
        and (ratio.group("concentrate") or ratio.group("lead"))
        and float(ratio.group("whole")) > 0
    ):
        amounts[limits.CONCENTRATE] = (
            grams * float(ratio.group("part")) / float(ratio.group("whole"))
        )
    return limits.PurchaseLimit(
        "the buyer",
        amounts,
        shared=len(amounts) > 1,
        source="the limit you stated",
    )


def _limit_kind(
    question: Question, figure: Quantity, kind_named: Callable[[str], str | None]
) -> str | None:
    """The kind a limit's figure is of: named after it ("28 g of flower"), or else before it
    in its clause ("concentrate limit is 8 g")."""
    after = kind_named(re.split(r"[,.;:?!]", question.text[figure.end : figure.end + 30])[0])
    if after is not None:
        return after
    before = re.split(r"[,.;:?!]", question.text[max(0, figure.start - 30) : figure.start])[-1]
    return kind_named(before)
