"""Counters in the database: one upsert statement makes check-and-increment atomic.

`INSERT ... ON CONFLICT DO UPDATE ... WHERE count < limit RETURNING count` takes the
row lock on PostgreSQL and the write lock on SQLite, so concurrent workers can never
both take the last unit. The same statement runs on both. A call's hold (`call_holds`)
is written in the same transaction as its unit, and settling or releasing it deletes the
hold first: whoever deletes it (the call, or a sweep after its deadline) decides the unit,
so a unit is never given back twice. A settlement also records the hold's id
(`call_settlements`) in its transaction, so settling the same call again charges nothing.
"""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta

from sqlalchemy import bindparam, delete, insert, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trichome.db.models import CallHold, CallSettlement, UsageCounter, UTCDateTime, utcnow
from trichome.limits.base import Count, CountersUnavailable, Hold, Record, Window

# Windows name their own keys, so finished windows are just old rows; a small share of
# reservations sweeps them away.
SWEEP_PROBABILITY = 0.001
# How long a settled call is remembered: far longer than any retry of its settlement runs.
SETTLEMENT_MEMORY = timedelta(days=1)
# Errors that mean the database could not be reached (or not in time).
DATABASE_ERRORS = (SQLAlchemyError, sqlite3.Error, OSError)

_RESERVE = text(
    "INSERT INTO usage_counters (key, count, expires_at) VALUES (:key, 1, :expires_at) "
    "ON CONFLICT (key) DO UPDATE SET count = usage_counters.count + 1 "
    "WHERE usage_counters.count < :limit "
    "RETURNING count"
).bindparams(bindparam("expires_at", type_=UTCDateTime()))
# One more unit without a limit: a call that was answered is charged, whatever the count.
_CHARGE = text(
    "INSERT INTO usage_counters (key, count, expires_at) VALUES (:key, 1, :expires_at) "
    "ON CONFLICT (key) DO UPDATE SET count = usage_counters.count + 1"
).bindparams(bindparam("expires_at", type_=UTCDateTime()))
_SETTLED = text(
    "INSERT INTO call_settlements (hold_id, settled_at) VALUES (:hold_id, :settled_at) "
    "ON CONFLICT (hold_id) DO NOTHING"
).bindparams(bindparam("settled_at", type_=UTCDateTime()))
_RELEASE = text("UPDATE usage_counters SET count = count - 1 WHERE key = :key AND count > 0")
_GIVE_BACK = text(
    "UPDATE usage_counters SET count = CASE WHEN count > :n THEN count - :n ELSE 0 END "
    "WHERE key = :key"
)


async def charge(connection: AsyncConnection, window: Window) -> None:
    """Add one unit to the window's row, limit or not (the call it counts was answered)."""
    await connection.execute(_CHARGE, {"key": window.key, "expires_at": window.resets_at})


async def charged(connection: AsyncConnection, key: str) -> int:
    """The count in a window's row (0 without one)."""
    value = await connection.scalar(select(UsageCounter.count).where(UsageCounter.key == key))
    return int(value or 0)


async def first_settlement(connection: AsyncConnection, hold: Hold) -> bool:
    """Record that `hold`'s call is settled, in the settlement's transaction: False when a
    settlement of it committed before (this one is a retry and must charge nothing)."""
    now = utcnow()
    # The row count, not RETURNING: on SQLite a RETURNING statement read only in part stays
    # active and keeps the database's write lock past the COMMIT.
    inserted = (
        await connection.execute(_SETTLED, {"hold_id": hold.id, "settled_at": now})
    ).rowcount
    if random.random() < SWEEP_PROBABILITY:
        await connection.execute(
            delete(CallSettlement).where(CallSettlement.settled_at < now - SETTLEMENT_MEMORY)
        )
    return inserted == 1


@asynccontextmanager
async def transaction(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A transaction; failing to reach the database raises `CountersUnavailable`."""
    try:
        async with engine.begin() as connection:
            yield connection
    except DATABASE_ERRORS as error:
        raise CountersUnavailable("database", error) from error


class SqlCounterStore:
    """Counters in the `usage_counters` table of the configured database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def reserve(self, window: Window, hold: Hold | None = None) -> Count:
        if window.limit <= 0:
            return Count(False, await self.used(window))
        async with transaction(self._engine) as connection:
            used = (
                await connection.execute(
                    _RESERVE,
                    {"key": window.key, "expires_at": window.resets_at, "limit": window.limit},
                )
            ).scalar()
            if used is None:
                return Count(False, await charged(connection, window.key))
            if hold is not None:
                await connection.execute(
                    insert(CallHold).values(
                        id=hold.id, counter_key=window.key, expires_at=hold.deadline
                    )
                )
            if random.random() < SWEEP_PROBABILITY:
                await connection.execute(
                    delete(UsageCounter).where(UsageCounter.expires_at < utcnow())
                )
        return Count(True, int(used))

    async def settle(self, window: Window, hold: Hold, record: Record | None = None) -> None:
        async with transaction(self._engine) as connection:
            if not await first_settlement(connection, hold):
                return  # settled before: its COMMIT landed, its acknowledgement did not
            if not await _delete_hold(connection, hold):
                await charge(connection, window)  # swept meanwhile: charged again
            if record is not None:
                await record(connection)

    async def release(self, window: Window, hold: Hold | None = None) -> None:
        async with transaction(self._engine) as connection:
            if hold is None or await _delete_hold(connection, hold):
                await connection.execute(_RELEASE, {"key": window.key})

    async def sweep(self, now: datetime) -> int:
        async with transaction(self._engine) as connection:
            expired = (
                await connection.execute(
                    delete(CallHold)
                    .where(CallHold.expires_at < now)
                    .returning(CallHold.counter_key)
                )
            ).all()
            # Keys in order, so two sweepers never wait on each other's rows in a cycle.
            for key, count in sorted(Counter(key for (key,) in expired).items()):
                await connection.execute(_GIVE_BACK, {"key": key, "n": count})
        return len(expired)

    async def used(self, window: Window) -> int:
        try:
            async with self._engine.connect() as connection:
                return await charged(connection, window.key)
        except DATABASE_ERRORS as error:
            raise CountersUnavailable("database", error) from error

    async def check(self) -> str | None:
        """The database's own health check covers these counters."""
        return None

    async def aclose(self) -> None:
        """The engine is owned by the app."""


async def _delete_hold(connection: AsyncConnection, hold: Hold) -> bool:
    """Delete a hold; False when it is already gone (swept, settled or released)."""
    result = await connection.execute(delete(CallHold).where(CallHold.id == hold.id))
    return bool(result.rowcount)
