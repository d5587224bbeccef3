"""What a question asks that a fact must state to answer it, beyond sharing its words.

A market price ("what's the average wholesale price per pound in New Jersey?") is
answered only by a fact that gives a price; a fact on the same state's excise fee shares
"wholesale" and "price" with it but answers a different question, and citing it would
dress a neighbour up as the answer. With no fact stating the thing asked, the question is
admitted and its regulator named.
"""

from __future__ import annotations

import re
from functools import lru_cache

# A going market price: an average, a current or typical price, what something sells for.
_ASKS_MARKET_PRICE = re.compile(
    r"\b(?:average|avg|going|typical|current|usual|median|market)\s+(?:wholesale\s+|retail\s+|"
    r"bulk\s+|market\s+)?(?:price|rate|cost)s?\b|"
    r"\b(?:wholesale|bulk)\s+(?:price|rate)s?\b.{0,40}\b(?:right now|today|currently|these days|"
    r"this (?:week|month|year))\b|"
    r"\bwhat(?:'s|s| is| are)?\s+(?:[\w-]+\s+){1,4}?(?:selling|going)\s+for\b",
    re.IGNORECASE,
)
# A rule about prices is not a market price: a floor, a cap, a tax or a markup set by law.
_PRICE_RULE = re.compile(
    r"\b(?:minimum|maximum|floor|cap|tax(?:es)?|excise|markup|mark-up|fee|levy)\b",
    re.IGNORECASE,
)
# A price stated in money: "$1,200 per pound", "2,000 dollars".
_GIVES_PRICE = re.compile(
    r"(?:[$€£]|\bUS\$|\bC\$|\bCA\$)\s?\d|\b\d[\d,.]*\s?(?:dollars|usd|cad)\b", re.IGNORECASE
)


@lru_cache(maxsize=256)
def asks_market_price(question: str) -> bool:
    """Whether the question asks what something sells for on the market, not a price rule."""
    return bool(_ASKS_MARKET_PRICE.search(question)) and not _PRICE_RULE.search(question)


def gives_market_price(text: str) -> bool:
    """Whether a fact states a price in money that no tax, fee, floor or cap sets."""
    return bool(_GIVES_PRICE.search(text)) and not _PRICE_RULE.search(text)
