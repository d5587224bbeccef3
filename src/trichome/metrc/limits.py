"""Caps on concurrent requests and on the GET rate, per facility and per integrator (vendor
key), so bursts never get throttled.

Metrc's published limits ("Metrc Rate Limiting", metrc.com, 2021, as listed in
cannlytics/cannlytics tests/cannlytics/utils/readme.md): 50 GET calls a second and 10
concurrent GET calls per facility; 150 GET calls a second per vendor API key and 30 concurrent
GET calls per integrator. The integrator's caps hold within one client (the tool server shares
one client per Metrc URL across every caller); several processes with one vendor key each get
their own, a limit the README states.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

# Metrc's published figures per facility: 10 concurrent GETs and 50 GETs a second.
DEFAULT_CONCURRENCY = 10
DEFAULT_GETS_PER_SECOND = 50.0
# And per integrator (vendor key): 30 concurrent GETs and 150 GETs a second.
DEFAULT_VENDOR_CONCURRENCY = 30
DEFAULT_VENDOR_GETS_PER_SECOND = 150.0


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
    """One semaphore and one GET pacer per licence (calls without a licence share one), and
    one of each per vendor key for the GETs of all its licences."""

    max_concurrency: int | None = DEFAULT_CONCURRENCY
    gets_per_second: float | None = DEFAULT_GETS_PER_SECOND
    vendor_concurrency: int | None = DEFAULT_VENDOR_CONCURRENCY
    vendor_gets_per_second: float | None = DEFAULT_VENDOR_GETS_PER_SECOND
    _facilities: dict[str | None, _Facility] = field(default_factory=dict)
    _vendors: dict[str, _Facility] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("max_concurrency", "vendor_concurrency"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1 (or None for no cap).")
        for name in ("gets_per_second", "vendor_gets_per_second"):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise ValueError(f"{name} must be positive (or None for no cap).")

    @staticmethod
    def _limits(
        table: dict[Any, _Facility], key: Any, concurrency: int | None, rate: float | None
    ) -> _Facility:
        """The semaphore and pacer of one licence or vendor key, made on first use."""
        limits = table.get(key)
        if limits is None:
            limits = table[key] = _Facility(
                asyncio.Semaphore(concurrency) if concurrency else None,
                GetPacer(rate) if rate else None,
            )
        return limits

    def _facility(self, license_number: str | None) -> _Facility:
        return self._limits(
            self._facilities, license_number, self.max_concurrency, self.gets_per_second
        )

    def _vendor(self, vendor: str) -> _Facility:
        return self._limits(
            self._vendors, vendor, self.vendor_concurrency, self.vendor_gets_per_second
        )

    @contextlib.asynccontextmanager
    async def slot(
        self, license_number: str | None, *, is_get: bool, vendor: str | None = None
    ) -> AsyncIterator[None]:
        """Hold one of the licence's concurrent slots and, for a GET, one of the vendor's, and
        wait for the GET's turn at both paces. `vendor` identifies the vendor key (a digest,
        never the key). Slots are always taken licence first, so two calls cannot deadlock."""
        facility = self._facility(license_number)
        integrator = self._vendor(vendor) if is_get and vendor is not None else None
        async with contextlib.AsyncExitStack() as stack:
            if facility.semaphore is not None:
                await stack.enter_async_context(facility.semaphore)
            if integrator is not None and integrator.semaphore is not None:
                await stack.enter_async_context(integrator.semaphore)
            if is_get and facility.pacer is not None:
                await facility.pacer.wait()
            if integrator is not None and integrator.pacer is not None:
                await integrator.pacer.wait()
            yield
