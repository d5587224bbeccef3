"""Clean-up of MCP clients' OAuth rows: expired codes and tokens, old grants, unused
registrations."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.conftest import started
from tests.services.dashboard.test_web_login import sign_in
from tests.support.oauth import connect, register
from trichome.accounts.oauth_grants import Purged, purge_expired_oauth
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import utcnow
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio


async def test_clean_up_deletes_what_can_no_longer_be_used(settings: Settings) -> None:
    start = utcnow()
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        await connect(web)
        await register(web)  # registered, never used
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)

    async def purge_at(delay: timedelta) -> Purged:
        async with sessions() as session:
            purged = await purge_expired_oauth(session, start + delay)
            await session.commit()
            return purged

    try:
        assert await purge_at(timedelta(minutes=1)) == Purged(0, 0, 0, 0)
        # The used code and the access token have expired; the refresh token has not.
        assert await purge_at(timedelta(hours=2)) == Purged(1, 1, 0, 0)
        # Past the refresh token and 30 days more: the grant and both registrations go.
        assert await purge_at(timedelta(days=61)) == Purged(0, 1, 1, 2)
    finally:
        await engine.dispose()
