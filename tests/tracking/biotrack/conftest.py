"""A BioTrack client wired to the in-test fake over an ASGI transport."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.servers import free_port, running, trichome_env
from tests.tracking.biotrack.fake_biotrack import PATH, FakeBioTrack
from trichome.tracking.biotrack import BioTrackClient, BioTrackCredentials, Retry

URL = f"http://biotrack.test{PATH}"
SANDBOX_AS_OF = "2026-11-21"


def serve_sandbox(tmp: Path, **settings: str) -> Iterator[str]:
    """The BioTrack URL of `trichome serve sandbox`, its year ending before SANDBOX_AS_OF."""
    env = trichome_env(tmp, sandbox_biotrack_as_of=SANDBOX_AS_OF, **settings)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running(["serve", "sandbox", "--port", str(port)], env, f"{base}/api/health",
                 tmp / "sandbox.log"):  # fmt: skip
        yield f"{base}/biotrack/serverjson.asp"


@pytest.fixture(scope="module")
def sandbox_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve_sandbox(tmp_path_factory.mktemp("biotrack"))


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
