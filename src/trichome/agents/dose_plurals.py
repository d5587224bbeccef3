"""Doses named by their milligrams alone ("how many 5s in a 100mg bar", "how many 10's can i
cut it into"): beside an amount in mg, a "5" is a 5 mg serving, written out before the
quantities are read."""

from __future__ import annotations

import re

_DOSE_PLURAL = re.compile(
    r"\b(how\s+many|number\s+of)\s+(\d+(?:\.\d+)?)\s*'?s\b(?!\s*(?:of|bags?|jars?)\b)",
    re.IGNORECASE,
)
_MILLIGRAMS = re.compile(r"\d\s*mgs?\b|milligrams?\b", re.IGNORECASE)


def dose_plurals(text: str) -> str:
    """The text with "how many 5s" written "how many 5 mg servings" when it speaks of mg."""
    if not _MILLIGRAMS.search(text):
        return text  # "how many 3.5s out of a zip": bags by their grams, not doses
    return _DOSE_PLURAL.sub(lambda m: f"{m.group(1)} {m.group(2)} mg servings", text)
