"""A small web site on 127.0.0.1 for /v1/responses tests: articles the search server points
at, and a page that redirects to the cloud metadata address."""

from __future__ import annotations

import contextlib
import html
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Article:
    path: str
    title: str
    paragraphs: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)

    def html(self) -> bytes:
        body = "".join(f"<p>{html.escape(p)}</p>" for p in self.paragraphs)
        return (
            f"<!doctype html><html><head><title>{html.escape(self.title)}</title></head><body>"
            "<nav><a href='/'>Home</a> <a href='/shop'>Shop our grow lights</a></nav>"
            f"<main><article><h1>{html.escape(self.title)}</h1>{body}</article></main>"
            "<footer>Copyright Example Media. Subscribe for weekly deals.</footer>"
            "</body></html>"
        ).encode()


ARTICLES = (
    Article(
        "/news/michigan-edibles-2027",
        "Michigan regulators update edible rules for 2027",
        (
            "The Michigan Cannabis Regulatory Agency announced new edible rules that take "
            "effect on March 1, 2027.",
            "Under the update, each serving of an edible may hold at most 10 milligrams of "
            "THC, and a package may hold at most 200 milligrams of THC.",
            "Licensees must relabel existing stock within ninety days of the effective date.",
            "The agency said the change brings Michigan in line with neighbouring states.",
        ),
    ),
    Article(
        "/markets/flower-prices",
        "Wholesale cannabis flower prices this month",
        (
            "Wholesale flower prices in Michigan fell to about 900 dollars per pound this "
            "month, according to the latest market survey.",
            "Indoor flower still sells at a premium of roughly 300 dollars per pound over "
            "outdoor flower.",
            "Analysts expect prices to steady once the winter harvest is sold.",
        ),
    ),
    Article(
        "/surf/wax",
        "How to wax a surfboard",
        (
            "Start with a clean deck and rub base coat in small circles until bumps form.",
            "Finish with a top coat suited to the water temperature where you surf.",
        ),
    ),
)


@dataclass
class Site:
    origin: str = ""
    hits: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        return self.origin + path

    def documents(self) -> list[dict[str, Any]]:
        """Search-server documents for every article and for the redirecting page."""
        found = [
            {"url": self.url(a.path), "title": a.title, "content": " ".join(a.paragraphs)}
            for a in ARTICLES
        ]
        found.append(
            {
                "url": self.url("/moved"),
                "title": "Michigan edible rules moved",
                "content": "Latest Michigan edible rules news: this page has moved.",
            }
        )
        return found


def _handler(site: Site) -> type[BaseHTTPRequestHandler]:
    pages = {article.path: article for article in ARTICLES}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            site.hits.append(self.path)
            if self.path == "/moved":
                self.send_response(302)
                self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            article = pages.get(self.path)
            body = article.html() if article else b"not found"
            self.send_response(200 if article else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


@contextlib.contextmanager
def serve_site() -> Iterator[Site]:
    """The site on a free port of 127.0.0.1 until the block ends."""
    site = Site()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(site))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    site.origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield site
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
