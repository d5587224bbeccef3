"""Per-facility caps on concurrent requests and on the GET rate, so bursts never get throttled."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

# Metrc's published figures per facility: 10 concurrent GETs and 50 GETs a second.
DEFAULT_CONCURRENCY = 10
DEFAULT_GETS_PER_SECOND = 50.0


class GetPacer:
    """Spaces requests at least 1/rate seconds apart (no bursts above the rate)."""

    def __init__(self, per_second: float) -> None:
        if per_second <= 0:
            raise ValueError("The GET rate must be positive.")
        self.interval = 1.0 / per_second
        self._next = 0.0

    async def wait(self) -> None:
        """Return when this request's slot has come."""
        now = time.monotonic()
        slot = max(now, self._next)
        self._next = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


@dataclass
class _Facility:
    semaphore: asyncio.Semaphore | None
    pacer: GetPacer | None


@dataclass
class FacilityLimiter:
    """One semaphore and one GET pacer per licence (calls without a licence share one)."""

    max_concurrency: int | None = DEFAULT_CONCURRENCY
    gets_per_second: float | None = DEFAULT_GETS_PER_SECOND
    _facilities: dict[str | None, _Facility] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.max_concurrency is not None and self.max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1 (or None for no cap).")
        if self.gets_per_second is not None and self.gets_per_second <= 0:
            raise ValueError("gets_per_second must be positive (or None for no cap).")

    def _facility(self, license_number: str | None) -> _Facility:
        facility = self._facilities.get(license_number)
        if facility is None:
            facility = _Facility(
                asyncio.Semaphore(self.max_concurrency) if self.max_concurrency else None,
                GetPacer(self.gets_per_second) if self.gets_per_second else None,
            )
            self._facilities[license_number] = facility
        return facility

    @contextlib.asynccontextmanager
    async def slot(self, license_number: str | None, *, is_get: bool) -> AsyncIterator[None]:
        """Hold one of the licence's concurrent slots (and, for a GET, wait for its turn)."""
        facility = self._facility(license_number)
        async with contextlib.AsyncExitStack() as stack:
            if facility.semaphore is not None:
                await stack.enter_async_context(facility.semaphore)
            if is_get and facility.pacer is not None:
                await facility.pacer.wait()
            yield
