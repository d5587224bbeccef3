"""Successful chat calls per organisation, day of its quota period and model, for the
dashboard's usage page.

The chat API notes each call in memory and writes the sums every few seconds in one
statement per (organisation, day, model), so the hot path never waits on the database.
The days are those of the quota period the call counted in (`windows.quota_period`):
they start at the billing period's start time, or at midnight UTC in a calendar month, so
a period's days add up to its quota count. The quota itself is enforced by the counters
(`limits/service.py`), not by this log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trichome.db.models import Organization, UsageDay, UTCDateTime
from trichome.limits.windows import day_of_period, quota_period

logger = logging.getLogger(__name__)

FLUSH_SECONDS = 2.0

_ADD = text(
    "INSERT INTO usage_days (organization_id, starts_at, model, calls) "
    "VALUES (:organization_id, :starts_at, :model, :calls) "
    "ON CONFLICT (organization_id, starts_at, model) "
    "DO UPDATE SET calls = usage_days.calls + excluded.calls"
).bindparams(bindparam("starts_at", type_=UTCDateTime()))

Period = tuple[datetime | None, datetime | None]


class UsageLog:
    """Buffers call counts in memory and adds them to `usage_days`."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        # (organisation, the call's second, model): the day is resolved when written.
        self._pending: Counter[tuple[str, datetime, str]] = Counter()

    def count(self, organization_id: str, model: str, now: datetime) -> None:
        """Note one successful call; `flush` writes it."""
        self._pending[(organization_id, now.replace(microsecond=0), model)] += 1

    async def flush(self) -> None:
        """Write the buffered counts; kept for the next flush if the database fails."""
        pending, self._pending = self._pending, Counter()
        if not pending:
            return
        try:
            async with self._engine.begin() as connection:
                periods = await _billing_periods(connection, {org for org, _, _ in pending})
                per_day: Counter[tuple[str, datetime, str]] = Counter()
                for (org, at, model), calls in pending.items():
                    start, _ = quota_period(at, *periods.get(org, (None, None)))
                    per_day[(org, day_of_period(at, start), model)] += calls
                rows = [
                    {"organization_id": org, "starts_at": day, "model": model, "calls": calls}
                    for (org, day, model), calls in sorted(per_day.items())
                ]
                await connection.execute(_ADD, rows)
        except Exception:
            logger.exception("could not write the usage of %d calls; retrying later", len(pending))
            self._pending.update(pending)

    async def flush_periodically(self, interval: float = FLUSH_SECONDS) -> None:
        """Flush every `interval` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval)
            with contextlib.suppress(Exception):
                await self.flush()


async def _billing_periods(
    connection: AsyncConnection, organization_ids: set[str]
) -> dict[str, Period]:
    rows = await connection.execute(
        select(
            Organization.id, Organization.billing_period_start, Organization.billing_period_end
        ).where(Organization.id.in_(sorted(organization_ids)))
    )
    return {org: (start, end) for org, start, end in rows}


@dataclass(frozen=True, slots=True)
class UsageBreakdown:
    """Calls in a period by day (every day of it so far, zeros included) and by model."""

    by_day: list[tuple[datetime, int]]
    by_model: list[tuple[str, int]]

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
                select(UsageDay.starts_at, UsageDay.model, UsageDay.calls).where(
                    UsageDay.organization_id == organization_id,
                    UsageDay.starts_at >= start,
                    UsageDay.starts_at < min(end, last + timedelta(days=1)),
                )
            )
        ).all()
    per_day: Counter[datetime] = Counter()
    per_model: Counter[str] = Counter()
    for starts_at, model, calls in rows:
        # Rows from before days followed the period (UTC midnights) land in the day they're in.
        per_day[day_of_period(starts_at, start)] += calls
        per_model[model] += calls
    days = [start + timedelta(days=offset) for offset in range((last - start).days + 1)]
    return UsageBreakdown(
        by_day=[(day, per_day[day]) for day in days],
        by_model=sorted(per_model.items(), key=lambda item: (-item[1], item[0])),
    )
