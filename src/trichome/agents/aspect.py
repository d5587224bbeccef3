"""One aspect of a rule a question may ask: the words that ask it, and the words a fact
stating it uses (`asked_aspects` holds the list and the checks)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A year named: "the 2026 ballot", "sales began in 2024".
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


@dataclass(frozen=True, slots=True)
class Aspect:
    """An aspect asked (`asked`) and how a fact states it (`stated`)."""

    name: str
    asked: re.Pattern[str]
    stated: re.Pattern[str]
    # Words asking something else beside the aspect ("how much can I have and the plant
    # limit?"): then a fact answering the other part need not state the aspect.
    besides: re.Pattern[str] | None = None
    # Whether a fact stating it must name the year the question names: the result of the
    # 2024 ballot is no result of the 2026 one.
    of_the_year: bool = False

    def stated_in(self, text: str, question: str = "") -> bool:
        """Whether a fact's text states the aspect (of the year asked, where that counts)."""
        if not self.stated.search(text):
            return False
        if not self.of_the_year:
            return True
        asked_years = set(_YEAR.findall(question))
        return asked_years <= set(_YEAR.findall(text))


def aspect(
    name: str, asked: str, stated: str, besides: str | None = None, *, of_the_year: bool = False
) -> Aspect:
    """An aspect from its patterns, each read without regard to case."""
    return Aspect(
        name,
        re.compile(asked, re.IGNORECASE),
        re.compile(stated, re.IGNORECASE),
        re.compile(besides, re.IGNORECASE) if besides else None,
        of_the_year,
    )
