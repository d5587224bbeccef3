"""A seeded sandbox for tests: one seeded SQLite template per session, copied for each user.

`seeded_database(directory)` copies the template (a 90 MB file copy, a fraction of a second)
so tests that write never disturb one another; `sandbox_client(settings)` is a Metrc client
talking to the sandbox app in process.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import threading
from collections.abc import AsyncIterator, Callable
from datetime import date
from pathlib import Path
from typing import Any

import httpx

from tests.support.asgi import running_app
from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.migrate import upgrade_database
from trichome.metrc import MetrcClient, MetrcCredentials
from trichome.sandbox.reference import DEFAULT_SEED
from trichome.sandbox.seed import seed_sandbox
from trichome.sandbox.store import SandboxStore
from trichome.services.sandbox.app import create_app

AS_OF = date(2026, 11, 21)  # the seeded year ends the day before
CULTIVATOR = "SF-SBX-CO-21-8002"
MANUFACTURER = "SF-SBX-CO-22-8002"
DISPENSARY = "SF-SBX-CO-24-8002"
LAB = "SF-SBX-CO-25-8002"
MEDICAL_STORE = "SF-SBX-CO-9-8002"  # keeps patients; no stock
KEYS = MetrcCredentials("sandbox-vendor-key", "sandbox-user-key")

_template: Path | None = None
_lock = threading.Lock()


def _seed_template(directory: Path) -> Path:
    settings = Settings(data_dir=directory, database_url=f"sqlite+aiosqlite:///{directory}/t.db")
    upgrade_database(settings)

    async def run() -> None:
        engine = create_engine(settings)
        try:
            await seed_sandbox(SandboxStore(engine), DEFAULT_SEED, AS_OF)
        finally:
            await engine.dispose()

    asyncio.run(run())
    return directory / "t.db"


def seeded_database(directory: Path, scratch: Path) -> Settings:
    """Settings of a fresh copy of the seeded year in `directory` (GET limit off).

    The template is built once per test session, in `scratch`.
    """
    global _template
    with _lock:
        if _template is None:
            scratch.mkdir(parents=True, exist_ok=True)
            _template = _seed_template(scratch)
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_template, directory / "trichome.db")
    return Settings(
        data_dir=directory,
        database_url=f"sqlite+aiosqlite:///{directory / 'trichome.db'}",
        sandbox_get_rate_limit=0,
    )


def remove_database(settings: Settings) -> None:
    """Delete a copy `seeded_database` made (each is a 90 MB file)."""
    for path in Path(settings.data_dir).glob("trichome.db*"):
        path.unlink()


@contextlib.asynccontextmanager
async def sandbox_client(
    settings: Settings,
    *,
    wrap: Callable[[httpx.AsyncBaseTransport], httpx.AsyncBaseTransport] | None = None,
    **options: Any,
) -> AsyncIterator[MetrcClient]:
    """A Metrc client on the sandbox app, in process, with the development keys, unpaced
    (other `MetrcClient` options may be given); `wrap` puts a transport of the test's own
    around the in-process one (to record or alter requests)."""
    app = create_app(settings)
    async with running_app(app) as asgi:
        transport: httpx.AsyncBaseTransport = httpx.ASGITransport(app=asgi)
        if wrap is not None:
            transport = wrap(transport)
        async with MetrcClient(
            "http://sandbox.test",
            credentials=KEYS,
            transport=transport,
            max_gets_per_second_per_facility=None,
            **options,
        ) as client:
            yield client
