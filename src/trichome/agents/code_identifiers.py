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


# What a named section says, means or does: "what does 280E actually say", "in plain english
# what does it block", "what is that section". Not a question that names it only as its
# context ("the exact date, so i can plan our 280E strategy").
_ASKS_WHAT_IT_SAYS = re.compile(
    r"\bwhat(?:'s|s| is| does| do)\s+(?:(?:it|that|this|the|section|sec\.?|§)\s+)?"
    r"(?:[\w-]+\s+)?(?:section\s+|code\s+|rule\s+|law\s+|provision\s+|statute\s+)?"
    r"(?:actually\s+|really\s+|even\s+)?"
    r"(?:say|mean|do|block|ban|bar|cover|require|deny|disallow|stand\s+for)\b|"
    r"\bwhat(?:'s|s| is)\s+(?:it|that|this|that\s+section|section\s+[\w-]+|[\w-]*\d[\w-]*)\s*"
    r"(?:[?.!]|$)",
    re.IGNORECASE,
)


def named_identifiers(question: str) -> frozenset[str]:
    """The code or section identifiers a question names, lower-cased, when it asks what
    one says or does; none for a question naming one only as its context."""
    if not _ASKS_WHAT_IT_SAYS.search(question):
        return frozenset()
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
