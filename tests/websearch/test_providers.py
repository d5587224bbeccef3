"""The search provider clients against a local SearXNG/Brave/Tavily-shaped server."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import AsyncIterator, Iterator
from datetime import date

import httpx
import pytest
from pydantic import SecretStr

from tests.support.searxng import Document, SearchServer, search_server
from tests.support.servers import free_port
from trichome.config import Settings
from trichome.websearch.errors import SearchError
from trichome.websearch.providers import (
    BRAVE_API,
    TAVILY_API,
    BraveSearch,
    SearchProvider,
    SearXNG,
    TavilySearch,
    brave_query,
    build_search_provider,
)
from trichome.websearch.results import (
    SearchResult,
    canonical_url,
    merge_results,
    parse_published,
)

pytestmark = pytest.mark.anyio

MANIFESTS = Document(
    "https://compliance.example/metrc/manifests?id=7",
    "Fixing <b>Metrc</b> manifests",
    "Void the manifest and create a new one. Metrc support confirms this.",
    date(2025, 3, 1),
)
CURING = Document(
    "https://growers.example/curing-guide",
    "Curing jars at 62% RH",
    "Burp jars daily & keep them at 62% RH. Cure for two weeks.",
)
PUMPS = Document("https://hydro.example/pumps", "Hydroponic pumps", "Pumps and tubing.")
DOCUMENTS = [MANIFESTS, CURING, PUMPS]
KINDS = ["searxng", "brave", "tavily"]


@pytest.fixture
def server() -> Iterator[SearchServer]:
    with search_server(DOCUMENTS) as served:
        yield served


def make(
    kind: str, server: SearchServer, *, key: str | None = None, timeout: float = 5.0
) -> SearchProvider:
    """A provider of `kind` pointed at the local server (with the right key unless given)."""
    if kind == "searxng":
        return SearXNG(server.url, None, timeout)
    if kind == "brave":
        return BraveSearch(server.url, SecretStr(key or server.brave_key), timeout)
    return TavilySearch(server.url, SecretStr(key or server.tavily_key), timeout)


@pytest.fixture(params=KINDS)
async def provider(
    request: pytest.FixtureRequest, server: SearchServer
) -> AsyncIterator[SearchProvider]:
    made = make(request.param, server)
    try:
        yield made
    finally:
        await made.aclose()


def sent(server: SearchServer) -> int:
    return len(server.requests)


# -- SearXNG -----------------------------------------------------------------------------------


async def test_searxng_sends_a_json_query_and_merges_its_engines_duplicates(
    server: SearchServer,
) -> None:
    async with SearXNG(server.url + "/", None, 5.0) as searxng:
        results = await searxng.search("metrc manifest curing", limit=8)

    (request,) = server.requests
    assert (request.method, request.path) == ("GET", "/search")
    assert request.query == {
        "q": "metrc manifest curing",
        "format": "json",
        "pageno": "1",
        "safesearch": "1",
    }
    # The server lists each page twice (utm_source and www. variants from "bing"): one each here.
    assert [r.url for r in results] == [MANIFESTS.url, CURING.url]
    assert all(r.engines == ("searxng:duckduckgo", "searxng:bing") for r in results)
    assert results[0].title == "Fixing Metrc manifests"
    assert results[0].snippet == MANIFESTS.content
    assert results[0].published == date(2025, 3, 1)
    assert results[1].published is None
    assert results[0].score == 1.0
    assert 0 < results[1].score < 1


async def test_searxng_fresh_asks_for_the_past_month_and_limit_cuts(
    server: SearchServer,
) -> None:
    async with SearXNG(server.url, None, 5.0) as searxng:
        results = await searxng.search("metrc manifest curing", limit=1, fresh=True)
    assert server.requests[0].query["time_range"] == "month"
    assert [r.url for r in results] == [MANIFESTS.url]


async def test_searxng_with_json_disabled_says_how_to_enable_it(server: SearchServer) -> None:
    server.json_enabled = False
    async with SearXNG(server.url, None, 5.0) as searxng:
        with pytest.raises(SearchError) as caught:
            await searxng.search("metrc", limit=5)
    assert "SearXNG refused format=json: enable json in search.formats" in str(caught.value)


async def test_results_without_url_are_skipped_and_without_title_named_by_host(
    server: SearchServer,
) -> None:
    server.answer(
        {
            "results": [
                {"title": "no url", "content": "x", "engine": "bing"},
                {"url": "", "title": "empty url", "engine": "bing"},
                {"url": "javascript:alert(1)", "title": "script", "engine": "bing"},
                {"url": "https://www.untitled.example/page", "title": " ", "engine": "bing"},
                {"url": "https://dated.example/a", "title": "Dated", "publishedDate": "junk"},
            ]
        }
    )
    async with SearXNG(server.url, None, 5.0) as searxng:
        results = await searxng.search("anything", limit=5)
    assert [(r.url, r.title) for r in results] == [
        ("https://www.untitled.example/page", "untitled.example"),
        ("https://dated.example/a", "Dated"),
    ]
    assert results[1].published is None


# -- Brave -------------------------------------------------------------------------------------


async def test_brave_sends_its_key_and_cleans_highlighted_descriptions(
    server: SearchServer,
) -> None:
    async with BraveSearch(server.url, SecretStr(server.brave_key), 5.0) as brave:
        results = await brave.search("metrc manifest jars", limit=5)

    (request,) = server.requests
    assert (request.method, request.path) == ("GET", "/res/v1/web/search")
    assert request.headers["x-subscription-token"] == server.brave_key
    assert request.headers["accept"] == "application/json"
    assert request.query == {
        "q": "metrc manifest jars",
        "count": "5",
        "safesearch": "moderate",
        "extra_snippets": "true",
    }
    assert [r.url for r in results] == [MANIFESTS.url, CURING.url]
    manifests, curing = results
    # Brave sends "Void the <strong>manifest</strong> …" plus the rest as extra_snippets.
    assert (
        manifests.snippet
        == "Void the manifest and create a new one. … Metrc support confirms this."
    )
    assert manifests.title == "Fixing Metrc manifests"
    assert manifests.published == date(2025, 3, 1)
    assert manifests.engines == ("brave",)
    assert "daily & keep" in curing.snippet and "&amp;" not in curing.snippet
    assert "<strong>" not in curing.snippet


async def test_brave_fresh_asks_for_the_past_month_and_count_is_capped(
    server: SearchServer,
) -> None:
    async with BraveSearch(server.url, SecretStr(server.brave_key), 5.0) as brave:
        await brave.search("metrc", limit=50, fresh=True)
    assert server.requests[0].query["freshness"] == "pm"
    assert server.requests[0].query["count"] == "20"


async def test_brave_queries_are_cut_to_50_words_and_400_characters(
    server: SearchServer,
) -> None:
    async with BraveSearch(server.url, SecretStr(server.brave_key), 5.0) as brave:
        await brave.search(" ".join(f"w{n}" for n in range(80)), limit=5)
    assert server.requests[0].query["q"] == " ".join(f"w{n}" for n in range(50))

    long_words = " ".join(str(n) * 60 for n in range(1, 10))  # 548 characters
    cut = brave_query(long_words)
    assert len(cut) <= 400
    assert cut == " ".join(str(n) * 60 for n in range(1, 7))  # whole words only


async def test_brave_with_nothing_found_returns_no_results(server: SearchServer) -> None:
    async with BraveSearch(server.url, SecretStr(server.brave_key), 5.0) as brave:
        assert await brave.search("zeppelin", limit=5) == []


# -- Tavily ------------------------------------------------------------------------------------


async def test_tavily_posts_the_query_with_a_bearer_key(server: SearchServer) -> None:
    async with TavilySearch(server.url, SecretStr(server.tavily_key), 5.0) as tavily:
        results = await tavily.search("metrc manifest jars", limit=3)

    (request,) = server.requests
    assert (request.method, request.path) == ("POST", "/search")
    assert request.headers["authorization"] == f"Bearer {server.tavily_key}"
    assert request.body == {
        "query": "metrc manifest jars",
        "max_results": 3,
        "search_depth": "basic",
        "topic": "general",
        "include_answer": False,
    }
    assert [(r.url, r.title, r.engines) for r in results] == [
        (MANIFESTS.url, "Fixing Metrc manifests", ("tavily",)),
        (CURING.url, "Curing jars at 62% RH", ("tavily",)),
    ]
    assert results[0].published is None  # Tavily dates news results only


async def test_tavily_fresh_searches_news_with_dates(server: SearchServer) -> None:
    async with TavilySearch(server.url, SecretStr(server.tavily_key), 5.0) as tavily:
        results = await tavily.search("metrc manifest", limit=3, fresh=True)
    assert server.requests[0].body["topic"] == "news"
    assert results[0].published == date(2025, 3, 1)  # from "Sat, 01 Mar 2025 00:00:00 GMT"


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["brave", "tavily"])
async def test_a_refused_key_is_reported_without_the_key(kind: str, server: SearchServer) -> None:
    wrong = "sk-wrong-SECRET-4711"
    provider = make(kind, server, key=wrong)
    try:
        with pytest.raises(SearchError) as caught:
            await provider.search("metrc", limit=5)
    finally:
        await provider.aclose()
    assert "refused the API key (HTTP 401)" in str(caught.value)
    # The server echoes the key it got in its error body; the message must not repeat it.
    assert wrong not in str(caught.value) and wrong not in repr(caught.value)
    assert wrong not in repr(provider)
    assert len(server.requests) == 1  # a refused key is not retried


async def test_one_short_retry_rides_out_a_429(
    provider: SearchProvider, server: SearchServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    server.fail(429, retry_after="0.1")
    results = await provider.search("metrc manifest", limit=5)
    assert results[0].url == MANIFESTS.url
    assert sent(server) == 2
    assert server.tavily_key not in caplog.text and server.brave_key not in caplog.text


@pytest.mark.parametrize(
    ("status", "message"), [(429, "rate limiting us (HTTP 429)"), (500, "failed (HTTP 500)")]
)
async def test_a_second_failure_is_a_search_error(
    provider: SearchProvider, server: SearchServer, status: int, message: str
) -> None:
    server.fail(status, times=2, retry_after="0")
    with pytest.raises(SearchError, match=re.escape(message)) as caught:
        await provider.search("metrc", limit=5)
    assert sent(server) == 2
    assert server.brave_key not in str(caught.value) and server.tavily_key not in str(caught.value)


async def test_a_long_retry_after_fails_at_once(
    provider: SearchProvider, server: SearchServer
) -> None:
    server.fail(503, retry_after="30")
    started = time.monotonic()
    with pytest.raises(SearchError, match=r"HTTP 503"):
        await provider.search("metrc", limit=5)
    assert sent(server) == 1
    assert time.monotonic() - started < 20  # the 30 s wait was not made


async def test_a_slow_provider_times_out(server: SearchServer) -> None:
    for kind in KINDS:
        server.slow(5.0)
        provider = make(kind, server, timeout=0.3)
        try:
            # The server takes 5 s: only the 0.3 s timeout produces this message.
            with pytest.raises(SearchError, match=r"did not answer within 0\.3 s"):
                await provider.search("metrc", limit=5)
        finally:
            await provider.aclose()


async def test_malformed_json_is_a_search_error(
    provider: SearchProvider, server: SearchServer
) -> None:
    server.malformed()
    with pytest.raises(SearchError, match="answered with something other than JSON"):
        await provider.search("metrc", limit=5)


async def test_json_of_another_shape_is_a_search_error(
    provider: SearchProvider, server: SearchServer
) -> None:
    server.answer({"web": {"results": "none"}, "results": "none"})
    with pytest.raises(SearchError, match="unexpected shape"):
        await provider.search("metrc", limit=5)


@pytest.mark.parametrize("kind", KINDS)
async def test_an_unreachable_provider_is_a_search_error(kind: str, server: SearchServer) -> None:
    server.url = f"http://127.0.0.1:{free_port()}"
    provider = make(kind, server)
    try:
        with pytest.raises(SearchError, match=r"Could not reach .* at 127\.0\.0\.1"):
            await provider.search("metrc", limit=5)
    finally:
        await provider.aclose()


# -- merging and ranking -----------------------------------------------------------------------


def hit(url: str, title: str = "T", snippet: str = "", *engines: str) -> SearchResult:
    return SearchResult(url, title, snippet, 0.0, None, engines or ("e",))


def test_duplicates_merge_into_one_result_with_the_best_fields() -> None:
    first = [
        hit("https://www.Example.com/page/?utm_source=x&b=2&a=1", "example.com", "short", "e1"),
        hit("https://other.example/", "Other", "", "e1"),
    ]
    second = [
        hit("https://example.com/page?a=1&b=2&fbclid=z", "The page", "a longer snippet", "e2"),
        hit("ftp://files.example/page", "FTP", "", "e2"),
        hit("mailto:someone@example.com", "Mail", "", "e2"),
    ]
    merged = merge_results([first, second], limit=10)
    assert [r.url for r in merged] == [
        "https://www.Example.com/page/?b=2&a=1",  # first seen, tracking removed
        "https://other.example/",
    ]
    page = merged[0]
    assert page.title == "The page"  # a real title beats the host fallback
    assert page.snippet == "a longer snippet"
    assert page.engines == ("e1", "e2")
    assert page.score == 1.0


def test_reciprocal_rank_fusion_rewards_agreement_across_batches() -> None:
    first = [hit("https://x.example"), hit("https://p.example"), hit("https://y.example")]
    second = [hit("https://q.example"), hit("https://r.example"), hit("https://y.example")]
    merged = merge_results([first, second], limit=10)
    # y is third in both lists: 2/12 beats 1/10 for a first place in one; ties keep first seen.
    assert [r.url for r in merged] == [
        "https://y.example",
        "https://x.example",
        "https://q.example",
        "https://p.example",
        "https://r.example",
    ]
    scores = [r.score for r in merged]
    assert scores[0] == 1.0 and scores == sorted(scores, reverse=True)
    assert all(0 < s <= 1 for s in scores)
    assert [r.url for r in merge_results([first, second], limit=2)] == [
        "https://y.example",
        "https://x.example",
    ]
    assert merge_results([first, second], limit=0) == []
    assert merge_results([], limit=5) == []


def test_a_repeat_counts_again_only_when_another_engine_found_it() -> None:
    same_engine = [
        hit("https://a.example/x", "A", "", "bing"),
        hit("https://b.example/x", "B", "", "bing"),
        hit("https://a.example/x?utm_medium=feed", "A", "", "bing"),
    ]
    other_engine = [*same_engine[:2], hit("https://www.a.example/x", "A", "", "duckduckgo")]
    second_place_alone = merge_results([same_engine], limit=5)[1].score
    second_place_agreed = merge_results([other_engine], limit=5)[1].score
    assert second_place_alone == pytest.approx(10 / 11, rel=1e-4)
    assert second_place_agreed < second_place_alone


@pytest.mark.parametrize(
    ("url", "canonical"),
    [
        (
            "HTTPS://WWW.Example.COM:443/Path/?utm_source=a&b=2&a=1#top",
            "https://example.com/Path?a=1&b=2",
        ),
        ("http://example.com:80/", "http://example.com"),
        ("http://example.com:8080/x", "http://example.com:8080/x"),
        ("https://example.com/a?gclid=1&fbclid=2&ref=hn&utm_campaign=c", "https://example.com/a"),
        ("https://example.com/a?q=weed&page=2", "https://example.com/a?page=2&q=weed"),
        ("https://example.com/search?q=a%20b", "https://example.com/search?q=a+b"),
        ("https://[::1]:8443/x/", "https://[::1]:8443/x"),
        ("http://127.0.0.1:8000/doc", "http://127.0.0.1:8000/doc"),
    ],
)
def test_canonical_url(url: str, canonical: str) -> None:
    assert canonical_url(url) == canonical


def test_variants_of_one_page_share_a_canonical_url() -> None:
    variants = [
        "https://www.growers.example/curing-guide/",
        "https://growers.example/curing-guide?utm_source=searx",
        "https://GROWERS.example/curing-guide#step-2",
    ]
    assert {canonical_url(v) for v in variants} == {"https://growers.example/curing-guide"}
    assert canonical_url("https://growers.example/curing-guide?page=2") != canonical_url(
        variants[0]
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025-03-01T10:20:30Z", date(2025, 3, 1)),
        ("2025-03-01T10:20:30.123456+02:00", date(2025, 3, 1)),
        ("2025-03-01", date(2025, 3, 1)),
        ("2025-03-01 garbage", date(2025, 3, 1)),
        ("Sat, 01 Mar 2025 00:00:00 GMT", date(2025, 3, 1)),
        ("March 1, 2025", date(2025, 3, 1)),
        ("3 days ago", None),
        ("", None),
        (None, None),
    ],
)
def test_dates_are_parsed_leniently(text: str | None, expected: date | None) -> None:
    assert parse_published(text) == expected


# -- configuration -----------------------------------------------------------------------------


def test_no_provider_when_search_is_not_configured() -> None:
    assert build_search_provider(Settings(search_provider=None)) is None


@pytest.mark.parametrize(
    ("kind", "cls", "default_base"),
    [
        ("searxng", SearXNG, None),
        ("brave", BraveSearch, BRAVE_API),
        ("tavily", TavilySearch, TAVILY_API),
    ],
)
async def test_build_search_provider_for_each_setting(
    kind: str,
    cls: type[SearXNG] | type[BraveSearch] | type[TavilySearch],
    default_base: str | None,
) -> None:
    key = SecretStr("configured-secret-key")
    if default_base is not None:
        provider = build_search_provider(
            Settings(search_provider=kind, search_api_key=key, search_timeout=3.5)
        )
        assert isinstance(provider, cls)
        assert provider.base_url == default_base
        await provider.aclose()
    provider = build_search_provider(
        Settings(
            search_provider=kind,
            search_url="http://search.internal:8888/",
            search_api_key=key,
            search_timeout=3.5,
        )
    )
    assert isinstance(provider, cls)
    assert provider.name == kind
    assert provider.base_url == "http://search.internal:8888"
    assert provider.timeout == 3.5
    assert "configured-secret-key" not in repr(provider)
    await provider.aclose()


@pytest.mark.parametrize("kind", KINDS)
async def test_a_configured_provider_searches(kind: str, server: SearchServer) -> None:
    key = {"searxng": None, "brave": server.brave_key, "tavily": server.tavily_key}[kind]
    settings = Settings(
        search_provider=kind,
        search_url=server.url,
        search_api_key=SecretStr(key) if key else None,
    )
    provider = build_search_provider(settings)
    assert provider is not None
    try:
        results = await provider.search("curing jars", limit=settings.search_results)
    finally:
        await provider.aclose()
    assert [r.url for r in results] == [CURING.url]


def test_brave_and_tavily_need_a_key() -> None:
    for cls in (BraveSearch, TavilySearch):
        with pytest.raises(ValueError, match="needs an API key"):
            cls("https://api.example", None, 5.0)


async def test_the_clients_own_timeout_reads_as_a_timeout(server: SearchServer) -> None:
    server.slow(5.0)
    client = httpx.AsyncClient(timeout=0.2)
    searxng = SearXNG(server.url, None, 5.0, client=client)
    with pytest.raises(SearchError, match=r"SearXNG did not answer within"):
        await searxng.search("metrc", limit=5)
    await searxng.aclose()
    assert not client.is_closed  # a client handed in stays the caller's to close
    await client.aclose()
