"""Successful chat calls per organisation, day and model, for the dashboard's usage page.

The chat API notes each call in memory and writes the sums every few seconds in one
statement per (organisation, day, model), so the hot path never waits on the database.
The quota itself is enforced by the counters (`limits/service.py`), not by this log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.db.models import UsageDaily

logger = logging.getLogger(__name__)

FLUSH_SECONDS = 2.0

_ADD = text(
    "INSERT INTO usage_daily (organization_id, day, model, calls) "
    "VALUES (:organization_id, :day, :model, :calls) "
    "ON CONFLICT (organization_id, day, model) "
    "DO UPDATE SET calls = usage_daily.calls + excluded.calls"
)


class UsageLog:
    """Buffers call counts in memory and adds them to `usage_daily`."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._pending: Counter[tuple[str, str, str]] = Counter()

    def count(self, organization_id: str, model: str, now: datetime) -> None:
        """Note one successful call; `flush` writes it."""
        self._pending[(organization_id, now.astimezone(UTC).date().isoformat(), model)] += 1

    async def flush(self) -> None:
        """Write the buffered counts; kept for the next flush if the database fails."""
        pending, self._pending = self._pending, Counter()
        if not pending:
            return
        rows = [
            {"organization_id": org, "day": day, "model": model, "calls": calls}
            for (org, day, model), calls in sorted(pending.items())
        ]
        try:
            async with self._engine.begin() as connection:
                await connection.execute(_ADD, rows)
        except Exception:
            logger.exception("could not write %d usage rows; retrying later", len(rows))
            self._pending.update(pending)

    async def flush_periodically(self, interval: float = FLUSH_SECONDS) -> None:
        """Flush every `interval` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval)
            with contextlib.suppress(Exception):
                await self.flush()


@dataclass(frozen=True, slots=True)
class UsageBreakdown:
    """Calls in a period by day (every day of it so far, zeros included) and by model."""

    by_day: list[tuple[date, int]]
    by_model: list[tuple[str, int]]

    @property
    def total(self) -> int:
        """All calls in the breakdown."""
        return sum(calls for _, calls in self.by_day)


async def usage_breakdown(
    engine: AsyncEngine, organization_id: str, start: datetime, until: datetime
) -> UsageBreakdown:
    """An organisation's logged calls from `start`'s day to `until`'s day (UTC, inclusive)."""
    first, last = start.astimezone(UTC).date(), until.astimezone(UTC).date()
    async with engine.connect() as connection:
        rows = (
            await connection.execute(
                select(UsageDaily.day, UsageDaily.model, UsageDaily.calls).where(
                    UsageDaily.organization_id == organization_id,
                    UsageDaily.day >= first.isoformat(),
                    UsageDaily.day <= last.isoformat(),
                )
            )
        ).all()
    per_day: Counter[str] = Counter()
    per_model: Counter[str] = Counter()
    for day, model, calls in rows:
        per_day[day] += calls
        per_model[model] += calls
    days = [first + timedelta(days=offset) for offset in range((last - first).days + 1)]
    return UsageBreakdown(
        by_day=[(day, per_day[day.isoformat()]) for day in days],
        by_model=sorted(per_model.items(), key=lambda item: (-item[1], item[0])),
    )
