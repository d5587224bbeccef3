"""Shared fixtures: database backends (SQLite always, PostgreSQL where reachable), apps, keys."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import anyio
import httpx
import pytest
from fastapi import FastAPI

from trichome.accounts.service import create_api_key, get_or_create_organization
from trichome.accounts.tiers import Tier
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.migrate import upgrade_database

POSTGRES_ADMIN_URL = os.environ.get(
    "TRICHOME_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/test"
)
IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _postgres_unreachable_reason() -> str | None:
    import asyncpg

    async def probe() -> None:
        connection = await asyncpg.connect(POSTGRES_ADMIN_URL, timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except Exception as error:
        return f"PostgreSQL at {POSTGRES_ADMIN_URL} is unreachable: {error!r}"
    return None


def require_service(reason: str | None) -> None:
    """Skip when a service is unreachable here; fail in CI, where it must be up."""
    if reason is None:
        return
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: the service must be running)")
    print(f"\nskipping: {reason}")
    pytest.skip(reason)


def _run_admin(sql: str) -> None:
    import asyncpg

    async def run() -> None:
        connection = await asyncpg.connect(POSTGRES_ADMIN_URL, timeout=5)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(run())


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards."""
    require_service(_postgres_unreachable_reason())
    name = f"trichome_test_{secrets.token_hex(6)}"
    _run_admin(f'CREATE DATABASE "{name}"')
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}".replace("postgresql://", "postgresql+asyncpg://", 1)
    finally:
        _run_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each database-facing test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'trichome.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    """Settings on the test's database, migrated."""
    configured = Settings(data_dir=tmp_path, database_url=database_url)
    upgrade_database(configured)
    return configured


KeyMaker = Callable[..., Awaitable[str]]


@pytest.fixture
def make_key(settings: Settings) -> KeyMaker:
    """Creates an organisation on a tier and returns a new key of it."""

    async def make(tier: Tier = Tier.OPERATOR, org: str | None = None) -> str:
        engine = create_engine(settings)
        try:
            async with create_sessionmaker(engine)() as session:
                organization, _ = await get_or_create_organization(
                    session, org or f"org-{secrets.token_hex(4)}", tier
                )
                key = await create_api_key(session, organization, "test")
                await session.commit()
                return key.secret
        finally:
            await engine.dispose()

    return make


@contextlib.asynccontextmanager
async def started(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """An app with its lifespan started, and an in-process client for it."""
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver") as client,
    ):
        yield client


@pytest.fixture
async def app_client(settings: Settings) -> AsyncIterator[tuple[FastAPI, httpx.AsyncClient]]:
    """The chat app, started, with an in-process client."""
    from trichome.apps.chat import create_app

    app = create_app(settings)
    async with started(app) as client:
        yield app, client


@pytest.fixture
async def client(app_client: tuple[FastAPI, httpx.AsyncClient]) -> httpx.AsyncClient:
    return app_client[1]


__all__ = ["KeyMaker", "anyio", "require_service"]
