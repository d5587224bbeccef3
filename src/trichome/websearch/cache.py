"""Read pages, and where they are kept for a while: each worker's memory, or Redis."""

from __future__ import annotations

import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Protocol

import orjson
from redis.asyncio import Redis
from redis.exceptions import RedisError

from trichome.config import Settings

logger = logging.getLogger(__name__)

REDIS_KEY_PREFIX = "trichome:page:"


@dataclass(frozen=True, slots=True)
class Page:
    """A web page as read: its main text, without navigation, footers or markup."""

    url: str  # the URL asked for
    final_url: str  # after redirects
    title: str  # from the page's metadata or <title>, else the host
    text: str  # paragraphs separated by blank lines
    content_type: str
    fetched_at: float  # unix seconds

    def to_json(self) -> bytes:
        return orjson.dumps(asdict(self))

    @classmethod
    def from_json(cls, data: bytes | str) -> Page:
        """The page `to_json` wrote.

        Raises:
            ValueError: not a page (orjson.JSONDecodeError is a ValueError).
        """
        fields = orjson.loads(data)
        if not isinstance(fields, dict):
            raise ValueError("not a page")
        try:
            return cls(**fields)
        except TypeError as error:
            raise ValueError("not a page") from error


class PageCache(Protocol):
    """Pages read recently, by the URL asked for."""

    async def get(self, url: str) -> Page | None: ...

    async def put(self, page: Page) -> None: ...

    async def aclose(self) -> None: ...


class MemoryPageCache:
    """Pages kept in this process for `ttl` seconds; the least recently used go first."""

    def __init__(
        self, ttl: float, max_entries: int = 256, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.ttl = ttl
        self.max_entries = max_entries
        self._clock = clock
        self._pages: OrderedDict[str, tuple[float, Page]] = OrderedDict()

    async def get(self, url: str) -> Page | None:
        kept = self._pages.get(url)
        if kept is None:
            return None
        expires, page = kept
        if self._clock() >= expires:
            del self._pages[url]
            return None
        self._pages.move_to_end(url)
        return page

    async def put(self, page: Page) -> None:
        self._pages[page.url] = (self._clock() + self.ttl, page)
        self._pages.move_to_end(page.url)
        while len(self._pages) > self.max_entries:
            self._pages.popitem(last=False)

    async def aclose(self) -> None:
        self._pages.clear()


class RedisPageCache:
    """Pages shared by every worker through Redis, expiring after `ttl` seconds.

    Redis being away costs a fetch, never an answer: errors are logged and read as a miss.
    """

    def __init__(self, redis_url: str, ttl: float) -> None:
        self.ttl = ttl
        self._redis: Redis = Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)

    @staticmethod
    def key(url: str) -> str:
        return REDIS_KEY_PREFIX + hashlib.sha256(url.encode()).hexdigest()

    async def get(self, url: str) -> Page | None:
        try:
            data = await self._redis.get(self.key(url))
        except (RedisError, OSError) as error:
            logger.warning("page cache unavailable: %s", type(error).__name__)
            return None
        if data is None:
            return None
        try:
            page = Page.from_json(data)
        except ValueError:
            logger.warning("page cache holds an unreadable entry; ignoring it")
            return None
        return page if page.url == url else None

    async def put(self, page: Page) -> None:
        try:
            # Milliseconds, so that a fractional TTL is kept (EX takes whole seconds).
            await self._redis.set(
                self.key(page.url), page.to_json(), px=max(1, round(self.ttl * 1000))
            )
        except (RedisError, OSError) as error:
            logger.warning("page cache unavailable: %s", type(error).__name__)

    async def aclose(self) -> None:
        await self._redis.aclose()


def build_page_cache(settings: Settings) -> PageCache | None:
    """Redis when `redis_url` is set, else this process's memory; None when the TTL is 0."""
    if settings.fetch_cache_ttl == 0:
        return None
    if settings.redis_url:
        return RedisPageCache(settings.redis_url, settings.fetch_cache_ttl)
    return MemoryPageCache(settings.fetch_cache_ttl)
