"""JSON Lines import and export: round trips, updates in place, bad lines reported."""

from __future__ import annotations

import copy
import io

import orjson
import pytest

from tests.forum.conftest import THREADS, jsonl
from trichome.forum.corpus import read_jsonl
from trichome.forum.service import ForumKnowledgeBase

pytestmark = pytest.mark.anyio


async def test_export_then_import_is_a_round_trip(forum: ForumKnowledgeBase) -> None:
    exported = io.BytesIO()
    assert await forum.export_jsonl(exported) == len(THREADS)
    lines = [orjson.loads(line) for line in exported.getvalue().splitlines()]
    by_id = {line["id"]: line for line in lines}
    original = THREADS[1]
    back = by_id[original["id"]]
    assert back["title"] == original["title"]
    assert back["reply_count"] == len(original["posts"]) - 1
    assert [p["content"] for p in back["posts"]] == [p["content"] for p in original["posts"]]
    assert back["last_activity_at"] == original["posts"][-1]["created_at"]
    again = await forum.import_jsonl(io.BytesIO(exported.getvalue()))
    assert (again.saved.created, again.saved.updated) == (0, 0)
    assert again.saved.unchanged == len(THREADS)
    assert again.indexed == 0


async def test_a_changed_thread_is_updated_in_place_and_reindexed(
    forum: ForumKnowledgeBase,
) -> None:
    changed = copy.deepcopy(THREADS[2])
    changed["posts"].append(
        {
            "id": 399,
            "post_number": 4,
            "author": "lab_lorenzo",
            "created_at": "2025-05-20T09:00:00Z",
            "content": "A hygrometer calibration with a two-way humidity pack saves retests.",
        }
    )
    report = await forum.import_jsonl(jsonl([changed]))
    assert (report.saved.created, report.saved.updated, report.indexed) == (0, 1, 1)
    assert await forum.thread_count() == len(THREADS)
    assert forum.index.count() == len(THREADS)  # replaced, not added beside the old one
    hit = forum.search("hygrometer calibration", limit=1).hits[0]
    assert hit.title == changed["title"]
    assert hit.post_count == 4
    thread = (await forum.threads([hit.id]))[hit.id].record
    assert thread.reply_count == 3
    assert thread.posts[-1].author == "lab_lorenzo"


async def test_bad_lines_are_reported_and_the_good_ones_kept(forum: ForumKnowledgeBase) -> None:
    good = copy.deepcopy(THREADS[0])
    good["id"] = 50
    good["url"] = "https://other-forum.example/t/x/1"
    stream = io.BytesIO(
        b"not json\n"
        + orjson.dumps({"id": 51, "title": "No posts", "url": "https://f.example/t/51"})
        + b"\n\n"
        + orjson.dumps({**good, "posts": [{**good["posts"][0], "created_at": "yesterday"}]})
        + b"\n"
        + orjson.dumps({**good, "url": "ftp://f.example/t/1"})
        + b"\n"
        + orjson.dumps(good)
        + b"\n"
    )
    report = await forum.import_jsonl(stream)
    reasons = {bad.line: bad.reason for bad in report.bad_lines}
    assert set(reasons) == {1, 2, 4, 5}
    assert "not JSON" in reasons[1]
    assert "posts" in reasons[2]
    assert "post 1: created_at" in reasons[4]
    assert "url" in reasons[5]
    assert report.saved.created == 1
    # Same topic id on another forum is another thread.
    assert await forum.thread_count() == len(THREADS) + 1


def test_optional_fields_default_from_the_posts() -> None:
    minimal = {
        "id": 9,
        "title": "Minimal",
        "url": "https://f.example/t/9",
        "posts": [
            {"id": 1, "author": "a", "created_at": "2025-01-01T00:00:00", "content": "first"},
            {"id": 2, "author": "b", "created_at": "2025-01-02T00:00:00+02:00", "content": "x"},
        ],
    }
    (record,) = list(read_jsonl(io.BytesIO(orjson.dumps(minimal))))
    assert not hasattr(record, "line")
    assert record.author == "a"  # type: ignore[union-attr]
    assert record.category == "Uncategorized"  # type: ignore[union-attr]
    assert record.reply_count == 1  # type: ignore[union-attr]
    assert record.source == "f.example"  # type: ignore[union-attr]
    assert record.last_activity_at.isoformat() == "2025-01-01T22:00:00+00:00"  # type: ignore[union-attr]


async def test_an_accepted_answer_is_kept_through_the_database_and_export(
    forum: ForumKnowledgeBase,
) -> None:
    marked = copy.deepcopy(THREADS[2])
    marked["posts"][1]["accepted"] = True
    report = await forum.import_jsonl(jsonl([marked]))
    assert report.saved.updated == 1  # marking a post is a change
    hit = forum.search(marked["title"], limit=1).hits[0]
    posts = (await forum.threads([hit.id]))[hit.id].record.posts
    assert [post.accepted for post in posts] == [False, True, False]
    exported = io.BytesIO()
    await forum.export_jsonl(exported)
    lines = [orjson.loads(line) for line in exported.getvalue().splitlines()]
    back = next(line for line in lines if line["id"] == marked["id"])
    assert [post.get("accepted") for post in back["posts"]] == [None, True, None]
    bad = {**marked, "posts": [{**marked["posts"][0], "accepted": "yes"}]}
    (line,) = list(read_jsonl(io.BytesIO(orjson.dumps(bad))))
    assert line.reason == "post 1: accepted must be true or false"  # type: ignore[union-attr]
