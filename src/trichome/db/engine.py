"""Async engine and session factory for SQLite (embedded default) and PostgreSQL."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from trichome.config import Settings

SQLITE_BUSY_TIMEOUT_MS = 10_000


def _tune_sqlite(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside one writer; the busy timeout makes concurrent
    # workers wait for the write lock instead of failing with "database is locked".
    # The mode is kept in the file: once it is WAL (`trichome migrate` sets it), asking again
    # would only race other connections for the lock a change takes.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode")
    if str(cursor.fetchone()[0]).lower() != "wal":
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def create_engine(settings: Settings) -> AsyncEngine:
    """An engine for the configured database; SQLite gets WAL and a busy timeout."""
    url = settings.resolved_database_url
    if url.startswith("sqlite"):
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})
        event.listen(engine.sync_engine, "connect", _tune_sqlite)
        return engine
    return create_async_engine(
        url,
        pool_size=settings.database_pool_size,
        max_overflow=settings.database_pool_size,
        pool_pre_ping=True,
        pool_recycle=1800,
    )


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)
