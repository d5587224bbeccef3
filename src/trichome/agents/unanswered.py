"""The places a question names that no retrieved fact answers, which the answer admits."""

from __future__ import annotations

from collections.abc import Sequence

from trichome.agents.counting import gives_the_count
from trichome.agents.engine import binds_in
from trichome.agents.focus import Focus, names_the_focus
from trichome.knowledge.jurisdictions import FEDERAL, with_national_law
from trichome.knowledge.retrieval import Passage


def unanswered_places(
    passages: Sequence[Passage],
    jurisdictions: Sequence[str],
    *,
    rule_question: bool,
    counted: str | None,
    covered: set[str] | frozenset[str],
    reads_state_rules: bool,
    foci: Sequence[Focus] = (),
) -> tuple[str, ...]:
    """The named places (federal law apart) the passages give no answer for.

    For a rule question, a place is answered by a fact of its own (or of the national law
    over it, or the federal hemp rule, which binds in every state) on the topic asked, or
    giving a number of the thing counted ("how many plants can he have?" in a long story), or
    about the specific thing asked (`names_the_focus`).
    Otherwise a place is unanswered when the agent reads state rules and has none for it.
    """
    if rule_question:
        answered_for = {
            code
            for passage in passages
            if passage.answers_on_topic
            or gives_the_count(passage.fact.text, counted)
            or names_the_focus(passage, foci)
            for code in jurisdictions
            if passage.fact.jurisdiction in with_national_law([code])
            or binds_in(passage.fact, {code})
        }
        return tuple(code for code in jurisdictions if code != FEDERAL and code not in answered_for)
    # An agent whose packs hold state rules (the main agent reads the compliance packs
    # too) says so when it has none for a state.
    states_read = reads_state_rules or bool(covered)
    return tuple(
        code for code in jurisdictions if states_read and code != FEDERAL and code not in covered
    )
