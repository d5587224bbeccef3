"""Which end of a range a question works at, when it names one ("5-10 mg a piece, at the
high end", "budget for the top of the range", "worst case at the low end")."""

from __future__ import annotations

import re

_HIGH = re.compile(
    r"\b(?:at|on|for|using|use|take|with|go\s+with)\s+the\s+(?:high(?:er)?|top|upper|max(?:imum)?)"
    r"(?:\s+end|\s+of\s+(?:the|that)\s+range|\s+side|\s+number)\b|"
    r"\bhigh\s+end\s+of\s+(?:the|that)\s+range\b|"
    # "worst case, most mg in a bag?", "the highest dose it could be": the extreme asked for
    # is the top of the range
    r"\b(?:the\s+)?(?:most|max(?:imum)?|highest|biggest|strongest)\s+(?:possible\s+)?"
    r"(?:mg|milligrams|thc|dose|amount|potency|total|content|level|per|in\s+(?:a|an|one|each|the))\b|\bat\s+(?:the\s+)?most\b",
    re.IGNORECASE,
)
_LOW = re.compile(
    r"\b(?:at|on|for|using|use|take|with|go\s+with)\s+the\s+(?:low(?:er)?|bottom|min(?:imum)?)"
    r"(?:\s+end|\s+of\s+(?:the|that)\s+range|\s+side|\s+number)\b|"
    r"\blow\s+end\s+of\s+(?:the|that)\s+range\b|"
    r"\b(?:the\s+)?(?:least|min(?:imum)?|lowest|smallest|weakest)\s+(?:possible\s+)?"
    r"(?:mg|milligrams|thc|dose|amount|potency|total|content|level|per|in\s+(?:a|an|one|each|the))\b|\bat\s+(?:the\s+)?least\b",
    re.IGNORECASE,
)


def range_end(text: str) -> str | None:
    """ "high" or "low" when the question names one end of its range, else None (both ends
    are then worked)."""
    high, low = _HIGH.search(text), _LOW.search(text)
    if high and not low:
        return "high"
    if low and not high:
        return "low"
    return None
