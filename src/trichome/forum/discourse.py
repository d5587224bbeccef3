"""Crawl a Discourse forum's public JSON API into the store (`trichome kb ingest discourse`).

A crawl has two phases. Its state (in `kb_crawls`, saved after every listing page and every
batch of topics) says where it stands, so an interrupted crawl resumes where it stopped:

- "listing" walks `/latest.json?page=N` (newest bump first) and queues the topics bumped after
  the high-water mark of the last complete crawl, stopping at the first page wholly older;
- "topics" fetches the queued topics (`/t/{id}.json`, then `/t/{id}/posts.json` for the posts
  past the ~20 given inline), saves them with `save_threads` and drops them from the queue.

The state then becomes "done" with the new mark, so the next crawl fetches only what was bumped
since. Every request obeys robots.txt and is paced (one per `min_interval`, or the Crawl-delay
if longer), and is retried on 429, 5xx and connection errors. Discourse's JSON is read in
`discourse_payloads`, and the crawl's state kept by `crawl_state`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import orjson
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome import __version__
from trichome.forum.cooked import cooked_to_text
from trichome.forum.corpus import MAX_POSTS, CorpusError, ThreadRecord
from trichome.forum.crawl_state import CrawlState
from trichome.forum.discourse_payloads import (
    category_names,
    listing_page,
    post_number,
    post_stream,
    posts_by_id,
    thread_record,
    visible_post,
)
from trichome.forum.fetch import CrawlError, Fetcher, Progress, Reply, http_problem, origin
from trichome.forum.store import load_crawl, save_crawl, save_threads

__all__ = [
    "DEFAULT_USER_AGENT",
    "CrawlError",
    "CrawlReport",
    "cooked_to_text",
    "crawl_discourse",
    "normalize_base_url",
]

DEFAULT_USER_AGENT = f"TrichomeKB/{__version__} (+https://trichome.example/kb-bot)"
MAX_RESPONSE_BYTES = 10 * 1024 * 1024
POSTS_PER_REQUEST = 20  # Discourse's own batch size for /t/{id}/posts.json
TOPICS_PER_SAVE = 10
MAX_LISTING_PAGES = 100_000  # a guard against a listing that never ends
REQUEST_TIMEOUT = 30.0


@dataclass(slots=True)
class CrawlReport:
    """What a crawl did; `finished` is False when it stopped at `max_topics`."""

    base_url: str
    resumed: bool = False
    finished: bool = False
    listing_pages: int = 0
    topics_fetched: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    changed_ids: list[int] = field(default_factory=list)
    remaining: int = 0
    requests: int = 0


def normalize_base_url(base_url: str) -> str:
    """The forum's base URL, lower-case scheme and host, without a trailing slash.

    Raises:
        CrawlError: not an http(s) URL with a host, or one with a query or fragment.
    """
    parts = urlsplit(base_url.strip().rstrip("/"))
    try:
        usable = parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
        usable = usable and parts.port != 0  # .port raises on a port out of range
    except ValueError:
        usable = False
    if not usable:
        raise CrawlError(
            f"{base_url!r} is not a forum address: give its http(s) base URL, "
            "like https://forum.example.com"
        )
    if parts.query or parts.fragment:
        raise CrawlError(f"{base_url!r}: give the forum's base URL, without a query or fragment.")
    base = urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path, "", ""))
    if len(base) > 300:
        raise CrawlError("The forum's base URL is longer than 300 characters.")
    return base


class _Crawl:
    """One run of a forum's crawl: the listing, then the queued topics."""

    def __init__(
        self,
        base: str,
        sessions: async_sessionmaker[AsyncSession],
        fetcher: Fetcher,
        report: CrawlReport,
        say: Progress,
    ) -> None:
        self.base = base
        self.sessions = sessions
        self.fetcher = fetcher
        self.report = report
        self.say = say
        self.state = CrawlState()

    async def run(self, max_topics: int | None) -> None:
        async with self.sessions() as session:
            saved = await load_crawl(session, self.base)
        self.state, self.report.resumed = CrawlState.resume(saved)
        state = self.state
        if self.report.resumed:
            where = f"listing page {state.next_page}" if state.phase == "listing" else "its topics"
            self.say(
                f"Resuming the crawl of {self.base} at {where}, {len(state.queue)} topics queued."
            )
        await self.fetcher.read_robots(origin(self.base))
        if state.phase == "listing":
            await self._walk_listing()
        await self._fetch_queue(max_topics)
        self.report.remaining = len(state.queue)
        if state.queue:
            self.say(f"Stopped with {len(state.queue)} topics queued; run again to go on.")
            return
        self.state = CrawlState(phase="done", mark=state.newest, newest=state.newest)
        await self._save_state()
        self.report.finished = True

    async def _save_state(self) -> None:
        async with self.sessions() as session:
            await save_crawl(session, self.base, self.state.to_json())

    async def _walk_listing(self) -> None:
        state = self.state
        queued = set(state.queue)
        while state.phase == "listing":
            page = state.next_page
            try:
                topics, more = listing_page(await self._forum_json(f"latest.json?page={page}"))
            except CorpusError:
                raise CrawlError(
                    f"{self.base}/latest.json did not answer with Discourse's topic list: "
                    f"{self.base} does not look like a Discourse forum."
                ) from None
            newer = 0
            for topic_id, bumped in topics:
                if state.mark is None or bumped is None or bumped > state.mark:
                    newer += 1
                    if topic_id not in queued:
                        queued.add(topic_id)
                        state.queue.append(topic_id)
                if bumped is not None and (state.newest is None or bumped > state.newest):
                    state.newest = bumped
            state.next_page += 1
            self.report.listing_pages += 1
            # Pages go from the newest bump down: a page wholly older than the mark ends it.
            wholly_older = state.mark is not None and newer == 0
            if not more or not topics or wholly_older or state.next_page >= MAX_LISTING_PAGES:
                state.phase = "topics"
            await self._save_state()
            self.say(f"Listing page {page}: {newer} topics new or bumped, {len(queued)} queued.")

    async def _forum_json(self, path: str) -> Any:
        """A forum-wide JSON document the crawl cannot do without.

        Raises:
            CrawlError: disallowed by robots.txt, not answered, or not JSON.
        """
        url = f"{self.base}/{path}"
        if not self.fetcher.allowed(url):
            agent = self.fetcher.user_agent.split("/")[0]
            raise CrawlError(
                f"{origin(self.base)}/robots.txt does not allow {agent} to read {url}; "
                "the forum cannot be crawled."
            )
        reply = await self.fetcher.get(url)
        if reply.status == 200 and not reply.oversized:
            try:
                return orjson.loads(reply.body)
            except orjson.JSONDecodeError:
                raise CrawlError(
                    f"{url} did not answer with JSON: {self.base} does not look like a "
                    "Discourse forum."
                ) from None
        self._raise_if_throttled(reply)
        if reply.location is not None:
            raise CrawlError(
                f"{url} redirects to {reply.location}; if the forum moved, crawl its new address."
            )
        if reply.status in (401, 403):
            raise CrawlError(f"{url} needs a login (HTTP {reply.status}); only public forums.")
        if reply.status in (404, 410):
            raise CrawlError(
                f"{url} was not found: {self.base} does not look like a Discourse forum."
            )
        raise CrawlError(
            f"{url} failed: {http_problem(reply)} after {reply.attempts} attempts. "
            "Try again later: the crawl resumes where it stopped."
        )

    def _raise_if_throttled(self, reply: Reply) -> None:
        if reply.status == 429:
            raise CrawlError(
                f"{self.base} kept answering 429 Too Many Requests ({reply.attempts} attempts). "
                "Try again later, or with a longer interval between requests."
            )

    async def _category_names(self) -> dict[int, str]:
        url = f"{self.base}/categories.json?include_subcategories=true"
        if self.fetcher.allowed(url):
            reply = await self.fetcher.get(url)
            self._raise_if_throttled(reply)
            if reply.status == 200 and not reply.oversized:
                try:
                    return category_names(orjson.loads(reply.body))
                except orjson.JSONDecodeError:
                    pass
        self.say(f"Could not read {url}; threads are filed under 'Uncategorized'.")
        return {}

    async def _fetch_queue(self, max_topics: int | None) -> None:
        state = self.state
        limit = len(state.queue) if max_topics is None else min(max_topics, len(state.queue))
        if limit <= 0:
            return
        categories = await self._category_names()
        while limit > 0:
            records: list[ThreadRecord] = []
            done = 0
            try:
                for topic_id in state.queue[: min(TOPICS_PER_SAVE, limit)]:
                    if record := await self._fetch_topic(topic_id, categories):
                        records.append(record)
                    done += 1
            except CrawlError:
                await self._save_batch(records, done)  # what was fetched stays fetched
                raise
            await self._save_batch(records, done)
            limit -= done

    async def _save_batch(self, records: list[ThreadRecord], done: int) -> None:
        saved = await save_threads(self.sessions, records)
        report = self.report
        report.created += saved.created
        report.updated += saved.updated
        report.unchanged += saved.unchanged
        report.changed_ids.extend(saved.changed_ids)
        del self.state.queue[:done]
        await self._save_state()
        self.say(
            f"Saved {len(records)} topics ({saved.created} new, {saved.updated} updated); "
            f"{len(self.state.queue)} to go."
        )

    def _skip(self, topic_id: int, reason: str) -> None:
        self.report.skipped[reason] += 1
        self.say(f"Skipped topic {topic_id}: {reason}.")

    async def _fetch_topic(self, topic_id: int, categories: dict[int, str]) -> ThreadRecord | None:
        """The topic's thread, or None when it is skipped (and counted).

        Raises:
            CrawlError: the forum is unreachable or keeps throttling us.
        """
        topic = await self._topic_json(topic_id, f"{self.base}/t/{topic_id}.json")
        if topic is None:
            return None
        try:
            inline, stream = post_stream(topic)
            raw_posts = posts_by_id(inline)
            missing = [post_id for post_id in stream[:MAX_POSTS] if post_id not in raw_posts]
            for start in range(0, len(missing), POSTS_PER_REQUEST):
                ids = missing[start : start + POSTS_PER_REQUEST]
                query = "&".join(f"post_ids[]={post_id}" for post_id in ids)
                more = await self._topic_json(
                    topic_id, f"{self.base}/t/{topic_id}/posts.json?{query}"
                )
                if more is None:
                    return None
                fetched = posts_by_id(post_stream(more)[0])
                raw_posts |= {post_id: fetched[post_id] for post_id in ids if post_id in fetched}
            posts = [p for p in map(visible_post, raw_posts.values()) if p is not None]
            if not posts:
                self._skip(topic_id, "no visible posts")
                return None
            posts.sort(key=post_number)
            record = thread_record(self.base, topic, posts[:MAX_POSTS], categories)
        except CorpusError as error:
            self._skip(topic_id, f"malformed: {error}")
            return None
        self.report.topics_fetched += 1
        return record

    async def _topic_json(self, topic_id: int, url: str) -> Any:
        """A topic's JSON document, or None when it is skipped (and counted)."""
        if not self.fetcher.allowed(url):
            self._skip(topic_id, "disallowed by robots.txt")
            return None
        reply = await self.fetcher.get(url)
        self._raise_if_throttled(reply)
        if reply.status != 200 or reply.oversized:
            self._skip(topic_id, http_problem(reply))
            return None
        try:
            return orjson.loads(reply.body)
        except orjson.JSONDecodeError:
            self._skip(topic_id, "not JSON")
            return None


