"""The knowledge base as one service object: corpus, index, retrieval and answers."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import IO

import orjson
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.agents.budget import within_budget
from trichome.agents.engine import AnswerEngine, AnswerRequest
from trichome.agents.engines.grounded import check_grounded_options, cut_at_stop, split_into_chunks
from trichome.agents.registry import Agent
from trichome.agents.service import history_window
from trichome.config import KB_MODEL, Settings
from trichome.forum.answers import (
    NO_MATCH,
    Citation,
    ForumRetriever,
    Retrieval,
    cited_in,
    grounded_answer,
    source_passage,
)
from trichome.forum.corpus import BadLine, ThreadRecord, read_jsonl, write_jsonl
from trichome.forum.index import SearchPage, ThreadIndex
from trichome.forum.store import (
    SaveResult,
    StoredThread,
    changed_since,
    iter_threads,
    latest_change,
    save_threads,
    thread_count,
)
from trichome.forum.store import threads_by_id as load_threads
from trichome.knowledge.packs import Fact
from trichome.knowledge.packs import Source as FactSource
from trichome.knowledge.retrieval import Passage
from trichome.llm.base import AnswerEvent, ChatTurn, Finished, GenerationOptions, TextDelta, Usage
from trichome.llm.tokens import estimate_prompt_tokens, estimate_tokens
from trichome.plans import FREE_AGENT

logger = logging.getLogger(__name__)
IMPORT_BATCH = 1_000
# How often a running service looks for threads the index does not hold yet.
INDEX_CATCH_UP_SECONDS = 10.0

# How an LLM answers as the knowledge base (the agents' prompt, with the forum as its scope).
KB_AGENT = Agent(
    "knowledge_base",
    "forum knowledge base",
    "what practitioners reported in the forum threads given as sources: extraction, "
    "cultivation, testing, equipment, compliance and business. Attribute what you report to "
    "the forum members who said it",
    FREE_AGENT,
    "the forum itself: search it with other words",
)


def sample_files() -> list[Path]:
    """The sample corpus that ships with Trichome (JSON Lines, one file per category)."""
    folder = resources.files("trichome.forum") / "sample"
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".jsonl"))


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What importing a JSON Lines file did."""

    saved: SaveResult
    bad_lines: tuple[BadLine, ...]
    indexed: int


@dataclass(slots=True)
class Reply:
    """An answer under way: the threads found, the engine's events, and the citations."""

    retrieval: Retrieval
    events: AsyncIterator[AnswerEvent]
    engine: str
    grounded_citations: tuple[Citation, ...] | None = None

    def citations(self, text: str) -> tuple[Citation, ...]:
        """The threads the finished answer cites."""
        if self.grounded_citations is not None:
            return self.grounded_citations
        return cited_in(text, self.retrieval.sources)


def _as_json(text: str, citations: Sequence[Citation], pages: str | None) -> str:
    """A grounded answer as the JSON object of `response_format: {"type": "json_object"}`."""
    sources = [{"number": c.number, "title": c.title, "url": c.link(pages)} for c in citations]
    return orjson.dumps({"answer": text, "sources": sources}).decode()


async def _spoken(text: str, prompt_tokens: int) -> AsyncIterator[AnswerEvent]:
    for piece in split_into_chunks(text):
        yield TextDelta(piece)
    yield Finished("stop", Usage(prompt_tokens, estimate_tokens(text)))


