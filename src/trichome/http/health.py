"""Reachability checks shared by the services' health endpoints."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

DATABASE_TIMEOUT = 3.0


async def check_database(engine: AsyncEngine) -> str | None:
    """None when the database answers `SELECT 1`, else why it does not."""
    try:
        async with asyncio.timeout(DATABASE_TIMEOUT):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
    except Exception as error:
        return f"database unreachable ({type(error).__name__})"
    return None


class CachedCheck:
    """Runs a check at most once per `ttl` seconds, so health polling cannot flood an upstream."""

    def __init__(self, check: Callable[[], Awaitable[str | None]], ttl: float) -> None:
        self._check = check
        self._ttl = ttl
        self._result: str | None = None
        self._checked_at = float("-inf")
        self._lock = asyncio.Lock()

    async def __call__(self) -> str | None:
        async with self._lock:
            if time.monotonic() - self._checked_at >= self._ttl:
                self._result = await self._check()
                self._checked_at = time.monotonic()
            return self._result


def utc_timestamp() -> str:
    """The current time as ISO 8601 UTC with a `Z` suffix."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
