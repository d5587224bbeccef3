"""An answered call is charged even when the database is away at the moment it settles:
the limiter keeps the settlement and lands it, once, when the database is back.

The database (a fresh PostgreSQL one) is reached through a relay that cuts every
connection and refuses new ones, then listens again; the server itself is never touched.
"""

from __future__ import annotations

import asyncio
import secrets
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection

from tests.conftest import fresh_postgres_database
from tests.support.cuttable_proxy import CuttableProxy, cuttable_proxy
from tests.support.servers import free_port
from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.migrate import upgrade_database
from trichome.db.models import utcnow
from trichome.limits.base import CountersUnavailable, Window
from trichome.limits.service import Limiter, create_counter_store

pytestmark = [pytest.mark.postgres, pytest.mark.faults]


async def settle_across_a_cut(relayed: Settings, proxy: CuttableProxy) -> None:
    engine = create_engine(relayed)
    limiter = Limiter(create_counter_store(relayed, engine))
    window = Window(f"test:{secrets.token_hex(8)}", 5, utcnow() + timedelta(hours=1), True)
    hold = limiter.new_hold()
    written: list[str] = []

    async def usage(connection: AsyncConnection) -> None:
        written.append(hold.id)

    try:
        await limiter.reserve(window, "insufficient_quota", "used up", hold)
        await asyncio.to_thread(proxy.cut)
        await limiter.settle(window, hold, usage)  # the answer went out: no error for it
        assert limiter.pending_settlements == 1
        with pytest.raises(CountersUnavailable):
            await limiter.retry_settlements()  # still away: kept
        assert limiter.pending_settlements == 1
        await asyncio.to_thread(proxy.restore)
        assert await limiter.retry_settlements() == 1
        assert limiter.pending_settlements == 0
        assert written == [hold.id]
        assert (await limiter.usage(window)).used == 1
        assert await limiter.sweep() == 0  # nothing left held
    finally:
        await engine.dispose()


def test_a_settlement_the_database_missed_lands_once_it_is_back(tmp_path: Path) -> None:
    with fresh_postgres_database() as database_url:
        settings = Settings(data_dir=tmp_path, database_url=database_url)
        upgrade_database(settings)
        target = make_url(database_url)
        with cuttable_proxy(free_port(), target.port or 5432, target.host or "127.0.0.1") as proxy:
            url = target.set(host="127.0.0.1", port=proxy.port)
            relayed = Settings(
                data_dir=tmp_path, database_url=url.render_as_string(hide_password=False)
            )
            asyncio.run(settle_across_a_cut(relayed, proxy))
