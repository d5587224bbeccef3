"""Every counter store is exact at the limit, also under concurrency; a held unit is
settled, released or swept exactly once; Redis reseeds durable windows from the database."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncConnection

from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.models import utcnow
from trichome.limits.base import CounterStore, Hold, Window
from trichome.limits.service import create_counter_store
from trichome.limits.windows import monthly_calls
from trichome.plans import Tier

pytestmark = pytest.mark.anyio


@pytest.fixture
async def store(limited_settings: Settings) -> AsyncIterator[CounterStore]:
    engine = create_engine(limited_settings)
    counters = create_counter_store(limited_settings, engine)
    yield counters
    await counters.aclose()
    await engine.dispose()


def window(limit: int) -> Window:
    return Window(f"test:{secrets.token_hex(8)}", limit, utcnow() + timedelta(hours=1))


async def test_the_limit_is_granted_exactly_and_then_refused(store: CounterStore) -> None:
    counted = window(3)
    results = [await store.reserve(counted) for _ in range(5)]
    assert [r.granted for r in results] == [True, True, True, False, False]
    assert [r.used for r in results] == [1, 2, 3, 3, 3]
    assert await store.used(counted) == 3


async def test_a_release_gives_the_unit_back(store: CounterStore) -> None:
    counted = window(2)
    await store.reserve(counted)
    await store.reserve(counted)
    assert not (await store.reserve(counted)).granted
    await store.release(counted)
    assert (await store.reserve(counted)).granted
    await store.release(window(1))  # releasing an unused window is harmless
    assert await store.used(window(1)) == 0


async def test_windows_count_apart(store: CounterStore) -> None:
    first, second = window(1), window(1)
    assert (await store.reserve(first)).granted
    assert (await store.reserve(second)).granted
    assert not (await store.reserve(first)).granted


async def test_concurrent_reservations_never_overshoot(store: CounterStore) -> None:
    counted = window(10)
    results = await asyncio.gather(*(store.reserve(counted) for _ in range(40)))
    assert sum(r.granted for r in results) == 10
    assert await store.used(counted) == 10


async def test_a_zero_limit_grants_nothing(store: CounterStore) -> None:
    assert not (await store.reserve(window(0))).granted


def hold(seconds: float = 600) -> Hold:
    return Hold(secrets.token_hex(12), utcnow() + timedelta(seconds=seconds))


async def test_a_settled_hold_stays_charged_and_is_given_back_by_nobody(
    store: CounterStore,
) -> None:
    counted, held = window(2), hold()
    assert (await store.reserve(counted, held)).granted
    await store.settle(counted, held)
    await store.release(counted, held)  # too late: the call settled
    await store.sweep(utcnow() + timedelta(hours=1))  # past every deadline: nothing held
    assert await store.used(counted) == 1


async def test_settling_a_call_again_charges_and_records_nothing(store: CounterStore) -> None:
    # A settlement retried after its COMMIT landed but its acknowledgement was lost.
    counted, held = (
        Window(f"test:{secrets.token_hex(8)}", 5, utcnow() + timedelta(hours=1), durable=True),
        hold(),
    )
    written: list[str] = []

    async def usage(connection: AsyncConnection) -> None:
        written.append(held.id)

    assert (await store.reserve(counted, held)).granted
    await store.settle(counted, held, usage)
    await store.settle(counted, held, usage)
    assert await store.used(counted) == 1
    assert written == [held.id]


async def test_a_released_hold_gives_its_unit_back_once(store: CounterStore) -> None:
    counted, first, second = window(2), hold(), hold()
    await store.reserve(counted, first)
    await store.reserve(counted, second)
    await store.release(counted, first)
    await store.release(counted, first)  # a second release of the same call gives nothing
    assert await store.used(counted) == 1


async def test_a_sweep_gives_back_holds_past_their_deadline_and_only_those(
    store: CounterStore,
) -> None:
    counted, stale, fresh = window(3), hold(-1), hold()
    await store.reserve(counted, stale)  # its worker died mid-answer
    await store.reserve(counted, fresh)
    await store.sweep(utcnow())
    assert await store.used(counted) == 1
    await store.release(counted, stale)  # already given back by the sweep
    assert await store.used(counted) == 1
    await store.settle(counted, stale)  # answered after all: charged again
    assert await store.used(counted) == 2


async def test_concurrent_sweeps_give_each_hold_back_once(store: CounterStore) -> None:
    counted = window(10)
    for _ in range(6):
        await store.reserve(counted, hold(-1))
    await store.reserve(counted)
    await asyncio.gather(*(store.sweep(utcnow()) for _ in range(4)))
    assert await store.used(counted) == 1


async def test_a_durable_window_survives_redis_losing_its_keys(
    limited_settings: Settings,
) -> None:
    if not limited_settings.redis_url:
        pytest.skip("the database's counters are the durable ones already")
    from tests.services.chat.test_limits import new_key
    from trichome.limits.redis import KEY_PREFIX

    organization_id, _ = await new_key(limited_settings, Tier.PRO)
    quota = monthly_calls(organization_id, Tier.PRO, utcnow())
    engine = create_engine(limited_settings)
    store = create_counter_store(limited_settings, engine)
    redis = Redis.from_url(limited_settings.redis_url)
    try:
        for _ in range(3):
            held = hold()
            await store.reserve(quota, held)
            await store.settle(quota, held)
        await store.reserve(quota, hold())  # in flight when Redis restarts empty
        assert await store.used(quota) == 4
        await redis.delete(KEY_PREFIX + quota.key)
        assert await store.used(quota) == 3  # the answered calls, from the database
        count = await store.reserve(quota, hold())
        assert count.granted and count.used == 4
        assert int(await redis.get(KEY_PREFIX + quota.key) or 0) == 4
    finally:
        await redis.aclose()
        await store.aclose()
        await engine.dispose()
