"""Which programme a fact's rule belongs to (adult-use, medical, hemp), so a question
about one is not answered by another's rule."""

from __future__ import annotations

import re

from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage


def _program(fact: Fact) -> str | None:
    """The programme a fact's rule belongs to; a hemp fact is hemp's even when unmarked, and
    an unmarked fact whose rule speaks only of one programme's people is that programme's
    ("an adult 21 or older may purchase ..." is not a patient's supply)."""
    if fact.program:
        return fact.program
    if fact.topic == "hemp":
        return "hemp"
    adults = bool(_ADULT_USE_WORDS.search(fact.text))
    patients = bool(_PATIENT_WORDS.search(fact.text))
    if adults != patients:
        return "adult-use" if adults else "medical"
    return None


_ADULT_USE_WORDS = re.compile(
    r"\badults?\b|\b21 (?:and|or) (?:over|older)\b|\b21\+|\badult[- ]use\b|\brecreational\b",
    re.IGNORECASE,
)
_PATIENT_WORDS = re.compile(
    # not an advert's "health or medical claims", which no programme's people make
    r"\bpatients?\b|\bmedical\b(?!\s+(?:claims?|benefits?|advice|devices?)\b)|\bcaregivers?\b|\bcardholders?\b|\bqualifying\b",
    re.IGNORECASE,
)


# "are patient sales still exempt from the excise?", "do cardholders pay the 37%?": whether
# another programme's rule (the adult-use tax) reaches this programme's people.
_ASKS_IF_EXEMPT = re.compile(
    r"\bexempt(?:ion|ed|s)?\b|\bexclud|\bskip|\bwaive|\bpay\b|\bpaying\b|\bapply to\b",
    re.IGNORECASE,
)


def asks_if_exempt(question: str) -> bool:
    """Whether a question asks if a rule reaches someone: an exemption, paying a tax."""
    return bool(_ASKS_IF_EXEMPT.search(question))


_PROGRAM_WORDS = {"adult-use": _ADULT_USE_WORDS, "medical": _PATIENT_WORDS}


def of_program(
    passages: list[Passage], program: str | None, *, naming_it: bool = False
) -> list[Passage]:
    """The passages a question about `program` ("rec", "patient", "hemp") may be answered
    from: not another programme's rules. With `naming_it` (a follow-up asking whether the
    earlier rule reaches this programme too: "do medical card holders pay it too?"),
    another programme's rule that speaks of this one's people answers as well (the
    adult-use tax "does not apply to medical marijuana")."""
    if program is None:
        return passages
    words = _PROGRAM_WORDS.get(program) if naming_it else None
    return [
        p
        for p in passages
        if (_program(p.fact) in (None, "all", program) and not _marijuana_only(p.fact, program))
        or (words is not None and words.search(p.fact.text))
    ]


_HEMP_WORDS = re.compile(r"\bhemp\b|\bindustrial\b|\b0\.3 ?(?:%|percent)", re.IGNORECASE)


def _marijuana_only(fact: Fact, program: str) -> bool:
    """Whether a hemp question meets a rule of the marijuana programmes ("licenses the
    cultivators ... of medical and adult-use marijuana" is no hemp grower's licence): one
    marked for all of them, or unmarked and speaking of their people, that names no hemp."""
    if program != "hemp" or fact.program not in (None, "all") or _HEMP_WORDS.search(fact.text):
        return False
    return fact.program == "all" or bool(
        _ADULT_USE_WORDS.search(fact.text) or _PATIENT_WORDS.search(fact.text)
    )
