"""From a validated chat request to an answer: route, retrieve, write, append notes."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import date

from trichome.agents import triage
from trichome.agents.allowance import already_given, limit_facts
from trichome.agents.asked_aspects import finds_an_answer
from trichome.agents.budget import TokenBudget
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculator_tools import edible_limit_facts, edible_limits
from trichome.agents.counting import counted_subject, counted_thing
from trichome.agents.drafting import STATES_NO_RULE, conversation_draft, routed_to_writer
from trichome.agents.engine import AnswerEngine, AnswerRequest, DocumentReport
from trichome.agents.figure_scopes import asked_scope, asked_scopes
from trichome.agents.figures import asks_serving_figure, asks_tolerance, figure_units
from trichome.agents.focus import asked_foci
from trichome.agents.follow_ups import asks_if_it_reaches, asks_redo, latest_turn_first
from trichome.agents.gaps import STATUS_TOPIC, describe_gap, status_first
from trichome.agents.handover import owner_of
from trichome.agents.offences import asks_offence, offence_first
from trichome.agents.own_documents import own_passages, reads_own_papers, with_own_documents
from trichome.agents.product_forms import asked_form_first
from trichome.agents.programmes import asks_if_exempt, of_program
from trichome.agents.registry import AGENTS, MAIN_AGENT, Agent
from trichome.agents.router import RouteDecision, Router, question_text
from trichome.agents.sources_asked import asks_source
from trichome.agents.tax_readers import asked_price, sourced_tax_answers
from trichome.agents.topic_parts import with_each_topic
from trichome.agents.unanswered import admit_unanswered, unanswered_places
from trichome.agents.understanding import RequestKind, search_query, understand
from trichome.agents.variance import sourced_variance
from trichome.config import Settings
from trichome.knowledge.directory import Directory, load_directory
from trichome.knowledge.jurisdictions import FEDERAL, without_jurisdictions
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import FactIndex, KnowledgeBase, Passage
from trichome.knowledge.sops import FilledSop, SopLibrary, SopTemplate, load_sops
from trichome.knowledge.topics import answering_topics, most_specific
from trichome.knowledge.words import glossary_key, glossary_names
from trichome.llm.base import (
    AnswerEvent,
    ChatTurn,
    CompletedAnswer,
    Finished,
    GenerationOptions,
    TextDelta,
    ToolCallDelta,
    Usage,
    collect,
)
from trichome.llm.tokens import estimate_prompt_tokens, estimate_tokens
from trichome.plans import PublicModel

HISTORY_WINDOW = 20
GLOSSARY_PACK = "general-glossary"  # the pack a request for a definition is answered from
PASSAGES_PER_ANSWER = 6
PASSAGES_ACROSS_STATES = 40
SECOND_OPINION_BELOW = 0.75  # below it, an agent that finds nothing asks the runner-up


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """A validated chat request, independent of the wire format."""

    model: PublicModel
    messages: tuple[ChatTurn, ...]
    options: GenerationOptions = field(default_factory=GenerationOptions)
    upstream_model: str | None = None
    # The asking organisation's own files, indexed (`trichome.documents.index`); None: none.
    documents: FactIndex | None = None
    # Its certificates of analysis checked for the question (`documents.coa_answers`).
    report: DocumentReport | None = None


@dataclass(frozen=True, slots=True)
class PreparedAnswer:
    """A routed request, ready for the engine: who answers, with which passages and notes."""

    agent: Agent
    route: RouteDecision
    request: AnswerRequest
    notes: tuple[str, ...]
    prompt_tokens: int


def history_window(messages: Sequence[ChatTurn]) -> tuple[ChatTurn, ...]:
    """Only the latest 20 messages of a conversation are used (spec 4.1, rule 4)."""
    return tuple(messages[-HISTORY_WINDOW:])


class AgentService:
    """Routes each request to an agent and has the configured engine write the answer."""

    def __init__(
        self,
        router: Router,
        knowledge: KnowledgeBase,
        engine: AnswerEngine,
        upgrade_url: str,
        sops: SopLibrary | None = None,
        directory: Directory | None = None,
    ) -> None:
        self.router = router
        self.directory = directory if directory is not None else load_directory()
        self.knowledge = knowledge
        self.engine = engine
        self._upgrade_url = upgrade_url
        self._sops = sops

    def prepare(self, chat: ChatRequest) -> PreparedAnswer:
        """Route the latest user message and retrieve the passages for the answering agent."""
        window = history_window(chat.messages)
        user_turns = [t.content for t in window if t.role == "user" and t.content]
        question = question_text(user_turns)
        route = self.router.route_conversation(user_turns)
        template = self._template(question, user_turns)
        understanding = understand(user_turns)
        own = own_passages(chat.documents, without_jurisdictions(question, understanding.residence))
        if reads_own_papers(own, question) or understanding.scope:
            template = None  # "what does our transport SOP say?", or a request declined
        # A greeting, a thanks, a request no fact should answer, or a document to draft
        # (by the agent that writes its class: a caption is marketing's, an agenda operations').
        quiet = understanding.kind in (RequestKind.SMALL_TALK, RequestKind.OUT_OF_SCOPE)
        draft = None if quiet or template else conversation_draft(user_turns)
        route, quiet = routed_to_writer(route, draft), quiet or draft is not None
        mail = draft is not None and draft.kind in STATES_NO_RULE
        agent, notes = triage.specialist(
            route, chat.model, understanding, template, self._upgrade_url, draft is not None, mail
        )
        jurisdictions, state = understanding.jurisdictions, understanding.state
        calculation = recognise_conversation(
            user_turns, state, lambda code: edible_limits(self.knowledge, code)
        )
        if draft is not None and calculation is not None and calculation.calculation is None:
            calculation = None  # copy asked ("a menu description for a 1g rosin"), not a sum
        if calculation is not None and calculation.calculation is not None and not notes:
            agent = triage.calculating_specialist(
                agent, calculation.calculation.name, understanding, chat.model
            )
        checked_against: tuple[Fact, ...] = ()
        worked = calculation.calculation if calculation else None
        if worked and ("servings_check" in worked.name or worked.name.endswith("_at_cap")):
            checked_against = tuple(edible_limit_facts(self.knowledge, state)) if state else ()
        elif worked and worked.name.startswith("purchase_limit") and state:
            checked_against = limit_facts(self.knowledge, state, worked.details["limit"])
        # Without a state, every state's rule may be wanted; with one, the best few.
        limit = PASSAGES_PER_ANSWER if jurisdictions else PASSAGES_ACROSS_STATES
        topic_query = search_query(user_turns, question, understanding)
        # A rule question ("how many plants can I grow in Vermont?") is answered only by
        # facts on its topic: never by a fact of the same state about something else.
        rule_topics = understanding.rule_topics
        topics = answering_topics(rule_topics) if rule_topics else None
        index = self.knowledge.index_for(self._packs_for(agent, chat.model), agent.borrows(topics))
        narrowest = most_specific(rule_topics)
        prefer = narrowest.answered_by if narrowest else frozenset()
        passages = (
            []
            if quiet
            else index.search(
                topic_query, jurisdictions=jurisdictions, topics=topics, prefer=prefer, limit=limit
            )
        )
        passages = with_each_topic(index, passages, rule_topics, jurisdictions)
        if user_turns:
            passages = latest_turn_first(passages, user_turns[-1], topic_query)
        passages = asked_form_first(passages, understanding.products, bool(jurisdictions))
        passages = offence_first(passages, question)
        passages = of_program(
            passages,
            understanding.program,
            naming_it=asks_if_it_reaches(user_turns) or asks_if_exempt(question),
        )
        status_only = [topic.name for topic in rule_topics] == [STATUS_TOPIC]
        if understanding.kind is not RequestKind.COMPARISON and status_only:
            # "is rec legal in Nebraska?": the directory's sourced status answers first.
            passages = status_first(self.directory, understanding.state, passages)
        if understanding.defines:
            # "bho = ?": the glossary's entry for the term, whichever agent answers.
            passages = self._glossary(understanding.defines) or passages
        runner_up = triage.second_opinion(route, state, bool(rule_topics))
        second = AGENTS.get(runner_up or "")
        if (
            not notes
            and template is None  # a procedure asked for is operations' whatever facts it has
            and not (worked and not checked_against)  # a sum worked needs no fact to answer
            and not quiet
            and not finds_an_answer(passages, question)  # none that speaks of the aspect asked
            and second is not None
            and second.available_on(chat.model)
            and route.confidence < SECOND_OPINION_BELOW
        ):
            # An unsure pick whose packs know nothing: the runner-up may know the answer
            packs = self._packs_for(second, chat.model)
            other = self.knowledge.index_for(packs, second.borrowed_topics)
            found = other.search(
                topic_query, jurisdictions=jurisdictions, topics=topics, prefer=prefer, limit=limit
            )
            found = of_program(
                latest_turn_first(found, user_turns[-1], topic_query), understanding.program
            )
            # ... unless it finds only the facts the pick had: it knows nothing more
            new = {p.fact.id for p in found} - {p.fact.id for p in passages}
            if (new and finds_an_answer(found, question)) or triage.abstains_instead(agent, second):
                agent, index, passages = second, other, found
        if not quiet:
            passages = with_own_documents(passages, own, topic_query)
        covered = index.jurisdictions - {FEDERAL}
        number_asked = understanding.kind is RequestKind.NUMBER
        asked_units = figure_units(question) if number_asked else frozenset[str]()
        uncovered = unanswered_places(
            passages,
            jurisdictions,
            rule_topics=rule_topics,
            counted=counted_thing(question),
            covered=covered,
            reads_state_rules=agent.answers_state_rules,
            foci=asked_foci(user_turns, question),
            products=understanding.products,
            scopes=asked_scopes(question, topics),
            quiet=quiet,  # no rule is asked for, so none is missing
            units=asked_units,
        )
        if sourced_tax_answers(calculation, passages, state):
            calculation = None  # "how does delaware want the 15% tax rounded? $33.33 item"
        if (already := already_given(user_turns, topics, calculation)) is not None:
            calculation = None  # "bought 1,000 mg, how many mg left?": the limit's to work out
        variance = sourced_variance(calculation, user_turns, state, self.knowledge)
        if variance is not None:
            calculation = None  # the state's sourced rule decides, not a bare % of label
        request = AnswerRequest(
            public_model=chat.model.id,
            agent=agent,
            question=question,
            messages=window,
            passages=tuple(passages),
            jurisdictions=jurisdictions,
            options=chat.options,
            upstream_model=chat.upstream_model,
            calculation=calculation,
            calculation_facts=checked_against,
            sop=None if understanding.scope else self._sop(agent, template, state),
            draft=draft,
            uncovered_states=uncovered if calculation is None and chat.report is None else (),
            covered_states=tuple(sorted(covered)),
            on_topic=topics is not None,
            comparison=understanding.kind is RequestKind.COMPARISON,
            asked_topics=topics or frozenset(),
            federal_topics=understanding.federal_topics,
            topic_groups=tuple(topic.answered_by for topic in rule_topics),
            small_talk=understanding.kind is RequestKind.SMALL_TALK,
            out_of_scope=understanding.scope,
            variance=variance,
            report=chat.report,
            counted=counted_thing(question),
            counted_subject=counted_subject(question),
            focus=asked_foci(user_turns, question),
            drafting=understanding.kind is RequestKind.DRAFT,
            offence=topics is not None and asks_offence(question),
            asks_source=bool(user_turns) and asks_source(user_turns[-1]),
            products=understanding.products,
            asks_number=number_asked,
            per_serving=asks_serving_figure(user_turns, question, understanding.kind),
            tax_price=asked_price(user_turns[-1]) if user_turns else None,
            figure_scope=asked_scope(question, topics),
            figure_scopes=asked_scopes(question, topics),
            tolerance=asks_tolerance(user_turns[-1]) if user_turns else False,
            already=already,
            figure_units=asked_units,
            gap=describe_gap(
                self.directory,
                uncovered if calculation is None else (),
                understanding.topics,
            ),
        )
        # With no fact that answers, a place named still gets its regulator and status.
        request = admit_unanswered(request, self.directory, understanding.topics)
        agent, request = owner_of(request, self.knowledge, chat.model, notes or quiet or template)
        prompt_tokens = estimate_prompt_tokens(turn.content or "" for turn in window)
        return PreparedAnswer(agent, route, request, notes, prompt_tokens)

    def _template(self, question: str, user_turns: Sequence[str]) -> SopTemplate | None:
        """The procedure asked for: in the question, or, for a follow-up that asks to redo
        it ("now adapt it for Nevada", "same thing for our Colorado site"), the one before."""
        if self._sops is None:
            return None
        found = self._sops.match(question)
        if found is None and len(user_turns) > 1 and asks_redo(user_turns[-1]):
            found = self._sops.match(user_turns[-2])
        return found

    def _glossary(self, term: str) -> list[Passage]:
        """The glossary's entries whose title names `term` (none when no pack holds one)."""
        if GLOSSARY_PACK not in self.knowledge.packs:
            return []
        index, asked = self.knowledge.index_for(frozenset({GLOSSARY_PACK})), glossary_key(term)
        found = index.search(f"{term} {asked}", limit=3)  # "B.H.O." is looked up as "bho" too
        return [p for p in found if asked in glossary_names(p.fact.title)]

    def _sop(
        self, agent: Agent, template: SopTemplate | None, state: str | None
    ) -> FilledSop | None:
        if self._sops is None or template is None or agent.name != triage.OPERATIONS:
            return None
        return self._sops.fill(template, state)

    def _packs_for(self, agent: Agent, model: PublicModel) -> frozenset[str]:
        # The main agent triages: its own packs and every specialist's on the caller's model.
        if agent.name == MAIN_AGENT:
            names = [a.name for a in AGENTS.values() if a.available_on(model)]
            return self.knowledge.pack_ids_for(names)
        return self.knowledge.pack_ids_for([agent.name])

    def packs_reviewed(self, agent: Agent, model: PublicModel) -> date | None:
        """When the packs this agent reads were last reviewed (the latest date among them)."""
        dates = [
            pack.reviewed
            for pack_id in self._packs_for(agent, model)
            if (pack := self.knowledge.packs[pack_id]).reviewed is not None
        ]
        return max(dates, default=None)

    async def stream(
        self, prepared: PreparedAnswer, *, incremental: bool = True
    ) -> AsyncIterator[AnswerEvent]:
        """The engine's events with the notes appended, ending in `Finished` with usage.

        The answer stops at the caller's token budget (`finish_reason: "length"`). Notes go
        out only after an answer that ended normally in text: a structured answer must stay
        parseable, a tool call is not the answer yet, and a cut answer has no room left.
        """
        options = prepared.request.options
        budget = TokenBudget(options.token_budget)
        made_tool_calls = False
        events = self.engine.stream(prepared.request, incremental=incremental)
        try:
            async for event in events:
                if isinstance(event, TextDelta):
                    head = budget.take(event.text)
                    if head:
                        yield TextDelta(head)
                    if budget.exhausted:
                        yield Finished("length", Usage(prepared.prompt_tokens, budget.used))
                        return
                elif isinstance(event, ToolCallDelta):
                    made_tool_calls = True
                    budget.used += estimate_tokens(event.arguments)
                    yield event
                else:
                    # What the engine wrote: the upstream's own count when it gave one.
                    spent = event.usage.completion_tokens if event.usage else budget.used
                    prompt = event.usage.prompt_tokens if event.usage else prepared.prompt_tokens
                    notes = [f"\n\n{note}" for note in prepared.notes]
                    reason = event.reason
                    notes_sent = False
                    if (
                        notes
                        and reason == "stop"
                        and not made_tool_calls
                        and not options.structured
                    ):
                        if budget.fits("".join(notes), spent):
                            # Each note is its own chunk, so a sponsored line added last is
                            # the last content chunk before the finishing one.
                            for note in notes:
                                spent += estimate_tokens(note)
                                yield TextDelta(note)
                            notes_sent = True
                        else:
                            reason = "length"
                    yield Finished(reason, Usage(prompt, spent), notes_sent)
                    return
        finally:
            await events.aclose()  # type: ignore[attr-defined]

    async def complete(self, prepared: PreparedAnswer) -> CompletedAnswer:
        """The whole answer at once."""
        return await collect(self.stream(prepared, incremental=False))


def build_agent_service(settings: Settings) -> AgentService:
    """The agents with the shipped router and packs and the configured engine."""
    from trichome.agents.engines.grounded import GroundedEngine
    from trichome.knowledge.packs import load_packs
    from trichome.knowledge.places import place_codes

    engine: AnswerEngine
    place_codes()  # GeoNames' cities load once here (about a second), never inside a request
    knowledge = KnowledgeBase(load_packs())
    if settings.engine == "openai":
        from trichome.agents.engines.openai import OpenAICompatibleEngine

        engine = OpenAICompatibleEngine(settings, knowledge)
    else:
        engine = GroundedEngine()
    sops = SopLibrary(load_sops(), knowledge)
    return AgentService(Router.from_packaged_data(), knowledge, engine, settings.upgrade_url, sops)
