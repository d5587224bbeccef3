"""Search-augmented answers: the packs first, then, when the agent decides to, the web.

`SearchAnswerer.plan` routes the question and decides whether to search (see `decide`);
`run` yields what happens, in order, so a wire format can stream it: the search, the pages
read, the answer's text, and finally the whole text with its citations and usage.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from urllib.parse import urlsplit

from trichome.agents.budget import TokenBudget
from trichome.agents.engine import WEB_PAGES
from trichome.agents.engines.grounded import split_into_chunks
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer
from trichome.knowledge.packs import Fact
from trichome.knowledge.packs import Source as FactSource
from trichome.knowledge.retrieval import Passage, any_relevant
from trichome.llm.base import Finished, TextDelta, ToolCallDelta, Usage
from trichome.llm.tokens import estimate_tokens
from trichome.websearch.compose import (
    Citation,
    WebSource,
    cited_spans,
    quoted_answer,
    select_sources,
)
from trichome.websearch.decide import SearchDecision, decide
from trichome.websearch.research import Reading, Research, WebResearcher

logger = logging.getLogger(__name__)

NOT_CONFIGURED_NOTE = (
    "Web search is not configured on this server, so this answer comes from the knowledge "
    "packs alone."
)
SEARCH_FAILED_NOTE = (
    "The web search failed ({reason}), so this answer comes from the knowledge packs alone."
)
NOTHING_READ_NOTE = (
    "No page the web search found could be read, so this answer comes from the knowledge "
    "packs alone."
)


class SearchStatus(StrEnum):
    """What became of web search for one answer (the response's `metadata.search`)."""

    SEARCHED = "searched"
    NOT_NEEDED = "not_needed"
    DISABLED = "disabled"
    NOT_CONFIGURED = "not_configured"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Plan:
    """A routed question and the decision whether to search for it."""

    prepared: PreparedAnswer
    decision: SearchDecision
    status: SearchStatus  # before searching: NOT_NEEDED, DISABLED, NOT_CONFIGURED or SEARCHED
    threshold: float
    packs_reviewed: date | None = None
    allowed_domains: tuple[str, ...] = ()

    @property
    def packs_confident(self) -> bool:
        """Whether the packs' answer is worth giving beside the web's (it met the threshold)."""
        return self.decision.confidence >= self.threshold and any_relevant(
            self.prepared.request.passages
        )

    @property
    def searches(self) -> bool:
        """Whether the web will be searched."""
        return self.status is SearchStatus.SEARCHED


@dataclass(frozen=True, slots=True)
class Searched:
    """The search ran (or failed: `research.error`); its results are in `research`."""

    research: Research


@dataclass(frozen=True, slots=True)
class PagesRead:
    """The pages the answer may cite, and those that could not be read."""

    readings: tuple[Reading, ...]


@dataclass(frozen=True, slots=True)
class Answered:
    """The whole answer: its text, the citations into it, its usage and the search outcome."""

    text: str
    citations: tuple[Citation, ...]
    usage: Usage
    status: SearchStatus
    finish_reason: str
    notes_sent: bool = False


SearchEvent = Searched | PagesRead | TextDelta | Answered


def _allowed(url: str, domains: Sequence[str]) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return any(host == domain or host.endswith("." + domain) for domain in domains)


def _page_passage(source: WebSource) -> Passage:
    """A page as the LLM engine sees a source: its best sentences, under its title and URL."""
    fact = Fact(
        id=f"web-{source.number}",
        pack_id=WEB_PAGES,
        topic="web",
        title=source.page.title,
        text=" ".join(source.quotes),
        sources=(FactSource(source.page.title, source.url, "web page"),),
    )
    return Passage(fact, source.coverage, source.coverage)


class SearchAnswerer:
    """Answers single questions from the packs and, when that would help, the web."""

    def __init__(
        self, service: AgentService, researcher: WebResearcher, threshold: float, pages: int
    ) -> None:
        self.service = service
        self.researcher = researcher
        self._threshold = threshold
        self._pages = pages

    def plan(
        self,
        chat: ChatRequest,
        *,
        tool_choice: str = "auto",
        allowed_domains: Sequence[str] = (),
    ) -> Plan:
        """Route the question, retrieve from the packs, and decide whether to search."""
        prepared = self.service.prepare(chat)
        passages = prepared.request.passages
        confidence = max((passage.coverage for passage in passages), default=0.0)
        reviewed = self.service.packs_reviewed(prepared.agent, chat.model)
        decision = decide(
            prepared.request.question,
            confidence,
            threshold=self._threshold,
            packs_reviewed=reviewed,
            tool_choice=tool_choice,
        )
        if not decision.search:
            status = SearchStatus.DISABLED if tool_choice == "none" else SearchStatus.NOT_NEEDED
        elif not self.researcher.configured:
            status = SearchStatus.NOT_CONFIGURED
        else:
            status = SearchStatus.SEARCHED
        domains = tuple(d.lower().strip(".") for d in allowed_domains if d.strip("."))
        return Plan(prepared, decision, status, self._threshold, reviewed, domains)

    async def run(self, plan: Plan) -> AsyncIterator[SearchEvent]:
        """The search and the reading (when planned), the answer's text, then `Answered`."""
        question = plan.prepared.request.question
        web_sources: list[WebSource] = []
        status = plan.status
        note = NOT_CONFIGURED_NOTE if status is SearchStatus.NOT_CONFIGURED else ""
        if plan.searches:
            research = await self.researcher.search(question, fresh=plan.decision.fresh)
            if plan.allowed_domains:
                research.results = [
                    r for r in research.results if _allowed(r.url, plan.allowed_domains)
                ]
            yield Searched(research)
            if research.error is None:
                await self.researcher.read(research)
                yield PagesRead(tuple(research.readings))
            pages = research.pages
            if research.error is not None:
                status = SearchStatus.FAILED
                note = SEARCH_FAILED_NOTE.format(reason=research.error)
            elif not pages:
                status = SearchStatus.FAILED
                note = NOTHING_READ_NOTE
            else:
                web_sources = select_sources(question, pages, self._pages)
        if self.service.engine.name == "grounded":
            events = self._quoted(plan, web_sources, status, note)
        else:
            events = self._written(plan, web_sources, status, note)
        async for event in events:
            yield event

    async def _quoted(
        self, plan: Plan, web_sources: list[WebSource], status: SearchStatus, note: str
    ) -> AsyncIterator[SearchEvent]:
        """The offline answer: the packs' answer, then the pages' best sentences."""
        prepared = plan.prepared
        # The packs' part is written whole; the caller's budget applies to the answer below.
        options = replace(prepared.request.options, max_tokens=None, max_completion_tokens=None)
        bare = replace(prepared, notes=(), request=replace(prepared.request, options=options))
        citations: list[Citation] = []
        if status is SearchStatus.SEARCHED:
            background = ""
            if plan.packs_confident:
                packs = (await self.service.complete(bare)).text
                background = f"{self._packs_heading(plan)}\n\n{packs}"
            text, citations = quoted_answer(
                prepared.request.question, web_sources, background=background
            )
        else:
            text = (await self.service.complete(bare)).text
            if note:
                text += f"\n\n{note}"
        notes = "".join(f"\n\n{extra}" for extra in prepared.notes)
        budget = TokenBudget(prepared.request.options.token_budget)
        reason = "stop"
        if budget.fits(text + notes):
            text += notes
        else:
            # The caller's budget ends the answer; no room is made for the notes.
            text, reason, notes = budget.take(text), "length", ""
            citations = [c for c in citations if c.end_index <= len(text)]
        for piece in split_into_chunks(text):
            yield TextDelta(piece)
        usage = Usage(prepared.prompt_tokens, estimate_tokens(text))
        yield Answered(text, tuple(citations), usage, status, reason, bool(notes))

    @staticmethod
    def _packs_heading(plan: Plan) -> str:
        if plan.packs_reviewed is None:
            return "From Trichome's knowledge packs:"
        return (
            f"From Trichome's knowledge packs (reviewed {plan.packs_reviewed.isoformat()}; "
            "the web sources above may be newer):"
        )

    async def _written(
        self, plan: Plan, web_sources: list[WebSource], status: SearchStatus, note: str
    ) -> AsyncIterator[SearchEvent]:
        """The LLM's answer over the pages (numbered first) and the packs' relevant facts."""
        prepared = plan.prepared
        if status is SearchStatus.SEARCHED:
            packs = plan.packs_confident
            pack_passages = [p for p in prepared.request.passages if packs and p.coverage > 0]
            passages = (*map(_page_passage, web_sources), *pack_passages)
            request = replace(prepared.request, passages=passages)
            prepared = replace(prepared, request=request)
        text: list[str] = []
        finished: Finished | None = None
        async for event in self.service.stream(prepared):
            if isinstance(event, TextDelta):
                text.append(event.text)
                yield event
            elif isinstance(event, ToolCallDelta):
                continue  # the responses endpoint offers the model no client tools
            else:
                finished = event
        if note and not prepared.request.options.structured:
            # A structured answer must stay parseable; metadata says what happened instead.
            text.append(f"\n\n{note}")
            yield TextDelta(f"\n\n{note}")
        whole = "".join(text)
        assert finished is not None and finished.usage is not None  # AgentService finishes
        citations = cited_spans(whole, web_sources) if web_sources else []
        yield Answered(
            whole, tuple(citations), finished.usage, status, finished.reason, finished.notes_sent
        )
