"""The Discourse crawler against a real (local) Discourse-shaped server."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.support.discourse import FakeDiscourse, sample_forum, serve
from tests.support.servers import free_port
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import KbCrawl, KbPost, KbThread
from trichome.forum.corpus import ThreadRecord
from trichome.forum.discourse import CrawlError, CrawlReport, crawl_discourse, normalize_base_url
from trichome.forum.store import iter_threads, load_crawl

pytestmark = pytest.mark.anyio

Sessions = async_sessionmaker[AsyncSession]
ALL_TOPICS = set(range(101, 109))


@pytest.fixture
async def sessions(settings: Settings) -> AsyncIterator[Sessions]:
    engine = create_engine(settings)
    try:
        yield create_sessionmaker(engine)
    finally:
        await engine.dispose()


@pytest.fixture
def discourse() -> Iterator[FakeDiscourse]:
    with serve(sample_forum()) as served:
        yield served


async def crawl(discourse: FakeDiscourse, sessions: Sessions, **options: Any) -> CrawlReport:
    """A crawl without pauses between requests or retries (unless the test asks for them)."""
    return await crawl_discourse(
        discourse.base_url, sessions, **{"min_interval": 0, "retry_delay": 0.01} | options
    )


async def stored(sessions: Sessions) -> dict[int, ThreadRecord]:
    return {thread.record.topic_id: thread.record async for thread in iter_threads(sessions)}


async def crawl_state(discourse: FakeDiscourse, sessions: Sessions) -> dict[str, Any] | None:
    async with sessions() as session:
        return await load_crawl(session, discourse.base_url)


def topic_requests(discourse: FakeDiscourse) -> Counter[int]:
    """How many times each topic's /t/{id}.json was requested."""
    found = (re.fullmatch(r"/t/(\d+)\.json", r.path) for r in discourse.received)
    return Counter(int(match[1]) for match in found if match)


