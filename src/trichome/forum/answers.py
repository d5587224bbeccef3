"""Answers from the forum, with numbered citations to the threads they quote.

The offline (grounded) answer quotes the sentences of the best threads that say most about
the question, each followed by its thread's number; an LLM answer gets the same threads as
numbered sources and must cite them. Either way the citations name only threads that were
retrieved, and a question no thread covers is told so.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from trichome.forum.corpus import PostRecord
from trichome.forum.index import SearchPage, ThreadHit, ThreadIndex, stems, thread_body
from trichome.forum.links import citation_link
from trichome.forum.store import StoredThread

# A thread must hold this share of the question's meaning (idf-weighted terms) to be used.
MIN_COVERAGE = 0.5
# Further threads must score at least this share of the best thread's score.
SUPPORT_RATIO = 0.3
CANDIDATES = 12
QUOTES_PER_THREAD = 2
MAX_QUOTE_CHARS = 420
SHORT_SENTENCE_WORDS = 8
# How much more the sentences of the asker's own later report of what worked count.
RESOLVED_WEIGHT = 1.5
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_CITATION = re.compile(r"\[(\d{1,2})\]")
NO_MATCH = (
    "I found no forum thread about that. Try naming the technique, equipment, test or "
    "problem in other words."
)

# Loads stored threads by row id.
ThreadLoader = Callable[[Sequence[int]], Awaitable[dict[int, StoredThread]]]


@dataclass(frozen=True, slots=True)
class Citation:
    """A thread an answer cites, under its number."""

    number: int
    thread_id: int
    title: str
    url: str
    category: str
    score: float
    # The post the answer quotes first (its number in the thread), when it quotes one.
    post_number: int | None = None

    def link(self, pages: str | None) -> str:
        """Where the answer links this thread (see `trichome.forum.links`)."""
        return citation_link(self.url, self.thread_id, self.post_number, pages)


@dataclass(frozen=True, slots=True)
class Quote:
    """Sentences of one post, quoted in the answer."""

    text: str
    author: str
    post_number: int


@dataclass(frozen=True, slots=True)
class Source:
    """A retrieved thread an answer may draw on: its hit, stored thread and best quotes."""

    hit: ThreadHit
    thread: StoredThread
    coverage: float
    quotes: tuple[Quote, ...]

    def citation(self, number: int) -> Citation:
        """This source as citation `number`."""
        hit = self.hit
        quoted = self.quotes[0].post_number if self.quotes else None
        return Citation(number, hit.id, hit.title, hit.url, hit.category, hit.score, quoted)


@dataclass(frozen=True, slots=True)
class Retrieval:
    """The threads found for a question, best first (empty when none covers it)."""

    question: str
    terms: tuple[str, ...]
    sources: tuple[Source, ...]


def _idf(searcher_count: int, document_frequency: int) -> float:
    return math.log(1 + (searcher_count - document_frequency + 0.5) / (document_frequency + 0.5))


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_END.split(text) if len(part.strip()) > 1]


def _post_weight(post: PostRecord, asker: str) -> float:
    """How much a post's sentences count: the asker's own later report (not a question) of
    what worked counts more than other posts."""
    if post.post_number > 1 and post.author == asker and not post.content.rstrip().endswith("?"):
        return RESOLVED_WEIGHT
    return 1.0


def _best_quotes(thread: StoredThread, weights: dict[str, float]) -> tuple[Quote, ...]:
    """The thread's sentences that carry the most of the question's terms, one per post,
    the posts that answer first: the accepted answer, then replies (the asker's report of what
    worked weighing more), the opening question only when no reply matches."""
    scored: list[tuple[float, int, int, Quote]] = []
    asker = thread.record.posts[0].author
    for post in thread.record.posts:
        post_weight = _post_weight(post, asker)
        for position, sentence in enumerate(_sentences(post.content)):
            if len(sentence) > MAX_QUOTE_CHARS:
                continue
            present = set(stems(sentence))
            matched = [weight for stem, weight in weights.items() if stem in present]
            if not matched:
                continue
            # Sentences that hold more of the question's words say more about it.
            score = sum(matched) * (1 + 0.5 * (len(matched) - 1))
            if len(present) < SHORT_SENTENCE_WORDS:
                score *= 0.6  # too short to carry an answer
            if sentence.endswith("?"):
                score *= 0.5  # a question rarely answers
            score *= post_weight
            quote = Quote(sentence, post.author, post.post_number)
            scored.append((score, post.post_number, position, quote))
    # The accepted answer's best sentence first, whatever the others score.
    accepted = {post.post_number for post in thread.record.posts if post.accepted}
    scored.sort(key=lambda item: (item[1] not in accepted, -item[0], item[1], item[2]))
    # The opening post states the problem: quoted only when no reply speaks to the question.
    replies = [item for item in scored if item[1] != 1]
    chosen: list[Quote] = []
    posts_used: set[int] = set()
    for _, number, _, quote in replies or scored:
        if number in posts_used:
            continue
        chosen.append(quote)
        posts_used.add(number)
        if len(chosen) == QUOTES_PER_THREAD:
            break
    return tuple(chosen)


class ForumRetriever:
    """Finds the threads that answer a question, and their best sentences."""

    def __init__(self, index: ThreadIndex, max_threads: int) -> None:
        self._index = index
        self._max_threads = max_threads

    def _term_weights(self, page: SearchPage) -> dict[str, float]:
        """Each question stem's idf in the whole index (a stem no thread holds weighs most)."""
        total = max(self._index.count(), 1)
        weights: dict[str, float] = {}
        for term in page.terms:
            for stem in stems(term):
                if stem in weights:
                    continue
                weights[stem] = _idf(total, self._index.document_frequency(stem))
        return weights

    async def retrieve(self, question: str, load: ThreadLoader) -> Retrieval:
        """The threads that cover the question (at most `max_threads`), best first."""
        page = self._index.search(question, limit=CANDIDATES)
        if not page.hits:
            return Retrieval(question, page.terms, ())
        weights = self._term_weights(page)
        whole = sum(weights.values()) or 1.0
        best = page.hits[0].score
        candidates = [hit for hit in page.hits if hit.score >= best * SUPPORT_RATIO]
        threads = await load([hit.id for hit in candidates])
        sources = []
        for hit in candidates:
            thread = threads.get(hit.id)
            if thread is None:  # deleted since it was indexed
                continue
            present = set(stems(f"{thread.record.title}\n" + thread_body(thread)))
            coverage = sum(w for stem, w in weights.items() if stem in present) / whole
            if coverage < MIN_COVERAGE:
                continue
            quotes = _best_quotes(thread, weights)
            if quotes:
                sources.append(Source(hit, thread, coverage, quotes))
            if len(sources) == self._max_threads:
                break
        return Retrieval(question, page.terms, tuple(sources))


