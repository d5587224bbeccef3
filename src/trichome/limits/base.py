"""Counting windows and the interface every counter store provides."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Window:
    """One counter: its key (which names the window), its limit and when it resets."""

    key: str
    limit: int
    resets_at: datetime


@dataclass(frozen=True, slots=True)
class Count:
    """A counter after a reservation: whether it was granted, and how much is used."""

    granted: bool
    used: int


class CounterStore(Protocol):
    """Atomic counters shared by every worker: reserving is check-and-increment in one step."""

    async def reserve(self, window: Window) -> Count:
        """Take one unit if the window has one left."""
        ...

    async def release(self, window: Window) -> None:
        """Give back a unit taken by `reserve` (the request it paid for failed)."""
        ...

    async def used(self, window: Window) -> int:
        """How much of the window is used, without taking any."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...
