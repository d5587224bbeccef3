"""Reading web pages for cited answers, from public addresses only.

Every hop (the first URL and each redirect) is parsed once by httpx, its host resolved once,
every address checked, and the connection made to the checked address (`pinning`): a DNS
answer that changes between check and connection (rebinding) cannot move it to a private
address. The page's text is extracted by `page_text`.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import logging
import re
import socket
import ssl
import time
from collections.abc import Awaitable, Callable, Sequence

import certifi
import httpx

from trichome.config import Settings
from trichome.websearch.addresses import (
    NonStandardAddress,
    host_address,
    is_public,
    parse_address,
    parse_allowlist,
)
from trichome.websearch.cache import (
    MemoryPageCache,
    Page,
    PageCache,
    RedisPageCache,
    build_page_cache,
)
from trichome.websearch.errors import FetchError, FetchFailed, FetchRefused
from trichome.websearch.page_text import readable_text
from trichome.websearch.pinning import Pin, PinnedTransport, current_pin

__all__ = [
    "FetchError",
    "FetchFailed",
    "FetchRefused",
    "MemoryPageCache",
    "Page",
    "PageCache",
    "PageFetcher",
    "RedisPageCache",
    "Resolver",
    "build_page_cache",
    "resolve_with_getaddrinfo",
]

logger = logging.getLogger(__name__)
USER_AGENT = "TrichomeBot/0.1 (+https://trichome.example/bot)"
HEADERS = {"User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9"}
READABLE_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/plain"})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
DEFAULT_PORTS = {"http": 80, "https": 443}
_MEDIA_TYPE = re.compile(r"[a-z0-9!#$&^_.+-]{1,40}/[a-z0-9!#$&^_.+-]{1,60}")
_CHARSET = re.compile(r"""charset\s*=\s*["']?([\w.:-]+)""", re.IGNORECASE)

# (host, port) -> addresses, e.g. ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]
Resolver = Callable[[str, int], Awaitable[list[str]]]


