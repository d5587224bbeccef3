"""Web search provider clients (SearXNG, Brave Search, Tavily); their results are merged by
`results.merge_results`.

Each provider makes one HTTP request per search. A 429 or 5xx is retried once, and only when
the wait is short: the server's Retry-After if it asks for at most `MAX_RETRY_WAIT` seconds,
else `RETRY_WAIT`; a longer Retry-After fails at once. The whole search, retry included, is
bounded by the provider's timeout. Every failure is a `SearchError` whose message names the
provider and the reason (status, timeout) and never quotes the answer or the API key.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, Self
from urllib.parse import urlsplit

import anyio
import httpx
from pydantic import SecretStr

from trichome import __version__
from trichome.metrc.retry import parse_retry_after
from trichome.websearch.errors import SearchError
from trichome.websearch.results import SearchResult, clean_text, merge_results, result_from_fields

if TYPE_CHECKING:
    from trichome.config import Settings

logger = logging.getLogger(__name__)

BRAVE_API = "https://api.search.brave.com"
TAVILY_API = "https://api.tavily.com"
USER_AGENT = f"trichome-websearch/{__version__}"

MAX_RESULTS = 20  # what Brave and Tavily return at most per request
BRAVE_MAX_QUERY_CHARS = 400
BRAVE_MAX_QUERY_WORDS = 50
RETRY_WAIT = 0.5  # seconds before the one retry when the server gives no Retry-After
MAX_RETRY_WAIT = 2.0  # a longer Retry-After fails the search instead of stalling the answer
MAX_RESPONSE_BYTES = 4_000_000


class SearchProvider(Protocol):
    """A web search API."""

    name: str

    async def search(self, query: str, *, limit: int, fresh: bool = False) -> list[SearchResult]:
        """The best `limit` results for `query` (`fresh`: recent pages only), best first.

        Raises:
            SearchError: the provider could not be reached or gave no usable answer.
        """
        ...

    async def aclose(self) -> None:
        """Release the HTTP connections."""
        ...


class _HttpProvider:
    """The HTTP plumbing the providers share: one bounded request, one short retry."""

    name = "search"
    label = "The search provider"
    needs_key = False

    def __init__(
        self,
        base_url: str,
        api_key: SecretStr | str | None,
        timeout: float,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        if self.needs_key and api_key is None:
            raise ValueError(f"{self.label} needs an API key (TRICHOME_SEARCH_API_KEY)")
        self.base_url = base_url.rstrip("/")
        self._api_key = SecretStr(api_key) if isinstance(api_key, str) else api_key
        self.timeout = timeout
        self._owns_client = client is None
        self._client = client or httpx.AsyncClient(
            timeout=timeout, follow_redirects=False, headers={"User-Agent": USER_AGENT}
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP client (unless it was handed in by the caller)."""
        if self._owns_client:
            await self._client.aclose()

    def _key(self) -> str:
        return self._api_key.get_secret_value() if self._api_key is not None else ""

    def _error(self, reason: str) -> SearchError:
        key = self._key()
        return SearchError(reason.replace(key, "***") if key else reason)

    async def _request_json(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        body: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Any:
        url = self.base_url + path
        deadline = anyio.current_time() + self.timeout
        try:
            with anyio.fail_after(self.timeout):
                status, retry_after, content = await self._send(method, url, params, body, headers)
                if status == 429 or status >= 500:
                    wait = RETRY_WAIT if retry_after is None else retry_after
                    if wait <= MAX_RETRY_WAIT and anyio.current_time() + wait < deadline:
                        logger.info(
                            "%s answered HTTP %d; retrying in %g s", self.label, status, wait
                        )
                        await anyio.sleep(wait)
                        status, _, content = await self._send(method, url, params, body, headers)
        except (TimeoutError, httpx.TimeoutException):
            raise self._error(f"{self.label} did not answer within {self.timeout:g} s") from None
        except httpx.HTTPError as error:
            host = urlsplit(self.base_url).hostname or "?"
            raise self._error(
                f"Could not reach {self.label} at {host} ({type(error).__name__})"
            ) from None
        except httpx.InvalidURL:
            raise self._error(f"The {self.label} address is not a valid URL") from None
        if status != 200:
            raise self._error(self._status_problem(status))
        if content is None:
            raise self._error(f"{self.label} sent an answer over {MAX_RESPONSE_BYTES} bytes")
        try:
            return json.loads(content)
        except ValueError:  # undecodable bytes included
            raise self._error(f"{self.label} answered with something other than JSON") from None

    async def _send(
        self,
        method: str,
        url: str,
        params: Mapping[str, str] | None,
        body: Mapping[str, Any] | None,
        headers: Mapping[str, str] | None,
    ) -> tuple[int, float | None, bytes | None]:
        """Status, Retry-After and body (None when over the size limit) of one request."""
        async with self._client.stream(
            method, url, params=params, json=body, headers=headers
        ) as response:
            if response.status_code != 200:
                retry_after = parse_retry_after(response.headers.get("Retry-After"))
                return response.status_code, retry_after, b""
            content = bytearray()
            async for chunk in response.aiter_bytes():
                content += chunk
                if len(content) > MAX_RESPONSE_BYTES:
                    return 200, None, None
            return 200, None, bytes(content)

    def _status_problem(self, status: int) -> str:
        if status in (401, 403):
            return (
                f"{self.label} refused the API key (HTTP {status}): check TRICHOME_SEARCH_API_KEY"
            )
        if status == 429:
            return f"{self.label} is rate limiting us (HTTP 429); try again later"
        if status >= 500:
            return f"{self.label} failed (HTTP {status}); try again later"
        if 300 <= status < 400:
            return f"{self.label} redirected the search (HTTP {status}): check TRICHOME_SEARCH_URL"
        return f"{self.label} rejected the search (HTTP {status})"

    def _shape_error(self, what: str) -> SearchError:
        return self._error(f"{self.label} answered JSON of an unexpected shape ({what})")


class SearXNG(_HttpProvider):
    """A SearXNG instance's JSON API (`json` must be in its `search.formats`)."""

    name = "searxng"
    label = "SearXNG"

    async def search(self, query: str, *, limit: int, fresh: bool = False) -> list[SearchResult]:
        """SearXNG's results for `query`, duplicates across its engines merged, best first.

        Raises:
            SearchError: unreachable, slow, JSON not enabled, or an unusable answer.
        """
        if not query.strip() or limit < 1:
            return []
        params = {"q": query, "format": "json", "pageno": "1", "safesearch": "1"}
        if fresh:
            params["time_range"] = "month"
        headers = {"Accept": "application/json"}
        if self._api_key is not None:  # an instance behind an authenticating proxy
            headers["Authorization"] = f"Bearer {self._key()}"
        data = await self._request_json("GET", "/search", params=params, headers=headers)
        items = data.get("results") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise self._shape_error("no results list")
        # SearXNG sorts by its own score; keep that order, best first, however it arrives.
        ranked = sorted(
            (item for item in items if isinstance(item, dict)),
            key=lambda item: -_number(item.get("score")),
        )
        results = []
        for item in ranked:
            engines = item.get("engines")
            if not isinstance(engines, list) or not engines:
                engines = [item.get("engine")]
            names = tuple(f"searxng:{e}" for e in engines if isinstance(e, str) and e)
            made = result_from_fields(
                item.get("url"),
                item.get("title"),
                item.get("content"),
                item.get("publishedDate") or item.get("pubdate"),
                names or ("searxng",),
            )
            if made is not None:
                results.append(made)
        return merge_results([results], limit=limit)

    def _status_problem(self, status: int) -> str:
        if status == 403:
            return "SearXNG refused format=json: enable json in search.formats (HTTP 403)"
        if status in (401, 407):
            return f"SearXNG asked for credentials (HTTP {status}): check TRICHOME_SEARCH_API_KEY"
        return super()._status_problem(status)


class BraveSearch(_HttpProvider):
    """The Brave Search web search API."""

    name = "brave"
    label = "Brave Search"
    needs_key = True

    async def search(self, query: str, *, limit: int, fresh: bool = False) -> list[SearchResult]:
        """Brave's web results for `query` (cut to 50 words, 400 characters), best first.

        Raises:
            SearchError: unreachable, slow, the key refused, or an unusable answer.
        """
        query = brave_query(query)
        if not query or limit < 1:
            return []
        params = {
            "q": query,
            "count": str(min(limit, MAX_RESULTS)),
            "safesearch": "moderate",
            "extra_snippets": "true",
        }
        if fresh:
            params["freshness"] = "pm"
        headers = {"Accept": "application/json", "X-Subscription-Token": self._key()}
        data = await self._request_json("GET", "/res/v1/web/search", params=params, headers=headers)
        if not isinstance(data, dict):
            raise self._shape_error("not an object")
        if "web" not in data:  # Brave leaves `web` out when nothing was found
            return []
        web = data["web"]
        items = web.get("results") if isinstance(web, dict) else None
        if not isinstance(items, list):
            raise self._shape_error("no web.results list")
        results = []
        for item in items:
            if not isinstance(item, dict):
                continue
            extras = item.get("extra_snippets")
            pieces = [item.get("description"), *(extras if isinstance(extras, list) else [])]
            snippets = [clean_text(piece) for piece in pieces if isinstance(piece, str)]
            made = result_from_fields(
                item.get("url"),
                item.get("title"),
                " … ".join(dict.fromkeys(s for s in snippets if s)),
                item.get("page_age") or item.get("age"),
                ("brave",),
            )
            if made is not None:
                results.append(made)
        return merge_results([results], limit=limit)


class TavilySearch(_HttpProvider):
    """The Tavily search API."""

    name = "tavily"
    label = "Tavily"
    needs_key = True

    async def search(self, query: str, *, limit: int, fresh: bool = False) -> list[SearchResult]:
        """Tavily's results for `query` (`fresh`: its news topic), best first.

        Raises:
            SearchError: unreachable, slow, the key refused, or an unusable answer.
        """
        if not query.strip() or limit < 1:
            return []
        body = {
            "query": query,
            "max_results": min(limit, MAX_RESULTS),
            "search_depth": "basic",
            "topic": "news" if fresh else "general",
            "include_answer": False,
        }
        headers = {"Accept": "application/json", "Authorization": f"Bearer {self._key()}"}
        data = await self._request_json("POST", "/search", body=body, headers=headers)
        items = data.get("results") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise self._shape_error("no results list")
        ranked = sorted(
            (item for item in items if isinstance(item, dict)),
            key=lambda item: -_number(item.get("score")),
        )
        results = [
            made
            for item in ranked
            if (
                made := result_from_fields(
                    item.get("url"),
                    item.get("title"),
                    item.get("content"),
                    item.get("published_date"),
                    ("tavily",),
                )
            )
            is not None
        ]
        return merge_results([results], limit=limit)


def build_search_provider(settings: Settings) -> SearchProvider | None:
    """The configured search provider, or None when `TRICHOME_SEARCH_PROVIDER` is unset."""
    timeout = settings.search_timeout
    key = settings.search_api_key
    if settings.search_provider == "searxng":
        assert settings.search_url is not None  # the settings refuse searxng without a URL
        return SearXNG(settings.search_url, key, timeout)
    if settings.search_provider == "brave":
        return BraveSearch(settings.search_url or BRAVE_API, key, timeout)
    if settings.search_provider == "tavily":
        return TavilySearch(settings.search_url or TAVILY_API, key, timeout)
    return None


def brave_query(query: str) -> str:
    """`query` cut to what Brave accepts: 50 words and 400 characters, at a word boundary."""
    words = query.split()[:BRAVE_MAX_QUERY_WORDS]
    text = " ".join(words)
    if len(text) > BRAVE_MAX_QUERY_CHARS:
        text = text[: BRAVE_MAX_QUERY_CHARS + 1].rsplit(" ", 1)[0][:BRAVE_MAX_QUERY_CHARS]
    return text


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0
