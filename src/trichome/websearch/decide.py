"""Whether a question should go to the web: the packs' confidence, and the need for fresh facts.

The agent answers from its knowledge packs first. It searches when the best pack fact covers
less of the question than the threshold (`TRICHOME_SEARCH_CONFIDENCE_THRESHOLD`), or when the
question asks for what packs cannot hold: news, prices, "latest", or a date past the day the
packs were last reviewed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

# Words that ask for what changes from week to week.
_FRESH_WORDS = re.compile(
    r"\b(?:news|latest|newest|recent(?:ly)?|current(?:ly)?|today|tonight|yesterday|"
    r"this (?:week|month|quarter|year)|right now|nowadays|upcoming|announced|breaking|"
    r"price[sd]?|pricing|going rate|market rate|wholesale rate|cost(?:s)? per|"
    r"new (?:law|laws|rule|rules|regulation|regulations|bill|bills)|just (?:passed|changed)|"
    r"as of)\b",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(20\d\d)\b")
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTH_YEAR = re.compile(
    rf"\b({'|'.join(_MONTHS)}|{'|'.join(m[:3] for m in _MONTHS)})\.?\s+(20\d\d)\b",
    re.IGNORECASE,
)
_ISO_DATE = re.compile(r"\b(20\d\d)-(\d\d)(?:-(\d\d))?\b")


class Why(StrEnum):
    """Why the web was, or was not, searched (the response's `metadata.search_reason`)."""

    LOW_CONFIDENCE = "low_confidence"
    FRESH_FACTS = "fresh_facts"
    REQUESTED = "requested"  # tool_choice "required" or {"type": "web_search"}
    CONFIDENT = "confident"
    DISABLED = "disabled"  # tool_choice "none"


@dataclass(frozen=True, slots=True)
class SearchDecision:
    """The decision and its grounds, worded for the response's metadata."""

    search: bool
    why: Why
    detail: str
    confidence: float
    fresh: bool


def _dates_named(question: str) -> list[date]:
    named: list[date] = []
    for month, year in _MONTH_YEAR.findall(question):
        number = next(i for i, m in enumerate(_MONTHS, 1) if m[:3] == month.lower()[:3])
        named.append(date(int(year), number, 1))
    for year, month, day in _ISO_DATE.findall(question):
        try:
            named.append(date(int(year), int(month), int(day or 1)))
        except ValueError:
            continue
    named.extend(date(int(year), 12, 31) for year in _YEAR.findall(question))
    return named


def freshness(question: str, packs_reviewed: date | None) -> str | None:
    """Why the question needs facts fresher than the packs, or None when it does not."""
    found = _FRESH_WORDS.search(question)
    if found:
        return f'the question asks for fresh facts ("{found.group(0).lower()}")'
    if packs_reviewed is not None:
        later = [day for day in _dates_named(question) if day > packs_reviewed]
        if later:
            # A bare year counts as its last day, so "2026" is past a pack reviewed in 2026.
            return (
                f"the question names a date past the knowledge packs' review "
                f"({packs_reviewed.isoformat()})"
            )
    return None


def decide(
    question: str,
    confidence: float,
    *,
    threshold: float,
    packs_reviewed: date | None,
    tool_choice: str = "auto",
) -> SearchDecision:
    """Search or not. `tool_choice` is `auto`, `none` or `required` (the request's choice)."""
    fresh_reason = freshness(question, packs_reviewed)
    fresh = fresh_reason is not None
    if tool_choice == "none":
        return SearchDecision(
            False, Why.DISABLED, "the request set tool_choice to none", confidence, fresh
        )
    if tool_choice == "required":
        return SearchDecision(
            True, Why.REQUESTED, "the request required web search", confidence, fresh
        )
    if fresh_reason is not None:
        return SearchDecision(True, Why.FRESH_FACTS, fresh_reason, confidence, fresh)
    if confidence < threshold:
        detail = (
            f"the knowledge packs' best match covers {confidence:.2f} of the question, "
            f"under the threshold of {threshold:.2f}"
        )
        return SearchDecision(True, Why.LOW_CONFIDENCE, detail, confidence, fresh)
    detail = (
        f"the knowledge packs' best match covers {confidence:.2f} of the question, "
        f"at or over the threshold of {threshold:.2f}"
    )
    return SearchDecision(False, Why.CONFIDENT, detail, confidence, fresh)