async def test_a_full_crawl_keeps_every_thread_and_post_as_readable_text(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    report = await crawl(discourse, sessions)

    assert (report.finished, report.resumed, report.listing_pages) == (True, False, 3)
    assert (report.topics_fetched, report.created, report.updated) == (8, 8, 0)
    assert not report.skipped
    assert report.requests == len(discourse.received)
    threads = await stored(sessions)
    assert set(threads) == ALL_TOPICS
    assert sorted(report.changed_ids) == sorted([t.id async for t in iter_threads(sessions)])

    curing = threads[101]
    host = discourse.base_url.removeprefix("http://")
    assert (curing.source, curing.url) == (host, f"{discourse.base_url}/t/curing-jars-at-62-rh/101")
    assert (curing.title, curing.category, curing.tags) == (
        "Curing jars at 62% RH?",
        "Drying & Curing",
        ("curing", "humidity"),
    )
    assert (curing.author, curing.reply_count, curing.views) == ("greenthumb", 5, 100)
    assert curing.created_at == curing.posts[0].created_at
    assert curing.last_activity_at == curing.posts[-1].created_at
    assert [post.author for post in curing.posts] == [
        "greenthumb",
        "dabsmith",
        "compliance_kim",
        "budtender",
        "greenthumb",
        "dabsmith",
    ]
    assert [post.content for post in curing.posts] == [
        "I burp my jars twice a day & keep them at 62% RH.\n\nIs 18 °C too cold?",
        "What works for me:\n\n- 62% RH packs\n- burp daily for the first week",
        "My logger:\n\nfor reading in sensor.read():\n    print(reading.rh)\n\nRun it with python log.py.",
        "greenthumb:\n\n> keep them at 62% RH\n\nAgreed, 62% is the sweet spot.",
        "My setup follows the curing guide (https://example.org/curing).",
        "https://example.org/humidity\n\nJars at 18 °C: fine\nbelow 15 °C: slow",
    ]

    purge = threads[102]  # 45 posts: 20 inline, then two posts.json requests (20 and 5)
    assert [post.post_number for post in purge.posts] == list(range(1, 46))
    assert purge.posts[44].content == "Reply 45: Purged mine for 48 hours at 38 °C."
    assert (purge.category, purge.tags, purge.reply_count) == ("Extraction", ("bho",), 44)
    assert discourse.hits("/t/102/posts.json") == 2

    manifest = threads[103]  # whisper, small action, hidden and deleted posts are left out
    assert [(p.post_number, p.author) for p in manifest.posts] == [
        (1, "greenthumb"),
        (6, "compliance_kim"),
    ]
    assert (manifest.reply_count, manifest.last_activity_at) == (1, manifest.posts[-1].created_at)
    assert threads[104].category == "Uncategorized"

    state = await crawl_state(discourse, sessions)
    newest = max(topic.bumped_at for topic in discourse.topics.values())
    assert state == {
        "phase": "done",
        "next_page": 0,
        "queue": [],
        "mark": newest.isoformat(),
        "newest": newest.isoformat(),
    }


async def test_the_solution_a_topic_accepted_is_kept_as_its_answer(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.add_reply(101, "<p>Solved: 62% packs, burp daily.</p>", accepted_answer=True)
    discourse.topics[102].posts[39].accepted_answer = True  # read through /t/102/posts.json
    await crawl(discourse, sessions)

    threads = await stored(sessions)
    assert [p.post_number for p in threads[101].posts if p.accepted] == [7]
    assert [p.post_number for p in threads[102].posts if p.accepted] == [40]
    assert not any(p.accepted for t in (103, 104) for p in threads[t].posts)


async def test_a_topic_robots_txt_disallows_is_skipped_unrequested(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.robots = "User-agent: *\nDisallow: /t/103.json\n\nUser-agent: OtherBot\nDisallow: /\n"

    report = await crawl(discourse, sessions)

    assert report.skipped == Counter({"disallowed by robots.txt": 1})
    assert discourse.hits("/t/103.json") == 0
    assert set(await stored(sessions)) == ALL_TOPICS - {103}
    assert discourse.hits("/robots.txt") == 1


@pytest.mark.parametrize(
    ("robots", "status"),
    [("User-agent: TrichomeKB\nDisallow: /latest\n", 200), ("", 401), ("", 403)],
)
async def test_a_listing_robots_txt_disallows_stops_the_crawl(
    discourse: FakeDiscourse, sessions: Sessions, robots: str, status: int
) -> None:
    discourse.robots, discourse.robots_status = robots, status

    with pytest.raises(
        CrawlError, match=r"robots.txt does not allow TrichomeKB to read .*/latest.json"
    ):
        await crawl(discourse, sessions)

    assert [r.path for r in discourse.received] == ["/robots.txt"]


async def test_without_robots_txt_everything_is_allowed(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.robots = None

    report = await crawl(discourse, sessions)

    assert report.finished and report.topics_fetched == 8


async def test_requests_start_at_least_min_interval_apart(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    started = time.monotonic()
    report = await crawl(discourse, sessions, min_interval=0.05)
    elapsed = time.monotonic() - started

    assert report.requests == len(discourse.received) == 15
    assert elapsed >= (report.requests - 1) * 0.05


async def test_a_longer_crawl_delay_in_robots_txt_is_honoured(sessions: Sessions) -> None:
    discourse = FakeDiscourse(
        robots="User-agent: TrichomeKB\nCrawl-delay: 1\n\nUser-agent: *\nDisallow: /\n"
    )
    with serve(discourse):
        report = await crawl(discourse, sessions, min_interval=0.01)

    assert report.finished and report.requests == 2  # robots.txt, then the (empty) listing
    first, second = discourse.received
    assert second.at - first.at >= 0.95  # measured where the server is, so a little slack


async def test_throttling_server_errors_and_dropped_connections_are_retried(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.fail("/t/101.json", 429, retry_after="1")
    discourse.fail("/t/102.json", 500, times=2)
    discourse.fail("/latest.json?page=1", 503)
    discourse.fail("/t/103.json", 0)

    report = await crawl(discourse, sessions)

    assert report.finished and not report.skipped
    assert set(await stored(sessions)) == ALL_TOPICS
    assert [discourse.hits(f"/t/{topic}.json") for topic in (101, 102, 103)] == [2, 3, 2]
    throttled, retried = [r.at for r in discourse.received if r.path == "/t/101.json"]
    assert retried - throttled >= 0.95  # Retry-After: 1


async def test_a_topic_failing_on_every_attempt_is_skipped(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.fail("/t/105.json", 502, times=10)

    report = await crawl(discourse, sessions, max_attempts=3)

    assert report.skipped == Counter({"HTTP 502": 1})
    assert discourse.hits("/t/105.json") == 3
    assert report.finished


async def test_a_forum_that_keeps_throttling_stops_the_crawl_resumably(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.fail("/t/104.json", 429, times=2, retry_after="0")

    with pytest.raises(CrawlError, match="429 Too Many Requests") as stopped:
        await crawl(discourse, sessions, max_attempts=2)

    # The topics before it were saved (and reported, for the index); it and the rest wait.
    assert stopped.value.report is not None and len(stopped.value.report.changed_ids) == 4
    assert set(await stored(sessions)) == {108, 107, 106, 105}
    state = await crawl_state(discourse, sessions)
    assert state is not None and state["queue"] == [104, 103, 102, 101]


async def test_deleted_and_malformed_topics_are_skipped_with_reasons(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.fail("/t/104.json", 404)  # listed, then deleted before it was fetched
    discourse.answers["/t/105.json"] = b"<html>Oops</html>"
    discourse.answers["/t/106.json"] = b'{"id": 106, "post_stream": "nope"}'
    discourse.answers["/t/107.json"] = (
        b'{"id": 107, "title": "", "post_stream": {"posts": [{"id": 1, "post_number": 1, "username": "x", "created_at": "2025-01-01T00:00:00Z", "cooked": "<p>hi</p>"}]}}'
    )
    discourse.answers["/t/108.json"] = (
        b'{"id": 108, "post_stream": {"posts": [{"id": 1, "cooked": ""}], "stream": [1]}}'
    )

    report = await crawl(discourse, sessions)

    assert report.skipped == Counter(
        {
            "not found": 1,
            "not JSON": 1,
            "malformed: no post_stream.posts": 1,
            "malformed: title must be a non-empty string": 1,
            "no visible posts": 1,
        }
    )
    assert set(await stored(sessions)) == {101, 102, 103}
    assert report.finished


async def test_a_response_over_the_size_limit_is_not_read(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    report = await crawl(discourse, sessions, max_response_bytes=4_000)

    assert report.skipped == Counter({"response too large": 1})  # the 45-post thread
    assert 102 not in await stored(sessions)


async def test_redirects_are_followed_within_the_forum_only(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.redirects["/t/105.json"] = "/t/grow-log-1/105.json"
    discourse.redirects["/t/106.json"] = "https://elsewhere.example/t/106.json"

    report = await crawl(discourse, sessions)

    assert report.skipped == Counter({"redirected away": 1})
    assert discourse.hits("/t/grow-log-1/105.json") == 1
    assert set(await stored(sessions)) == ALL_TOPICS - {106}

    discourse.redirects["/latest.json"] = "https://forum.example/latest.json"
    with pytest.raises(CrawlError, match=r"redirects to https://forum\.example/latest\.json"):
        await crawl(discourse, sessions)


async def test_an_address_that_is_not_a_discourse_forum_is_refused(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.answers["/latest.json"] = b"<!doctype html><title>My blog</title>"
    with pytest.raises(CrawlError, match="does not look like a Discourse forum"):
        await crawl(discourse, sessions)

    discourse.answers["/latest.json"] = b'{"posts": []}'
    with pytest.raises(CrawlError, match="does not look like a Discourse forum"):
        await crawl(discourse, sessions)


async def test_an_unreachable_forum_fails_after_its_attempts(sessions: Sessions) -> None:
    with pytest.raises(
        CrawlError, match=r"Could not fetch http://127\.0\.0\.1:\d+/robots\.txt after 2 attempts"
    ):
        await crawl_discourse(
            f"http://127.0.0.1:{free_port()}/",
            sessions,
            min_interval=0,
            max_attempts=2,
            retry_delay=0.01,
        )


def test_only_http_base_urls_are_crawled() -> None:
    assert normalize_base_url(" HTTPS://Forum.Example.com/ ") == "https://forum.example.com"
    assert normalize_base_url("https://example.com/forum/") == "https://example.com/forum"
    for bad in (
        "ftp://forum.example.com",
        "forum.example.com",
        "https://",
        "https://f.example/?page=2",
        "http://f.example:99999",
    ):
        with pytest.raises(CrawlError):
            normalize_base_url(bad)


async def test_an_interrupted_crawl_resumes_and_ends_like_an_uninterrupted_one(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    first = await crawl(discourse, sessions, max_topics=4)

    assert (first.finished, first.topics_fetched, first.remaining) == (False, 4, 4)
    assert set(await stored(sessions)) == {108, 107, 106, 105}
    assert topic_requests(discourse) == Counter({108: 1, 107: 1, 106: 1, 105: 1})
    listing_requests = discourse.hits("/latest.json")

    lines: list[str] = []
    second = await crawl(discourse, sessions, progress=lines.append)

    assert (
        lines[0]
        == "Resuming the crawl of " + discourse.base_url + " at its topics, 4 topics queued."
    )
    assert (second.resumed, second.finished, second.listing_pages) == (True, True, 0)
    assert (second.topics_fetched, second.created) == (4, 4)
    assert discourse.hits("/latest.json") == listing_requests  # the listing was not walked again
    assert topic_requests(discourse) == Counter(dict.fromkeys(ALL_TOPICS, 1))
    resumed_threads, resumed_state = await stored(sessions), await crawl_state(discourse, sessions)

    async with sessions() as session:  # start over: one crawl, uninterrupted
        for table in (KbPost, KbThread, KbCrawl):
            await session.execute(delete(table))
        await session.commit()
    single = await crawl(discourse, sessions)

    assert single.finished and not single.resumed
    assert await stored(sessions) == resumed_threads
    assert await crawl_state(discourse, sessions) == resumed_state


async def test_a_crawl_stopped_during_the_listing_resumes_at_its_page(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    discourse.fail("/latest.json?page=1", 500, times=2)
    with pytest.raises(CrawlError, match="HTTP 500 after 2 attempts"):
        await crawl(discourse, sessions, max_attempts=2)
    state = await crawl_state(discourse, sessions)
    assert state is not None and (state["phase"], state["next_page"], state["queue"]) == (
        "listing",
        1,
        [108, 107, 106],
    )

    report = await crawl(discourse, sessions)

    assert report.resumed and report.finished and report.listing_pages == 2
    assert discourse.hits("/latest.json?page=0") == 1
    assert set(await stored(sessions)) == ALL_TOPICS


async def test_the_next_crawl_fetches_only_bumped_topics_and_updates_them_in_place(
    discourse: FakeDiscourse, sessions: Sessions
) -> None:
    await crawl(discourse, sessions)
    before = await stored(sessions)
    row_ids = {thread.record.topic_id: thread.id async for thread in iter_threads(sessions)}
    discourse.received.clear()

    discourse.edit_post(101, 2, "<p>Edited: 58% RH packs work better.</p>")
    discourse.add_reply(101, "<p>Update: six weeks in, smells great.</p>", "latecomer")
    report = await crawl(discourse, sessions)

    assert topic_requests(discourse) == Counter({101: 1})
    assert discourse.hits("/latest.json") == 2  # page 0 held the bump; page 1 was wholly older
    assert (report.topics_fetched, report.created, report.updated, report.unchanged) == (1, 0, 1, 0)
    assert report.changed_ids == [row_ids[101]]
    after = await stored(sessions)
    curing = after[101]
    assert curing.posts[1].content == "Edited: 58% RH packs work better."
    assert (curing.posts[-1].author, curing.posts[-1].content) == (
        "latecomer",
        "Update: six weeks in, smells great.",
    )
    assert (curing.reply_count, curing.last_activity_at) == (6, curing.posts[-1].created_at)
    assert {k: v for k, v in after.items() if k != 101} == {
        k: v for k, v in before.items() if k != 101
    }

    discourse.received.clear()
    quiet = await crawl(discourse, sessions)  # nothing bumped since: one listing page, no topic
    assert (quiet.topics_fetched, quiet.listing_pages) == (0, 1)
    assert [r.path for r in discourse.received] == ["/robots.txt", "/latest.json"]

    async with sessions() as session:  # forget the mark: everything is fetched, nothing changed
        await session.execute(delete(KbCrawl))
        await session.commit()
    again = await crawl(discourse, sessions)
    assert (again.topics_fetched, again.unchanged, again.changed_ids) == (8, 8, [])
