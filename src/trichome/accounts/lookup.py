"""Finding a key by its hash: the one database read on every authenticated request."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy import Select, select
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.db.models import ApiKey, Organization

# Readers in WAL mode never wait for writers; this only covers WAL recovery after a crash.
SQLITE_READ_BUSY_TIMEOUT_MS = 1000


@dataclass(frozen=True, slots=True)
class KeyRecord:
    """What authentication needs to know about a key and its organisation."""

    key_id: str
    revoked_at: datetime | None
    last_used_at: datetime | None
    organization_id: str
    organization_name: str
    tier: str


class KeyLookup(Protocol):
    """Finds a key by the SHA-256 hash of its secret."""

    async def find(self, key_hash: str) -> KeyRecord | None:
        """The key's record, or None when no key has that hash."""
        ...

    def close(self) -> None:
        """Release the lookup's connection."""
        ...


def _lookup_statement(
    key_hash: str,
) -> Select[str, datetime | None, datetime | None, str, str, str]:
    return (
        select(
            ApiKey.id,
            ApiKey.revoked_at,
            ApiKey.last_used_at,
            Organization.id,
            Organization.name,
            Organization.tier,
        )
        .join(Organization, Organization.id == ApiKey.organization_id)
        .where(ApiKey.key_hash == key_hash)
    )


class EngineKeyLookup:
    """Looks keys up through the async engine (PostgreSQL, or any SQLAlchemy database)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def find(self, key_hash: str) -> KeyRecord | None:
        async with self._engine.connect() as connection:
            row = (await connection.execute(_lookup_statement(key_hash))).first()
        if row is None:
            return None
        key_id, revoked_at, last_used_at, organization_id, name, tier = row
        return KeyRecord(key_id, revoked_at, last_used_at, organization_id, name, tier)

    def close(self) -> None:
        """The engine is owned by the app."""


class SqliteKeyLookup:
    """Looks keys up with a synchronous read on the calling (event-loop) thread.

    A WAL-mode read of a local file takes tens of microseconds; handing it to aiosqlite's
    thread and back cost a fifth of a gateway request's CPU (measured by the gateway
    benchmark). Writes still go through the async engine.
    """

    _SQL = (
        "SELECT k.id, k.revoked_at, k.last_used_at, o.id, o.name, o.tier "
        "FROM api_keys AS k JOIN organizations AS o ON o.id = k.organization_id "
        "WHERE k.key_hash = ?"
    )

    def __init__(self, path: str) -> None:
        self._connection = sqlite3.connect(path, isolation_level=None)
        self._connection.execute(f"PRAGMA busy_timeout={SQLITE_READ_BUSY_TIMEOUT_MS}")

    async def find(self, key_hash: str) -> KeyRecord | None:
        row = self._connection.execute(self._SQL, (key_hash,)).fetchone()
        if row is None:
            return None
        key_id, revoked_at, last_used_at, organization_id, name, tier = row
        return KeyRecord(
            key_id, _parse_time(revoked_at), _parse_time(last_used_at), organization_id, name, tier
        )

    def close(self) -> None:
        self._connection.close()


def _parse_time(value: str | None) -> datetime | None:
    # SQLAlchemy stores SQLite datetimes as ISO text in UTC.
    if value is None:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def create_key_lookup(engine: AsyncEngine) -> KeyLookup:
    """The fastest correct lookup for the engine's database."""
    url = make_url(str(engine.url))
    if url.get_backend_name() == "sqlite" and url.database:
        return SqliteKeyLookup(url.database)
    return EngineKeyLookup(engine)
