"""Successful chat calls per organisation, day of its quota period, model and key, for the
dashboard's usage and keys pages.

Each answered call adds one to its row as part of its settlement, in the same transaction
that charges its unit and counts its ad impression (`calls_record`), so a crash loses
nothing that was answered. The days are those of the quota period the call counted in
(`windows.quota_period`): they start at the billing period's start time, or at midnight
UTC in a calendar month, so a period's days add up to its quota count. The quota itself is
enforced by the counters (`limits/service.py`), not by this log.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trichome.db.models import SIGNED_IN, UsageDay, UTCDateTime
from trichome.limits.base import Record
from trichome.limits.windows import day_of_period, quota_period

# One more call in its row; an organisation deleted while the call ran is not logged.
_ADD = text(
    "INSERT INTO usage_days (organization_id, starts_at, model, key_id, calls) "
    "SELECT organizations.id, :starts_at, :model, :key_id, 1 FROM organizations "
    "WHERE organizations.id = :organization_id "
    "ON CONFLICT (organization_id, starts_at, model, key_id) "
    "DO UPDATE SET calls = usage_days.calls + 1"
).bindparams(bindparam("starts_at", type_=UTCDateTime()))


def calls_record(
    organization_id: str,
    model: str,
    key_id: str | None,
    at: datetime,
    billing_start: datetime | None = None,
    billing_end: datetime | None = None,
) -> Record:
    """The write that logs one call answered at `at` with key `key_id` (None: a signed-in
    member's call, made without a key), in the day of the quota period (the billing period
    while it runs, else the UTC month) it counted in."""
    start, _ = quota_period(at, billing_start, billing_end)
    row = {
        "organization_id": organization_id,
        "starts_at": day_of_period(at, start),
        "model": model,
        # Never NULL: NULL rows are those from before keys were logged, and NULLs never
        # conflict, so they could not be added to.
        "key_id": key_id or SIGNED_IN,
    }

    async def write(connection: AsyncConnection) -> None:
        await connection.execute(_ADD, row)

    return write


async def log_call(
    engine: AsyncEngine,
    organization_id: str,
    model: str,
    at: datetime,
    billing_start: datetime | None = None,
    billing_end: datetime | None = None,
    *,
    key_id: str | None = None,
) -> None:
    """Log one call on its own (tools and tests; answers log theirs as they settle)."""
    record = calls_record(organization_id, model, key_id, at, billing_start, billing_end)
    async with engine.begin() as connection:
        await record(connection)


@dataclass(frozen=True, slots=True)
class UsageBreakdown:
    """Calls in a period by day (every day of it so far, zeros included), by model and by
    key (`SIGNED_IN` for calls without a key, None for those logged before keys were)."""

    by_day: list[tuple[datetime, int]]
    by_model: list[tuple[str, int]]
    by_key: list[tuple[str | None, int]]

    @property
    def total(self) -> int:
        """All calls in the breakdown."""
        return sum(calls for _, calls in self.by_day)


async def usage_breakdown(
    engine: AsyncEngine, organization_id: str, start: datetime, end: datetime, now: datetime
) -> UsageBreakdown:
    """An organisation's logged calls in the quota period [start, end), day by day up to
    the day that contains `now`."""
    last = day_of_period(min(now, end - timedelta(microseconds=1)), start)
    async with engine.connect() as connection:
        rows = (
            await connection.execute(
                select(UsageDay.starts_at, UsageDay.model, UsageDay.key_id, UsageDay.calls).where(
                    UsageDay.organization_id == organization_id,
                    UsageDay.starts_at >= start,
                    UsageDay.starts_at < min(end, last + timedelta(days=1)),
                )
            )
        ).all()
    per_day: Counter[datetime] = Counter()
    per_model: Counter[str] = Counter()
    per_key: Counter[str | None] = Counter()
    for starts_at, model, key_id, calls in rows:
        # Rows from before days followed the period (UTC midnights) land in the day they're in.
        per_day[day_of_period(starts_at, start)] += calls
        per_model[model] += calls
        per_key[key_id] += calls
    days = [start + timedelta(days=offset) for offset in range((last - start).days + 1)]
    return UsageBreakdown(
        by_day=[(day, per_day[day]) for day in days],
        by_model=sorted(per_model.items(), key=lambda item: (-item[1], item[0])),
        by_key=sorted(per_key.items(), key=lambda item: (-item[1], item[0] or "")),
    )
