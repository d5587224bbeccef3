"""The chat widget on the knowledge-base service: the built bundle (`/widget.js`) and a page
to try it on (`/demo`). Neither takes a key or counts against a limit."""

from __future__ import annotations

import base64
import hashlib
import html
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, get_args
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from starlette.responses import Response

from trichome.http.errors import ApiError, error_responses
from trichome.http.openapi import PUBLIC

WIDGET_DIR = Path(__file__).resolve().parent.parent / "widget"
BUNDLE = WIDGET_DIR / "dist" / "widget.js"
Position = Literal["bottom-right", "bottom-left"]
Theme = Literal["auto", "light", "dark"]
POSITIONS: tuple[Position, ...] = get_args(Position)
THEMES: tuple[Theme, ...] = get_args(Theme)
_BUNDLE_HEADERS = {
    "Cache-Control": "public, max-age=300",
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
}


@dataclass(frozen=True)
class Bundle:
    """The built widget and its entity tag."""

    body: bytes
    etag: str


class BundleFile:
    """The built bundle on disk, read again only when the file changes (a rebuild)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._bundle: Bundle | None = None

    def load(self) -> Bundle | None:
        """The bundle, or None when it has not been built."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        if self._bundle is None or stamp != self._stamp:
            body = self.path.read_bytes()
            self._bundle = Bundle(body, f'"{hashlib.sha256(body).hexdigest()[:32]}"')
            self._stamp = stamp
        return self._bundle


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """Whether an `If-None-Match` header names this entity tag (weakly compared, RFC 9110)."""
    if not if_none_match:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return "*" in tags or etag in tags


_DEMO_STYLE = """
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b1f23; background: #f6f8fa; }
main { max-width: 720px; margin: 0 auto; padding: 32px 20px 120px; }
h1 { font-size: 26px; margin: 0 0 8px; }
code, pre { font: 14px/1.45 ui-monospace, monospace; }
pre { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px;
      overflow-x: auto; }
nav p { margin: 6px 0; }
nav a { margin-right: 12px; }
nav a[aria-current] { font-weight: 700; color: inherit; text-decoration: none; }
"""
_DEMO_STYLE_HASH = base64.b64encode(hashlib.sha256(_DEMO_STYLE.encode()).digest()).decode()
# The widget needs no inline script or style: the page proves it under a strict policy.
DEMO_POLICY = (
    "default-src 'none'; script-src 'self'; connect-src 'self'; "
    f"style-src 'sha256-{_DEMO_STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'"
)


def demo_page(theme: str, position: str) -> str:
    """The demo page's HTML: the widget embedded with one script tag, and links to vary it."""
    tag = f'<script src="widget.js" data-theme="{theme}" data-position="{position}" async></script>'

    chosen = {"theme": theme, "position": position}

    def links(name: str, values: tuple[str, ...]) -> str:
        items = []
        for value in values:
            query = html.escape(urlencode({**chosen, name: value}))
            current = ' aria-current="page"' if chosen[name] == value else ""
            items.append(f'<a href="demo?{query}"{current}>{value}</a>')
        return f"<p>{name}: {' '.join(items)}</p>"

    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trichome chat widget demo</title>
<link rel="icon" href="data:,">
<style>{_DEMO_STYLE}</style>
</head>
<body>
<main>
<h1>Trichome chat widget</h1>
<p>The knowledge base's chat widget, embedded on this page with one tag. Open the bubble in
the corner and ask about extraction, cultivation, testing or compliance: answers stream in
with links to the forum threads they quote.</p>
<nav aria-label="Widget options">{links("theme", THEMES)}{links("position", POSITIONS)}</nav>
<p>The tag on this page:</p>
<pre><code>{html.escape(tag)}</code></pre>
<p>On another site, use this service's full address in <code>src</code>. The README's
"Chat widget" section lists every option.</p>
</main>
{tag}
</body>
</html>
"""


def widget_router(bundle_path: Path | None = None) -> APIRouter:
    """`GET /widget.js` and `GET /demo`, serving the bundle at `bundle_path` (default: the
    build's output)."""
    router = APIRouter()
    bundle_file = BundleFile(bundle_path or BUNDLE)

    @router.get(
        "/widget.js",
        response_class=Response,
        responses={
            200: {"content": {"application/javascript": {}}, "description": "The widget."},
            304: {"description": "Not modified (`If-None-Match` names the current ETag)."},
            **error_responses(503),
        },
        summary="The embeddable chat widget (one script)",
        openapi_extra=PUBLIC,
    )
    async def widget_js(request: Request) -> Response:
        bundle = bundle_file.load()
        if bundle is None:
            raise ApiError(
                503,
                "The chat widget has not been built: run `make run` (or `npm ci --prefix "
                "src/trichome/services/kb/widget && npm run build --prefix "
                "src/trichome/services/kb/widget`).",
                type="service_unavailable_error",
                code="widget_not_built",
            )
        headers = {**_BUNDLE_HEADERS, "ETag": bundle.etag}
        if etag_matches(request.headers.get("if-none-match"), bundle.etag):
            return Response(status_code=304, headers=headers)
        return Response(
            bundle.body, media_type="application/javascript; charset=utf-8", headers=headers
        )

    @router.get(
        "/demo",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "The demo page."},
            **error_responses(400),
        },
        summary="A page with the chat widget embedded, to try it",
        openapi_extra=PUBLIC,
    )
    async def demo(
        theme: Annotated[Theme, Query(description="The widget's colours.")] = "auto",
        position: Annotated[Position, Query(description="The bubble's corner.")] = "bottom-right",
    ) -> Response:
        return Response(
            demo_page(theme, position),
            media_type="text/html; charset=utf-8",
            headers={"Content-Security-Policy": DEMO_POLICY, "Cache-Control": "no-cache"},
        )

    return router
