"""A small Discourse forum served over real HTTP on 127.0.0.1, for the crawler's tests.

It answers the public JSON API the crawler reads (robots.txt, categories.json, latest.json,
/t/{id}.json, /t/{id}/posts.json), records every request, and can be told to fail.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

INLINE_POSTS = 20  # what Discourse puts in /t/{id}.json; the rest come from posts.json
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

CATEGORIES = [
    {
        "id": 1,
        "name": "Cultivation",
        "subcategory_list": [{"id": 11, "name": "Drying & Curing"}],
    },
    {"id": 2, "name": "Extraction"},
    {"id": 3, "name": "Compliance"},
]

# The curing thread: one post per kind of cooked HTML the crawler turns into text.
CURING_POSTS = [
    "<p>I burp my jars twice a day &amp; keep them at 62% RH.</p>\n<p>Is 18&nbsp;°C too cold?</p>",
    "<p>What works for me:</p>\n<ul>\n<li>62% RH packs</li>\n<li>burp daily for the <strong>first</strong> week</li>\n</ul>",
    '<p>My logger:</p>\n<pre><code class="lang-python">for reading in sensor.read():\n    print(reading.rh)\n</code></pre>\n<p>Run it with <code>python log.py</code>.</p>',
    '<aside class="quote no-group" data-username="greenthumb" data-post="1">\n<div class="title">\n<div class="quote-controls"></div>\n<img alt="" width="24" height="24" src="/avatar.png" class="avatar"> greenthumb:</div>\n<blockquote>\n<p>keep them at 62% RH</p>\n</blockquote>\n</aside>\n<p>Agreed, 62% is the sweet spot.</p>',
    '<p>My setup <img src="/uploads/jar.jpg" alt="jar"> follows the <a href="https://example.org/curing">curing guide</a>.</p>\n<div class="lightbox-wrapper"><a class="lightbox" href="/uploads/big.jpg"><img src="/uploads/small.jpg"><div class="meta"><span class="filename">IMG_2041.jpg</span><span class="informations">1024×768 88 KB</span></div></a></div>',
    '<aside class="onebox allowlistedgeneric" data-onebox-src="https://example.org/humidity">\n<header class="source"><a href="https://example.org/humidity">example.org</a></header>\n<article class="onebox-body"><h3>Humidity 101</h3><p>A long preview…</p></article>\n</aside>\n<p>Jars at 18 °C: fine<br>\nbelow 15 °C: slow</p>',
]
REPLIES = [
    "<p>Purged mine for 48 hours at 38 °C.</p>",
    "<p>Vacuum at <code>-29 inHg</code> &amp; watch the bubbles.</p>",
    "<p>Thinner slabs purge faster.</p>",
]
AUTHORS = ["greenthumb", "dabsmith", "compliance_kim", "budtender"]


def iso(moment: datetime) -> str:
    """A time as Discourse writes it: UTC, milliseconds, Z."""
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class FakePost:
    id: int
    post_number: int
    username: str
    created_at: datetime
    cooked: str
    post_type: int = 1
    hidden: bool = False
    deleted_at: datetime | None = None
    accepted_answer: bool = False  # the discourse-solved plugin's mark on the solution

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "post_number": self.post_number,
            "username": self.username,
            "created_at": iso(self.created_at),
            "cooked": self.cooked,
            "post_type": self.post_type,
            "hidden": self.hidden,
            "deleted_at": iso(self.deleted_at) if self.deleted_at else None,
            "accepted_answer": self.accepted_answer,
        }


@dataclass
class FakeTopic:
    id: int
    title: str
    category_id: int
    tags: list[str]
    posts: list[FakePost]
    views: int = 100
    tag_objects: bool = False  # newer Discourse versions give tags as {"name": ...}

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")

    @property
    def bumped_at(self) -> datetime:
        return max(post.created_at for post in self.posts if post.post_type == 1)

    def summary(self) -> dict[str, Any]:
        tags: list[Any] = [{"id": i, "name": t} for i, t in enumerate(self.tags)]
        return {
            "id": self.id,
            "title": self.title,
            "slug": self.slug,
            "created_at": iso(self.posts[0].created_at),
            "bumped_at": iso(self.bumped_at),
            "last_posted_at": iso(self.bumped_at),
            "views": self.views,
            "posts_count": len(self.posts),
            "category_id": self.category_id,
            "tags": tags if self.tag_objects else list(self.tags),
        }

    def to_json(self) -> dict[str, Any]:
        solved = [post for post in self.posts if post.accepted_answer]
        # discourse-solved adds the solution to the topic view: number, author, excerpt.
        accepted = (
            {"accepted_answer": {"post_number": solved[0].post_number, "username": "x"}}
            if solved
            else {}
        )
        return (
            self.summary()
            | accepted
            | {
                "details": {"created_by": {"username": self.posts[0].username}},
                "post_stream": {
                    "posts": [post.to_json() for post in self.posts[:INLINE_POSTS]],
                    "stream": [post.id for post in self.posts],
                },
            }
        )


@dataclass(frozen=True)
class Received:
    at: float  # time.monotonic() when the request arrived
    target: str  # path and query

    @property
    def path(self) -> str:
        return urlsplit(self.target).path


@dataclass
class Failure:
    status: int  # 0: close the connection without answering
    times: int
    retry_after: str | None = None


@dataclass
class FakeDiscourse:
    """The forum's content, its scripted failures, and the requests it received."""

    page_size: int = 30
    robots: str | None = "User-agent: *\nDisallow: /admin/\n"  # None: robots.txt is a 404
    robots_status: int = 200
    topics: dict[int, FakeTopic] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    failures: dict[str, Failure] = field(default_factory=dict)
    answers: dict[str, bytes] = field(default_factory=dict)  # raw bodies, e.g. broken JSON
    redirects: dict[str, str] = field(default_factory=dict)  # path (and query) to Location
    base_url: str = ""
    clock: datetime = START
    next_post_id: int = 1000
    lock: threading.Lock = field(default_factory=threading.Lock)

    def _tick(self) -> datetime:
        self.clock += timedelta(minutes=1)
        return self.clock

    def _post(self, number: int, username: str, cooked: str, **flags: Any) -> FakePost:
        self.next_post_id += 1
        return FakePost(self.next_post_id, number, username, self._tick(), cooked, **flags)

    def add_topic(
        self, title: str, posts: Sequence[str], *, category_id: int = 1, tags: Sequence[str] = ()
    ) -> int:
        """A new topic of these cooked posts, by authors taking turns; its id."""
        topic_id = 101 + len(self.topics)
        made = [
            self._post(number, AUTHORS[(number - 1) % len(AUTHORS)], cooked)
            for number, cooked in enumerate(posts, start=1)
        ]
        self.topics[topic_id] = FakeTopic(topic_id, title, category_id, list(tags), made)
        return topic_id

    def add_reply(
        self, topic_id: int, cooked: str, username: str = "latecomer", **flags: Any
    ) -> None:
        """A new post at the end of a topic (a regular one bumps it)."""
        topic = self.topics[topic_id]
        topic.posts.append(self._post(len(topic.posts) + 1, username, cooked, **flags))

    def edit_post(self, topic_id: int, post_number: int, cooked: str) -> None:
        """Change a post's text (edits do not bump the topic)."""
        self.topics[topic_id].posts[post_number - 1].cooked = cooked

    def fail(
        self, target: str, status: int, times: int = 1, retry_after: str | None = None
    ) -> None:
        """Answer the next `times` requests for a path (or exact path and query) with `status`."""
        self.failures[target] = Failure(status, times, retry_after)

    def hits(self, target: str) -> int:
        """How many requests came for a path (or exact path and query)."""
        return sum(1 for r in self.received if target in (r.path, r.target))

    def _route(self, target: str) -> tuple[int, str, bytes]:
        parts = urlsplit(target)
        query = parse_qs(parts.query)
        if target in self.answers or parts.path in self.answers:
            return (
                200,
                "application/json",
                self.answers.get(target, self.answers.get(parts.path, b"")),
            )
        if parts.path == "/robots.txt":
            if self.robots is None:
                return 404, "text/plain", b"not found"
            return self.robots_status, "text/plain", self.robots.encode()
        if parts.path == "/categories.json":
            return _json({"category_list": {"categories": CATEGORIES}})
        if parts.path == "/latest.json":
            page = int(query.get("page", ["0"])[0])
            ordered = sorted(self.topics.values(), key=lambda t: t.bumped_at, reverse=True)
            shown = ordered[page * self.page_size : (page + 1) * self.page_size]
            listing: dict[str, Any] = {"topics": [t.summary() for t in shown]}
            if (page + 1) * self.page_size < len(ordered):
                listing["more_topics_url"] = f"/latest?page={page + 1}"
            return _json({"topic_list": listing})
        if match := re.fullmatch(r"/t/(?:[^/]+/)?(\d+)\.json", parts.path):
            topic = self.topics.get(int(match[1]))
            return _json(topic.to_json()) if topic else (404, "application/json", b"{}")
        if match := re.fullmatch(r"/t/(\d+)/posts\.json", parts.path):
            topic = self.topics.get(int(match[1]))
            wanted = {int(i) for i in query.get("post_ids[]", [])}
            posts = [p.to_json() for p in topic.posts if p.id in wanted] if topic else []
            return _json({"id": int(match[1]), "post_stream": {"posts": posts}})
        return 404, "text/plain", b"not found"

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        """Record the request and answer it: a scripted failure, or the forum's content."""
        with self.lock:
            received = Received(time.monotonic(), handler.path)
            self.received.append(received)
            failure = self.failures.get(received.target) or self.failures.get(received.path)
            if failure is not None and failure.times > 0:
                failure.times -= 1
                if failure.status == 0:
                    handler.close_connection = True
                    return
                status, content_type, body = failure.status, "text/plain", b"failing on purpose"
                headers = {"Retry-After": failure.retry_after} if failure.retry_after else {}
            elif location := self.redirects.get(received.target, self.redirects.get(received.path)):
                status, content_type, body = 301, "text/plain", b"moved"
                headers = {"Location": location}
            else:
                status, content_type, body = self._route(handler.path)
                headers = {}
        handler.send_response(status)
        for name, value in {"Content-Type": content_type, **headers}.items():
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)


