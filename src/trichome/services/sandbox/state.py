"""The sandbox's typed state, built once by its lifespan."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, FastAPI, Request
from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.http.state import lifespan_state
from trichome.sandbox.biotrack.service import BioTrackSandbox
from trichome.sandbox.store import SandboxStore
from trichome.services.sandbox.rules import GetRateLimit


@dataclass(frozen=True, slots=True)
class SandboxState:
    """The seeded store, the GET rate limit per facility, and the BioTrack sandbox."""

    settings: Settings
    engine: AsyncEngine
    store: SandboxStore
    get_rate: GetRateLimit
    biotrack: BioTrackSandbox
    started: float = field(default_factory=time.monotonic)


def sandbox_lifespan(
    settings: Settings,
) -> Callable[[FastAPI], AbstractAsyncContextManager[dict[str, object]]]:
    """The lifespan: the database and the store over it."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, object]]:
        async with AsyncExitStack() as stack:
            engine = create_engine(settings)
            stack.push_async_callback(engine.dispose)
            state = SandboxState(
                settings,
                engine,
                SandboxStore(engine),
                GetRateLimit(settings.sandbox_get_rate_limit),
                BioTrackSandbox(
                    settings.sandbox_biotrack_as_of,
                    settings.sandbox_biotrack_session_minutes * 60,
                ),
            )
            yield {"sandbox": state}

    return lifespan


async def get_sandbox(request: Request) -> SandboxState:
    """The sandbox's state."""
    state: SandboxState = lifespan_state(request, "sandbox")
    return state


SandboxDep = Annotated[SandboxState, Depends(get_sandbox)]
