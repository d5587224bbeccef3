"""Questions about the offence an amount is, not the amount allowed.

"At what amount of THC in edibles does possession become a third-degree crime?" and "what
kind of offence is 3 oz in the car?" ask where the law's penalty tiers start: a fact giving
only the legal personal limit (2 oz, 800 mg) answers another question, and offered as the
answer it is a confident wrong one with a citation. Such a question is answered by facts
that state offences (a misdemeanor, a degree of crime, a civil penalty, a felony), or the
answer admits it has none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.knowledge.retrieval import Passage

# The question asks which offence an amount is, or from what amount an offence starts.
_ASKS_OFFENCE = re.compile(
    r"\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)[- ]degree\b|"
    r"\b(?:petty |gross )?misdemeanou?rs?\b|\bfelon(?:y|ies)\b|"
    r"\b(?:what|which) (?:level|kind|type|class|grade|degree) of (?:offen[cs]e|charge|crime)\b|"
    r"\b(?:what|which) (?:offen[cs]e|charge|crime)\b|"
    r"\b(?:become|becomes|count as|counts as|considered|is it) (?:a |an )?(?:\w+ )?"
    r"(?:crime|offen[cs]e|criminal|felony|misdemeanou?r)\b|"
    # "what class is it?", not "what class of extinguisher" (an offence's is read above) nor
    # "at what level do we have to start a hearing programme?" (a threshold to act from)
    r"\bwhat (?:degree|level|class)\b(?! (?:of|do|does|did|should|must|can|we|you|i|they)\b)|"
    r"\bcriminal (?:threshold|tier|charge|penalt(?:y|ies))\b|"
    # "what is that, criminal?", "is it civil or criminal", "was that a crime?"
    r"\b(?:is|was|would) (?:that|it|this)(?: be)? (?:a )?(?:criminal|crime|civil)\b|"
    r"\bwhat(?:'s| is| was) (?:that|it|this),? (?:a )?(?:criminal|crime|civil|"
    r"misdemeanou?r|felony)\b|\b(?:civil or criminal|criminal or civil)\b|"
    r"\bpenalt(?:y|ies) for (?:possess|having|carrying|holding|getting caught)|"
    # "can we get criminally charged for that?", "could I be prosecuted?"
    r"\bcriminal(?:ly)? (?:charged|prosecuted|liable|liability|charges?|prosecution)\b|"
    r"\b(?:get|be|being|getting)(?: (?:me|us|him|her|them))? (?:charged|prosecuted|arrested)\b",
    re.IGNORECASE,
)
# A fact stating an offence or its penalty tier.
_STATES_OFFENCE = re.compile(
    r"\bmisdemeanou?rs?\b|\bfelon(?:y|ies)\b|\b(?:first|second|third|fourth|fifth)[- ]degree\b|"
    r"\bcivil (?:penalty|infraction|violation)\b|\bcrimes?\b|\bcriminal offen[cs]e\b|"
    r"\boffen[cs]es?\b.{0,40}\b(?:fine|jail|prison|imprisonment|graded)\b|"
    r"\bclass [a-e1-6] (?:misdemeanou?r|felony|offen[cs]e)\b|"
    # whether something leads to prosecution at all: "not subject to criminal action"
    r"\bcriminal (?:action|enforcement|prosecution|charges?|liability)\b",
    re.IGNORECASE,
)


def asks_offence(question: str) -> bool:
    """Whether a question asks what offence an amount is, or where an offence tier starts."""
    return bool(_ASKS_OFFENCE.search(question))


def states_offence(text: str) -> bool:
    """Whether a fact's text states an offence or its penalty tier."""
    return bool(_STATES_OFFENCE.search(text))


def offence_first(passages: Sequence[Passage], question: str) -> list[Passage]:
    """The passages, those titled for an offence or its penalties first when the question asks
    what offence an amount is ("driving around with 2,000 mg of edibles, is that a crime?"
    leads with the offence tiers, not the legal limit that mentions them in passing)."""
    if not asks_offence(question):
        return list(passages)
    return sorted(passages, key=lambda passage: not _TITLED_OFFENCE.search(passage.fact.title))


# A title naming offences or penalties: what the fact is about.
_TITLED_OFFENCE = re.compile(
    r"\boffen[cs]es?\b|\bpenalt(?:y|ies)\b|\bmisdemeanou?rs?\b|\bfelon(?:y|ies)\b|\bcrimes?\b|"
    r"\bdegree\b",
    re.IGNORECASE,
)
