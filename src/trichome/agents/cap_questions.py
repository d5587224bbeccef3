"""A cap asked for, with a product's numbers only as its background.

"we sell hemp gummies, 10mg each, 10 per bag. the new federal definition has a per
container cap, what is it?" carries a dose and a count, but asks the rule's figure: worked
out as "10 pieces × 10 mg = 100 mg" or "10 servings", it answers a question no one asked.
"Does our bag pass the cap?" or "how many servings is that?" asks a sum, and stays one.
"""

from __future__ import annotations

import re

# "what is the cap", "what's that limit", "how much is the per container cap"; not "what's
# the max thc in the butter", which asks what a recipe holds
_ASKS_THE_CAP = re.compile(
    r"\bwhat(?:'s|s|\s+is|\s+are)?\s+(?:the|that|this|their|its)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:cap|limit)s?\b(?!\s+(?:check|math))|"
    r"\bhow\s+(?:much|many\s+mg)\s+(?:is|are)\s+(?:the|that)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:cap|limit)s?\b",
    re.IGNORECASE,
)
# A sum asked beside it: whether the product passes, how many servings or mg it holds.
_ASKS_A_SUM = re.compile(
    r"\b(?:is|are|does|do|would|will)\s+(?:it|that|this|ours?|we|they|these|those|the\s+"
    r"(?:bag|pack|package|pouch|jar|gummies|product))\b[^.?!]{0,30}\b(?:pass|over|under|within|"
    r"ok|okay|compliant|legal|allowed|fine|clear|meet)|\bhow\s+many\b|\btotal\b|"
    r"\bhow\s+much\s+(?:thc|cbd|mg)\b|\b(?:calculate|work\s+out|figure\s+out)\b",
    re.IGNORECASE,
)


def asks_the_cap(text: str) -> bool:
    """Whether a question asks what a cap or limit is, and no sum beside it."""
    return bool(_ASKS_THE_CAP.search(text)) and not _ASKS_A_SUM.search(text)
