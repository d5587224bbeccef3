"""Counters in the database: one upsert statement makes check-and-increment atomic.

`INSERT ... ON CONFLICT DO UPDATE ... WHERE count < limit RETURNING count` takes the
row lock on PostgreSQL and the write lock on SQLite, so concurrent workers can never
both take the last unit. The same statement runs on both.
"""

from __future__ import annotations

import random

from sqlalchemy import bindparam, delete, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.db.models import UsageCounter, UTCDateTime, utcnow
from trichome.limits.base import Count, Window

# Windows name their own keys, so finished windows are just old rows; a small share of
# reservations sweeps them away.
SWEEP_PROBABILITY = 0.001

_RESERVE = text(
    "INSERT INTO usage_counters (key, count, expires_at) VALUES (:key, 1, :expires_at) "
    "ON CONFLICT (key) DO UPDATE SET count = usage_counters.count + 1 "
    "WHERE usage_counters.count < :limit "
    "RETURNING count"
).bindparams(bindparam("expires_at", type_=UTCDateTime()))
_RELEASE = text("UPDATE usage_counters SET count = count - 1 WHERE key = :key AND count > 0")


class SqlCounterStore:
    """Counters in the `usage_counters` table of the configured database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def reserve(self, window: Window) -> Count:
        if window.limit <= 0:
            return Count(False, await self.used(window))
        async with self._engine.begin() as connection:
            used = (
                await connection.execute(
                    _RESERVE,
                    {"key": window.key, "expires_at": window.resets_at, "limit": window.limit},
                )
            ).scalar()
            if used is None:
                current = await connection.scalar(
                    select(UsageCounter.count).where(UsageCounter.key == window.key)
                )
                return Count(False, int(current or 0))
            if random.random() < SWEEP_PROBABILITY:
                await connection.execute(
                    delete(UsageCounter).where(UsageCounter.expires_at < utcnow())
                )
        return Count(True, int(used))

    async def release(self, window: Window) -> None:
        async with self._engine.begin() as connection:
            await connection.execute(_RELEASE, {"key": window.key})

    async def used(self, window: Window) -> int:
        async with self._engine.connect() as connection:
            value = await connection.scalar(
                select(UsageCounter.count).where(UsageCounter.key == window.key)
            )
        return int(value or 0)

    async def aclose(self) -> None:
        """The engine is owned by the app."""
