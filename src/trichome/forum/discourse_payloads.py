"""Reading Discourse's JSON: a listing page, the categories, a topic's posts, and the thread
record a topic becomes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from trichome.forum.cooked import cooked_to_text
from trichome.forum.corpus import MAX_POST, CorpusError, ThreadRecord, parse_time, thread_from_json

REGULAR_POST = 1  # Discourse post_type: 2 moderator action, 3 small action, 4 whisper


def listing_page(payload: Any) -> tuple[list[tuple[int, datetime | None]], bool]:
    """The (topic id, bump time) pairs of a latest.json page, and whether more pages follow."""
    listing = payload.get("topic_list") if isinstance(payload, dict) else None
    topics = listing.get("topics") if isinstance(listing, dict) else None
    if not isinstance(listing, dict) or not isinstance(topics, list):
        raise CorpusError("no topic_list.topics")
    found: list[tuple[int, datetime | None]] = []
    for topic in topics:
        topic_id = topic.get("id") if isinstance(topic, dict) else None
        if not isinstance(topic_id, int) or isinstance(topic_id, bool):
            continue
        bumped = None
        for key in ("bumped_at", "last_posted_at", "created_at"):
            try:
                bumped = parse_time(topic.get(key), key)
                break
            except CorpusError:
                continue
        found.append((topic_id, bumped))
    return found, bool(listing.get("more_topics_url"))


def category_names(payload: Any) -> dict[int, str]:
    """Category id to the forum's name for it, subcategories included."""
    listing = payload.get("category_list") if isinstance(payload, dict) else None
    pending = [listing.get("categories") if isinstance(listing, dict) else None]
    names: dict[int, str] = {}
    while pending:
        categories = pending.pop()
        for category in categories if isinstance(categories, list) else ():
            if not isinstance(category, dict):
                continue
            name, category_id = category.get("name"), category.get("id")
            if isinstance(category_id, int) and isinstance(name, str) and name.strip():
                names[category_id] = name.strip()[:200]
            pending.append(category.get("subcategory_list"))
    return names


def post_stream(topic: Any) -> tuple[list[Any], list[int]]:
    """A topic's inline posts and the ids of all its posts, in order."""
    stream = topic.get("post_stream") if isinstance(topic, dict) else None
    if not isinstance(stream, dict) or not isinstance(stream.get("posts"), list):
        raise CorpusError("no post_stream.posts")
    ids = stream.get("stream", [])
    if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
        raise CorpusError("post_stream.stream is not a list of post ids")
    return stream["posts"], ids


def posts_by_id(posts: list[Any]) -> dict[int, dict[str, Any]]:
    """A topic's raw posts by their ids.

    Raises:
        CorpusError: a post without an id.
    """
    found: dict[int, dict[str, Any]] = {}
    for post in posts:
        post_id = post.get("id") if isinstance(post, dict) else None
        if not isinstance(post_id, int):
            raise CorpusError("a post without an id")
        found[post_id] = post
    return found


def visible_post(post: dict[str, Any]) -> dict[str, Any] | None:
    """A post in the corpus's JSON form, or None for one readers do not see as a post."""
    hidden = post.get("hidden") or post.get("deleted_at") or post.get("user_deleted")
    cooked = post.get("cooked")
    if hidden or post.get("post_type", REGULAR_POST) != REGULAR_POST or not isinstance(cooked, str):
        return None
    content = cooked_to_text(cooked)[:MAX_POST].strip()
    if not content:
        return None
    return {
        "id": post.get("id"),
        "post_number": post.get("post_number"),
        "author": post.get("username"),
        "created_at": post.get("created_at"),
        "content": content,
        # The discourse-solved plugin marks the post that solved the topic.
        "accepted": post.get("accepted_answer") is True,
    }


def _tag_names(tags: Any) -> list[str]:
    names = []
    for tag in tags if isinstance(tags, list) else ():
        name = tag.get("name") if isinstance(tag, dict) else tag
        if isinstance(name, str) and name.strip():
            names.append(name.strip())
    return names


def thread_record(
    base: str, topic: dict[str, Any], posts: list[dict[str, Any]], categories: dict[int, str]
) -> ThreadRecord:
    """The thread record of a topic and its visible posts (in post number order).

    Raises:
        CorpusError: a field the record needs is missing or malformed.
    """
    topic_id = topic.get("id")
    slug = topic.get("slug")
    slug = slug.strip() if isinstance(slug, str) and slug.strip() else str(topic_id)
    details = topic.get("details")
    creator = details.get("created_by") if isinstance(details, dict) else None
    category_id, views = topic.get("category_id"), topic.get("views")
    solved = topic.get("accepted_answer")
    solution = solved.get("post_number") if isinstance(solved, dict) else None
    if isinstance(solution, int):  # the topic names its solution even where posts don't
        posts = [
            post | {"accepted": True} if post["post_number"] == solution else post for post in posts
        ]
    return thread_from_json(
        {
            "id": topic_id,
            "title": topic.get("title"),
            "slug": slug,
            "url": f"{base}/t/{slug}/{topic_id}",
            "category": categories.get(category_id) if isinstance(category_id, int) else None,
            "tags": _tag_names(topic.get("tags")),
            "author": creator.get("username") if isinstance(creator, dict) else None,
            "created_at": topic.get("created_at"),
            "views": views if isinstance(views, int) and not isinstance(views, bool) else 0,
            "posts": posts,
        }
    )


def post_number(post: dict[str, Any]) -> int:
    """A post's number in its topic (0 when it has none), to sort by."""
    number = post.get("post_number")
    return number if isinstance(number, int) else 0
