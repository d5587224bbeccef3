"""The places a question names that no retrieved fact answers, which the answer admits; and
a calculation that could only ask back for what a sourced fact answers, which gives way."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from trichome.agents.asked_terms import asked_terms, describe_asked
from trichome.agents.counting import (
    gives_the_count,
    leads_in_the_unit_asked,
    leads_with_the_measure,
)
from trichome.agents.engine import AnswerRequest, binds_in
from trichome.agents.figure_origins import asks_origin_of_figure
from trichome.agents.figure_scopes import gives_a_part_asked
from trichome.agents.focus import Focus, describe_foci, names_the_focus
from trichome.agents.gaps import describe_gap
from trichome.agents.local_rules import asked_locality, kept_to_locality
from trichome.agents.product_forms import titles_asked_figure
from trichome.agents.state_own_rules import kept_to_state_rules
from trichome.agents.understanding import program_of
from trichome.knowledge.directory import Directory
from trichome.knowledge.federal_topics import federal_pack_topics
from trichome.knowledge.jurisdictions import FEDERAL, with_national_law
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.topics import Topic


def unanswered_places(
    passages: Sequence[Passage],
    jurisdictions: Sequence[str],
    *,
    rule_topics: Sequence[Topic],
    counted: str | None,
    covered: set[str] | frozenset[str],
    reads_state_rules: bool,
    foci: Sequence[Focus] = (),
    products: frozenset[str] = frozenset(),
    scopes: frozenset[str] = frozenset(),
    quiet: bool = False,
    units: frozenset[str] = frozenset(),
) -> tuple[str, ...]:
    """The named places (federal law apart) the passages give no answer for; none when the
    request is `quiet` (small talk, a draft: no rule is asked).

    For a question on `rule_topics`, a place is answered by a fact of its own (or of the
    national law over it, or a federal one on a topic federal law governs in every state:
    the hemp definition, 280E, an OSHA limit) on the topic asked, or
    giving a number of the thing counted ("how many plants can he have?" in a long story), or
    the place's first fact giving the measure or the unit asked (`leads_with_the_measure`,
    `leads_in_the_unit_asked`), or
    about the specific thing asked (`names_the_focus`), or a limit whose title gives the
    figure for the product form asked (`titles_asked_figure`), or, for a figure asked over
    two scopes ("per piece and per bag?"), a limit giving one of them (`gives_a_part_asked`).
    Otherwise a place is unanswered when the agent reads state rules and has none for it.
    """
    if quiet:
        return ()
    if rule_topics:
        federal = federal_pack_topics(rule_topics)
        answered_for = {
            code
            for passage in passages
            if passage.answers_on_topic
            or gives_the_count(passage.fact.text, counted)
            or leads_with_the_measure(passage, passages, counted)
            or leads_in_the_unit_asked(passage, passages, units)
            or names_the_focus(passage, foci)
            or titles_asked_figure(passage.fact, products)
            or gives_a_part_asked(passage.fact.topic, passage.fact.text, scopes)
            for code in jurisdictions
            if passage.fact.jurisdiction in with_national_law([code])
            or binds_in(passage.fact, {code}, federal)
        }
        return tuple(code for code in jurisdictions if code != FEDERAL and code not in answered_for)
    # An agent whose packs hold state rules (the main agent reads the compliance packs
    # too) says so when it has none for a state.
    states_read = reads_state_rules or bool(covered)
    return tuple(
        code for code in jurisdictions if states_read and code != FEDERAL and code not in covered
    )


# Inputs of a product the question never describes (its COA, its potency, its bottle): a
# calculation asking for them has misread a rule question, which a sourced fact answers. Not
# a tolerance, a drying loss or a target: asking those back, the sum is what was asked.
_PRODUCT_INPUTS = frozenset(
    {"coa_results_any_basis", "concentrate_potency", "potency", "bottle_size", "bottle_thc",
     "dose_inputs"}
)  # fmt: skip
# A count to work out ("how many mg can they still add", "the most pieces in one bag").
_COUNT_ASKED = re.compile(
    r"\bhow many\b|\bmost (?:pieces|gummies|servings|units|packs|squares)\b", re.IGNORECASE
)


_RULE_OR_METHOD = re.compile(
    r"\bhow (?:do|does|to|is|are)\b|\bwhy\b|\bwhere does\b|\bfactor\b|\bformula\b|"
    r"\blevel\b|\bthreshold\b|\bstill\b|\bcounts? as\b|\blegal\b|\ballowed\b|\blimit\b|"
    r"\bcap\b|\brules?\b|\bdefinition\b|\bviolation\b",
    re.IGNORECASE,
)


def _asks_back_what_a_rule_answers(request: AnswerRequest) -> bool:
    worked = request.calculation
    return (
        worked is not None
        and worked.calculation is None
        and worked.asks
        and bool(worked.missing)
        and set(worked.missing) <= _PRODUCT_INPUTS
        and not _COUNT_ASKED.search(request.question)
        # "what's the total THC? THCA came back high" asks for the sum on the user's own
        # product, so its missing COA is asked for; a place's rule, or how, why or at what
        # level ("at what total THC is it a negligent violation?"), a fact answers
        and (
            any(code != FEDERAL for code in request.jurisdictions)
            or bool(_RULE_OR_METHOD.search(request.question))
            or asks_origin_of_figure(request.question)  # "asked where the 0.877 comes from"
        )
    )


def admit_unanswered(
    request: AnswerRequest, directory: Directory, topics: tuple[Topic, ...]
) -> AnswerRequest:
    """The request, admitting the places it names as uncovered when no fact answers it and
    nothing else will (a calculation, a procedure, small talk): the answer then names
    their regulators instead of a general refusal. A calculation that could only ask back
    for an input gives way to a sourced fact that answers the question ("is the 72 oz
    liquid limit the cap for 2 mg sodas?" asks the rule, not a potency). A state's own rule
    asked is not answered by federal law alone (`kept_to_state_rules`), a city's or
    county's own by the state's (`kept_to_locality`), and the regulator named for a
    programme asked ("a medical dispensary in Idaho") is that programme's, if any."""
    request = kept_to_state_rules(request)  # "Kansas rules", not federal law
    if _asks_back_what_a_rule_answers(request) and request.answerable():
        return replace(request, calculation=None, calculation_facts=())
    busy = (
        request.calculation
        or request.sop
        or request.draft
        or request.variance
        or request.report
        or request.small_talk
        or request.out_of_scope
    )
    if not busy and (locality := asked_locality(request.question)) is not None:
        return kept_to_locality(request, locality, directory, topics)  # "Chicago's zoning?"
    program = program_of(request.question)
    if request.gap is not None and request.gap.regulators and program is not None:
        # "who licenses a medical dispensary in Idaho?": its medical regulator, if it has one
        gap = describe_gap(directory, request.gap.codes, topics, request.counted, program)
        request = replace(request, gap=gap)
    settled = request.uncovered_states or busy
    # Federal law is a place of its own only when the question names no other.
    places = tuple(code for code in request.jurisdictions if code != FEDERAL) or tuple(
        code for code in request.jurisdictions if code == FEDERAL
    )
    if settled or not places or request.answerable():
        return request
    gap = describe_gap(directory, places, topics, request.counted)
    if gap is not None and request.focus:
        # "no sourced rule on aflatoxin for California", not on lab testing at large
        gap = replace(gap, topic=describe_foci(request.focus))
    elif gap is not None and (asked := asked_terms(request.question)):
        gap = replace(gap, topic=describe_asked(asked))  # "no sourced rule on 0.877"
    return replace(request, uncovered_states=places, gap=gap)
