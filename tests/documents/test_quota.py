"""Storage quota reservations are atomic: a reservation made while another is still in
flight (not yet committed) waits for it and sees its bytes, on SQLite and PostgreSQL; a
check-then-write would let both through."""

from __future__ import annotations

import anyio
import pytest

from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.documents import quota
from trichome.plans import Tier

pytestmark = pytest.mark.anyio


async def test_a_reservation_waits_for_the_one_in_flight(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization, _ = await get_or_create_organization(session, "racers", Tier.FREE)
        organization_id = organization.id
        # The counter exists already, as it does after the organisation's first upload.
        assert await quota.reserve(session, organization_id, 0, 100) is None
        await session.commit()
    seen: list[int | None] = []

    async def second_upload() -> None:
        async with sessions() as other:
            seen.append(await quota.reserve(other, organization_id, 60, 100))
            await other.commit()

    try:
        async with sessions() as first:
            assert await quota.reserve(first, organization_id, 60, 100) is None
            async with anyio.create_task_group() as group:
                group.start_soon(second_upload)
                # Let the second reach the database while the first is uncommitted.
                await anyio.sleep(0.5)
                await first.commit()
        assert seen == [60]  # refused: 60 of 100 bytes were in use
        async with sessions() as session:
            await quota.release(session, organization_id, 60)
            await session.commit()
            assert await quota.reserve(session, organization_id, 100, 100) is None
            assert await quota.reserve(session, organization_id, 1, 100) == 100
    finally:
        await engine.dispose()
