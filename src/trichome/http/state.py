"""What every service builds once in its lifespan, typed, and the dependencies that read it.

A service's lifespan opens the `CoreState` with an `AsyncExitStack` (which closes what it
opened, in reverse, at shutdown), adds its own typed state, and yields both as the
lifespan state (`{"core": ..., "<service>": ...}`), which Starlette hands to every request
as `request.state`. Routes take them as `Annotated` dependencies (`CoreDep`, `SettingsDep`,
`PrincipalDep`, and each service's own) instead of reading untyped `app.state` attributes.
The clock and the id generator are injected here, so tests can fix them and compare whole
outputs.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Coroutine
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from trichome.accounts.lookup import create_key_lookup
from trichome.accounts.tokens import AccessTokenVerifier
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import utcnow
from trichome.http.auth import Authenticator
from trichome.http.gil import switch_interval
from trichome.http.health import CachedCheck, check_database
from trichome.limits.base import CounterStore
from trichome.limits.service import (
    Limiter,
    create_counter_store,
    retry_settlements_periodically,
    sweep_holds_periodically,
)

Clock = Callable[[], datetime]
# Seconds `/health` reuses its check of the database and of the counters (Redis).
CHECK_TTL = 1.0
# Ids with a fixed prefix and random hex, e.g. ids("chatcmpl-") -> "chatcmpl-3f9a...".
IdFactory = Callable[[str], str]


def random_id(prefix: str) -> str:
    """`prefix` and 96 random bits in hex."""
    return prefix + secrets.token_hex(12)


@dataclass(frozen=True, slots=True)
class CoreState:
    """Settings, the database, the caller's authentication and the counters, opened once."""

    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    auth: Authenticator
    tokens: AccessTokenVerifier | None
    counters: CounterStore
    limiter: Limiter
    database_check: CachedCheck
    counters_check: CachedCheck
    clock: Clock = utcnow
    ids: IdFactory = random_id
    started: float = field(default_factory=time.monotonic)

    def uptime(self) -> int:
        """Whole seconds since this worker started."""
        return int(time.monotonic() - self.started)


async def open_core(
    settings: Settings,
    stack: AsyncExitStack,
    *,
    clock: Clock = utcnow,
    ids: IdFactory = random_id,
) -> CoreState:
    """The core state of a service; what it opens is closed when `stack` closes."""
    # Worker threads must not keep the event loop waiting for the GIL (see `gil`).
    stack.enter_context(switch_interval())
    engine = create_engine(settings)
    stack.push_async_callback(engine.dispose)
    sessions = create_sessionmaker(engine)
    key_lookup = create_key_lookup(engine)
    stack.callback(key_lookup.close)
    tokens = AccessTokenVerifier(settings) if settings.accepts_access_tokens else None
    if tokens is not None:
        stack.push_async_callback(tokens.aclose)
    counters = create_counter_store(settings, engine)
    stack.push_async_callback(counters.aclose)
    return CoreState(
        settings=settings,
        engine=engine,
        sessions=sessions,
        auth=Authenticator(settings, key_lookup, sessions, tokens),
        tokens=tokens,
        counters=counters,
        limiter=Limiter(counters, clock, settings.call_hold_seconds),
        database_check=CachedCheck(lambda: check_database(engine), ttl=CHECK_TTL),
        counters_check=CachedCheck(counters.check, ttl=CHECK_TTL),
        clock=clock,
        ids=ids,
    )


BACKGROUND_GRACE_SECONDS = 10.0
"""How long shutdown waits for background work to notice its stop event and finish what
it is doing (a query in flight) before cancelling it."""


def run_in_background(
    stack: AsyncExitStack, work: Callable[[asyncio.Event], Coroutine[Any, Any, None]]
) -> None:
    """Run `work(stop)` as a task for the lifespan's duration. At shutdown `stop` is set and
    the task is given `BACKGROUND_GRACE_SECONDS` to return on its own, and only then
    cancelled: a database call cancelled mid-flight leaves its driver thread answering a
    loop that is closed, and redis-py can swallow a cancellation that arrives while it
    connects."""
    stop = asyncio.Event()
    task = asyncio.create_task(work(stop))

    async def finish() -> None:
        stop.set()
        await asyncio.wait({task}, timeout=BACKGROUND_GRACE_SECONDS)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    stack.push_async_callback(finish)


def sweep_held_calls(core: CoreState, stack: AsyncExitStack) -> None:
    """Give back calls held past their deadline, now and periodically, and retry the
    settlements the store could not take, until `stack` closes: for the services that hold
    calls while answering them."""
    run_in_background(stack, lambda stop: sweep_holds_periodically(core.limiter, stop))
    run_in_background(stack, lambda stop: retry_settlements_periodically(core.limiter, stop))


def lifespan_state(request: Request, name: str) -> Any:
    """One entry of the lifespan state (the service's typed state, or `core`)."""
    return getattr(request.state, name)


def core_of(request: Request) -> CoreState:
    """The service's core state, for helpers that take the request."""
    core: CoreState = lifespan_state(request, "core")
    return core


async def get_core(request: Request) -> CoreState:
    """The service's core state."""
    return core_of(request)


CoreDep = Annotated[CoreState, Depends(get_core)]
