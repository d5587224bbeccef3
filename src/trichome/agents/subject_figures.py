"""A figure asked of two or more subjects: each subject gets its own, or the answer says
which it has none for.

"what are the molar masses of delta 9 THC and CBN?" asks two figures. A fact giving CBN's
mass, offered alone, reads as the whole answer while THC's is missing, and a fact that names
THC only in passing ("just below the 0.877 THC factor") gives no figure for it. So each
subject asked needs a fact stating a figure for that subject (one fact may serve several);
a subject none states is said plainly to be missing, and with no subject's figure found the
answer abstains. Facts stating no figure for any subject asked are about something else.

Only questions of general knowledge are read so (no place named, no rule topic): a rule
question's parts are its topics, which `question_parts` checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from trichome.agents.asked_sentences import asked_sentence
from trichome.agents.asked_terms import asked_terms, contrasts
from trichome.agents.engine import AnswerRequest
from trichome.knowledge.packs import Fact
from trichome.knowledge.words import tokenize

# The subjects a figure is asked of, each with the words naming it: cannabinoids (an acid
# is its own subject, "THC" is not "THCA"), solvents and gases, terpenes.
_NOT_ANOTHER = r"(?![\w-]*\w)"
_PLAIN_NAMES = (
    "methanol", "acetone", "nitrogen", "myrcene", "limonene", "linalool", "caryophyllene",
    "terpinolene", "humulene", "ocimene", "bisabolol",
)  # fmt: skip  # the whole name: "thc" is not the start of "thca" or "thc-a"
_SUBJECTS: dict[str, str] = {
    "THC": r"(?:delta[- ]?9[- ]?|d9[- ]?|\u03949[- ]?)?(?<!8-)(?<!8 )(?<!10-)(?<!10 )"
    r"(?:thc|tetrahydrocannabinol)(?!-?a\b)(?![\w])",
    "THCA": r"thc-?a|thcaa?|tetrahydrocannabinolic acid",
    "delta-8 THC": r"(?:delta[- ]?8|d8|\u03948)(?:[- ]?thc)?",
    "CBD": r"cbd(?!-?a\b)(?!v)|cannabidiol(?!ic)",
    "CBDA": r"cbd-?a|cannabidiolic acid",
    "CBN": r"cbn(?!-?a\b)|cannabinol(?!ic)",
    "CBNA": r"cbn-?a|cannabinolic acid",
    "CBG": r"cbg(?!-?a\b)|cannabigerol(?!ic)",
    "CBGA": r"cbg-?a|cannabigerolic acid",
    "CBC": r"cbc(?!-?a\b)|cannabichromene",
    "CBCA": r"cbc-?a",
    "THCV": r"thcv(?!-?a\b)",
    "CBDV": r"cbdv",
    **{
        name: rf"(?:n-)?{name}"
        for name in ("propane", "butane", "isobutane", "hexane", "heptane", "pentane")
    },
    "ethanol": r"ethanol|ethyl alcohol",
    "isopropanol": r"isopropanol|isopropyl alcohol|ipa",
    **{name: name for name in _PLAIN_NAMES},
    "CO2": r"co2|carbon dioxide",
    "pinene": r"(?:alpha-|beta-|a-|b-)?pinene",
}
# A name starts a word, or follows a prefix ("beta-myrcene", "n-hexane"), not a number
# ("delta-8-THC" is no THC).
_STARTS = r"(?<![\w])(?<!\d-)"
_NAMED = {
    name: re.compile(rf"{_STARTS}(?:{words}){_NOT_ANOTHER}", re.IGNORECASE)
    for name, words in _SUBJECTS.items()
}
_ANY_NAME = "|".join(f"(?:{words})" for words in _SUBJECTS.values())
# Two or more subjects in one list: "THC and CBN", "propane, butane and hexane", "cbd/cbda".
_LISTED = re.compile(
    rf"{_STARTS}(?:{_ANY_NAME})(?:\s*,\s*(?:{_ANY_NAME}))*\s*,?\s*(?:and|&|\+|or|/)\s*"
    rf"(?:both\s+)?(?:{_ANY_NAME}){_NOT_ANOTHER}",
    re.IGNORECASE,
)
# What makes the question ask a figure of them: a measured property or an amount.
_FIGURE_ASKED = re.compile(
    r"\b(?:molar|molecular|mass(?:es)?|weights?|formulas?|boiling|flash|melting|points?|"
    r"temps?|temperatures?|lels?|uels?|pels?|rels?|idlh|tlv|stel|exposure limits?|factors?|"
    r"densit(?:y|ies)|vapou?r pressures?|half[- ]li(?:fe|ves)|ratios?|how much|how many)\b",
    re.IGNORECASE,
)
_POINTS_BACK = re.compile(r"\b(?:of|for) (?:each|both|them|the two)\b", re.IGNORECASE)
# After a subject's name in a fact, the other subjects listed with it ("delta-9-THC,
# delta-8-THC and CBD are all C21H30O2"), then a figure before the clause ends.
_LIST_AFTER = rf"(?:\s*(?:,|and|&)\s*(?:{_ANY_NAME}){_NOT_ANOTHER})*"
_FIGURE_NEAR = r"[^.;:?!\d]{0,25}?\d"
_OWN_WORDS = frozenset(tokenize(" ".join(_SUBJECTS)))
# A fact beyond those relevant enough to answer states the figure asked of a subject only
# when it holds this share of the figure's own words ("molar mass").
FIGURE_WORDS_HELD = 0.5


@lru_cache(maxsize=512)
def asked_subjects(question: str) -> tuple[str, ...]:
    """The subjects, two or more, whose figure the question's asking sentence asks in one
    list ("the molar masses of THC and CBN"), in the order named; none otherwise."""
    sentence = asked_sentence(question)
    if not _FIGURE_ASKED.search(sentence) or contrasts(asked_terms(question)):
        return ()
    # "a n-butane/isobutane blend. what are the boiling points of each": the list the
    # asking sentence points back to stands in an earlier one
    listing = question if _POINTS_BACK.search(sentence) else sentence
    named: list[str] = []
    for listed in _LISTED.finditer(listing):
        text = listed.group(0)
        found = sorted(
            (match.start(), name)
            for name, pattern in _NAMED.items()
            for match in pattern.finditer(text)
        )
        named += [name for _, name in found if name not in named]
    return tuple(named) if len(named) > 1 else ()


def gives_figure_of(fact: Fact, subject: str) -> bool:
    """Whether a fact states a figure for the subject: its name, perhaps listed with others,
    followed in the same clause by a number ("CBN (C21H26O2, about 310.44 g/mol)")."""
    words = _SUBJECTS[subject]
    pattern = _figure_of(words)
    return any(pattern.search(part) for part in (fact.title, fact.text))


@lru_cache(maxsize=64)
def _figure_of(words: str) -> re.Pattern[str]:
    return re.compile(
        rf"{_STARTS}(?:{words}){_NOT_ANOTHER}{_LIST_AFTER}{_FIGURE_NEAR}", re.IGNORECASE
    )


# A molar mass ("molecular weight") is stated in grams per mole, whatever the fact calls it.
_MASS_WORDS = frozenset({"molar", "molecular", "mass", "weight"})
_IN_GRAMS_PER_MOLE = re.compile(r"\bg ?/ ?mol\b", re.IGNORECASE)


def _holds_figure_words(fact: Fact, question: str) -> bool:
    """Whether a fact holds the words of the figure asked ("molar mass"), or for a molar
    mass gives one in g/mol."""
    asked = set(tokenize(asked_sentence(question))) - _OWN_WORDS
    figure_words = {word for word in asked if _FIGURE_ASKED.search(word)} or asked
    if figure_words and figure_words <= _MASS_WORDS and _IN_GRAMS_PER_MOLE.search(fact.text):
        return True
    held = figure_words & set(tokenize(" ".join((fact.title, fact.text, *fact.keywords))))
    return bool(figure_words) and len(held) >= FIGURE_WORDS_HELD * len(figure_words)


def subjects_asked(request: AnswerRequest) -> tuple[str, ...]:
    """The subjects a general question asks one figure of (none for a rule question)."""
    if request.jurisdictions or request.asked_topics:
        return ()
    return asked_subjects(request.question)


def each_subject_given(
    request: AnswerRequest, facts: Sequence[Fact]
) -> tuple[list[Fact], list[str]]:
    """For a figure asked of several subjects, the facts stating one for each (the chosen
    ones first, then the answerable, then any retrieved fact holding the figure's words),
    in the order the subjects were named, and the subjects none states."""
    subjects = subjects_asked(request)
    candidates = [
        *facts,
        *(passage.fact for passage in request.answerable()),
        *(p.fact for p in request.passages if _holds_figure_words(p.fact, request.question)),
    ]
    chosen: list[Fact] = []
    missing: list[str] = []
    for subject in subjects:
        if any(gives_figure_of(fact, subject) for fact in chosen):
            continue
        found = next((fact for fact in candidates if gives_figure_of(fact, subject)), None)
        if found is None:
            missing.append(subject)
        else:
            chosen.append(found)
    return chosen, missing


def missing_subjects_note(missing: Sequence[str]) -> str:
    """The sentence saying which subjects asked the answer gives no figure for."""
    names = " or ".join(missing)
    return (
        f"For {names}, the other part of your question, my knowledge packs hold no sourced "
        "figure, so I won't guess it."
    )
