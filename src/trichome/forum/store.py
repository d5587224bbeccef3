"""The corpus in the database: threads and posts saved, updated in place, read back.

The database is the source of truth; the search index is derived from it (`index.py`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import KbCrawl, KbPost, KbThread, utcnow
from trichome.forum.corpus import PostRecord, ThreadRecord

BATCH = 500


@dataclass(frozen=True, slots=True)
class StoredThread:
    """A thread as stored: its row id (the index's and the API's thread id) and record."""

    id: int
    record: ThreadRecord


@dataclass(slots=True)
class SaveResult:
    """What saving a batch did: counts, and the row ids whose content changed."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    changed_ids: list[int] = field(default_factory=list)

    def add(self, other: SaveResult) -> None:
        """Fold another batch's result into this one."""
        self.created += other.created
        self.updated += other.updated
        self.unchanged += other.unchanged
        self.changed_ids.extend(other.changed_ids)


def _metadata(record: ThreadRecord) -> dict[str, Any]:
    return {
        "title": record.title,
        "slug": record.slug,
        "url": record.url,
        "category": record.category,
        "tags": list(record.tags),
        "author": record.author,
        "created_at": record.created_at,
        "last_activity_at": record.last_activity_at,
        "views": record.views,
        "reply_count": record.reply_count,
    }


def _post_rows(thread_id: int, posts: Sequence[PostRecord]) -> list[dict[str, Any]]:
    return [
        {
            "thread_id": thread_id,
            "post_id": post.post_id,
            "post_number": post.post_number,
            "author": post.author,
            "created_at": post.created_at,
            "content": post.content,
            "accepted": post.accepted,
        }
        for post in posts
    ]


def _record(row: KbThread, posts: Sequence[PostRecord]) -> ThreadRecord:
    return ThreadRecord(
        source=row.source,
        topic_id=row.topic_id,
        title=row.title,
        slug=row.slug,
        url=row.url,
        category=row.category,
        tags=tuple(row.tags or ()),
        author=row.author,
        created_at=row.created_at,
        last_activity_at=row.last_activity_at,
        views=row.views,
        reply_count=row.reply_count,
        posts=tuple(posts),
    )


_POST_COLUMNS = (
    KbPost.thread_id,
    KbPost.post_id,
    KbPost.post_number,
    KbPost.author,
    KbPost.created_at,
    KbPost.content,
    KbPost.accepted,
)


async def _posts_of(session: AsyncSession, ids: Sequence[int]) -> dict[int, list[PostRecord]]:
    """The posts of these threads, in order (read as plain rows: no ORM objects to build)."""
    found: dict[int, list[PostRecord]] = {thread_id: [] for thread_id in ids}
    if not ids:
        return found
    rows = await session.execute(
        select(*_POST_COLUMNS)
        .where(KbPost.thread_id.in_(ids))
        .order_by(KbPost.thread_id, KbPost.post_number)
    )
    for thread_id, post_id, number, author, created_at, content, accepted in rows:
        found[thread_id].append(PostRecord(post_id, number, author, created_at, content, accepted))
    return found


async def _save_batch(session: AsyncSession, records: Sequence[ThreadRecord]) -> SaveResult:
    result = SaveResult()
    # The last record of a (source, topic) wins within a batch.
    latest = {(r.source, r.topic_id): r for r in records}
    existing = {
        (row.source, row.topic_id): row
        for row in await session.scalars(
            select(KbThread).where(tuple_(KbThread.source, KbThread.topic_id).in_(list(latest)))
        )
    }
    old_posts = await _posts_of(session, [row.id for row in existing.values()])
    now = utcnow()
    new = [record for key, record in latest.items() if key not in existing]
    if new:
        # One INSERT … RETURNING for the batch's new threads, one for their posts.
        inserted = await session.execute(
            insert(KbThread).returning(KbThread.id, sort_by_parameter_order=True),
            [
                {"source": r.source, "topic_id": r.topic_id, "updated_at": now, **_metadata(r)}
                for r in new
            ],
        )
        ids = list(inserted.scalars())
        posts = [
            row
            for thread_id, r in zip(ids, new, strict=True)
            for row in _post_rows(thread_id, r.posts)
        ]
        if posts:
            await session.execute(insert(KbPost), posts)
        result.created += len(ids)
        result.changed_ids.extend(ids)
    for key, row in existing.items():
        record = latest[key]
        if _record(row, old_posts[row.id]) == record:
            result.unchanged += 1
            continue
        for name, value in _metadata(record).items():
            setattr(row, name, value)
        row.updated_at = now
        await session.execute(delete(KbPost).where(KbPost.thread_id == row.id))
        if record.posts:
            await session.execute(insert(KbPost), _post_rows(row.id, record.posts))
        result.updated += 1
        result.changed_ids.append(row.id)
    await session.commit()
    return result


