"""A BioTrack client wired to the in-test fake over an ASGI transport."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.tracking.biotrack.fake_biotrack import PATH, FakeBioTrack
from trichome.tracking.biotrack import BioTrackClient, BioTrackCredentials, Retry

URL = f"http://biotrack.test{PATH}"


class Sleeps:
    """Records the waits the transport asks for instead of waiting."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def fake() -> FakeBioTrack:
    return FakeBioTrack()


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
def credentials(fake: FakeBioTrack) -> BioTrackCredentials:
    return BioTrackCredentials(fake.license_number, fake.username, fake.password)


@pytest.fixture
async def client(
    fake: FakeBioTrack, credentials: BioTrackCredentials, sleeps: Sleeps
) -> AsyncIterator[BioTrackClient]:
    made = BioTrackClient.for_state(
        "NM",
        credentials,
        url=URL,
        training=True,
        retry=Retry(attempts=3),
        sleep=sleeps,
        transport=httpx.ASGITransport(app=fake.app()),
    )
    yield made
    await made.aclose()
    assert fake.violations == []
