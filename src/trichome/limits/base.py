"""Counting windows, holds on calls in flight, and the interface every counter store provides."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncConnection


@dataclass(frozen=True, slots=True)
class Window:
    """One counter: its key (which names the window), its limit and when it resets.

    A `durable` window (an organisation's calls in its quota period) is billing: the
    database holds its count, so a Redis that restarts empty reseeds it from there. The
    others (per-IP days and hours, feedback) are rate limits that may live in Redis alone.
    """

    key: str
    limit: int
    resets_at: datetime
    durable: bool = False


@dataclass(frozen=True, slots=True)
class Count:
    """A counter after a reservation: whether it was granted, and how much is used."""

    granted: bool
    used: int


@dataclass(frozen=True, slots=True)
class Hold:
    """A unit reserved for a call in flight. The call settles it (the unit is charged) or
    releases it (given back); one still open after `deadline` belonged to a worker that
    died mid-answer, and whoever sweeps first gives it back."""

    id: str
    deadline: datetime


# Writes that belong to a call's settlement (its usage, its ad impression), run in the
# same database transaction as the store's own.
Record = Callable[[AsyncConnection], Awaitable[None]]


def in_order(records: list[Record]) -> Record | None:
    """One record running `records` in order (None for none)."""
    if not records:
        return None

    async def write(connection: AsyncConnection) -> None:
        for record in records:
            await record(connection)

    return write


class CountersUnavailable(Exception):
    """The counter store cannot be reached: the request is refused (503), never guessed."""

    def __init__(self, store: str, error: BaseException) -> None:
        super().__init__(f"{store} unreachable ({type(error).__name__})")
        self.store = store
        self.reason = str(self)


class CounterStore(Protocol):
    """Atomic counters shared by every worker: reserving is check-and-increment in one step.

    Every method raises `CountersUnavailable` when the store cannot be reached.
    """

    async def reserve(self, window: Window, hold: Hold | None = None) -> Count:
        """Take one unit if the window has one left; with a hold, the unit stays open until
        `settle` or `release` (or a sweep after the hold's deadline)."""
        ...

    async def settle(self, window: Window, hold: Hold, record: Record | None = None) -> None:
        """Charge a held unit for good, with `record` in the same database transaction; a
        hold already swept is charged again (the answer went out after all). Settling the
        same hold again charges and records nothing: a settlement whose acknowledgement was
        lost can be retried."""
        ...

    async def release(self, window: Window, hold: Hold | None = None) -> None:
        """Give back a unit taken by `reserve` (the request it paid for failed); a hold
        already swept or settled is not given back twice."""
        ...

    async def sweep(self, now: datetime) -> int:
        """Give back the units of holds past their deadline; how many."""
        ...

    async def used(self, window: Window) -> int:
        """How much of the window is used, without taking any."""
        ...

    async def check(self) -> str | None:
        """None when the store answers, else why it does not (for `/health`)."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...
