"""On the seeded year: a skill's inactive reads reach back only as far as its period, in
24-hour last-modified windows the sandbox answers, and miss nothing of the period."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime, time, timedelta
from typing import Any

import httpx
import pytest

from tests.support.asgi import running_app
from tests.support.sandbox import AS_OF, CULTIVATOR, KEYS
from trichome.config import Settings
from trichome.metrc import MetrcClient
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.skills.windows import ZONE_MARGIN
from trichome.metrc.tools import MetrcAccess
from trichome.services.sandbox.app import create_app

pytestmark = pytest.mark.anyio


class Recording(httpx.AsyncBaseTransport):
    """The sandbox in process, keeping every request's path and query."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.sent: list[tuple[str, dict[str, str]]] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.sent.append((request.url.path, dict(request.url.params)))
        return await self.inner.handle_async_request(request)


@contextlib.asynccontextmanager
async def recorded(settings: Settings) -> AsyncIterator[tuple[MetrcClient, Recording]]:
    async with running_app(create_app(settings)) as asgi:
        transport = Recording(httpx.ASGITransport(app=asgi))
        async with MetrcClient(
            "http://sandbox.test",
            credentials=KEYS,
            transport=transport,
            max_gets_per_second_per_facility=None,
        ) as client:
            yield client, transport


def modified(record: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(record["LastModified"])


async def test_thirty_days_of_inactive_records_and_nothing_older(shared_year: Settings) -> None:
    since = AS_OF - timedelta(days=30)
    earliest = datetime.combine(since, time(0), UTC) - ZONE_MARGIN
    async with recorded(shared_year) as (client, transport):
        data = FacilityData(MetrcAccess(client, KEYS, today=AS_OF), CULTIVATOR, AS_OF)
        packages = await data.packages(inactive_since=since)
        plants = await data.plants(inactive_since=since)
        harvests = await data.harvests(inactive_since=since)
        bounded = list(transport.sent)
        every_package = await client.packages_inactive(CULTIVATOR)
        every_plant = await client.plants_inactive(CULTIVATOR)
        every_harvest = await client.harvests_inactive(CULTIVATOR)

    # Exactly the records changed in the period: none missed, none older read.
    recent = {p["Label"] for p in every_package if modified(p) >= earliest}
    assert {p.label for p in packages.inactive} == recent
    assert len(every_package) > len(recent)  # the year holds older finished packages
    recent_plants = {p["Label"] for p in every_plant if modified(p) >= earliest}
    assert {p.label for p in plants.inactive} == recent_plants
    assert len(every_plant) > len(recent_plants)
    finished = {h["Name"] for h in every_harvest if modified(h) >= earliest}
    assert finished <= {h.name for h in harvests}
    assert {h["Name"] for h in every_harvest} - finished  # older harvests left unread
    # Every inactive read carries both bounds, at most a day apart, from the period on.
    inactive = [q for path, q in bounded if path.endswith("/inactive")]
    assert inactive
    for query in inactive:
        start = datetime.fromisoformat(query["lastModifiedStart"])
        end = datetime.fromisoformat(query["lastModifiedEnd"])
        assert earliest <= start < end <= start + timedelta(hours=24)
