"""Questions that apply a rule to one amount, with nothing to compute: "washington
processor: can 2g of live resin go out in one unit?", "is 1000 mg of thc in a tincture
allowed in california?", "does colorado allow a 10mg serving?".

A calculation needs numbers to compute with. A yes/no asked of a rule about a single amount
is answered by the rule itself (the fact that sets the cap), so the calculators leave it
alone rather than asking for inputs the rule does not use (a potency, a bottle's size).
A cannabinoid's share of a sample ("is 0.25% thca hemp legal?") is not such an amount:
the limit is on a total that is worked out from it, so the readers still take it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.quantities import Quantity

# A yes/no question opens a clause: "can 2g go out ...", "wa: are 2 g jars allowed",
# "in michigan is a 3.5g jar ok".
_YES_NO = re.compile(
    r"(?:^|[,.;:!?()\-]\s*|\b(?:in|for|under)\s+[a-z]+(?:\s+[a-z]+)?\s+)"
    r"(?:\W*(?:so|ok|okay|hey|hi|quick\s+question|question|and|but)\W+)*"
    r"(?:can|could|may|is|are|am|does|do|will|would|should|must)\b(?!\s+(?:you|u)\s+"
    r"(?:work|calculate|figure|compute|tell|give|show|help|do\s+the\s+math|run|convert)\b)",
    re.IGNORECASE,
)
# What a rule decides: whether an amount is allowed, in a unit, a package, a serving, a sale.
_RULE = re.compile(
    r"\b(?:ok|okay|fine|good)\s*[?.!]*\s*$|"
    r"\b(?:allow(?:ed|s)?|legal(?:ly)?|illegal|permitted|permit|compliant|"
    r"complian(?:ce|t)|lawful|cap|capped|limit|max(?:imum)?|rules?|regs?|regulations?|law|"
    r"go\s+out|sell|sold|ship|shipped|transfer|package[ds]?|packag(?:e|ing)|pack|unit|"
    r"serving|container|jar|cart(?:ridge)?|single|one\s+(?:unit|package|pack|serving|item)|"
    r"in\s+one|per\s+(?:unit|package|pack|serving|container))\b",
    re.IGNORECASE,
)
# Anything asked to be worked out, or an amount asked for, makes it a calculation.
_COMPUTES = re.compile(
    r"\bhow\s+(?:many|much|long|often)\b|\bwhat(?:'s|s)?\b|\bwhich\b|\bcalculat|"
    r"\bwork\s+(?:it\s+|that\s+|this\s+)?out\b|\bfigure\b|\bcompute|\bconvert|\btotal\b|"
    r"\bequivalen|\bleft\b|\bremaining\b|\bstill\s+(?:buy|get|have)\b|\bper\s+(?:piece|gummy|"
    r"cookie|chocolate|square|bite)\b|\bmg\s+(?:each|per|a)\b|\beach\b|\bsplit\b|\bdivide\b|"
    # making or filling from an amount is a recipe's question: "can i make gummies from 3.5 g"
    r"\bmak(?:e|ing)\b|\bfill\b|\benough\b|\bget\s+out\s+of\b|\byield",
    re.IGNORECASE,
)


def applies_a_rule(text: str, quantities: Sequence[Quantity]) -> bool:
    """Whether `text` (normalised) asks yes or no of a rule about a single amount, with no
    other number to compute with: the rule's fact answers it, not a calculator."""
    if not _YES_NO.search(text) or not _RULE.search(text) or _COMPUTES.search(text):
        return False
    amounts = [q for q in quantities if _an_amount(q)]
    if len(amounts) != 1:
        return False
    amount = amounts[0]
    # "is 0.25% thca hemp legal?": a COA's share feeds a total that is worked out
    return not (amount.cannabinoid and amount.kind in ("percent", "concentration"))


def _an_amount(quantity: Quantity) -> bool:
    """Whether a quantity is a number to compute with: not "one unit" or "a single" (the
    thing the rule is about), nor a year; a bare number is ("5 100mg packs", "0.33% plus or
    minus 0.04")."""
    if quantity.kind == "other" or (quantity.kind == "count" and quantity.value == 1):
        return False
    if quantity.kind == "number":
        return quantity.value != 1 and not 1900 <= quantity.value <= 2100
    return True
