"""`trichome billing sweep`, run as cron runs it."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from tests.billing.test_events import Billing
from tests.support.servers import trichome, trichome_env
from tests.support.stripe_events import PRICE_TIERS
from trichome.config import Settings
from trichome.db.models import utcnow

pytestmark = pytest.mark.anyio


async def test_the_sweep_ends_grace_periods_that_ran_out(settings: Settings) -> None:
    billing = Billing(settings)
    try:
        await billing.start()
        now = utcnow()
        checkout_at, failed_at = now - timedelta(days=40), now - timedelta(days=8)
        await billing.checkout(created=int(checkout_at.timestamp()))
        await billing.invoice("failed", int(failed_at.timestamp()), now=failed_at, paid=False)
        assert await billing.tier() == "pro"
        env = trichome_env(settings.data_dir, settings.database_url,
                           stripe_price_tiers=json.dumps(PRICE_TIERS))  # fmt: skip
        result = trichome("billing", "sweep", env=env)
        name = (await billing.organization()).name
        assert f"{name}: pro -> free" in result.stdout
        assert "checked 1 organisations with subscriptions; 1 tier changes" in result.stdout
        assert await billing.tier() == "free"
        again = trichome("billing", "sweep", env=env)
        assert "0 tier changes" in again.stdout
    finally:
        await billing.engine.dispose()