class ForumKnowledgeBase:
    """The threads in the database, their index, and answers from them."""

    def __init__(
        self,
        settings: Settings,
        sessions: async_sessionmaker[AsyncSession],
        engine: AnswerEngine | None = None,
    ) -> None:
        self.settings = settings
        self.sessions = sessions
        with self._exclusive():  # workers starting together must not both create it
            self.index = ThreadIndex(settings.kb_index_path)
        self.retriever = ForumRetriever(self.index, settings.kb_answer_threads)
        self.engine = engine

    # ------------------------------------------------------------------ corpus and index

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        """One process at a time prepares or writes the index (workers start together)."""
        lock_path = self.settings.kb_index_path.with_suffix(".lock")
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        with lock_path.open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    async def thread_count(self) -> int:
        """Threads in the database."""
        async with self.sessions() as session:
            return await thread_count(session)

    async def prepare(self) -> None:
        """Ready to answer: the sample corpus loaded into an empty database (when enabled),
        and the index brought up to what the database holds."""
        with self._exclusive():
            stored = await self.thread_count()
            if stored == 0 and self.settings.kb_sample:
                for path in sample_files():
                    with path.open("rb") as stream:
                        report = await self._save(stream)
                    for bad in report.bad_lines:
                        logger.error(
                            "sample corpus %s line %s: %s", path.name, bad.line, bad.reason
                        )
                stored = await self.thread_count()
                logger.info("loaded the sample forum corpus: %s threads", stored)
            if self.index.count() != stored:
                await self._rebuild()
            else:
                await self._catch_up()

    # The index notes the last change it holds (`_watermark`); what the database changed
    # after it (an import killed between saving and indexing, another process's import) is
    # indexed by the next catch-up. Changes this close before the mark are indexed again, in
    # case a slower writer committed them after the mark was read: re-indexing is harmless.
    CATCH_UP_MARGIN = timedelta(minutes=5)

    @property
    def _watermark_path(self) -> Path:
        return self.settings.kb_index_path.with_suffix(".indexed-through")

    def _watermark(self) -> datetime | None:
        try:
            return datetime.fromisoformat(self._watermark_path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return None

    def _mark(self, moment: datetime | None) -> None:
        if moment is None:
            return
        scratch = self._watermark_path.with_suffix(".tmp")
        scratch.write_text(moment.isoformat(), encoding="utf-8")
        scratch.replace(self._watermark_path)  # atomic: a reader sees the old or the new mark

    async def _latest_change(self) -> datetime | None:
        async with self.sessions() as session:
            return await latest_change(session)

    async def _rebuild(self) -> int:
        latest = await self._latest_change()  # read first: later changes are caught up
        with self.index.writing(rebuild=True) as batch:
            async for thread in iter_threads(self.sessions):
                batch.add(thread)
        self._mark(latest)
        logger.info("knowledge-base index built: %s threads", batch.written)
        return batch.written

    async def _catch_up(self) -> int:
        latest = await self._latest_change()
        mark = self._watermark()
        if latest is None or (mark is not None and latest <= mark):
            return 0
        if mark is None:
            return await self._rebuild()
        async with self.sessions() as session:
            changed = await changed_since(session, mark - self.CATCH_UP_MARGIN)
        await self._index([thread_id for thread_id, _ in changed])
        self._mark(latest)
        new = sum(1 for _, moment in changed if moment > mark)
        logger.info("knowledge-base index caught up: %s threads", new)
        return new

    async def catch_up(self) -> int:
        """Index what the database changed since the index last caught up (nothing, most of
        the time: one query); how many threads changed since then."""
        latest = await self._latest_change()
        mark = self._watermark()
        if latest is None or (mark is not None and latest <= mark):
            return 0
        with self._exclusive():
            return await self._catch_up()

    async def keep_up(self, stop: asyncio.Event) -> None:
        """Catch up every `INDEX_CATCH_UP_SECONDS` until `stop` is set (the service runs
        this in the background)."""
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), INDEX_CATCH_UP_SECONDS)
            if stop.is_set():
                return
            try:
                await self.catch_up()
            except Exception:  # the database or the disk may be away: try again later
                logger.exception("could not catch the knowledge-base index up")

    async def reindex(self) -> int:
        """Rebuild the whole index from the database; how many threads it holds."""
        with self._exclusive():
            return await self._rebuild()

    async def index_threads(self, ids: Sequence[int]) -> int:
        """Bring these threads' index entries up to date with the database."""
        with self._exclusive():
            return await self._index(ids)

    async def _index(self, ids: Sequence[int]) -> int:
        if not ids:
            return 0
        with self.index.writing() as batch:
            for start in range(0, len(ids), IMPORT_BATCH):
                part = ids[start : start + IMPORT_BATCH]
                found = await self.threads(part)
                for thread_id in part:
                    thread = found.get(thread_id)
                    if thread is None:
                        batch.remove(thread_id)
                    else:
                        batch.add(thread)
        return len(ids)

    async def _save(self, stream: IO[bytes]) -> ImportReport:
        saved = SaveResult()
        bad: list[BadLine] = []
        pending: list[ThreadRecord] = []
        for item in read_jsonl(stream):
            if isinstance(item, BadLine):
                bad.append(item)
                continue
            pending.append(item)
            if len(pending) == IMPORT_BATCH:
                saved.add(await save_threads(self.sessions, pending))
                pending = []
        if pending:
            saved.add(await save_threads(self.sessions, pending))
        return ImportReport(saved, tuple(bad), 0)

    async def import_jsonl(self, stream: IO[bytes]) -> ImportReport:
        """Save every good line's thread (bad lines are reported, not fatal), then catch the
        index up: what this import changed, and whatever an earlier import that was killed
        before indexing left behind. Each batch of threads is committed as it is saved, so
        a killed import keeps what it saved and a re-run finishes the job."""
        report = await self._save(stream)
        return replace(report, indexed=await self.catch_up())

    async def export_jsonl(self, stream: IO[bytes]) -> int:
        """Write every stored thread as JSON Lines; how many were written."""
        written = 0
        async for thread in iter_threads(self.sessions):
            written += write_jsonl([thread.record], stream)
        return written

    async def threads(self, ids: Sequence[int]) -> dict[int, StoredThread]:
        """Stored threads by row id."""
        async with self.sessions() as session:
            return await load_threads(session, ids)

    # ------------------------------------------------------------------ search and answers

    def search(
        self, text: str, *, limit: int, offset: int = 0, category: str | None = None
    ) -> SearchPage:
        """Threads matching the text, best first."""
        return self.index.search(text, limit=limit, offset=offset, category=category)

    async def reply(
        self,
        messages: Sequence[ChatTurn],
        *,
        options: GenerationOptions | None = None,
        incremental: bool = True,
        pages: str | None = None,
    ) -> Reply:
        """The answer to the conversation's latest user message, from the forum. `pages` is
        this service's base address: a cited thread whose forum no reader can open links its
        page there (`trichome.forum.links`)."""
        window = history_window(messages)
        options = options or GenerationOptions()
        question = next((t.content for t in reversed(window) if t.role == "user" and t.content), "")
        retrieval = await self.retriever.retrieve(question, self.threads)
        prompt_tokens = estimate_prompt_tokens(t.content or "" for t in window)
        budget = options.token_budget
        if self.engine is None or not retrieval.sources:
            text, citations = (
                grounded_answer(retrieval, pages) if retrieval.sources else (NO_MATCH, ())
            )
            if (options.response_format or {}).get("type") == "json_object":
                text = _as_json(text, citations, pages)
            else:
                text = cut_at_stop(text, options.stop)
            events = within_budget(_spoken(text, prompt_tokens), budget, prompt_tokens)
            return Reply(retrieval, events, "grounded", citations)
        passages = tuple(
            Passage(
                Fact(
                    id=f"thread-{source.hit.id}",
                    pack_id="forum",
                    topic=source.hit.category,
                    title=source.hit.title,
                    text=source_passage(source),
                    sources=(
                        FactSource(
                            source.hit.title, source.citation(n).link(pages), "forum thread"
                        ),
                    ),
                ),
                source.hit.score,
                source.coverage,
            )
            for n, source in enumerate(retrieval.sources, start=1)
        )
        request = AnswerRequest(
            public_model=KB_MODEL,
            agent=KB_AGENT,
            question=question,
            messages=window,
            passages=passages,
            jurisdictions=(),
            options=options,
        )
        events = self.engine.stream(request, incremental=incremental)
        return Reply(retrieval, within_budget(events, budget, prompt_tokens), self.engine.name)

    def check_options(self, options: GenerationOptions) -> None:
        """Refuse the settings the answering engine cannot honour.

        Raises:
            UnsupportedOption: see `check_grounded_options`; an LLM takes every setting.
        """
        if self.engine is None:
            check_grounded_options(options)
        else:
            self.engine.check_options(options)


def build_knowledge_base(
    settings: Settings, sessions: async_sessionmaker[AsyncSession]
) -> ForumKnowledgeBase:
    """The knowledge base with the configured engine (an LLM when `TRICHOME_ENGINE=openai`)."""
    engine: AnswerEngine | None = None
    if settings.engine == "openai":
        from trichome.agents.engines.openai import OpenAICompatibleEngine
        from trichome.knowledge.retrieval import KnowledgeBase

        # The forum's threads are the sources; the calculators are the agents' business.
        engine = OpenAICompatibleEngine(
            settings.model_copy(update={"llm_tools": False}), KnowledgeBase(())
        )
    return ForumKnowledgeBase(settings, sessions, engine)
