"""Cited answers from pages: every citation's span is text its page supports."""

from __future__ import annotations

import re

from trichome.websearch.compose import (
    WebSource,
    cited_spans,
    quoted_answer,
    select_sources,
    supported,
)
from trichome.websearch.fetcher import Page


def page(number: int, title: str, text: str) -> Page:
    url = f"https://example{number}.org/article"
    return Page(url, url, title, text, "text/html", 0.0)


EDIBLES = page(
    1,
    "Michigan edible rules",
    "Michigan limits each serving of an edible to 10 milligrams of THC. "
    "A package may hold at most 200 milligrams of THC in all.\n\n"
    "Our store opens at nine on weekdays and closes at six.",
)
WEATHER = page(2, "Weather today", "It will rain in Lansing this afternoon and clear by evening.")
TESTING = page(
    3,
    "Potency testing",
    "Labs report THC per serving so that edible makers can prove each serving stays under "
    "the state limit. Retesting is needed after a failed potency test.",
)


def test_pages_that_do_not_cover_the_question_are_not_used() -> None:
    sources = select_sources(
        "What is the THC limit per serving for edibles in Michigan?", [EDIBLES, WEATHER], 3
    )
    assert [s.page.title for s in sources] == ["Michigan edible rules"]
    assert sources[0].number == 1
    assert "10 milligrams" in sources[0].quotes[0]
    assert all("store opens" not in quote for quote in sources[0].quotes)


def test_each_quoted_span_is_exactly_a_sentence_of_its_page() -> None:
    question = "What is the THC limit per serving for edibles in Michigan?"
    sources = select_sources(question, [EDIBLES, WEATHER, TESTING], 3)
    text, citations = quoted_answer(question, sources, background="From the packs: 10 mg.")
    assert text.startswith('What the web says on "What is the THC limit')
    assert text.endswith("\n\nFrom the packs: 10 mg.")
    assert citations
    pages = {s.url: s.page for s in sources}
    for citation in citations:
        span = text[citation.start_index : citation.end_index]
        assert span and span in pages[citation.url].text
        assert citation.title == pages[citation.url].title
    # The numbered list of pages ends the answer.
    assert re.search(r"Web sources:\n\[1\] Michigan edible rules: https://example1\.org", text)


def test_an_answer_with_no_covering_page_says_so_and_cites_nothing() -> None:
    text, citations = quoted_answer("edible limits", [])
    assert "did not answer" in text
    assert citations == []


def source(number: int, p: Page) -> WebSource:
    return WebSource(number, p, 1.0, ())


def test_an_llm_sentence_is_cited_only_when_its_page_supports_it() -> None:
    sources = [source(1, EDIBLES), source(2, WEATHER)]
    text = (
        "Michigan caps a serving of an edible at 10 milligrams of THC [1]. "
        "A package may hold 500 milligrams of THC [1]. "
        "It will rain in Lansing this afternoon [2][1].\n\n"
        "Sources:\n[1] Michigan edible rules: https://example1.org/article"
    )
    citations = cited_spans(text, sources)
    spans = [(text[c.start_index : c.end_index], c.url) for c in citations]
    assert spans == [
        (
            "Michigan caps a serving of an edible at 10 milligrams of THC",
            "https://example1.org/article",
        ),
        # 500 is not on the page: no citation. [2] supports the rain; [1] does not.
        ("It will rain in Lansing this afternoon", "https://example2.org/article"),
    ]


def test_numbers_of_no_page_read_cite_nothing() -> None:
    text = "Edibles are capped at 10 milligrams of THC per serving in Michigan [7]."
    assert cited_spans(text, [source(1, EDIBLES)]) == []


def test_support_needs_the_figures_and_most_words() -> None:
    assert supported("each serving of an edible is 10 milligrams of THC", EDIBLES.text)
    assert not supported("each serving of an edible is 15 milligrams of THC", EDIBLES.text)
    assert not supported("Colorado requires childproof packaging for vapes", EDIBLES.text)
