"""Shared fixtures: database backends (SQLite always, PostgreSQL where reachable), apps, keys."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import anyio
import httpx
import pytest
from fastapi import FastAPI
from hypothesis import settings as hypothesis_settings

from tests.support.asgi import running_app
from trichome.accounts.service import create_api_key, get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.migrate import upgrade_database
from trichome.plans import Tier

# No test may depend on the machine's speed: hypothesis's per-example deadline (200 ms) fails
# on a loaded CI machine (the first example of a calculator test builds pint's registry).
hypothesis_settings.register_profile("trichome", deadline=None)
hypothesis_settings.load_profile("trichome")

POSTGRES_ADMIN_URL = os.environ.get(
    "TRICHOME_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("TRICHOME_TEST_REDIS", "redis://127.0.0.1:6379/0")
IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@functools.cache  # once a session: the suite's own server does not come and go
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
    try:
        yield _postgres_url(name)
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


def _postgres_url(name: str) -> str:
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0]
    return f"{base}/{name}".replace("postgresql://", "postgresql+asyncpg://", 1)


class MigratedTemplates:
    """Databases migrated once per session and copied for each test that wants a migrated
    one: a copy takes milliseconds (SQLite) or a fraction of a second (PostgreSQL's
    CREATE DATABASE ... TEMPLATE), a migration seconds. Copies of PostgreSQL databases are
    dropped in the background, so no test waits for the server to delete files."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory
        self._sqlite: Path | None = None
        self._postgres: str | None = None
        self._dropper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drop-database")

    def _sqlite_template(self) -> Path:
        if self._sqlite is None:
            path = self._directory / "template.db"
            upgrade_database(
                Settings(data_dir=self._directory, database_url=f"sqlite+aiosqlite:///{path}")
            )
            self._sqlite = path
        return self._sqlite

    def _postgres_template(self) -> str:
        if self._postgres is None:
            name = f"trichome_template_{secrets.token_hex(6)}"
            _run_admin(f'CREATE DATABASE "{name}"')
            self._postgres = name  # dropped at the end even if the migration fails
            upgrade_database(Settings(data_dir=self._directory, database_url=_postgres_url(name)))
            _run_admin(  # a template must have no sessions when it is copied
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
            )
        return self._postgres

    @contextlib.contextmanager
    def database(self, backend: str, directory: Path) -> Iterator[str]:
        """A migrated database of the backend, the test's own."""
        if backend == "sqlite":
            target = directory / "trichome.db"
            # The backup API copies a consistent database, whatever its journal holds.
            with (
                contextlib.closing(sqlite3.connect(self._sqlite_template())) as source,
                contextlib.closing(sqlite3.connect(target)) as copy,
            ):
                source.backup(copy)
            yield f"sqlite+aiosqlite:///{target}"
            return
        require_service(_postgres_unreachable_reason())
        name = f"trichome_test_{secrets.token_hex(6)}"
        _run_admin(f'CREATE DATABASE "{name}" TEMPLATE "{self._postgres_template()}"')
        try:
            yield _postgres_url(name)
        finally:
            self._dropper.submit(_run_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        self._dropper.shutdown(wait=True)
        if self._postgres is not None:
            _run_admin(f'DROP DATABASE IF EXISTS "{self._postgres}" WITH (FORCE)')


@pytest.fixture(scope="session")
def migrated_templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MigratedTemplates]:
    templates = MigratedTemplates(tmp_path_factory.mktemp("templates"))
    try:
        yield templates
    finally:
        templates.close()


BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each database-facing test runs on SQLite and on PostgreSQL: an empty database."""
    with database_for(request.param, tmp_path) as url:
        yield url


@pytest.fixture(params=BACKENDS)
def migrated_database_url(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_templates: MigratedTemplates
) -> Iterator[str]:
    """Like `database_url`, with the schema at the newest migration."""
    with migrated_templates.database(request.param, tmp_path) as url:
        yield url


@pytest.fixture(scope="module", params=BACKENDS)
def module_database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Like `database_url`, shared by the tests of one module (for servers started once)."""
    with database_for(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture
def settings(migrated_database_url: str, tmp_path: Path) -> Settings:
    """Settings on the test's database, migrated."""
    return Settings(data_dir=tmp_path, database_url=migrated_database_url)


def reconfigured(settings: Settings, **changes: object) -> Settings:
    """The same settings with some changed, validated like settings read from the environment."""
    return Settings.model_validate(settings.model_dump() | changes)


COUNTER_BACKENDS = [
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.postgres),
    pytest.param("redis", marks=pytest.mark.redis),
]


@pytest.fixture(params=COUNTER_BACKENDS)
def limited_settings(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_templates: MigratedTemplates
) -> Iterator[Settings]:
    """Settings whose counters live in SQLite, in PostgreSQL, or in Redis (beside SQLite)."""
    redis_url = None
    if request.param == "redis":
        require_service(redis_unreachable_reason())
        redis_url = REDIS_URL
    backend = "postgresql" if request.param == "postgresql" else "sqlite"
    with migrated_templates.database(backend, tmp_path) as url:
        yield Settings(data_dir=tmp_path, database_url=url, redis_url=redis_url)


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """An S3-compatible server (moto's) for the session; each test keeps to its own prefix."""
    from tests.support.s3server import s3_server

    with s3_server() as endpoint:
        yield endpoint


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
