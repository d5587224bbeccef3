"""Fixtures: the seeded sandbox year behind the tools' Metrc access.

Tests that only read share one copy of the year per module (`reader`); tests that write
get a fresh copy each (`writer`). Copies are deleted afterwards: each is a 90 MB file.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.support.sandbox import AS_OF, KEYS, remove_database, sandbox_client, seeded_database
from trichome.config import Settings
from trichome.metrc.tools import MetrcAccess


@pytest.fixture(scope="module")
def shared_year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    """One copy of the seeded year for a module's read-only tests."""
    settings = seeded_database(tmp_path_factory.mktemp("reads"), template_dir)
    yield settings
    remove_database(settings)


@pytest.fixture
async def reader(shared_year: Settings) -> AsyncIterator[MetrcAccess]:
    """Tool access to the module's shared year (do not write through it)."""
    async with sandbox_client(shared_year) as client:
        yield MetrcAccess(client, KEYS, today=AS_OF)


@pytest.fixture
async def writer(own_year: Settings) -> AsyncIterator[MetrcAccess]:
    """Tool access to a year of the test's own, free to change."""
    async with sandbox_client(own_year) as client:
        yield MetrcAccess(client, KEYS, today=AS_OF)