async def resolve_with_getaddrinfo(host: str, port: int) -> list[str]:
    """The host's addresses from the system resolver (what a plain connection would use)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _no_cookies() -> http.cookiejar.CookieJar:
    # A jar that accepts none, so a cookie one page sets is never sent to the next.
    return http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))


class PageFetcher:
    """Reads pages from public addresses only, at most `fetch_max_bytes`, in `fetch_timeout`.

    `resolver` defaults to the system's; `cache` (see `build_page_cache`) defaults to none and
    is closed by `aclose`. `ssl_context` defaults to certifi's CAs.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        resolver: Resolver | None = None,
        cache: PageCache | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self.settings = settings
        self.cache = cache
        self._resolve = resolver or resolve_with_getaddrinfo
        self._allowlist = parse_allowlist(settings.fetch_test_allowlist)
        context = ssl_context or ssl.create_default_context(cafile=certifi.where())
        self._client = httpx.AsyncClient(
            transport=PinnedTransport(context),
            headers=HEADERS,
            cookies=_no_cookies(),
            timeout=httpx.Timeout(settings.fetch_timeout, connect=settings.fetch_connect_timeout),
            follow_redirects=False,
            trust_env=False,  # no proxies from the environment, no .netrc credentials
        )

    async def fetch(self, url: str) -> Page:
        """The page at `url`, from the cache when it holds it.

        Raises:
            FetchRefused: the URL or a redirect leads somewhere not public, or not to text.
            FetchFailed: the page could not be read.
        """
        try:
            first = _parse(url)
            if self.cache is not None and (cached := await self.cache.get(url)) is not None:
                return cached
            page = await self._read(url, first)
        except FetchError as error:
            logger.info("page not read (%s): %s", type(error).__name__, error)
            raise
        if self.cache is not None:
            await self.cache.put(page)
        return page

    async def fetch_many(
        self, urls: Sequence[str], *, concurrency: int = 4
    ) -> list[Page | FetchError]:
        """The pages at `urls` in their order, each failure's `FetchError` in its place."""
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        slots = asyncio.Semaphore(concurrency)

        async def one(url: str) -> Page | FetchError:
            async with slots:
                try:
                    return await self.fetch(url)
                except FetchError as error:
                    return error

        return list(await asyncio.gather(*(one(url) for url in urls)))

    async def aclose(self) -> None:
        """Close the connections, and the cache."""
        await self._client.aclose()
        if self.cache is not None:
            await self.cache.aclose()

    async def _read(self, url: str, first: httpx.URL) -> Page:
        try:
            async with asyncio.timeout(self.settings.fetch_timeout):
                final, media_type, charset, body = await self._download(first)
        except TimeoutError:
            raise FetchFailed(f"timed out reading {first.host}") from None
        text, title = await asyncio.to_thread(readable_text, body, media_type, charset, final)
        logger.debug("read %s (%d bytes, %d characters)", final.host, len(body), len(text))
        return Page(
            url=url,
            final_url=str(final),
            title=title or final.host,
            text=text,
            content_type=media_type,
            fetched_at=time.time(),
        )

    async def _download(self, url: httpx.URL) -> tuple[httpx.URL, str, str | None, bytes]:
        for _ in range(self.settings.fetch_max_redirects + 1):
            pin = await self._check(url)
            token = current_pin.set(pin)
            try:
                async with self._client.stream("GET", url) as response:
                    status = response.status_code
                    if status in REDIRECT_STATUSES:
                        url = _follow(url, response.headers.get("Location"))
                        continue
                    if not 200 <= status < 300:
                        raise FetchFailed(f"HTTP {status} from {url.host}")
                    media_type, charset = _content_type(response.headers.get("Content-Type"))
                    body = await self._body(response)
                    return url, media_type, charset, body
            except httpx.TimeoutException:
                raise FetchFailed(f"timed out reading {url.host}") from None
            except httpx.ConnectError:  # refused, unreachable, or a certificate not valid
                raise FetchFailed(f"could not connect to {url.host}") from None
            except httpx.HTTPError as error:  # a broken response or encoding
                raise FetchFailed(f"{type(error).__name__} from {url.host}") from None
            finally:
                current_pin.reset(token)
        raise FetchRefused(f"more than {self.settings.fetch_max_redirects} redirects")

    async def _check(self, url: httpx.URL) -> Pin:
        """Where a hop may connect: its one checked address (every address must pass)."""
        host = url.raw_host.decode("ascii")
        port = url.port or DEFAULT_PORTS[url.scheme]
        literal = host_address(host)  # _parse already refused the forms this raises on
        if literal is not None:
            answers = [str(literal)]
        else:
            try:
                answers = await self._resolve(host, port)
            except (OSError, UnicodeError):
                raise FetchFailed(f"could not resolve {host}") from None
            if not answers:
                raise FetchFailed(f"could not resolve {host}")
        checked = []
        for answer in answers:
            address = parse_address(answer)
            if address is None or not (is_public(address) or (address, port) in self._allowlist):
                raise FetchRefused(f"{host} is not a public address")
            checked.append(address)
        return Pin(host, port, str(checked[0]))

    async def _body(self, response: httpx.Response) -> bytes:
        limit = self.settings.fetch_max_bytes
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > limit:
            raise FetchFailed(f"page larger than {limit} bytes")
        body = bytearray()
        async for chunk in response.aiter_bytes():  # decompressed: gzip bombs count too
            body += chunk
            if len(body) > limit:
                raise FetchFailed(f"page larger than {limit} bytes")
        return bytes(body)


def _parse(url: str) -> httpx.URL:
    """`url` parsed by httpx, which fetches it, if it is a URL we may read (checked offline)."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        raise FetchRefused("invalid URL") from None
    return _checked(parsed)


def _checked(url: httpx.URL) -> httpx.URL:
    if url.scheme not in DEFAULT_PORTS:
        raise FetchRefused("only http and https URLs are read")
    if url.userinfo:
        raise FetchRefused("URLs with credentials are not read")
    host = url.raw_host.decode("ascii")
    if not host:
        raise FetchRefused("URL without a host")
    port = url.port or DEFAULT_PORTS[url.scheme]
    # Well-known ports other than the web's belong to other protocols (SMTP, SSH, ...).
    if not (port in (80, 443) or 1024 <= port <= 65535):
        raise FetchRefused(f"port {port} is not read")
    try:
        host_address(host)
    except NonStandardAddress:
        raise FetchRefused("IP address in a non-standard form") from None
    except ValueError:
        raise FetchRefused("invalid host") from None
    return url


def _follow(url: httpx.URL, location: str | None) -> httpx.URL:
    if not location:
        raise FetchFailed(f"redirect without a Location from {url.host}")
    try:
        target = url.join(location)
    except (httpx.InvalidURL, TypeError, ValueError):
        raise FetchRefused("redirect to an invalid URL") from None
    return _checked(target)


def _content_type(header: str | None) -> tuple[str, str | None]:
    media_type = (header or "").split(";", 1)[0].strip().lower()
    if media_type not in READABLE_TYPES:
        shown = media_type if _MEDIA_TYPE.fullmatch(media_type) else "unknown"
        raise FetchRefused(f"content type {shown} is not read")
    found = _CHARSET.search(header or "")
    return media_type, found.group(1) if found else None
