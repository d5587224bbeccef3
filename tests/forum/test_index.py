"""Search: ranking, stemming, snippets, filters, paging, and input that must not break it."""

from __future__ import annotations

import pytest

from tests.forum.conftest import THREADS
from trichome.forum.answers import stems
from trichome.forum.service import ForumKnowledgeBase

pytestmark = pytest.mark.anyio


async def test_a_thread_titled_with_the_query_ranks_first(forum: ForumKnowledgeBase) -> None:
    stored = {t.record.title: t.id for t in (await forum.threads(range(1, 100))).values()}
    for item in THREADS:
        page = forum.search(item["title"], limit=3)
        assert page.hits[0].id == stored[item["title"]], item["title"]
        assert page.hits[0].title == item["title"]


async def test_words_match_their_stems_and_scores_fall(forum: ForumKnowledgeBase) -> None:
    page = forum.search("clogged filters", limit=10)
    assert page.hits[0].title == "Winterization filter clogging at -40C"
    scores = [hit.score for hit in page.hits]
    assert scores == sorted(scores, reverse=True)
    assert page.terms == ("clogged", "filters")


async def test_common_words_are_dropped_unless_nothing_else_is_left(
    forum: ForumKnowledgeBase,
) -> None:
    assert forum.search("how do I price wholesale flower?", limit=1).terms == (
        "price",
        "wholesale",
        "flower",
    )
    assert forum.search("what is it", limit=1).terms == ("what", "is", "it")


async def test_highlights_point_at_the_matched_words(forum: ForumKnowledgeBase) -> None:
    query = "crème brûlée terpenes cartridge"
    wanted = set(stems(query))
    page = forum.search(query, limit=1)
    snippet = page.hits[0].snippet
    assert snippet.highlights
    for start, end in snippet.highlights:
        assert set(stems(snippet.text[start:end])) <= wanted, snippet.text[start:end]
    assert "<mark>" in snippet.html()
    assert snippet.html().count("<mark>") == len(snippet.highlights)


async def test_a_title_only_match_shows_the_threads_opening(forum: ForumKnowledgeBase) -> None:
    hit = forum.search("Café résumé", limit=1).hits[0]
    assert hit.snippet.text.startswith("Naïve question from a café owner")


async def test_category_filter_and_paging(forum: ForumKnowledgeBase) -> None:
    everything = forum.search("terpenes", limit=10)
    extraction = forum.search("terpenes", limit=10, category="extraction")
    assert extraction.total == 2
    assert {hit.category for hit in extraction.hits} == {"Extraction"}
    assert forum.search("terpenes", limit=10, category="Business").total == 0
    first = forum.search("terpenes", limit=1)
    second = forum.search("terpenes", limit=1, offset=1)
    assert first.total == second.total == everything.total
    assert first.hits[0].id != second.hits[0].id
    assert [first.hits[0].id, second.hits[0].id] == [h.id for h in everything.hits[:2]]


@pytest.mark.parametrize(
    "text",
    ['title:"unbalanced AND (', "-filter +clogging", "a OR b NOT c", "*?~^", "🙂 ✓", "x" * 500],
)
async def test_query_syntax_is_plain_text(forum: ForumKnowledgeBase, text: str) -> None:
    page = forum.search(text, limit=5)
    assert page.total >= 0
    if "clogging" in text:
        assert page.hits[0].title == "Winterization filter clogging at -40C"


async def test_nothing_to_search_finds_nothing(forum: ForumKnowledgeBase) -> None:
    assert forum.search("?!", limit=5).hits == ()
    assert forum.search("zyxwvut", limit=5).total == 0


async def test_reindex_rebuilds_from_the_database(forum: ForumKnowledgeBase) -> None:
    with forum.index.writing(rebuild=True):
        pass  # an emptied index
    assert forum.index.count() == 0
    await forum.prepare()  # a start with a stale index rebuilds it
    assert forum.index.count() == len(THREADS)
    assert await forum.reindex() == len(THREADS)
    assert forum.search("water activity", limit=1).hits[0].title.startswith("Water activity")
