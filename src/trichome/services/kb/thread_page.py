"""A thread as a readable page of the knowledge base (`/threads/{id}`), the page an answer's
citation opens: title, every post with its author and time, the cited post marked.

Thread content is whatever a forum's members wrote: the templates escape all of it, and the
page's policy allows no script at all.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from trichome.forum.corpus import PostRecord
from trichome.forum.links import is_public_url
from trichome.forum.store import StoredThread

TEMPLATES = Path(__file__).resolve().parent / "templates"
# A positive whole number of up to 18 digits, without leading zeros: it fits the signed
# 64-bit key a thread row has (the OpenAPI document states the same pattern).
ID_PATTERN = "^[1-9][0-9]{0,17}$"
_ID = re.compile(ID_PATTERN.strip("^$"))

_STYLE = """
:root { color-scheme: light dark; --text: #1b1f23; --muted: #57606a; --bg: #f6f8fa;
  --card: #ffffff; --line: #d0d7de; --link: #0550ae; --mark: #dafbe1; --mark-text: #0f5323; }
@media (prefers-color-scheme: dark) {
  :root { --text: #e6edf3; --muted: #9198a1; --bg: #0d1117; --card: #161b22;
    --line: #30363d; --link: #6cb6ff; --mark: #12361f; --mark-text: #aff5b4; }
}
body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: var(--text);
  background: var(--bg); overflow-wrap: anywhere; }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 12px; top: 12px; background: var(--card); padding: 8px; }
.top, main, footer { max-width: 760px; margin: 0 auto; padding: 0 20px; }
.brand { font-weight: 700; margin: 16px 0; }
h1 { font-size: 26px; line-height: 1.3; margin: 8px 0; }
h2 { font-size: 17px; margin: 0; }
.meta { color: var(--muted); font-size: 14px; margin: 4px 0; }
.posts { list-style: none; padding: 0; margin: 24px 0; }
.post { background: var(--card); border: 1px solid var(--line); border-radius: 8px;
  padding: 14px 16px; margin: 0 0 14px; }
.post.cited, .post:target { border: 2px solid var(--mark-text); }
.badge { background: var(--mark); color: var(--mark-text); border-radius: 4px; padding: 0 6px; }
.content p { white-space: pre-line; margin: 10px 0 0; }
code { font: 14px/1.45 ui-monospace, monospace; }
footer { color: var(--muted); font-size: 14px; padding-bottom: 32px; }
"""
_STYLE_HASH = base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode()
# No script, no outside resource: the one inline style is allowed by its hash.
PAGE_POLICY = (
    f"default-src 'none'; style-src 'sha256-{_STYLE_HASH}'; img-src data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
PAGE_HEADERS = {
    "Content-Security-Policy": PAGE_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}

_templates = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


@dataclass(frozen=True, slots=True)
class PostView:
    """A post as the page shows it: its text cut into paragraphs at blank lines."""

    post_number: int
    author: str
    created_at: datetime
    paragraphs: tuple[str, ...]
    accepted: bool


def parse_thread_id(text: str) -> int | None:
    """The thread (or post) number in `text`, or None when it does not match `ID_PATTERN`."""
    return int(text) if _ID.fullmatch(text) else None


def _view(post: PostRecord) -> PostView:
    paragraphs = tuple(p.strip() for p in post.content.split("\n\n") if p.strip())
    return PostView(post.post_number, post.author, post.created_at, paragraphs, post.accepted)


def thread_page(thread: StoredThread, cited: int | None = None) -> str:
    """The page of a thread, with post `cited` (its number in the thread) marked."""
    record = thread.record
    return _templates.get_template("thread.html").render(
        style=Markup(_STYLE),
        thread=record,
        tags=list(record.tags),
        posts=[_view(post) for post in record.posts],
        forum_url=record.url if is_public_url(record.url) else None,
        cited=cited,
    )


def error_page(heading: str, message: str) -> str:
    """A page saying what went wrong with a thread's address."""
    return _templates.get_template("thread_error.html").render(
        style=Markup(_STYLE), heading=heading, message=message
    )
