"""A sandbox seeded once per module and database backend, and clients of it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import date
from typing import Any

import httpx
import pytest

from tests.conftest import reconfigured, started
from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.migrate import upgrade_database
from trichome.sandbox.seed import SeedSummary, seed_sandbox
from trichome.sandbox.store import SandboxStore
from trichome.services.sandbox.app import create_app

# A fixed "today", so that every run sees the same year.
AS_OF = date(2026, 11, 21)
SEED = 8002
CULTIVATOR = "SF-SBX-CO-21-8002"
MANUFACTURER = "SF-SBX-CO-22-8002"
DISPENSARY = "SF-SBX-CO-24-8002"
LAB = "SF-SBX-CO-25-8002"
MEDICAL_STORE = "SF-SBX-CO-9-8002"
KEYS = ("sandbox-vendor-key", "sandbox-user-key")


def seed(settings: Settings, seed: int = SEED, as_of: date = AS_OF) -> SeedSummary:
    """Seed the settings' database (outside any event loop)."""

    async def run() -> SeedSummary:
        engine = create_engine(settings)
        try:
            return await seed_sandbox(SandboxStore(engine), seed, as_of)
        finally:
            await engine.dispose()

    return asyncio.run(run())


@pytest.fixture(scope="module")
def seeded(module_database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Settings of a migrated database holding the seeded year (GET rate limit off)."""
    configured = Settings(
        data_dir=tmp_path_factory.mktemp("data"),
        database_url=module_database_url,
        sandbox_get_rate_limit=0,
    )
    upgrade_database(configured)
    seed(configured)
    return configured


@contextlib.asynccontextmanager
async def sandbox(settings: Settings, **changes: Any) -> AsyncIterator[httpx.AsyncClient]:
    """The sandbox app, started, with a client that sends the development keys."""
    app = create_app(reconfigured(settings, **changes) if changes else settings)
    async with started(app) as client:
        client.auth = httpx.BasicAuth(*KEYS)
        yield client


async def everything(client: httpx.AsyncClient, path: str, **params: Any) -> list[dict[str, Any]]:
    """Every object of a list, page by page (20 at a time)."""
    found: list[dict[str, Any]] = []
    page = 1
    while True:
        response = await client.get(path, params={**params, "pageNumber": page, "pageSize": 20})
        assert response.status_code == 200, response.text
        body = response.json()
        found.extend(body["Data"])
        if page >= body["TotalPages"]:
            return found
        page += 1
