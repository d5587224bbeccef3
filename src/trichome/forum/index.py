"""The full-text index: BM25 over thread titles and posts (Tantivy, on disk).

One document per thread: its row id, title, every post's text, category, URL and post
count. The index is derived from the database and can be rebuilt at any time
(`trichome kb reindex`); ingestion updates the threads it changed. Any number of
processes read it; one writes at a time (Tantivy's own lock), and readers pick up a new
commit within a second.
"""

from __future__ import annotations

import contextlib
import html
import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import tantivy

from trichome.forum.store import StoredThread
from trichome.knowledge.words import STOPWORDS

TITLE_BOOST = 2.5
SNIPPET_CHARS = 240
SNIPPET_LEAD = 60  # characters of context before the first matched word
RELOAD_CHECK_SECONDS = 1.0
WRITER_HEAP_BYTES = 128 * 1024 * 1024
_WORD = re.compile(r"\w+")
# Words too common to carry meaning in a question; dropped unless nothing else is left.
STOP_WORDS = STOPWORDS | {"anyone", "anybody", "someone", "thanks", "please", "hi", "hello"}


# The index's analysis (tantivy's en_stem), for matching words outside the index.
_ANALYZER = (
    tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
    .filter(tantivy.Filter.remove_long(40))
    .filter(tantivy.Filter.lowercase())
    .filter(tantivy.Filter.stemmer("english"))
    .build()
)


def stems(text: str) -> list[str]:
    """The text's words as the index sees them: lower-cased English stems."""
    return list(_ANALYZER.analyze(text))


def query_terms(text: str) -> list[str]:
    """The words of a search text that carry meaning, lower-cased, in order, without repeats."""
    words = [word.lower() for word in _WORD.findall(text)]
    meaningful = [word for word in words if word not in STOP_WORDS] or words
    return list(dict.fromkeys(meaningful))


def _schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_unsigned_field("id", stored=True, indexed=True, fast=True)
    builder.add_text_field("title", stored=True, tokenizer_name="en_stem")
    builder.add_text_field("body", stored=True, tokenizer_name="en_stem")
    # Lower-cased, whole: for the category filter.
    builder.add_text_field("category_key", stored=False, tokenizer_name="raw")
    builder.add_text_field("category", stored=True, tokenizer_name="raw")
    builder.add_text_field("url", stored=True, tokenizer_name="raw")
    builder.add_unsigned_field("post_count", stored=True)
    return builder.build()


SCHEMA = _schema()


def thread_body(thread: StoredThread) -> str:
    """Every post's text, in order: what the body field indexes."""
    return "\n\n".join(post.content for post in thread.record.posts)


def _document(thread: StoredThread) -> tantivy.Document:
    record = thread.record
    document = tantivy.Document()
    document.add_unsigned("id", thread.id)
    document.add_text("title", record.title)
    document.add_text("body", thread_body(thread))
    document.add_text("category_key", record.category.lower())
    document.add_text("category", record.category)
    document.add_text("url", record.url)
    document.add_unsigned("post_count", len(record.posts))
    return document


@dataclass(frozen=True, slots=True)
class Snippet:
    """A passage of the thread around the matched words, and where those words are in it."""

    text: str
    # (start, end) character offsets of each matched word in `text`.
    highlights: tuple[tuple[int, int], ...]

    def html(self) -> str:
        """The passage as HTML-escaped text with each matched word in <mark>."""
        parts: list[str] = []
        cursor = 0
        for start, end in self.highlights:
            parts.append(html.escape(self.text[cursor:start]))
            parts.append(f"<mark>{html.escape(self.text[start:end])}</mark>")
            cursor = end
        parts.append(html.escape(self.text[cursor:]))
        return "".join(parts)


@dataclass(frozen=True, slots=True)
class ThreadHit:
    """One matching thread: its BM25 score and what a result list shows."""

    id: int
    score: float
    title: str
    url: str
    category: str
    post_count: int
    snippet: Snippet


@dataclass(frozen=True, slots=True)
class SearchPage:
    """A page of matches and how many threads match in all."""

    total: int
    hits: tuple[ThreadHit, ...]
    terms: tuple[str, ...]


class Highlighter:
    """Finds a query's words in a thread's text, as the index matched them (by stem), and
    cuts the passage around the first one.

    Done here rather than by Tantivy's snippet generator, which tokenises and scores the
    whole stored text of every hit: two thirds of a search's time on long threads.
    """

    def __init__(self, terms: Iterable[str]) -> None:
        self._stems = frozenset(stem for term in terms for stem in stems(term))
        # A stem is the start of its words, give or take a final y/i (happy -> happi).
        prefixes = sorted({stem[:-1] if stem.endswith("i") else stem for stem in self._stems})
        self._pattern = (
            re.compile(r"\b(?:" + "|".join(map(re.escape, prefixes)) + r")\w*", re.IGNORECASE)
            if prefixes
            else None
        )

    def _matches(self, text: str, limit: int | None = None) -> list[tuple[int, int]]:
        found: list[tuple[int, int]] = []
        if self._pattern is None:
            return found
        for match in self._pattern.finditer(text):
            if set(stems(match.group())) & self._stems:
                found.append(match.span())
                if limit is not None and len(found) == limit:
                    break
        return found

    def snippet(self, body: str) -> Snippet:
        """Up to SNIPPET_CHARS of the text around the first matched word, matches marked."""
        first = self._matches(body, limit=1)
        if not first:
            return _opening(body)
        start = max(0, first[0][0] - SNIPPET_LEAD)
        if start:
            start = body.find(" ", start, first[0][0]) + 1 or first[0][0]
        window = body[start : start + SNIPPET_CHARS * 2]
        text = " ".join(window.split())
        cut = len(text) > SNIPPET_CHARS
        if cut:
            text = text[:SNIPPET_CHARS].rsplit(" ", 1)[0]
        text = (
            ("… " if start else "")
            + text
            + (" …" if cut or start + len(window) < len(body) else "")
        )
        return Snippet(text, tuple(self._matches(text)))


