"""Questions that ask a state's own rule, which federal law binding there does not answer.

Federal hemp law, 280E and OSHA's limits hold in every US state, so a federal fact usually
answers for a state named beside a question's topic ("280E for our Colorado shop?"). But
"what THC limit do Kansas rules put on tinctures, and do we need a state retail
registration?" asks what Kansas itself requires: the federal 0.4 mg per container rule,
offered as the answer, is a confident wrong one with a citation. Such a question is
answered by the state's own facts, or, with none, by saying so and naming its regulator;
federal law answers only when it is asked too ("Kansas rules and federal law").
"""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents.engine import AnswerRequest
from trichome.agents.focus import states_a_focus
from trichome.knowledge.jurisdictions import FEDERAL, STATE_NAMES, find_jurisdictions

# After a state's name: "kansas rules", "wyoming's current rule" (not "the washington
# statute", whose line between hemp and cannabis is the federal one it repeats).
_OWN_AFTER = re.compile(
    r"(?:'s|s'|\u2019s|') (?:own |current |new |actual )?(?:[\w-]+ ){0,2}?(?:rules?|laws?|"
    r"limits?|caps?|regs|regulations?|statutes?|requirements?|registration|licen[cs]es?|"
    r"permits?)\b|"
    r" (?:state )?(?:rules|regs|regulations)\b(?! (?:and|or|vs\.?) "
    r"(?:the )?fed)",
    re.IGNORECASE,
)
# "do we need a state retail registration", "a state hemp licence": the state's own papers.
_STATE_PAPERS = re.compile(
    r"\b(?:a|the|any) state(?:[- ]issued| level)? (?:[\w-]+ ){0,2}?(?:registrations?|"
    r"licen[cs]es?|permits?)\b|\bunder state law\b",
    re.IGNORECASE,
)
_FEDERAL_ASKED = re.compile(r"\bfed(?:eral|s)?\b|\bfarm bill\b|\busda\b|\bfda\b", re.IGNORECASE)


def asks_state_own_rule(question: str) -> bool:
    """Whether the question asks a US state's own rule or papers ("Kansas rules", "Wyoming's
    current rule", "a state retail registration"), with federal law not asked beside it."""
    if _FEDERAL_ASKED.search(question):
        return False
    if _STATE_PAPERS.search(question):
        return True
    return any(
        code in STATE_NAMES and _OWN_AFTER.match(question, end)
        for _start, end, code in find_jurisdictions(question)
    )


def kept_to_state_rules(request: AnswerRequest) -> AnswerRequest:
    """The request, answered from the state's own facts when it asks the state's own rule
    and they answer it (federal law binding there may stand beside them); when they do
    not, with no federal or general fact left to answer in their place, so the answer
    admits the gap. A thing asked ("Wyoming's rule on delta 8?") must be named in the
    state's fact itself, not only among the keywords it is searched by."""
    if not asks_state_own_rule(request.question) or FEDERAL in request.jurisdictions:
        return request
    own = tuple(
        passage
        for passage in request.passages
        if passage.fact.jurisdiction not in (FEDERAL, None)
        and (not request.focus or states_a_focus(passage.fact, request.focus))
    )
    narrowed = replace(request, passages=own, federal_topics=frozenset())
    return request if narrowed.answerable() else narrowed
