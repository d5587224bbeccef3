"""`GET /threads/{id}`: the page a citation opens, its errors, its escaping and its access."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator

import httpx
import pytest

from tests.conftest import reconfigured
from tests.forum.conftest import THREADS, jsonl, thread
from tests.services.chat.test_limits import new_key, random_ip
from tests.support.asgi import running_app
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.forum.links import is_public_url
from trichome.forum.service import ForumKnowledgeBase
from trichome.plans import Tier
from trichome.services.kb.app import create_app
from trichome.services.kb.thread_page import parse_thread_id

pytestmark = pytest.mark.anyio
QUESTION = "Why does my winterization filter keep clogging?"
HOSTILE = thread(
    77,
    'Quarantine <b>bold</b> & "quoted" title',
    "Security <i>",
    ("mallory<script>", 'Look: <script>alert("x")</script> and <img src=x onerror=alert(1)>'),
    ("trent", "Never render that.\n\nSecond paragraph & more."),
    tags=("<tag>",),
)
HOSTILE["url"] = "https://community.growers.org/t/quarantine/77"
HOSTILE["posts"][1]["accepted"] = True


@contextlib.asynccontextmanager
async def kb_client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The knowledge base over THREADS and a thread of hostile markup, with a client."""
    settings = reconfigured(settings, kb_sample=False)
    engine = create_engine(settings)
    try:
        knowledge = ForumKnowledgeBase(settings, create_sessionmaker(engine))
        await knowledge.import_jsonl(jsonl([*THREADS, HOSTILE]))
    finally:
        await engine.dispose()
    async with running_app(create_app(settings)) as asgi:
        transport = httpx.ASGITransport(app=asgi, client=(random_ip(), 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            yield client


async def _thread_id(client: httpx.AsyncClient, query: str) -> int:
    found = await client.get("/api/threads", params={"q": query, "limit": 1})
    assert found.status_code == 200, found.text
    hit = found.json()["data"][0]
    assert hit["page_url"] == f"http://testserver/threads/{hit['id']}"
    return int(hit["id"])


def _post_article(page: str, number: int) -> str:
    match = re.search(rf'<article id="post-{number}".*?</article>', page, re.DOTALL)
    assert match, f"no post {number}"
    return match.group(0)


async def test_a_citation_opens_the_thread_page_with_the_quoted_post_marked(
    settings: Settings,
) -> None:
    async with kb_client(settings) as client:
        answer = await client.post("/api/chat", json={"message": QUESTION})
        citation = answer.json()["citations"][0]
        page = await client.get(citation["page_url"].split("#")[0])
    # Backward compatible: `url` is still the thread on its forum.
    assert citation["url"] == THREADS[0]["url"]
    number = re.fullmatch(
        rf"http://testserver/threads/{citation['id']}\?post=(\d+)#post-(\d+)",
        citation["page_url"],
    )
    assert number and number.group(1) == number.group(2)
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src" not in page.headers["content-security-policy"]
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "x-ratelimit-remaining-requests" in page.headers
    html = page.text
    assert html.startswith("<!doctype html>") and '<html lang="en">' in html
    assert html.count("<h1") == 1 and f">{THREADS[0]['title']}</h1>" in html
    assert '<main id="main">' in html and 'href="#main"' in html and "<footer>" in html
    posts = THREADS[0]["posts"]
    assert html.count("<h2") == len(posts)
    for post in posts:
        article = _post_article(html, post["post_number"])
        assert f"by {post['author']}</h2>" in article
        assert post["created_at"].replace("Z", "+00:00") in article
    cited = int(number.group(1))
    assert "The answer cites this post" in _post_article(html, cited)
    assert html.count("The answer cites this post") == 1
    # The test forum's host is reserved for examples: no link a reader could not open.
    assert THREADS[0]["url"] not in html


async def test_an_answers_sources_link_a_page_a_reader_can_open(settings: Settings) -> None:
    # The winterization thread's forum is a reserved example host: the answer's Markdown
    # sources link its page here (the quoted post marked); the quarantine thread's forum is
    # a real host, so its citation keeps the forum's address.
    async with kb_client(settings) as client:
        dead = (await client.post("/api/chat", json={"message": QUESTION})).json()
        live = (await client.post("/api/chat", json={"message": "quarantine never render"})).json()
    first = dead["citations"][0]
    assert f"[1] [{first['title']}]({first['page_url']})" in dead["answer"]
    assert "forum.test.example" not in dead["answer"]
    assert first["url"].startswith("https://forum.test.example/")
    quarantine = next(c for c in live["citations"] if c["url"] == HOSTILE["url"])
    assert f"({HOSTILE['url']})" in live["answer"]
    assert quarantine["page_url"] not in live["answer"]


async def test_thread_content_is_escaped(settings: Settings) -> None:
    async with kb_client(settings) as client:
        thread_id = await _thread_id(client, "quarantine never render")
        page = await client.get(f"/threads/{thread_id}")
    assert page.status_code == 200
    html = page.text
    assert "<script" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    # The thread's accepted answer says so, and only it.
    assert "Accepted answer" in _post_article(html, 2)
    assert html.count("Accepted answer") == 1
    assert "<title>Quarantine &lt;b&gt;bold&lt;/b&gt; &amp; &#34;quoted&#34; title" in html
    assert "by mallory&lt;script&gt;</h2>" in html and "Security &lt;i&gt;" in html
    assert "Tags: &lt;tag&gt;" in html
    assert "<p>Never render that.</p>" in html and "<p>Second paragraph &amp; more.</p>" in html
    # A forum a reader can open is linked.
    assert '<a href="https://community.growers.org/t/quarantine/77">' in html


async def test_an_unknown_thread_is_a_404_page(settings: Settings) -> None:
    async with kb_client(settings) as client:
        missing = await client.get("/threads/987654321")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "text/html; charset=utf-8"
    assert '<html lang="en">' in missing.text and "<h1>Thread not found</h1>" in missing.text
    assert "987654321" in missing.text


@pytest.mark.parametrize(
    "path",
    [
        "/threads/abc",
        "/threads/0",
        "/threads/-3",
        "/threads/1.5",
        "/threads/%20",
        "/threads/12abc",
        "/threads/012",
        "/threads/99999999999999999999",
        "/threads/9223372036854775808",
        "/threads/%D9%A1%D9%A2",
        "/threads/%3Cscript%3E",
    ],
)
async def test_a_malformed_id_is_a_400_page(settings: Settings, path: str) -> None:
    async with kb_client(settings) as client:
        page = await client.get(path)
    assert page.status_code == 400, page.text
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "<h1>Not a thread address</h1>" in page.text and "<script>" not in page.text


async def test_a_malformed_post_to_mark_is_a_400_page(settings: Settings) -> None:
    async with kb_client(settings) as client:
        thread_id = await _thread_id(client, "quarantine")
        bad = await client.get(f"/threads/{thread_id}", params={"post": "first"})
        unknown = await client.get(f"/threads/{thread_id}", params={"post": "40"})
    assert bad.status_code == 400 and "<h1>Not a post number</h1>" in bad.text
    # A number that is no post of the thread marks nothing.
    assert unknown.status_code == 200 and "The answer cites this post" not in unknown.text


async def test_the_page_takes_keys_as_the_api_does(settings: Settings) -> None:
    """Threads are one corpus every caller searches (no organisation owns one), so the page
    is the same for every organisation's key; a key that is sent must be valid."""
    _, first_key = await new_key(settings, Tier.FREE)
    _, second_key = await new_key(settings, Tier.FREE)
    async with kb_client(settings) as client:
        thread_id = await _thread_id(client, "quarantine")
        bad = await client.get(f"/threads/{thread_id}", headers={"X-API-Key": "trk_nope"})
        pages = [
            await client.get(f"/threads/{thread_id}", headers={"Authorization": f"Bearer {key}"})
            for key in (first_key, second_key)
        ]
    assert bad.status_code == 401
    assert [page.status_code for page in pages] == [200, 200]
    assert pages[0].text == pages[1].text


async def test_the_page_counts_against_the_hourly_limit_without_a_key(settings: Settings) -> None:
    async with kb_client(reconfigured(settings, kb_requests_per_hour=2)) as client:
        search = await client.get("/api/threads", params={"q": "quarantine"})
        thread_id = search.json()["data"][0]["id"]
        first = await client.get(f"/threads/{thread_id}")
        over = await client.get(f"/threads/{thread_id}")
    assert first.status_code == 200
    assert first.headers["x-ratelimit-remaining-requests"] == "0"
    assert over.status_code == 429 and "retry-after" in over.headers


def test_thread_ids_are_positive_whole_numbers_a_row_can_have() -> None:
    assert parse_thread_id("12") == 12
    assert parse_thread_id("999999999999999999") == 10**18 - 1
    for text in ("", "0", "012", "007x", "+1", " 1", "1\n", "1e3", "²", "1000000000000000000"):
        assert parse_thread_id(text) is None, text


def test_only_forums_a_reader_can_open_are_linked() -> None:
    assert is_public_url("https://community.growers.org/t/x/1")
    for url in (
        "https://forum.trichome.example/t/x/1",
        "https://forum.test.example/t/x/1",
        "http://localhost:8000/t/1",
        "javascript:alert(1)",
        "https://example.com/t/1",
        "ftp://files.growers.org/x",
    ):
        assert not is_public_url(url), url
