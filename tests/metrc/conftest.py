"""Fixtures: one scripted Metrc-like server per session, reset for each test; fast clients;
and copies of the seeded sandbox year for the tools' and skills' tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.metrc.fake_metrc import FakeMetrc, fake_metrc
from tests.support.sandbox import remove_database, seeded_database
from trichome.config import Settings
from trichome.metrc import MetrcClient, MetrcCredentials, RetryPolicy

VENDOR_KEY = "VENDOR-k3y-Sup3rSecret-0001"
USER_KEY = "USER-k3y-Sup3rSecret-0002"
LICENCE = "SF-SBX-CO-21-8002"


class Sleeps:
    """A sleep that returns at once and remembers how long it was asked to wait."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


@pytest.fixture(scope="session")
def fake_server() -> Iterator[FakeMetrc]:
    with fake_metrc() as fake:
        yield fake


@pytest.fixture
def fake(fake_server: FakeMetrc) -> Iterator[FakeMetrc]:
    fake_server.reset()
    yield fake_server
    fake_server.reset()


@pytest.fixture
def credentials() -> MetrcCredentials:
    return MetrcCredentials(VENDOR_KEY, USER_KEY)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


ClientFactory = Callable[..., MetrcClient]


@pytest.fixture
async def make_client(
    fake: FakeMetrc, credentials: MetrcCredentials, sleeps: Sleeps
) -> AsyncIterator[ClientFactory]:
    """Builds clients on the fake server (no waits, no rate cap unless asked); closes them."""
    made: list[MetrcClient] = []

    def make(**options: Any) -> MetrcClient:
        settings: dict[str, Any] = {
            "base_url": fake.base_url,
            "credentials": credentials,
            "retry": RetryPolicy(max_attempts=4, base_delay=0.01, jitter=0.0),
            "sleep": sleeps,
            "max_gets_per_second_per_facility": None,
        }
        settings.update(options)
        client = MetrcClient(**settings)
        made.append(client)
        return client

    yield make
    for client in made:
        await client.aclose()


@pytest.fixture
def client(make_client: ClientFactory) -> MetrcClient:
    return make_client()


@pytest.fixture(scope="session")
def template_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the session's seeded template is built (once)."""
    return tmp_path_factory.mktemp("seeded-template")


@pytest.fixture
def own_year(tmp_path: Path, template_dir: Path) -> Iterator[Settings]:
    """A fresh copy of the seeded year for one test that writes."""
    settings = seeded_database(tmp_path / "year", template_dir)
    yield settings
    remove_database(settings)
