"""The fact that gives what a science question asks leads.

"What temp should I decarb at?" shares "decarb" and "temperature" with every heating
study; the fact that answers it gives a temperature. And a fact about one cannabinoid's
acid ("CBDA in hemp converts best around 95-125 C") answers a general question only after
the facts that are not about a compound the asker never named: a THC-dominant batch is the
default, and CBDA's window would mislead it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.knowledge.retrieval import Passage

# "what temp", "what temperature", "how hot", "at what temp": a temperature is asked.
_ASKS_TEMPERATURE = re.compile(
    r"\bwhat (?:temp|temperature)s?\b|\bhow hot\b|\b(?:temp|temperature)s? (?:should|do|to|for)\b|"
    r"\b(?:best|ideal|right|optimal|optimum|recommended) (?:temp|temperature)s?\b",
    re.IGNORECASE,
)
# A figure in degrees: "90 C", "145 °C", "170-240 F".
_GIVES_TEMPERATURE = re.compile(r"\d\s*(?:°|º|degrees?\s*)?\s*[CF]\b")
# Compounds a fact may be specifically about, each with the words that name it or its family
# in a question ("cbd hemp" names CBDA's family).
_COMPOUNDS = {
    "cbda": r"\bcbda?\b|\bcannabidiol",
    "cbga": r"\bcbga?\b|\bcannabigerol",
    "cbn": r"\bcbna?\b|\bcannabinol\b",
    "cbc": r"\bcbca?\b|\bcannabichromene",
    "thcv": r"\bthcva?\b",
}
_NAMED = {name: re.compile(words, re.IGNORECASE) for name, words in _COMPOUNDS.items()}
_TITLE_NAMES = {name: re.compile(rf"\b{name}\b", re.IGNORECASE) for name in _COMPOUNDS}


def _about_another_compound(passage: Passage, question: str) -> bool:
    """Whether the fact's title is about a compound (CBDA, CBN ...) the question does not name."""
    title = passage.fact.title
    return any(
        _TITLE_NAMES[name].search(title) and not _NAMED[name].search(question)
        for name in _COMPOUNDS
    )


# "how do i convert that to cbd for the potency math", "what do i multiply cbda by": the
# factor turning an acid's assay into its neutral form is asked, not how to heat it.
_ASKS_FACTOR = re.compile(
    r"\b(?:conversion |mass |decarb )?factor\b|\bmultipl(?:y|ied|ier)\b|"
    r"\bconvert\w*\b[^.?!]{0,40}\b(?:for|on|in|into) (?:the |my |our |a )?(?:potency|math|"
    r"label|coa|totals?|numbers?|calc\w*)\b",
    re.IGNORECASE,
)
# A factor given: "0.877", "CBD + 0.877 x CBDA".
_GIVES_FACTOR = re.compile(r"(?<![\d.])0\.8\d{1,2}(?!\d)|\b\d?\.\d+\s*[x\u00d7]\s*\w+a\b")


def asked_measure_first(question: str, passages: Sequence[Passage]) -> tuple[Passage, ...]:
    """The passages with those answering the asked measure first: when a temperature is
    asked, facts giving one ahead of those that do not, facts about a compound the question
    does not name after the others, and those whose title gives one first; when an acid's
    conversion factor is asked (and no temperature) and the best fact gives none, facts
    giving a factor first. Otherwise in their order."""
    if not _ASKS_TEMPERATURE.search(question):
        led_by_a_factor = bool(passages) and _GIVES_FACTOR.search(passages[0].fact.text)
        if _ASKS_FACTOR.search(question) and not led_by_a_factor:
            return tuple(sorted(passages, key=lambda p: not _GIVES_FACTOR.search(p.fact.text)))
        return tuple(passages)
    return tuple(
        sorted(
            passages,
            key=lambda p: (
                not _GIVES_TEMPERATURE.search(p.fact.text),
                _about_another_compound(p, question),
                # a title stating a temperature is about the temperature
                not _GIVES_TEMPERATURE.search(p.fact.title),
            ),
        )
    )
