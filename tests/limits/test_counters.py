"""Every counter store is exact at the limit, also under concurrency."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.models import utcnow
from trichome.limits.base import CounterStore, Window
from trichome.limits.service import create_counter_store

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