def _opening(body: str) -> Snippet:
    text = " ".join(body.split())
    if len(text) > SNIPPET_CHARS:
        text = text[:SNIPPET_CHARS].rsplit(" ", 1)[0] + " …"
    return Snippet(text, ())


def _count(result: tantivy.SearchResult) -> int:
    # `count` is missing from tantivy's type stubs; it is set when searching with count=True.
    return int(getattr(result, "count", None) or 0)


class ThreadIndex:
    """The index in a directory: search it, count it, write to it."""

    def __init__(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._index = tantivy.Index(SCHEMA, path=str(path), reuse=True)
        self._meta = path / "meta.json"
        self._seen = self._meta_mtime()
        self._checked = time.monotonic()

    def _meta_mtime(self) -> float:
        try:
            return self._meta.stat().st_mtime
        except FileNotFoundError:
            return 0.0

    def _fresh(self) -> None:
        """Pick up another process's commit (checked at most once a second)."""
        now = time.monotonic()
        if now - self._checked < RELOAD_CHECK_SECONDS:
            return
        self._checked = now
        mtime = self._meta_mtime()
        if mtime != self._seen:
            self._seen = mtime
            self._index.reload()

    def count(self) -> int:
        """How many threads the index holds."""
        self._fresh()
        return int(self._index.searcher().num_docs)

    def document_frequency(self, stem: str) -> int:
        """How many threads hold an (already analysed) term in their title or posts."""
        query = tantivy.Query.boolean_query(
            [
                (tantivy.Occur.Should, tantivy.Query.term_query(SCHEMA, "title", stem)),
                (tantivy.Occur.Should, tantivy.Query.term_query(SCHEMA, "body", stem)),
            ]
        )
        return _count(self._index.searcher().search(query, 1, count=True))

    def search(
        self, text: str, *, limit: int = 10, offset: int = 0, category: str | None = None
    ) -> SearchPage:
        """Threads matching the text, best first, with a highlighted snippet each."""
        self._fresh()
        terms = query_terms(text)
        if not terms:
            return SearchPage(0, (), ())
        query = self._index.parse_query(
            " ".join(terms), ["title", "body"], field_boosts={"title": TITLE_BOOST}
        )
        if category:
            query = tantivy.Query.boolean_query(
                [
                    (tantivy.Occur.Must, query),
                    (
                        tantivy.Occur.Must,
                        tantivy.Query.term_query(SCHEMA, "category_key", category.lower()),
                    ),
                ]
            )
        searcher = self._index.searcher()
        result = searcher.search(query, limit, count=True, offset=offset)
        highlighter = Highlighter(terms)
        hits = []
        for score, address in result.hits:
            document = searcher.doc(address)
            snippet = highlighter.snippet(str(document.get_first("body") or ""))
            hits.append(
                ThreadHit(
                    id=int(document.get_first("id") or 0),
                    score=float(score),
                    title=str(document.get_first("title")),
                    url=str(document.get_first("url")),
                    category=str(document.get_first("category")),
                    post_count=int(document.get_first("post_count") or 0),
                    snippet=snippet,
                )
            )
        return SearchPage(_count(result), tuple(hits), tuple(terms))

    @contextlib.contextmanager
    def writing(self, *, rebuild: bool = False) -> Iterator[IndexBatch]:
        """A batch of writes committed together at the end (none if the block raises).

        With `rebuild`, the batch replaces everything the index held.
        """
        writer = self._index.writer(heap_size=WRITER_HEAP_BYTES, num_threads=1)
        if rebuild:
            writer.delete_all_documents()
        batch = IndexBatch(writer, replacing=not rebuild)
        try:
            yield batch
        except BaseException:
            writer.rollback()
            raise
        writer.commit()
        writer.wait_merging_threads()
        self._index.reload()
        self._seen = self._meta_mtime()


class IndexBatch:
    """Threads written in one commit."""

    def __init__(self, writer: tantivy.IndexWriter, *, replacing: bool) -> None:
        self._writer = writer
        self._replacing = replacing
        self.written = 0

    def add(self, thread: StoredThread) -> None:
        """Add the thread, replacing its earlier version."""
        if self._replacing:
            self.remove(thread.id)
        self._writer.add_document(_document(thread))
        self.written += 1

    def remove(self, thread_id: int) -> None:
        """Take a thread out of the index. (By a term query: tantivy-py's
        `delete_documents_by_term` reads a Python int as a signed term, which matches
        nothing in an unsigned field, so the old version stayed beside the new one.)"""
        self._writer.delete_documents_by_query(tantivy.Query.term_query(SCHEMA, "id", thread_id))
