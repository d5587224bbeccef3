"""Answers from the pages read, with citations whose spans point at text the pages support.

The offline answer quotes the sentences of each page that say most about the question; a
citation's span is exactly the quoted sentence, so the page holds it word for word. An LLM's
answer cites pages by number; each marker's sentence becomes the citation's span, and a
span whose content words and figures the page does not hold is not cited.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trichome.knowledge.words import supported, tokenize
from trichome.websearch.fetcher import Page

# A page must hold this share of the question's meaning (idf-weighted terms) to be quoted.
MIN_PAGE_COVERAGE = 0.4
QUOTES_PER_PAGE = 2
MIN_QUOTE_WORDS = 6
MAX_QUOTE_CHARS = 400
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[A-Z0-9])|\n+")
_MARKER = re.compile(r"\s*\[(\d{1,2})\]")
# Closing quotes and brackets that may follow a sentence's full stop.
_CLOSERS = "\"')\u201d\u2019"
_SOURCES_HEADING = re.compile(r"\n\s*(?:Web sources|Sources):\s*\n")


@dataclass(frozen=True, slots=True)
class Citation:
    """A `url_citation` annotation: `text[start_index:end_index]` is the cited span."""

    url: str
    title: str
    start_index: int
    end_index: int


@dataclass(frozen=True, slots=True)
class WebSource:
    """A page an answer may draw on, under its number, with its best sentences."""

    number: int
    page: Page
    coverage: float
    quotes: tuple[str, ...]

    @property
    def url(self) -> str:
        """Where the page was read (after redirects)."""
        return self.page.final_url


def sentences(text: str) -> list[str]:
    """A page's text cut into sentences (paragraph breaks end one too)."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


# A page's sentences, each with the set of its terms (tokenised once per answer).
_Tokenised = list[tuple[str, frozenset[str]]]


def _tokenised(page: Page) -> _Tokenised:
    return [(sentence, frozenset(tokenize(sentence))) for sentence in sentences(page.text)]


def _weights(terms: Sequence[str], pages: Sequence[_Tokenised]) -> dict[str, float]:
    """Each question term's idf over the sentences of the pages read: rarer says more."""
    frequency: Counter[str] = Counter()
    total = 0
    for page in pages:
        for _, present in page:
            total += 1
            frequency.update(present.intersection(terms))
    return {
        term: math.log(1 + (total - frequency[term] + 0.5) / (frequency[term] + 0.5))
        for term in terms
    }


def _best_quotes(page: _Tokenised, weights: dict[str, float]) -> tuple[str, ...]:
    scored: list[tuple[float, int, str]] = []
    for position, (sentence, present) in enumerate(page):
        words = sentence.split()
        if len(words) < MIN_QUOTE_WORDS or len(sentence) > MAX_QUOTE_CHARS:
            continue
        if not sentence.rstrip(_CLOSERS).endswith((".", "!")):
            continue  # a heading, caption or question rarely answers
        matched = [weight for term, weight in weights.items() if term in present]
        if not matched:
            continue
        # More of the question's words, then earlier in the page, says more about it.
        score = sum(matched) * (1 + 0.5 * (len(matched) - 1))
        scored.append((score, position, sentence))
    scored.sort(key=lambda item: (-item[0], item[1]))
    best = sorted(scored[:QUOTES_PER_PAGE], key=lambda item: item[1])
    return tuple(sentence for _, _, sentence in best)


def select_sources(question: str, pages: Sequence[Page], limit: int) -> list[WebSource]:
    """The pages that cover the question, in the order given (the search's ranking)."""
    tokenised = [_tokenised(page) for page in pages]
    weights = _weights(list(dict.fromkeys(tokenize(question))), tokenised)
    whole = sum(weights.values())
    if not whole:
        return []
    chosen: list[WebSource] = []
    for page, page_sentences in zip(pages, tokenised, strict=True):
        present = set(tokenize(page.title)).union(*(terms for _, terms in page_sentences))
        coverage = sum(w for term, w in weights.items() if term in present) / whole
        if coverage < MIN_PAGE_COVERAGE:
            continue
        quotes = _best_quotes(page_sentences, weights)
        if quotes:
            chosen.append(WebSource(len(chosen) + 1, page, coverage, quotes))
        if len(chosen) == limit:
            break
    return chosen


class _Writer:
    """Builds text while remembering where each cited span landed."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.citations: list[Citation] = []

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)

    def cite(self, text: str, source: WebSource) -> None:
        start = self.length
        self.add(text)
        self.citations.append(Citation(source.url, source.page.title, start, self.length))

    @property
    def text(self) -> str:
        return "".join(self.parts)


def sources_block(web_sources: Sequence[WebSource]) -> str:
    """The numbered list of pages that ends an answer."""
    lines = [f"[{s.number}] {s.page.title}: {s.url}" for s in web_sources]
    return "Web sources:\n" + "\n".join(lines)


def quoted_answer(
    question: str, web_sources: Sequence[WebSource], *, background: str = ""
) -> tuple[str, list[Citation]]:
    """The offline answer: each page's best sentences quoted and cited, then `background`."""
    writer = _Writer()
    if not web_sources:
        writer.add("The pages the web search found did not answer this question.")
        if background:
            writer.add("\n\n" + background.rstrip())
        return writer.text, []
    shown = " ".join(question.split())
    if len(shown) > 120:
        shown = shown[:119] + "…"
    writer.add(f'What the web says on "{shown}":\n')
    for source in web_sources:
        for quote in source.quotes:
            writer.add(f"\n- {source.page.title}: “")
            writer.cite(quote, source)
            writer.add(f"” [{source.number}]")
    writer.add("\n\n" + sources_block(web_sources))
    if background:
        writer.add("\n\n" + background.rstrip())
    return writer.text, writer.citations


def _sentence_start(text: str, end: int, floor: int) -> int:
    """Where the sentence that ends at `end` begins (not before `floor`)."""
    body = text[floor:end].rstrip()
    if body.endswith((".", "!", "?")):
        body = body[:-1]
    boundary = max(body.rfind(". "), body.rfind("! "), body.rfind("? "), body.rfind("\n"))
    return floor if boundary < 0 else floor + boundary + 1


def cited_spans(text: str, web_sources: Sequence[WebSource]) -> list[Citation]:
    """Citations for an LLM's `[n]` markers: each marker's sentence, if page `n` supports it.

    Adjacent markers (`[1][2]`) cite the same sentence. Markers in a closing sources list,
    and numbers of no page read, cite nothing.
    """
    heading = _SOURCES_HEADING.search(text)
    body_end = heading.start() if heading else len(text)
    by_number = {source.number: source for source in web_sources}
    citations: list[Citation] = []
    floor = 0
    span: tuple[int, int] | None = None
    for marker in _MARKER.finditer(text, 0, body_end):
        if span is None or text[span[1] : marker.start()].strip(" []0123456789"):
            start = _sentence_start(text, marker.start(), floor)
            raw = text[start : marker.start()]
            first = start + len(raw) - len(raw.lstrip())
            span = (first, first + len(raw.strip()))
        floor = marker.end()
        source = by_number.get(int(marker.group(1)))
        begin, finish = span
        if source is None or begin >= finish:
            continue
        if supported(text[begin:finish], source.page.text):
            citations.append(Citation(source.url, source.page.title, begin, finish))
    return citations