def _ignore(_message: str) -> None:
    pass


async def crawl_discourse(
    base_url: str,
    sessions: async_sessionmaker[AsyncSession],
    *,
    client: httpx.AsyncClient | None = None,
    min_interval: float = 1.0,
    max_attempts: int = 4,
    retry_delay: float = 1.0,
    user_agent: str = DEFAULT_USER_AGENT,
    max_topics: int | None = None,
    max_response_bytes: int = MAX_RESPONSE_BYTES,
    progress: Progress | None = None,
) -> CrawlReport:
    """Crawl a Discourse forum into the store, resuming an unfinished crawl of it.

    `min_interval` spaces request starts (seconds); `retry_delay` is the first backoff, doubled
    per attempt; `max_topics` stops after that many topics, the rest kept queued for next time.

    Raises:
        CrawlError: an option is out of range, or the forum is unreachable, not a Discourse
            forum, or robots.txt forbids its listing (what was saved stays: running again
            resumes; `error.report` holds what this run did).
    """
    if min_interval < 0 or retry_delay < 0:
        raise CrawlError("The interval between requests and the retry delay cannot be negative.")
    if max_attempts < 1 or max_response_bytes < 1:
        raise CrawlError("max_attempts and max_response_bytes must be at least 1.")
    if max_topics is not None and max_topics < 0:
        raise CrawlError("The number of topics to fetch cannot be negative.")
    base = normalize_base_url(base_url)
    report = CrawlReport(base_url=base)
    say = progress or _ignore
    http = client or httpx.AsyncClient(timeout=REQUEST_TIMEOUT)
    fetcher = Fetcher(
        http,
        report,
        say,
        user_agent=user_agent,
        min_interval=min_interval,
        max_attempts=max_attempts,
        retry_delay=retry_delay,
        max_bytes=max_response_bytes,
    )
    try:
        await _Crawl(base, sessions, fetcher, report, say).run(max_topics)
    except CrawlError as error:
        error.report = report
        raise
    finally:
        if client is None:
            await http.aclose()
    return report
