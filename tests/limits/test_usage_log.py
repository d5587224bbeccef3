"""The usage log: buffered counts, one upsert per (organisation, day, model), a breakdown."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.limits.usage_log import UsageLog, usage_breakdown

pytestmark = pytest.mark.anyio


async def test_counts_are_summed_per_day_and_model(settings: Settings) -> None:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, "Counted")
            await session.commit()
        log = UsageLog(engine)
        first, second = (
            datetime(2026, 3, 1, 23, 59, tzinfo=UTC),
            datetime(2026, 3, 3, 0, 1, tzinfo=UTC),
        )
        for _ in range(2):
            log.count(organization.id, "pro-agent", first)
        log.count(organization.id, "free-agent", first)
        await log.flush()
        log.count(organization.id, "pro-agent", second)
        log.count(organization.id, "pro-agent", first)
        await log.flush()
        await log.flush()  # nothing pending: nothing written twice
        breakdown = await usage_breakdown(engine, organization.id, first, second)
    finally:
        await engine.dispose()
    assert [(day.isoformat(), calls) for day, calls in breakdown.by_day] == [
        ("2026-03-01", 4), ("2026-03-02", 0), ("2026-03-03", 1)]  # fmt: skip
    assert breakdown.by_model == [("pro-agent", 4), ("free-agent", 1)]
    assert breakdown.total == 5


async def test_a_failed_flush_keeps_the_counts() -> None:
    broken = create_engine(Settings(database_url="postgresql+asyncpg://nobody@127.0.0.1:9/none"))
    log_broken = UsageLog(broken)
    log_broken.count("org_x", "pro-agent", datetime(2026, 3, 1, tzinfo=UTC))
    await log_broken.flush()
    await broken.dispose()
    assert sum(log_broken._pending.values()) == 1
