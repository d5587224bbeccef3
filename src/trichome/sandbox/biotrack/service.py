"""The BioTrack sandbox a running app serves: its store, simulated once on first use (in a
worker thread, so the first request does not hold up the event loop)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import anyio

from trichome.sandbox.biotrack import actions
from trichome.sandbox.biotrack.reference import DEFAULT_SEED
from trichome.sandbox.biotrack.seed import build
from trichome.sandbox.biotrack.store import BioTrackStore, Clock


@dataclass(slots=True)
class BioTrackSandbox:
    """Seed, last day and session lifetime of the sandbox, and its store once built."""

    as_of: date | None = None
    session_seconds: float = 3600.0
    seed: int = DEFAULT_SEED
    clock: Clock = time.time
    _store: BioTrackStore | None = None
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def store(self) -> BioTrackStore:
        """The store, simulating its year on the first call."""
        async with self._lock:
            if self._store is None:
                built = await anyio.to_thread.run_sync(build, self.seed, self.as_of, self.clock)
                built.session_seconds = self.session_seconds
                self._store = built
            return self._store

    async def answer(self, body: Any) -> dict[str, Any]:
        """The answer to one request body (run whole, never interleaved with another)."""
        return actions.answer(await self.store(), body)
