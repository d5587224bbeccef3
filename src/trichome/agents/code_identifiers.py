"""Code and section identifiers a question names ("280E", "EO 14370", "21a-421j"), and the
general facts listing one as their keyword: the identifier is what the question is about,
however much story ("my cpa keeps saying 280E kills us") surrounds it."""

from __future__ import annotations

import re

from trichome.knowledge.jurisdictions import FEDERAL
from trichome.knowledge.packs import Fact

# A token mixing letters with a number of three digits or more ("280e", "21a-421j"), or
# such a number after "section", "sec" or "§" ("sec 781"): amounts with a unit ("100mg")
# are not identifiers, and a bare number is a figure of the question.
_MIXED = re.compile(r"(?<![\w.-])(?=[\w-]*\d)(?=[\w-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*(?![\w.])")
_SECTION = re.compile(r"(?:\bsections?|\bsec\.?|§)\s*(\d{3,}[a-z]?)\b")
# Short codes ("co2", "n95", "d8") name a thing many facts discuss, not one section.
_LONG_NUMBER = re.compile(r"\d{3,}")
_AMOUNT = re.compile(
    r"^\d+(?:\.\d+)?(?:mg|g|kg|oz|lbs?|ml|l|mm|cm|m|ft|in|c|f|k|x|s|h|hrs?|min|pm|am|"
    r"st|nd|rd|th|pct|ppm|ppb|w|kw|v)$"
)


def named_identifiers(question: str) -> frozenset[str]:
    """The code or section identifiers a question names, lower-cased."""
    text = question.lower()
    mixed = {
        token
        for token in _MIXED.findall(text)
        if _LONG_NUMBER.search(token) and not _AMOUNT.match(token)
    }
    return frozenset(mixed | set(_SECTION.findall(text)))


def lists_identifier(fact: Fact, identifiers: frozenset[str]) -> bool:
    """Whether a general or federal fact lists one of the identifiers as its keyword: the
    fact is about that section or code, so it answers what the question asks of it."""
    if not identifiers or fact.jurisdiction not in (None, FEDERAL):
        return False
    return any(keyword.lower() in identifiers for keyword in fact.keywords)
