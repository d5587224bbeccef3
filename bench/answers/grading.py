"""Grading one answer against its question (the rules of the team's answers-format note).

- abstained: the engine said it does not cover the question (no fact given as the answer);
- correct: expect "answer", every `must_include` entry matched and no `must_not_include`;
  or expect "abstain" and it abstained; or expect "reply" (small talk, a draft) and it
  cited nothing (no fact presented as the answer to a message that asked for none) and,
  unless it was small talk, did not decline: a draft request answered "I don't cover that"
  is abstained, honest but not the draft asked for; a filled SOP is a right reply, its
  citations being the state's rules it was filled from;
- wrong: anything else; wrong with citation: wrong while citing sources.
For expect "answer" an abstention is "abstained", not wrong: honest but unhelpful.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bench.answers.questions import Question

CORRECT, ABSTAINED, WRONG = "correct", "abstained", "wrong"
_SPACES = re.compile(r"\s+")
_MILLIGRAMS = re.compile(r"\bmilligrams?\b")
_PERCENT = re.compile(r"\s*\bper ?cent\b")
# "10 mg" and "10mg", "0.3 %" and "0.3%" are the same figure.
_NUMBER_UNIT = re.compile(r"(\d)\s+(mg|%)")
# "80-120%" is "80%-120%": a range's unit, written once after its upper end, is the lower
# end's too (and "85 to 115 mg" is "85mg to 115mg").
_RANGE_UNIT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)(\s*-\s*| to )(\d+(?:\.\d+)?)(mg|%)")
# "ten-milligram" and "ten milligram", "non-resident" and "non resident" are the same words.
_WORD_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")
_LOOKALIKES = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}
)


def normalise(text: str) -> str:
    """Lower case, one space between words (a hyphen between words is a space), milligrams
    as "mg", percent as "%", no space before a unit, and a range's unit on both ends."""
    text = _SPACES.sub(" ", text.translate(_LOOKALIKES).lower()).strip()
    text = _WORD_HYPHEN.sub(" ", text)
    text = _PERCENT.sub("%", _MILLIGRAMS.sub("mg", text))
    return _RANGE_UNIT.sub(r"\1\4\2\3\4", _NUMBER_UNIT.sub(r"\1\2", text))


def matches(entry: str, text: str) -> bool:
    """Whether any of the entry's "|"-separated alternatives occurs in the normalised text."""
    return any(normalise(alternative) in text for alternative in entry.split("|"))


@dataclass(frozen=True, slots=True)
class Answer:
    """What the engine gave for a question's last turn, read from its structure."""

    text: str
    abstained: bool
    cited: bool
    small_talk: bool = False
    draft: bool = False  # a filled SOP: a document drafted, citing the rules it follows


@dataclass(frozen=True, slots=True)
class Grade:
    """The verdict on one answer, and what was missing or should not have been there."""

    verdict: str
    cited: bool
    missing: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()

    @property
    def wrong_with_citation(self) -> bool:
        """Wrong and carrying citations: the failure the issue wants at zero."""
        return self.verdict == WRONG and self.cited


def grade(question: Question, answer: Answer) -> Grade:
    """Grade the answer to the question's last turn."""
    if question.expect == "reply":
        if answer.draft:
            return Grade(CORRECT, answer.cited)
        if answer.cited:
            return Grade(WRONG, True)
        declined = answer.abstained and not answer.small_talk
        return Grade(ABSTAINED if declined else CORRECT, False)
    if answer.abstained:
        # Abstaining is right for an abstain question and honest-but-unhelpful otherwise.
        verdict = CORRECT if question.expect == "abstain" else ABSTAINED
        return Grade(verdict, answer.cited)
    if question.expect == "abstain":
        return Grade(WRONG, answer.cited)
    text = normalise(answer.text)
    missing = tuple(e for e in question.must_include if not matches(e, text))
    forbidden = tuple(e for e in question.must_not_include if matches(e, text))
    verdict = WRONG if missing or forbidden else CORRECT
    return Grade(verdict, answer.cited, missing, forbidden)
