"""The crawler's HTTP: one GET at a time, allowed by robots.txt, paced, retried on 429, 5xx
and connection errors, redirects kept within the forum, and responses size-limited."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit
from urllib.robotparser import RobotFileParser

import httpx

from trichome.metrc.retry import parse_retry_after

if TYPE_CHECKING:
    from trichome.forum.discourse import CrawlReport

MAX_REDIRECTS = 5
MAX_BACKOFF = 60.0
MAX_RETRY_AFTER = 300.0  # a longer wait than this is the forum asking us to come back later
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})

Progress = Callable[[str], None]


class CrawlError(Exception):
    """What stops a crawl, worded for the person who started it (the state stays resumable).

    `report` says what the crawl had done by then: its `changed_ids` still need indexing.
    """

    report: CrawlReport | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    attempts: int
    body: bytes = b""
    location: str | None = None  # an unfollowed redirect's target
    retry_after: float | None = None
    oversized: bool = False


def retryable(status: int) -> bool:
    return status == 429 or status >= 500


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Fetcher:
    """GETs one at a time: paced, retried, size-limited, allowed by robots.txt."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        report: CrawlReport,
        say: Progress,
        *,
        user_agent: str,
        min_interval: float,
        max_attempts: int,
        retry_delay: float,
        max_bytes: int,
    ) -> None:
        self.client = client
        self.report = report
        self.say = say
        self.user_agent = user_agent
        self.headers = {"User-Agent": user_agent, "Accept": "application/json"}
        self.interval = min_interval
        self.max_attempts = max_attempts
        self.retry_delay = retry_delay
        self.max_bytes = max_bytes
        self.robots = RobotFileParser()
        self._last_start = -math.inf

    def allowed(self, url: str) -> bool:
        """Whether robots.txt lets our user agent fetch `url`."""
        return self.robots.can_fetch(self.user_agent, url)

    async def read_robots(self, origin: str) -> None:
        """Fetch and apply the forum's robots.txt (rules, and its Crawl-delay if longer).

        Raises:
            CrawlError: robots.txt could not be read (server errors, unreachable).
        """
        url = f"{origin}/robots.txt"
        reply = await self.get(url, check_robots=False)
        if reply.status in (401, 403):  # robotparser's reading: access to it denied, to all
            self.robots.parse(["User-agent: *", "Disallow: /"])
        elif 300 <= reply.status < 500 and not retryable(reply.status):
            self.robots.parse([])  # none (or one we may not follow): no rules
        elif reply.status != 200 or reply.oversized:
            raise CrawlError(
                f"Could not read {url} ({http_problem(reply)}); the crawl needs it to know "
                "what it may fetch. Try again later."
            )
        else:
            self.robots.parse(reply.body.decode("utf-8", errors="replace").splitlines())
        self.robots.modified()  # robotparser allows nothing until it knows when it read
        delay = self.robots.crawl_delay(self.user_agent)
        rate = self.robots.request_rate(self.user_agent)
        asked = max(float(delay or 0), rate.seconds / rate.requests if rate else 0.0)
        if asked > self.interval:
            self.interval = asked
            self.say(f"robots.txt asks for {asked:g} s between requests; pacing at that.")

    async def get(self, url: str, *, check_robots: bool = True) -> Reply:
        """GET `url`, following redirects within the forum's origin that robots.txt allows.

        Raises:
            CrawlError: the forum stayed unreachable through every attempt.
        """
        for _ in range(MAX_REDIRECTS):
            reply = await self._attempts(url)
            if reply.location is None:
                return reply
            target = urljoin(url, reply.location)
            if origin(target) != origin(url) or (check_robots and not self.allowed(target)):
                return reply
            url = target
        return reply

    async def _attempts(self, url: str) -> Reply:
        attempt = 0
        while True:
            attempt += 1
            await self._pace()
            self.report.requests += 1
            try:
                reply = await self._send(url, attempt)
            except httpx.RequestError as error:  # connection, timeout, undecodable body
                if attempt >= self.max_attempts:
                    raise CrawlError(
                        f"Could not fetch {url} after {attempt} attempts "
                        f"({type(error).__name__}: {error}). Check the address, or try again "
                        "later: the crawl resumes where it stopped."
                    ) from None
                problem, delay = type(error).__name__, self._backoff(attempt)
            else:
                retry_after = reply.retry_after
                if not retryable(reply.status) or attempt >= self.max_attempts:
                    return reply
                if retry_after is not None and retry_after > MAX_RETRY_AFTER:
                    return reply
                problem = f"HTTP {reply.status}"
                delay = retry_after if retry_after is not None else self._backoff(attempt)
            self.say(
                f"{url}: {problem}; retrying in {delay:.2g} s ({attempt}/{self.max_attempts})."
            )
            await asyncio.sleep(delay)

    def _backoff(self, attempt: int) -> float:
        return min(MAX_BACKOFF, self.retry_delay * 2.0 ** (attempt - 1))

    async def _pace(self) -> None:
        # Request starts are spaced by the interval, whatever happened in between.
        now = time.monotonic()
        start = max(now, self._last_start + self.interval)
        self._last_start = start
        if start > now:
            await asyncio.sleep(start - now)

    async def _send(self, url: str, attempt: int) -> Reply:
        async with self.client.stream(
            "GET", url, headers=self.headers, follow_redirects=False
        ) as response:
            status = response.status_code
            if status in REDIRECT_STATUSES:
                return Reply(status, attempt, location=response.headers.get("Location"))
            if not 200 <= status < 300:
                retry_after = parse_retry_after(response.headers.get("Retry-After"))
                return Reply(status, attempt, retry_after=retry_after)
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > self.max_bytes:
                return Reply(status, attempt, oversized=True)
            body = bytearray()
            async for chunk in response.aiter_bytes():  # decompressed: gzip bombs count too
                body += chunk
                if len(body) > self.max_bytes:
                    return Reply(status, attempt, oversized=True)
            return Reply(status, attempt, bytes(body))


def http_problem(reply: Reply) -> str:
    if reply.oversized:
        return "response too large"
    if reply.location is not None:
        return "redirected away"
    if reply.status in (404, 410):
        return "not found"
    return f"HTTP {reply.status}"
