"""Forum threads as plain records, and their JSON Lines form (`trichome kb import|export`).

One line per thread:

    {"id": 1042, "title": "...", "slug": "...", "url": "https://forum.example/t/slug/1042",
     "category": "Extraction", "tags": ["bho"], "author": "...",
     "created_at": "2025-03-14T18:22:05Z", "last_activity_at": "...", "views": 1834,
     "reply_count": 4,
     "posts": [{"id": 104201, "post_number": 1, "author": "...", "created_at": "...",
                "content": "plain text"},
               {"id": 104203, "post_number": 3, ..., "accepted": true}]}

`accepted` (optional, false when absent) marks the post the thread settled on as its answer
(a forum's "solution" mark).

`id` is the forum's topic id; the forum (the record's `source`) is the URL's host.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any
from urllib.parse import urlsplit

import orjson

MAX_TITLE = 1_000
MAX_POST = 200_000
MAX_POSTS = 5_000


class CorpusError(ValueError):
    """A thread record that cannot be used, with what is wrong with it."""


@dataclass(frozen=True, slots=True)
class PostRecord:
    """One post: the forum's post id, its number in the thread, author, time and text, and
    whether the thread marked it as its accepted answer."""

    post_id: int
    post_number: int
    author: str
    created_at: datetime
    content: str
    accepted: bool = False


@dataclass(frozen=True, slots=True)
class ThreadRecord:
    """One thread with every post, as imported, crawled or exported."""

    source: str
    topic_id: int
    title: str
    slug: str
    url: str
    category: str
    tags: tuple[str, ...]
    author: str
    created_at: datetime
    last_activity_at: datetime
    views: int
    reply_count: int
    posts: tuple[PostRecord, ...]


def source_of(url: str) -> str:
    """The forum a thread URL belongs to: its host (and port, if any), lower-cased."""
    host = urlsplit(url).netloc.lower()
    if not host:
        raise CorpusError(f"url {url!r} has no host")
    return host


def parse_time(value: Any, what: str) -> datetime:
    """An ISO 8601 time as an aware UTC datetime (a time without zone is taken as UTC)."""
    if not isinstance(value, str):
        raise CorpusError(f"{what} must be an ISO 8601 time, got {value!r}")
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise CorpusError(f"{what} must be an ISO 8601 time, got {value!r}") from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _text(data: dict[str, Any], key: str, limit: int, *, required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise CorpusError(f"{key} must be a non-empty string")
    if len(value) > limit:
        raise CorpusError(f"{key} is longer than {limit} characters")
    return value.strip()


def _count(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CorpusError(f"{key} must be a whole number of at least 0")
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise CorpusError(f"{key} must be true or false")
    return value


def thread_from_json(data: Any) -> ThreadRecord:
    """A thread from its JSON object.

    Raises:
        CorpusError: a field is missing or malformed (the message names it).
    """
    if not isinstance(data, dict):
        raise CorpusError("a thread must be a JSON object")
    topic_id = _count(data, "id")
    url = _text(data, "url", 600)
    if urlsplit(url).scheme not in ("http", "https"):
        raise CorpusError("url must be an http(s) URL")
    raw_posts = data.get("posts")
    if not isinstance(raw_posts, list) or not raw_posts:
        raise CorpusError("posts must be a non-empty list")
    if len(raw_posts) > MAX_POSTS:
        raise CorpusError(f"a thread holds at most {MAX_POSTS} posts")
    posts = []
    for position, raw in enumerate(raw_posts, start=1):
        if not isinstance(raw, dict):
            raise CorpusError(f"post {position} must be a JSON object")
        try:
            posts.append(
                PostRecord(
                    post_id=_count(raw, "id"),
                    post_number=_count(raw, "post_number", position),
                    author=_text(raw, "author", 200),
                    created_at=parse_time(raw.get("created_at"), "created_at"),
                    content=_text(raw, "content", MAX_POST),
                    accepted=_flag(raw, "accepted"),
                )
            )
        except CorpusError as error:
            raise CorpusError(f"post {position}: {error}") from None
    numbers = [post.post_number for post in posts]
    if len(set(numbers)) != len(numbers):
        raise CorpusError("posts repeat a post_number")
    posts.sort(key=lambda post: post.post_number)
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        raise CorpusError("tags must be a list of strings")
    created = data.get("created_at")
    last = data.get("last_activity_at")
    return ThreadRecord(
        source=source_of(url),
        topic_id=topic_id,
        title=_text(data, "title", MAX_TITLE),
        slug=_text(data, "slug", 300, required=False) or str(topic_id),
        url=url,
        category=_text(data, "category", 200, required=False) or "Uncategorized",
        tags=tuple(tag.strip() for tag in tags if tag.strip()),
        author=_text(data, "author", 200, required=False) or posts[0].author,
        created_at=parse_time(created, "created_at") if created else posts[0].created_at,
        last_activity_at=(
            parse_time(last, "last_activity_at") if last else max(p.created_at for p in posts)
        ),
        views=_count(data, "views", 0),
        reply_count=_count(data, "reply_count", len(posts) - 1),
        posts=tuple(posts),
    )


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _post_json(post: PostRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": post.post_id,
        "post_number": post.post_number,
        "author": post.author,
        "created_at": _iso(post.created_at),
        "content": post.content,
    }
    if post.accepted:
        data["accepted"] = True
    return data


def thread_to_json(thread: ThreadRecord) -> dict[str, Any]:
    """The thread's JSON object (what `thread_from_json` reads)."""
    return {
        "id": thread.topic_id,
        "title": thread.title,
        "slug": thread.slug,
        "url": thread.url,
        "category": thread.category,
        "tags": list(thread.tags),
        "author": thread.author,
        "created_at": _iso(thread.created_at),
        "last_activity_at": _iso(thread.last_activity_at),
        "views": thread.views,
        "reply_count": thread.reply_count,
        "posts": [_post_json(post) for post in thread.posts],
    }


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line of a JSONL file that could not be read, and why."""

    line: int
    reason: str


def read_jsonl(stream: IO[bytes]) -> Iterator[ThreadRecord | BadLine]:
    """Each line's thread, or what is wrong with the line (blank lines are skipped)."""
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            yield thread_from_json(orjson.loads(line))
        except orjson.JSONDecodeError as error:
            yield BadLine(number, f"not JSON ({error})")
        except CorpusError as error:
            yield BadLine(number, str(error))


def write_jsonl(threads: Iterable[ThreadRecord], stream: IO[bytes]) -> int:
    """Write threads one per line; how many were written."""
    written = 0
    for thread in threads:
        stream.write(orjson.dumps(thread_to_json(thread)) + b"\n")
        written += 1
    return written
