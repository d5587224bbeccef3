"""The usage log: one row per (organisation, day of the quota period, model, key), each call
added as it settles, and a breakdown whose days are the period's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import SIGNED_IN, UsageDay
from trichome.limits.usage_log import log_call, usage_breakdown

pytestmark = pytest.mark.anyio


def day_counts(breakdown: object) -> list[tuple[str, int]]:
    return [(day.strftime("%Y-%m-%d %H:%M"), calls) for day, calls in breakdown.by_day]  # type: ignore[attr-defined]


async def test_calendar_months_count_utc_days(settings: Settings) -> None:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, "Counted")
            await session.commit()
        first, second = (
            datetime(2026, 3, 1, 23, 59, tzinfo=UTC),
            datetime(2026, 3, 3, 0, 1, tzinfo=UTC),
        )
        for model, at in (("pro-agent", first), ("pro-agent", first), ("free-agent", first),
                          ("pro-agent", datetime(2026, 2, 28, 23, 59, tzinfo=UTC)),
                          ("pro-agent", second), ("pro-agent", first)):  # fmt: skip
            await log_call(engine, organization.id, model, at)
        breakdown = await usage_breakdown(
            engine, organization.id, datetime(2026, 3, 1, tzinfo=UTC),
            datetime(2026, 4, 1, tzinfo=UTC), second,
        )  # fmt: skip
    finally:
        await engine.dispose()
    assert day_counts(breakdown) == [
        ("2026-03-01 00:00", 4), ("2026-03-02 00:00", 0), ("2026-03-03 00:00", 1)]  # fmt: skip
    assert breakdown.by_model == [("pro-agent", 4), ("free-agent", 1)]  # February's is not here
    assert breakdown.total == 5


async def test_billing_periods_count_days_from_their_start(settings: Settings) -> None:
    start, end = datetime(2026, 3, 10, 8, 30, tzinfo=UTC), datetime(2026, 4, 10, 8, 30, tzinfo=UTC)
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, "Billed")
            organization.billing_period_start, organization.billing_period_end = start, end
            await session.commit()
        for at in ("2026-03-10T08:29:59", "2026-03-10T08:30:00", "2026-03-11T08:29:00",
                   "2026-03-11T08:31:00", "2026-04-10T08:30:00"):  # fmt: skip
            moment = datetime.fromisoformat(at).replace(tzinfo=UTC)
            await log_call(engine, organization.id, "pro-agent", moment, start, end)
        breakdown = await usage_breakdown(
            engine, organization.id, start, end, datetime(2026, 3, 12, 9, tzinfo=UTC)
        )
        last_day = await usage_breakdown(engine, organization.id, start, end, end)
    finally:
        await engine.dispose()
    # 08:29:59 belongs to the period before; 04-10 08:30 to the one after (a calendar month
    # until the next period is known).
    assert day_counts(breakdown) == [
        ("2026-03-10 08:30", 2), ("2026-03-11 08:30", 1), ("2026-03-12 08:30", 0)]  # fmt: skip
    assert breakdown.total == 3 and breakdown.by_model == [("pro-agent", 3)]
    assert len(last_day.by_day) == 31 and last_day.by_day[-1][0] == datetime(
        2026, 4, 9, 8, 30, tzinfo=UTC
    )


async def test_a_call_of_an_organisation_deleted_meanwhile_is_not_logged(
    settings: Settings,
) -> None:
    engine = create_engine(settings)
    try:
        await log_call(engine, "org_gone", "pro-agent", datetime(2026, 3, 1, tzinfo=UTC))
        async with engine.connect() as connection:
            rows = (await connection.execute(select(UsageDay))).all()
    finally:
        await engine.dispose()
    assert rows == []


async def test_calls_are_counted_per_key_and_old_rows_have_none(settings: Settings) -> None:
    at = datetime(2026, 3, 2, 12, tzinfo=UTC)
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, "Keyed")
            await session.commit()
        for key_id in ("key_a", "key_b", "key_a", None, "key_a"):
            await log_call(engine, organization.id, "pro-agent", at, key_id=key_id)
        # A row as migration 0016 leaves those logged before keys were: no key.
        async with engine.begin() as connection:
            await connection.execute(
                UsageDay.__table__.insert().values(
                    organization_id=organization.id, starts_at=datetime(2026, 3, 1, tzinfo=UTC),
                    model="pro-agent", key_id=None, calls=7,
                )
            )  # fmt: skip
        breakdown = await usage_breakdown(
            engine, organization.id, datetime(2026, 3, 1, tzinfo=UTC),
            datetime(2026, 4, 1, tzinfo=UTC), at,
        )  # fmt: skip
        async with engine.connect() as connection:
            rows = (await connection.execute(select(UsageDay.key_id, UsageDay.calls))).all()
    finally:
        await engine.dispose()
    assert breakdown.by_key == [(None, 7), ("key_a", 3), ("key_b", 1), (SIGNED_IN, 1)]
    assert breakdown.total == 12 and breakdown.by_model == [("pro-agent", 12)]
    # Each (day, model, key) is one row, added to.
    assert sorted(rows, key=lambda row: row[0] or "") == [
        (None, 7), ("key_a", 3), ("key_b", 1), (SIGNED_IN, 1)]  # fmt: skip
