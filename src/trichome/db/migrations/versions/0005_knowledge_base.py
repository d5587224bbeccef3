"""The knowledge base's forum threads, their posts, and crawl state.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "kb_threads",
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("topic_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("slug", sa.String(300), nullable=False),
        sa.Column("url", sa.String(600), nullable=False),
        sa.Column("category", sa.String(200), nullable=False),
        sa.Column("tags", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("last_activity_at", UTCDateTime(), nullable=False),
        sa.Column("views", sa.Integer(), nullable=False),
        sa.Column("reply_count", sa.Integer(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kb_threads")),
        sa.UniqueConstraint("source", "topic_id", name="uq_kb_threads_source_topic"),
    )
    op.create_index("ix_kb_threads_updated", "kb_threads", ["updated_at"])
    op.create_table(
        "kb_posts",
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("thread_id", _ID, nullable=False),
        sa.Column("post_id", sa.BigInteger(), nullable=False),
        sa.Column("post_number", sa.Integer(), nullable=False),
        sa.Column("author", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["thread_id"],
            ["kb_threads.id"],
            name=op.f("fk_kb_posts_thread_id_kb_threads"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kb_posts")),
        sa.UniqueConstraint("thread_id", "post_number", name="uq_kb_posts_number"),
    )
    op.create_index(op.f("ix_kb_posts_thread_id"), "kb_posts", ["thread_id"])
    op.create_table(
        "kb_crawls",
        sa.Column("base_url", sa.String(300), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("base_url", name=op.f("pk_kb_crawls")),
    )


def downgrade() -> None:
    op.drop_table("kb_crawls")
    op.drop_index(op.f("ix_kb_posts_thread_id"), table_name="kb_posts")
    op.drop_table("kb_posts")
    op.drop_index("ix_kb_threads_updated", table_name="kb_threads")
    op.drop_table("kb_threads")