def _json(document: Any) -> tuple[int, str, bytes]:
    return 200, "application/json", json.dumps(document).encode()


def sample_forum(page_size: int = 3) -> FakeDiscourse:
    """The tests' forum: eight topics over three listing pages, one of them 45 posts long."""
    forum = FakeDiscourse(page_size=page_size)
    forum.add_topic(
        "Curing jars at 62% RH?", CURING_POSTS, category_id=11, tags=["curing", "humidity"]
    )
    long_thread = [f"<p>Reply {n}: {REPLIES[n % len(REPLIES)][3:]}" for n in range(1, 46)]
    forum.add_topic("Closed-loop BHO: purge times", long_thread, category_id=2, tags=["bho"])
    forum.topics[102].tag_objects = True
    moderated = forum.add_topic(
        "Manifest corrections", ["<p>How do I fix a manifest?</p>"], category_id=3
    )
    forum.add_reply(moderated, "<p>Staff only: check the account.</p>", "mod", post_type=4)
    forum.add_reply(moderated, "", "system", post_type=3)
    forum.add_reply(moderated, "<p>Buy cheap seeds here!</p>", "spammer", hidden=True)
    forum.add_reply(moderated, "<p>Oops, wrong thread</p>", "budtender", deleted_at=START)
    forum.add_reply(moderated, "<p>Void it and create a new one.</p>", "compliance_kim")
    forum.add_topic("Welcome, introduce yourself", ["<p>Hi all!</p>"], category_id=99)
    for number in range(1, 5):
        forum.add_topic(f"Grow log {number}", [REPLIES[number % len(REPLIES)], "<p>Nice.</p>"])
    return forum


def _handler(forum: FakeDiscourse) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            forum.answer(self)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the tests read forum.received instead

    return Handler


@contextlib.contextmanager
def serve(forum: FakeDiscourse) -> Iterator[FakeDiscourse]:
    """The forum served on a free port of 127.0.0.1 (`forum.base_url`) until the block ends."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(forum))
    server.daemon_threads = True
    thread = threading.Thread(
        target=server.serve_forever, args=(0.05,), name="fake-discourse", daemon=True
    )
    thread.start()
    forum.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield forum
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
