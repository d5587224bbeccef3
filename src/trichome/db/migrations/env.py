"""Alembic environment: runs migrations over the async engine of the configured database."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from trichome.db.models import Base

target_metadata = Base.metadata
# Many workers or machines may start at once; on PostgreSQL one migrates while the
# others wait on this advisory lock, then find nothing left to do.
MIGRATION_LOCK_ID = 0x7472696368  # "trich"


def _run(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_ID})"))
    elif connection.dialect.name == "sqlite":
        # WAL is kept in the file: the services' connections then find it set.
        connection.exec_driver_sql("PRAGMA journal_mode=WAL")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(url: str) -> None:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_run)
            await connection.commit()
    finally:
        await engine.dispose()


def _run_online() -> None:
    url = context.config.get_main_option("sqlalchemy.url")
    assert url, "sqlalchemy.url is set by trichome.db.migrate"
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    asyncio.run(_run_async(url))


if context.is_offline_mode():
    context.configure(
        url=context.config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    _run_online()
