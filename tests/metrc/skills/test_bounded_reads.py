"""On the seeded year: a skill's inactive reads reach back only as far as its period, in
24-hour last-modified windows the sandbox answers, and miss nothing of the period."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import httpx
import pytest

from tests.support.sandbox import AS_OF, CULTIVATOR, KEYS, sandbox_client
from trichome.config import Settings
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.skills.windows import ZONE_MARGIN
from trichome.metrc.tools import MetrcAccess

pytestmark = pytest.mark.anyio


class Recording(httpx.AsyncBaseTransport):
    """Around the sandbox's transport (`sandbox_client(wrap=...)`), keeping every request's
    path and query."""

    def __init__(self) -> None:
        self.inner: httpx.AsyncBaseTransport | None = None
        self.sent: list[tuple[str, dict[str, str]]] = []

    def around(self, inner: httpx.AsyncBaseTransport) -> Recording:
        self.inner = inner
        return self

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        assert self.inner is not None
        self.sent.append((request.url.path, dict(request.url.params)))
        return await self.inner.handle_async_request(request)


def modified(record: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(record["LastModified"])


async def test_thirty_days_of_inactive_records_and_nothing_older(shared_year: Settings) -> None:
    since = AS_OF - timedelta(days=30)
    earliest = datetime.combine(since, time(0), UTC) - ZONE_MARGIN
    transport = Recording()
    async with sandbox_client(shared_year, wrap=transport.around) as client:
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
