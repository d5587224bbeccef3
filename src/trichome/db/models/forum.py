"""The forum knowledge base: threads, their posts, and where a forum's crawl stands."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from trichome.db.models.base import Base, UTCDateTime, utcnow


class KbThread(Base):
    """A forum thread of the knowledge base: its topic's metadata, as the forum gives it.

    `source` is the forum's host (`forum.example.com`); `topic_id` the forum's own id, so a
    re-ingested thread updates in place. The search index is built from these rows.
    """

    __tablename__ = "kb_threads"
    __table_args__ = (
        UniqueConstraint("source", "topic_id", name="uq_kb_threads_source_topic"),
        Index("ix_kb_threads_updated", "updated_at"),
    )

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    source: Mapped[str] = mapped_column(String(200))
    topic_id: Mapped[int] = mapped_column(BigInteger)
    title: Mapped[str] = mapped_column(Text)
    slug: Mapped[str] = mapped_column(String(300))
    url: Mapped[str] = mapped_column(String(600))
    category: Mapped[str] = mapped_column(String(200))
    tags: Mapped[list[str]] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_activity_at: Mapped[datetime] = mapped_column(UTCDateTime())
    views: Mapped[int] = mapped_column(Integer)
    reply_count: Mapped[int] = mapped_column(Integer)
    # When this row last changed here (ingested or imported), for incremental indexing.
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    posts: Mapped[list[KbPost]] = relationship(
        back_populates="thread",
        cascade="all, delete-orphan",
        order_by="KbPost.post_number",
        lazy="raise",
    )


class KbPost(Base):
    """One post of a thread, its content as plain text."""

    __tablename__ = "kb_posts"
    __table_args__ = (UniqueConstraint("thread_id", "post_number", name="uq_kb_posts_number"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    thread_id: Mapped[int] = mapped_column(
        ForeignKey("kb_threads.id", ondelete="CASCADE"), index=True
    )
    post_id: Mapped[int] = mapped_column(BigInteger)
    post_number: Mapped[int] = mapped_column(Integer)
    author: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    content: Mapped[str] = mapped_column(Text)
    # The thread's accepted answer (a forum's "solution" mark).
    accepted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    thread: Mapped[KbThread] = relationship(back_populates="posts")


class KbCrawl(Base):
    """Where a forum crawl stands, so an interrupted crawl resumes and the next one is
    incremental: the crawl's state as JSON (phase, next list page, topics still to fetch,
    the activity high-water mark of the last complete crawl)."""

    __tablename__ = "kb_crawls"

    base_url: Mapped[str] = mapped_column(String(300), primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
