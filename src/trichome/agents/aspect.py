"""One aspect of a rule a question may ask: the words that ask it, and the words a fact
stating it uses (`asked_aspects` holds the list and the checks)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Aspect:
    """An aspect asked (`asked`) and how a fact states it (`stated`)."""

    name: str
    asked: re.Pattern[str]
    stated: re.Pattern[str]
    # Words asking something else beside the aspect ("how much can I have and the plant
    # limit?"): then a fact answering the other part need not state the aspect.
    besides: re.Pattern[str] | None = None


def aspect(name: str, asked: str, stated: str, besides: str | None = None) -> Aspect:
    """An aspect from its patterns, each read without regard to case."""
    return Aspect(
        name,
        re.compile(asked, re.IGNORECASE),
        re.compile(stated, re.IGNORECASE),
        re.compile(besides, re.IGNORECASE) if besides else None,
    )
