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

from tests.support.asgi import running_app
from trichome.accounts.service import create_api_key, get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.migrate import upgrade_database
from trichome.plans import Tier

POSTGRES_ADMIN_URL = os.environ.get(
    "TRICHOME_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("TRICHOME_TEST_REDIS", "redis://127.0.0.1:6379/0")
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


def redis_unreachable_reason() -> str | None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as error:
        return f"Redis at {REDIS_URL} is unreachable: {error!r}"
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


@contextlib.contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped afterwards."""
    require_service(_postgres_unreachable_reason())
    name = f"trichome_test_{secrets.token_hex(6)}"
    _run_admin(f'CREATE DATABASE "{name}"')
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}".replace("postgresql://", "postgresql+asyncpg://", 1)
    finally:
        _run_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def database_for(backend: str, directory: Path) -> Iterator[str]:
    """A fresh database of the backend: SQLite in `directory`, or a new PostgreSQL database."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{directory / 'trichome.db'}"
    else:
        with fresh_postgres_database() as url:
            yield url


BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each database-facing test runs on SQLite and on PostgreSQL."""
    with database_for(request.param, tmp_path) as url:
        yield url


@pytest.fixture(scope="module", params=BACKENDS)
def module_database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Like `database_url`, shared by the tests of one module (for servers started once)."""
    with database_for(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    """Settings on the test's database, migrated."""
    configured = Settings(data_dir=tmp_path, database_url=database_url)
    upgrade_database(configured)
    return configured


def reconfigured(settings: Settings, **changes: object) -> Settings:
    """The same settings with some changed, validated like settings read from the environment."""
    return Settings.model_validate(settings.model_dump() | changes)


COUNTER_BACKENDS = [
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.postgres),
    pytest.param("redis", marks=pytest.mark.redis),
]


@pytest.fixture(params=COUNTER_BACKENDS)
def limited_settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    """Settings whose counters live in SQLite, in PostgreSQL, or in Redis (beside SQLite)."""
    redis_url = None
    if request.param == "redis":
        require_service(redis_unreachable_reason())
        redis_url = REDIS_URL
    backend = "postgresql" if request.param == "postgresql" else "sqlite"
    with database_for(backend, tmp_path) as url:
        configured = Settings(data_dir=tmp_path, database_url=url, redis_url=redis_url)
        upgrade_database(configured)
        yield configured


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
    async with (
        running_app(app) as asgi,
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=asgi), base_url="http://testserver"
        ) as client,
    ):
        yield client


@pytest.fixture
async def app_client(settings: Settings) -> AsyncIterator[tuple[FastAPI, httpx.AsyncClient]]:
    """The chat app, started, with an in-process client."""
    from trichome.services.chat.app import create_app

    app = create_app(settings)
    async with started(app) as client:
        yield app, client


@pytest.fixture
async def client(app_client: tuple[FastAPI, httpx.AsyncClient]) -> httpx.AsyncClient:
    return app_client[1]


__all__ = ["KeyMaker", "anyio", "require_service"]
