"""A local web search server on 127.0.0.1 speaking SearXNG's, Brave Search's and Tavily's APIs.

    with search_server([{"url": ..., "title": ..., "content": ..., "published": "2025-03-01"}]) as server:
        SearXNG(server.url, None, 5.0)                    # GET  /search?format=json
        BraveSearch(server.url, server.brave_key, 5.0)     # GET  /res/v1/web/search
        TavilySearch(server.url, server.tavily_key, 5.0)   # POST /search
        server.requests    # every request received, oldest first
        server.documents = [...]   # what the next searches find

Documents are ranked by how many of the query's words they contain (none: not found). The
SearXNG answer lists each page twice, as real instances do for URL variants: once from
"duckduckgo" as given, once from "bing" with `utm_source` added or `www.` prefixed. Document
URLs are used as given, so they may point at another local server. Error answers echo the
credential received, so a client that shows error bodies would leak its key.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import re
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal
from urllib.parse import parse_qsl, urlsplit, urlunsplit

Api = Literal["searxng", "brave", "tavily"]
WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Document:
    """A page the server can find."""

    url: str
    title: str
    content: str
    published: date | None = None


@dataclass(frozen=True)
class Received:
    """A request the server received."""

    api: Api | None  # None: a path no API serves
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]  # names in lower case
    body: Any  # the decoded JSON body, or None
    at: float = field(default_factory=time.monotonic)


@dataclass
class Fault:
    """A scripted answer replacing the next `times` normal ones (of `api`, or of any)."""

    status: int = 200
    body: bytes | None = None  # None: the normal answer (after `delay`)
    delay: float = 0.0
    retry_after: str | None = None
    times: int = 1
    api: Api | None = None


def as_document(value: Document | Mapping[str, Any]) -> Document:
    if isinstance(value, Document):
        return value
    published = value.get("published")
    if isinstance(published, str):
        published = date.fromisoformat(published[:10])
    return Document(str(value["url"]), str(value["title"]), str(value["content"]), published)


class SearchServer:
    """The server's documents, keys, scripted faults and received requests."""

    def __init__(
        self,
        documents: Iterable[Document | Mapping[str, Any]] = (),
        *,
        brave_key: str = "brave-test-key",
        tavily_key: str = "tvly-test-key",
    ) -> None:
        self.brave_key = brave_key
        self.tavily_key = tavily_key
        self.json_enabled = True  # False: SearXNG answers format=json with 403, as by default
        self.url = ""
        self.requests: list[Received] = []
        self.faults: list[Fault] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self._documents: list[Document] = []
        self.documents = list(documents)

    @property
    def documents(self) -> list[Document]:
        return self._documents

    @documents.setter
    def documents(self, values: Iterable[Document | Mapping[str, Any]]) -> None:
        self._documents = [as_document(value) for value in values]

    def fail(
        self,
        status: int,
        *,
        times: int = 1,
        retry_after: str | None = None,
        api: Api | None = None,
    ) -> None:
        """Answer the next `times` searches (of `api`, or of any) with `status`."""
        body = json.dumps({"error": f"failing on purpose with {status}"}).encode()
        self.faults.append(Fault(status, body, retry_after=retry_after, times=times, api=api))

    def slow(self, seconds: float, *, times: int = 1, api: Api | None = None) -> None:
        """Wait `seconds` before answering the next `times` searches."""
        self.faults.append(Fault(delay=seconds, times=times, api=api))

    def malformed(
        self, body: bytes = b'{"results": [{"url": ', *, times: int = 1, api: Api | None = None
    ) -> None:
        """Answer the next `times` searches 200 with `body` (by default, cut-off JSON)."""
        self.faults.append(Fault(body=body, times=times, api=api))

    def answer(self, payload: Any, *, times: int = 1, api: Api | None = None) -> None:
        """Answer the next `times` searches 200 with `payload` as JSON, whatever was asked."""
        self.malformed(json.dumps(payload).encode(), times=times, api=api)

    def reset(self) -> None:
        """Forget the received requests and the pending faults; enable JSON again."""
        with self.lock:
            self.requests.clear()
            self.faults.clear()
            self.json_enabled = True

    def hits(self, api: Api) -> list[Received]:
        """The requests one API received."""
        return [r for r in self.requests if r.api == api]

    def ranked(self, query: str, limit: int = 20) -> list[Document]:
        """The documents sharing a word with `query`, most shared words first."""
        words = set(WORD.findall(query.lower()))
        scored = [
            (len(words & set(WORD.findall(f"{d.title} {d.content}".lower()))), n, d)
            for n, d in enumerate(self._documents)
        ]
        return [d for overlap, _, d in sorted(scored, key=lambda s: (-s[0], s[1])) if overlap][
            :limit
        ]

    # -- the three APIs ------------------------------------------------------------------------

    def _searxng(self, query: dict[str, str]) -> tuple[int, Any]:
        if query.get("format") != "json":
            return 200, "<html><body>SearXNG</body></html>"
        if not self.json_enabled:
            return 403, "403 Forbidden"
        found = self.ranked(query.get("q", ""))
        results = []
        for position, document in enumerate(found):
            results.append(_searxng_result(document, document.url, "duckduckgo", position))
        for position, document in enumerate(found):
            variant = _with_www(document.url) if position % 2 else _with_utm(document.url)
            results.append(_searxng_result(document, variant, "bing", position + 1))
        results.sort(key=lambda r: -r["score"])
        return 200, {
            "query": query.get("q", ""),
            "number_of_results": 0,  # as real instances often say
            "results": results,
            "answers": [],
            "suggestions": [],
            "unresponsive_engines": [],
        }

    def _brave(self, query: dict[str, str], headers: dict[str, str]) -> tuple[int, Any]:
        token = headers.get("x-subscription-token", "")
        if token != self.brave_key:
            return 401, {
                "type": "ErrorResponse",
                "error": {
                    "status": 401,
                    "code": "SUBSCRIPTION_TOKEN_INVALID",
                    "detail": f"The provided subscription token {token!r} is invalid.",
                },
            }
        words = set(WORD.findall(query.get("q", "").lower()))
        found = self.ranked(query.get("q", ""), int(query.get("count", "20")))
        if not found:
            return 200, {"type": "search", "query": {"original": query.get("q", "")}}
        results = []
        for document in found:
            first, *rest = re.split(r"(?<=[.!?])\s+", document.content)
            item: dict[str, Any] = {
                "type": "search_result",
                "title": document.title,
                "url": document.url,
                "description": _highlight(first, words),
                "meta_url": {"hostname": urlsplit(document.url).hostname},
            }
            if rest and query.get("extra_snippets") == "true":
                item["extra_snippets"] = rest
            if document.published:
                item["page_age"] = f"{document.published.isoformat()}T00:00:00"
                day = document.published
                item["age"] = f"{day:%B} {day.day}, {day.year}"
            results.append(item)
        return 200, {"type": "search", "web": {"type": "search", "results": results}}

    def _tavily(self, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        authorization = headers.get("authorization", "")
        if authorization != f"Bearer {self.tavily_key}":
            return 401, {"detail": {"error": f"Unauthorized: invalid API key {authorization!r}"}}
        if not isinstance(body, dict) or not isinstance(body.get("query"), str):
            return 400, {"detail": {"error": "query is required"}}
        found = self.ranked(body["query"], int(body.get("max_results", 5)))
        results = []
        for position, document in enumerate(found):
            item: dict[str, Any] = {
                "title": document.title,
                "url": document.url,
                "content": document.content,
                "score": round(0.9 - 0.05 * position, 3),
                "raw_content": None,
            }
            if body.get("topic") == "news" and document.published:  # as Tavily: news only
                moment = datetime(*document.published.timetuple()[:3], tzinfo=UTC)
                item["published_date"] = format_datetime(moment, usegmt=True)
            results.append(item)
        return 200, {
            "query": body["query"],
            "answer": None,
            "images": [],
            "results": results,
            "response_time": 0.01,
        }

    # -- HTTP ------------------------------------------------------------------------------------

    def handle(self, handler: BaseHTTPRequestHandler) -> None:
        """Record the request and answer it: a scripted fault, or the API's answer."""
        parts = urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        headers = {name.lower(): value for name, value in handler.headers.items()}
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        api: Api | None = None
        if parts.path in ("/search", "/"):
            api = "tavily" if handler.command == "POST" else "searxng"
        elif parts.path == "/res/v1/web/search":
            api = "brave"
        with self.lock:
            self.requests.append(Received(api, handler.command, parts.path, query, headers, body))
            fault = next((f for f in self.faults if f.api in (None, api) and f.times > 0), None)
            if fault is not None:
                fault.times -= 1
            documents_answer: tuple[int, Any]
            if api == "searxng":
                documents_answer = self._searxng(query)
            elif api == "brave":
                documents_answer = self._brave(query, headers)
            elif api == "tavily":
                documents_answer = self._tavily(body, headers)
            else:
                documents_answer = (404, {"error": "not found"})
        if fault is not None and fault.delay and self.stopping.wait(fault.delay):
            return
        status, payload = documents_answer
        extra: dict[str, str] = {}
        if fault is not None and fault.body is not None:
            status, content = fault.status, fault.body
            if fault.retry_after is not None:
                extra["Retry-After"] = fault.retry_after
        elif isinstance(payload, str):
            content = payload.encode()
        else:
            content = json.dumps(payload).encode()
        kind = "text/html" if isinstance(payload, str) else "application/json"
        with contextlib.suppress(ConnectionError):  # a client that gave up waiting
            handler.send_response(status)
            for name, value in {"Content-Type": kind, **extra}.items():
                handler.send_header(name, value)
            handler.send_header("Content-Length", str(len(content)))
            handler.end_headers()
            handler.wfile.write(content)


def _searxng_result(document: Document, url: str, engine: str, position: int) -> dict[str, Any]:
    parts = urlsplit(url)
    return {
        "url": url,
        "title": document.title,
        "content": document.content,
        "engine": engine,
        "engines": [engine],
        "positions": [position + 1],
        "score": round(1.0 / (position + 1), 4),
        "category": "general",
        "parsed_url": [parts.scheme, parts.netloc, parts.path, "", parts.query, ""],
        "publishedDate": f"{document.published.isoformat()}T00:00:00"
        if document.published
        else None,
        "template": "default.html",
    }


def _with_utm(url: str) -> str:
    parts = urlsplit(url)
    query = f"{parts.query}&utm_source=searx" if parts.query else "utm_source=searx"
    return urlunsplit(parts._replace(query=query))


def _with_www(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host)
        return _with_utm(url)  # no www. before an address: that would not resolve
    if host == "localhost" or host.startswith("www."):
        return _with_utm(url)
    return urlunsplit(parts._replace(netloc=f"www.{parts.netloc}"))


def _highlight(text: str, words: set[str]) -> str:
    """`text` as Brave describes a page: HTML-escaped, the query's words in <strong>."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return WORD.sub(
        lambda m: f"<strong>{m[0]}</strong>" if m[0].lower() in words else m[0], escaped
    )


def _handler(server: SearchServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            server.handle(self)

        def do_POST(self) -> None:
            server.handle(self)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the tests read server.requests instead

    return Handler


@contextlib.contextmanager
def search_server(
    documents: Iterable[Document | Mapping[str, Any]] = (),
    *,
    brave_key: str = "brave-test-key",
    tavily_key: str = "tvly-test-key",
) -> Iterator[SearchServer]:
    """A search server on a free port of 127.0.0.1 (`server.url`) until the block ends."""
    state = SearchServer(documents, brave_key=brave_key, tavily_key=tavily_key)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    thread = threading.Thread(
        target=httpd.serve_forever, args=(0.05,), name="fake-search", daemon=True
    )
    thread.start()
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield state
    finally:
        state.stopping.set()  # wakes slow answers
        httpd.shutdown()
        httpd.server_close()
        thread.join()
