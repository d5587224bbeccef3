"""The offline engine: composes answers from retrieved pack facts, with numbered citations."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence

from trichome.agents.allowance import worked_allowance
from trichome.agents.asked_aspects import asked_aspects, states_aspects
from trichome.agents.engine import AnswerRequest, UnsupportedOption, binds_in
from trichome.agents.engines.calculation_answers import calculation_answer
from trichome.agents.engines.composed import ComposedAnswer, label
from trichome.agents.engines.replies import out_of_scope_reply, small_talk_reply, uncovered_reply
from trichome.agents.equivalent_totals import first_worked_equivalent
from trichome.agents.gaps import possessive
from trichome.agents.own_documents import is_own, the_other_side
from trichome.agents.question_parts import MAX_FACTS, unanswered_parts, with_each_side
from trichome.agents.sources_asked import where_written
from trichome.agents.specific import most_specific_first
from trichome.agents.subject_figures import (
    each_subject_given,
    missing_subjects_note,
    subjects_asked,
)
from trichome.agents.tax_readers import worked_on_price
from trichome.agents.understanding import names_own_place
from trichome.agents.weight_taxes import worked_on_weight
from trichome.knowledge.jurisdictions import (
    FEDERAL,
    is_us_state,
    jurisdiction_name,
    with_national_law,
)
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import RELEVANT_COVERAGE, Passage
from trichome.llm.base import AnswerEvent, Finished, GenerationOptions, TextDelta

# A fact must cover this share of the question's information (idf-weighted) to be used.
MIN_COVERAGE = RELEVANT_COVERAGE
# Supporting facts must score at least this share of the best fact's score.
SUPPORT_RATIO = 0.45
MAX_STATES = 12
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
WORDS_PER_CHUNK = 4
_CHUNKS = re.compile(rf"(?:\S+\s*){{1,{WORDS_PER_CHUNK}}}")


def relevant_passages(usable: Sequence[Passage]) -> list[Passage]:
    """Of the passages relevant enough to answer from (best first), the best and those
    scoring close to it."""
    if not usable:
        return []
    best = usable[0].score
    return [p for p in usable if p.score >= best * SUPPORT_RATIO][:MAX_FACTS]


def _first_sentence(text: str) -> str:
    return _SENTENCE_END.split(text, maxsplit=1)[0]


def _per_state(passages: Sequence[Passage], lead: Fact, question: str) -> list[Fact]:
    """The best fact on the lead fact's topic for each state, best first; each speaks to the
    aspect asked, as the lead does ("budtender training" is no state's record retention)."""
    seen: set[str] = set()
    facts = []
    aspects = asked_aspects(question)
    for passage in passages:
        fact = passage.fact
        state = fact.jurisdiction
        if fact.topic != lead.topic or state in (None, FEDERAL) or state in seen:
            continue
        if not states_aspects(fact.text, aspects, question, fact.title):
            continue
        if passage.coverage >= MIN_COVERAGE:
            assert state is not None
            seen.add(state)
            facts.append(fact)
    return facts[:MAX_STATES]


# The question back when a rule question names no place and the sources hold the rule for
# only one: which state or province it is about.
_WHICH_PLACE = (
    "That rule depends on the state or province, and your question does not name one. "
    'Which jurisdiction are you asking about? (A city works too: "in Denver" is read as '
    "Colorado.)"
)


def _by_state_answer(facts: Sequence[Fact]) -> ComposedAnswer:
    listed = "\n".join(
        f"- {fact.jurisdiction_name}: {_first_sentence(fact.text)} [{number}]"
        for number, fact in enumerate(facts, start=1)
    )
    text = "\n\n".join(
        [
            "This depends on the state, and you did not name one. "
            "The rule in each state I have sourced:",
            listed,
            "Name your state for its full rules.",
        ]
    )
    return ComposedAnswer(text, tuple(facts))


def _other_parts(request: AnswerRequest, facts: Sequence[Fact]) -> list[Fact]:
    """For a question on several rule topics, the best fact of the lead's place on each
    topic no chosen fact answers ("how much can I keep at home and how many plants?")."""
    if len(request.topic_groups) < 2:
        return []
    lead = facts[0]
    added: list[Fact] = []
    for group in request.topic_groups:
        if any(fact.topic in group for fact in (*facts, *added)):
            continue
        best = next(
            (
                p.fact
                for p in request.answerable()
                if p.fact.topic in group and p.fact.jurisdiction == lead.jurisdiction
            ),
            None,
        )
        if best is not None:
            added.append(best)
    return added


def compose(request: AnswerRequest) -> ComposedAnswer:
    """The grounded answer: a worked calculation, or the best fact first, supporting facts,
    and the facts it cites."""
    if request.report is not None:
        return ComposedAnswer(request.report.text, request.report.facts)
    refused = request.out_of_scope is not None  # not asked for inputs ("my son's dose, 45 lbs")
    if request.calculation is not None and (request.calculation.calculation or not refused):
        return calculation_answer(request)
    # refused before any document: an SOP asked for alongside is not the answer
    if request.out_of_scope is not None:
        return ComposedAnswer(out_of_scope_reply(request.out_of_scope, request.jurisdictions))
    if (document := request.sop or request.draft) is not None:  # an SOP, or another draft
        return ComposedAnswer(document.text)
    if request.variance is not None:
        return ComposedAnswer(request.variance.text(), (request.variance.fact,))
    if request.uncovered_states:
        return _gap_answer(request)
    if request.small_talk:
        return ComposedAnswer(small_talk_reply(request.question))
    passages = relevant_passages(most_specific_first(request.answerable(), request.jurisdictions))
    passages = with_each_side(passages, request)
    if not passages:
        return ComposedAnswer(uncovered_reply(request))
    facts = [passage.fact for passage in passages]
    lead = facts[0]
    lead_terms = passages[0].terms
    # A fact answers another part of the question when it holds words of it the lead
    # does not ("grow" in "possession + home grow?").
    adds = {p.fact.id for p in passages[1:] if p.terms - lead_terms}
    if not request.jurisdictions and lead.jurisdiction not in (None, FEDERAL):
        by_state = _per_state(request.passages, lead, request.question)
        if len(by_state) > 1 and not (names_own_place(request.question) and not request.comparison):
            return _by_state_answer(by_state)
        # One place's rule for a question naming none would answer someone else's: the
        # asker's place may be one the packs do not cover, or one the question names in a
        # form not recognised ("pr med patient" read as no place got Colorado's rule).
        return ComposedAnswer(_WHICH_PLACE)
    lead, *supporting = facts
    if _ASKS_WHEN.search(request.question) and lead.effective is not None:
        in_force = f"In force from {lead.effective.isoformat()}. "
    else:
        in_force = ""
    if not request.comparison:
        # The answer, not a tour: more facts only on the lead's topic or another the
        # question asks about (and, when it names jurisdictions, of the lead's).
        supporting = [
            fact
            for fact in supporting
            if (
                fact.topic == lead.topic
                # another topic asked about, answering a part of the question the lead
                # does not ("possession + home grow?")
                or (fact.topic in request.asked_topics and fact.id in adds)
            )
            and (
                not request.jurisdictions
                or fact.jurisdiction == lead.jurisdiction
                or binds_in(fact, set(request.jurisdictions), request.federal_topics)
                # Canada's own rule beside a province's, which builds on it
                or fact.jurisdiction in with_national_law([lead.jurisdiction or ""])
            )
        ]
        supporting += _other_parts(request, [lead, *supporting])
        facts = [lead, *supporting]
    missing: list[str] = []
    if subjects_asked(request):  # "the molar masses of THC and CBN": a figure for each
        facts, missing = each_subject_given(request, facts)
        if not facts:
            return ComposedAnswer(uncovered_reply(request))
        lead, *supporting = facts
    asks_rule = bool(request.jurisdictions or request.asked_topics)
    other = the_other_side(request.answerable(), facts, asks_rule)
    if other is not None:
        supporting, facts = [*supporting, other], [*facts, other]
    states_named = bool(request.jurisdictions)
    distinct_states = {fact.jurisdiction for fact in facts if fact.jurisdiction}
    said = f"Your file {lead.title} says: " if is_own(lead) else ""
    federal = _federal_in(request, facts)
    parts = [f"{label(lead)}{said}{in_force}{lead.text} [1]"]
    if federal and lead in federal:
        parts.append(_applies_federally(request))  # "280E for our Colorado shop?"
    turns = [turn.content for turn in request.messages if turn.role == "user" and turn.content]
    worked = (
        worked_on_price(lead, request.tax_price, request.question, turns)
        if request.tax_price
        else worked_on_weight(lead, request.question, turns)  # "10 lb at $50 an ounce"
    )
    if worked and lead.topic == "tax":
        parts.insert(0, f"{worked} [1]")  # "$60 eighth, how much excise?": the sum first
    if request.asks_source and not is_own(lead):
        parts.insert(0, f"{label(lead)}{where_written(lead)} [1]")  # "which code section?"
    left = worked_allowance(lead, request.already, request.question, request.asked_topics)
    if left:  # "20 g already, how much more?", "how many 100 mg packs may I carry?"
        parts.insert(0, f"{label(lead)}{left} [1]")
    if found := first_worked_equivalent(facts, request.question):  # the total, not the factor
        number, table, equivalent = found
        parts.insert(0, f"{label(table)}{equivalent} [{number}]")
    if supporting:
        if not states_named and len(distinct_states) > 1:
            parts.append(
                "The rule depends on the state; name yours for a precise answer. "
                "What the sources say:"
            )
        elif lead not in federal and any(fact in federal for fact in supporting):
            parts.append(_applies_federally(request, beside_state=True))  # the state's first
        else:
            parts.append("Also:")
        parts.append(
            "\n".join(
                f"- {fact.title}: {fact.pending_note}{fact.text} [{number}]"
                for number, fact in enumerate(supporting, start=2)
            )
        )
    if not request.comparison and (admitted := unanswered_parts(request, facts)):
        parts.append(admitted)
    if missing:
        parts.append(missing_subjects_note(missing))
    return ComposedAnswer("\n\n".join(parts), tuple(facts))


def _federal_in(request: AnswerRequest, facts: Sequence[Fact]) -> list[Fact]:
    """The facts that answer for the US states named as federal law governing the topic
    asked there (280E, FinCEN's SAR duties, OSHA's limits), not as the states' own rules."""
    states = {code for code in request.jurisdictions if is_us_state(code)}
    return [fact for fact in facts if states and binds_in(fact, states, request.federal_topics)]


def _applies_federally(request: AnswerRequest, *, beside_state: bool = False) -> str:
    """The sentence saying the federal rule holds in the states named (after the state's own
    rule, `beside_state`, it introduces the federal facts that follow)."""
    names = " and ".join(
        jurisdiction_name(code) for code in request.jurisdictions if is_us_state(code)
    )
    if beside_state:
        return f"Federal law also applies in {names}, as in every US state:"
    return f"This is federal law, so it applies in {names} as in every US state."


def compose_answer(request: AnswerRequest) -> str:
    """The grounded answer as text, its numbered sources last."""
    return compose(request).as_text()


def _gap_answer(request: AnswerRequest) -> ComposedAnswer:
    """No sourced rule for a jurisdiction named: say so and who to ask; when the question
    is whether cannabis is legal there, lead with the directory's status of its programmes."""
    gap = request.gap
    names = " or ".join(jurisdiction_name(code) for code in request.uncovered_states)
    topic = f" on {gap.topic.replace('-', ' ')}" if gap and gap.topic else ""
    lacking = gap.lacking if gap else "rule"
    admitted = f"My knowledge packs hold no sourced {lacking}{topic} for {names}, so I won't guess."
    if gap is None:
        return ComposedAnswer(f"{admitted} Ask {names}'s cannabis regulator.")
    if gap.locality is not None:  # "Chicago's zoning districts?": the city's own rule
        admitted = f"My knowledge packs hold no sourced rule of {possessive(gap.locality)} own."
        return ComposedAnswer("\n\n".join([admitted, gap.local_note, *gap.where_to_ask]))
    if gap.regulators:  # who regulates it is the question: the directory answers it
        # with the status beside it when that was asked too (the tracking system)
        answering = gap.regulators + gap.status_facts
        cited = [f"{fact.text} [{n}]" for n, fact in enumerate(answering, start=1)]
        return ComposedAnswer("\n\n".join(cited), answering)
    if gap.status_facts and request.counted is None:
        # whether it is legal there is the question: the directory's status (not "how long
        # is a Missouri medical card good for?", which asks a figure the status lacks)
        cited = [f"{fact.text} [{n}]" for n, fact in enumerate(gap.status_facts, start=1)]
        more = f"For anything more specific, my knowledge packs hold no sourced rule for {names}."
        text = "\n\n".join([*cited, more, *gap.where_to_ask])
        return ComposedAnswer(text, gap.status_facts)
    parts = list(gap.status)
    if parts:
        admitted = "For anything more specific, my knowledge packs hold no sourced "
        admitted += f"{lacking}{topic} for {names}."
    parts += [admitted, *gap.where_to_ask]
    return ComposedAnswer("\n\n".join(parts))


# "When does it kick in?", "what's the effective date": the lead fact's date comes first.
_ASKS_WHEN = re.compile(
    r"^\W*when\b|\bwhen (?:does|did|do|will|is)\b|\bkicks? in\b|\beffective (?:date|when)\b|"
    r"\bstarts? (?:on|when)\b|\bgoes into effect\b|\btake effect\b",
    re.IGNORECASE,
)


def check_grounded_options(options: GenerationOptions) -> None:
    """Refuse what an answer composed from sources cannot honour.

    Raises:
        UnsupportedOption: a JSON schema to fill, a forced tool call, or a logit bias.
    """
    if (options.response_format or {}).get("type") == "json_schema":
        raise UnsupportedOption(
            "response_format",
            "The grounded engine composes answers from its sources and cannot fill a JSON "
            'schema. Send response_format {"type": "json_object"} to get '
            '{"answer", "agent", "sources"} as JSON, or run Trichome with an LLM '
            "(TRICHOME_ENGINE=openai) for json_schema.",
        )
    if options.forces_tool_call:
        raise UnsupportedOption(
            "tool_choice",
            "The grounded engine answers from its sources and never calls your tools, so it "
            "cannot honour a tool_choice that requires a call. Send tool_choice 'auto' or "
            "'none', or run Trichome with an LLM (TRICHOME_ENGINE=openai).",
        )
    if options.logit_bias:
        raise UnsupportedOption(
            "logit_bias",
            "The grounded engine does not sample tokens, so logit_bias cannot apply; "
            "send it only with an LLM engine (TRICHOME_ENGINE=openai).",
        )


def cut_at_stop(text: str, stop: Sequence[str] | None) -> str:
    """The text up to the first of the caller's stop sequences (which is not included)."""
    if not stop:
        return text
    ends = [position for sequence in stop if sequence and (position := text.find(sequence)) >= 0]
    return text[: min(ends)] if ends else text


def split_into_chunks(text: str) -> list[str]:
    """The answer cut into stream-sized pieces that concatenate back to the exact text."""
    return _CHUNKS.findall(text) or [text]


class GroundedEngine:
    """Answers from the knowledge packs alone: no network, no model weights."""

    name = "grounded"

    async def stream(
        self, request: AnswerRequest, *, incremental: bool = True
    ) -> AsyncIterator[AnswerEvent]:
        """The composed answer in pieces, then `Finished` (usage is counted by the caller).

        With `response_format: json_object` the answer is one JSON object; the caller's
        stop sequences cut a text answer where the first of them starts.
        """
        composed = compose(request)
        options = request.options
        if (options.response_format or {}).get("type") == "json_object":
            text = composed.as_json(request.agent.name)
        else:
            text = cut_at_stop(composed.as_text(), options.stop)
        for piece in split_into_chunks(text):
            yield TextDelta(piece)
        yield Finished("stop")

    def check_options(self, options: GenerationOptions) -> None:
        """Refuse a JSON schema, a forced tool call and a logit bias.

        Raises:
            UnsupportedOption: the first of them the request sets.
        """
        check_grounded_options(options)

    async def check(self) -> str | None:
        """Always able to answer."""
        return None

    async def aclose(self) -> None:
        """Nothing to release."""