def _clip(text: str) -> str:
    return text if len(text) <= MAX_QUOTE_CHARS else text[: MAX_QUOTE_CHARS - 1] + "…"


def sources_block(citations: Sequence[Citation], pages: str | None = None) -> str:
    """The Markdown list of cited threads that ends an answer; a thread whose forum no reader
    can open links its page on the service at `pages`, when given."""
    lines = [f"[{c.number}] [{c.title}]({c.link(pages)})" for c in citations]
    return "Sources:\n" + "\n".join(lines)


def grounded_answer(
    retrieval: Retrieval, pages: str | None = None
) -> tuple[str, tuple[Citation, ...]]:
    """The offline answer: the best sentences of each thread, quoted and cited (links as
    `sources_block` gives them)."""
    if not retrieval.sources:
        return NO_MATCH, ()
    question = " ".join(retrieval.question.split())
    if len(question) > 120:
        question = question[:119] + "…"
    lines = [f'What forum members said on "{question}":', ""]
    citations = []
    for number, source in enumerate(retrieval.sources, start=1):
        citations.append(source.citation(number))
        for quote in source.quotes:
            lines.append(f'- {quote.author}: "{_clip(quote.text)}" [{number}]')
    lines += ["", sources_block(citations, pages)]
    return "\n".join(lines), tuple(citations)


def cited_in(text: str, sources: Sequence[Source]) -> tuple[Citation, ...]:
    """The citations an (LLM-written) answer makes: only numbers of sources it was given."""
    numbers = sorted({int(n) for n in _CITATION.findall(text) if 1 <= int(n) <= len(sources)})
    return tuple(sources[n - 1].citation(n) for n in numbers)


def source_passage(source: Source) -> str:
    """What an LLM is shown of a thread: its best sentences, attributed."""
    said = " ".join(f'{q.author} (post {q.post_number}): "{q.text}"' for q in source.quotes)
    return f"Forum thread in {source.hit.category}. {said}"
