"""Whether a question asks what one piece holds: "how many mg is one piece", "how much thc in
1 gummy", "what's a single mint". The one piece asked about is the unit of the answer, not a
count of pieces made (nor the size of a recipe's batch, "10 pieces ... 1 piece")."""

from __future__ import annotations

import re

from trichome.agents.quantities import Quantity

# The words that ask a piece's content, just before "1 piece" / "a gummy" / "each chew":
# "how many mg is", "how much thc in", "how strong is", "what's", "what does ... have in".
_ASKING = (
    r"(?:\bhow\s+(?:much|many|strong)\b(?:\s+(?:mgs?|milligrams?|thc|cbd|cbn|cbg|of\s+(?:it|that)))*"
    r"\s+(?:is|are|in|for|of|per|would\s+be|will\s+be)(?:\s+(?:there|in))?"
    r"|\bwhat(?:'s|s|\s+is|\s+would\s+be|\s+does|\s+do)(?:\s+(?:in|for))?"
    r"|\b(?:mgs?|milligrams|thc|cbd|cbn|cbg)\s+(?:is\s+|are\s+)?(?:in|for|of))"
)
_ASKED_BEFORE = re.compile(rf"{_ASKING}\s+(?:just\s+|only\s+)?(?:a\s+single\s+|a\s+)?$", re.I)
_ONE = r"(?:1|one|a|each|a\s+single|a\s+singular|just\s+(?:1|one|a))"


# After the piece: "1 gummy is how many mg", "one chew = ? mg", "a mint has what".
_ASKED_AFTER = (
    r"\s+(?:is|has|holds|contains|=|comes\s+(?:out\s+)?to)\s*(?:how\s+(?:much|many)|what|\?)"
)


def asks_about_one(text: str, count: Quantity) -> bool:
    """A count of one piece that the question asks the content of ("how many mg is 1 piece",
    "1 gummy is how many mg")."""
    if count.value != 1:
        return False
    before = text[max(0, count.start - 40) : count.start]
    # a count's span is its number alone; its noun follows it
    after = re.compile(rf"\s*{re.escape(count.noun or '')}{_ASKED_AFTER}", re.IGNORECASE)
    return bool(_ASKED_BEFORE.search(before) or after.match(text, count.end))


def asks_one_piece(text: str, stem: str) -> bool:
    """Whether the question asks what one piece (its noun starting `stem`) holds, in any of
    the ways above, or after it ("1 gummy is how many mg", "one chew = ? mg")."""
    return bool(
        re.search(rf"{_ASKING}\s+(?:just\s+|only\s+)?{_ONE}\s+{stem}", text, re.I)
        or re.search(rf"\b{_ONE}\s+{stem}\w*{_ASKED_AFTER}", text, re.I)
    )
