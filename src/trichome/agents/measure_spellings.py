"""Kitchen spoon measures written one way before a question's quantities are read.

People type "teaspon", "tea spoon", "tblsp", "tbls" or "tsps"; the readers know "tsp",
"tbsp", "teaspoon(s)" and "tablespoon(s)". Each spelling `units.kitchen_measure` tolerates is
written as the measure's abbreviation, so every reader (the kitchen infusion, a drink's
strength, a recipe to scale) reads the measure the user meant and answers in it.
"""

from __future__ import annotations

import re

from trichome.agents.units import kitchen_measure

# A word that may be a spoon measure: one word starting with "t" (the abbreviations and the
# misspelt names), or the names split in two ("tea spoon", "table spoons").
_CANDIDATE = re.compile(r"\b(?:(?:tea|table)\s+spo+n\w*|t[a-z]{2,13})\b", re.IGNORECASE)
# Spellings every reader already knows: left as written.
_KNOWN = frozenset({"tsp", "tbsp", "teaspoon", "teaspoons", "tablespoon", "tablespoons"})


def spoon_measures(text: str) -> str:
    """The text with each misspelt or unusual spoon measure written "tsp" or "tbsp"."""
    return _CANDIDATE.sub(_written, text)


def _written(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.lower() in _KNOWN:
        return word
    return kitchen_measure(word) or word