async def save_threads(
    sessions: async_sessionmaker[AsyncSession], records: Sequence[ThreadRecord]
) -> SaveResult:
    """Create or update threads by (forum, topic id), in batches, each batch committed.

    A thread whose record equals what is stored is left alone (and not re-indexed).
    """
    result = SaveResult()
    for start in range(0, len(records), BATCH):
        async with sessions() as session:
            result.add(await _save_batch(session, records[start : start + BATCH]))
    return result


async def latest_change(session: AsyncSession) -> datetime | None:
    """When a thread was last created or changed, if there is any."""
    latest: datetime | None = await session.scalar(select(func.max(KbThread.updated_at)))
    return latest


async def changed_since(session: AsyncSession, moment: datetime) -> list[tuple[int, datetime]]:
    """The threads created or changed at or after `moment` (id, when), oldest change first."""
    rows = await session.execute(
        select(KbThread.id, KbThread.updated_at)
        .where(KbThread.updated_at >= moment)
        .order_by(KbThread.updated_at)
    )
    return [(thread_id, changed) for thread_id, changed in rows]


async def thread_count(session: AsyncSession) -> int:
    """How many threads are stored."""
    return int(await session.scalar(select(func.count()).select_from(KbThread)) or 0)


async def threads_by_id(session: AsyncSession, ids: Sequence[int]) -> dict[int, StoredThread]:
    """The stored threads with these row ids, posts included (missing ids are left out)."""
    if not ids:
        return {}
    rows = list(await session.scalars(select(KbThread).where(KbThread.id.in_(list(ids)))))
    posts = await _posts_of(session, [row.id for row in rows])
    return {row.id: StoredThread(row.id, _record(row, posts[row.id])) for row in rows}


async def iter_threads(
    sessions: async_sessionmaker[AsyncSession],
    *,
    changed_since: datetime | None = None,
    batch: int = BATCH,
) -> AsyncIterator[StoredThread]:
    """Every stored thread (or those changed since a moment), in id order, posts included."""
    after = 0
    while True:
        async with sessions() as session:
            query = select(KbThread).where(KbThread.id > after)
            if changed_since is not None:
                query = query.where(KbThread.updated_at >= changed_since)
            rows = list(await session.scalars(query.order_by(KbThread.id).limit(batch)))
            if not rows:
                return
            posts = await _posts_of(session, [row.id for row in rows])
        for row in rows:
            yield StoredThread(row.id, _record(row, posts[row.id]))
        after = rows[-1].id


async def load_crawl(session: AsyncSession, base_url: str) -> dict[str, Any] | None:
    """A forum crawl's saved state, None before the first crawl."""
    row = await session.get(KbCrawl, base_url)
    return dict(row.state) if row is not None else None


async def save_crawl(session: AsyncSession, base_url: str, state: dict[str, Any]) -> None:
    """Save (and commit) a forum crawl's state."""
    row = await session.get(KbCrawl, base_url)
    if row is None:
        session.add(KbCrawl(base_url=base_url, state=state, updated_at=utcnow()))
    else:
        row.state = state
        row.updated_at = utcnow()
    await session.commit()
