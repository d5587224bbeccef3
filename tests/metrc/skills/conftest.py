"""Fixtures: the seeded year through the sandbox (what the skills read) and in memory (the facts).

The skills only read, so the whole session shares one copy of the seeded database. The
expected numbers come from `build(8002, AS_OF)` directly, computed by the tests themselves.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.metrc.skills.facts import Year
from tests.support.sandbox import AS_OF, KEYS, remove_database, sandbox_client, seeded_database
from trichome.config import Settings
from trichome.metrc.tools import MetrcAccess, using
from trichome.sandbox.reference import DEFAULT_SEED
from trichome.sandbox.seed import build

Run = Callable[..., Awaitable[dict[str, Any]]]


@pytest.fixture(scope="session")
def year() -> Year:
    """The seeded year in memory, built once for every skills test."""
    return Year(build(DEFAULT_SEED, AS_OF))


@pytest.fixture(scope="session")
def shared_year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    """One copy of the seeded database that every (read-only) skills test reads."""
    settings = seeded_database(tmp_path_factory.mktemp("skills"), template_dir)
    yield settings
    remove_database(settings)


async def _runner(settings: Settings) -> AsyncIterator[Run]:
    async with sandbox_client(settings) as client:
        metrc = MetrcAccess(client, KEYS, today=AS_OF)

        async def run(tool: Callable[..., Awaitable[dict[str, Any]]], **arguments: Any) -> Any:
            with using(metrc):
                return await tool(**arguments)

        yield run


@pytest.fixture
async def run(shared_year: Settings) -> AsyncIterator[Run]:
    """Calls a tool function with the seeded year as its Metrc access (today = AS_OF)."""
    async for runner in _runner(shared_year):
        yield runner


@pytest.fixture
async def run_own(own_year: Settings) -> AsyncIterator[Run]:
    """Like `run`, on the test's own copy of the database."""
    async for runner in _runner(own_year):
        yield runner
