"""The dashboard's typed state, built once by its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from trichome.billing.subscriptions import BillingPolicy
from trichome.config import Settings
from trichome.http.state import Clock, CoreState, lifespan_state, open_core


@dataclass(frozen=True, slots=True)
class DashboardState:
    """The core state and how subscription events turn into tiers."""

    core: CoreState
    billing_policy: BillingPolicy


def dashboard_lifespan(
    settings: Settings, clock: Clock
) -> Callable[[FastAPI], AbstractAsyncContextManager[dict[str, object]]]:
    """The lifespan: the core state, with the clock billing decisions are made at."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, object]]:
        async with AsyncExitStack() as stack:
            core = await open_core(settings, stack, clock=clock)
            state = DashboardState(core, BillingPolicy.from_settings(settings))
            yield {"core": core, "dashboard": state}

    return lifespan


def dashboard_of(request: Request) -> DashboardState:
    """The dashboard's state, for helpers that take the request."""
    state: DashboardState = lifespan_state(request, "dashboard")
    return state


async def get_dashboard(request: Request) -> DashboardState:
    """The dashboard's state."""
    return dashboard_of(request)


DashboardDep = Annotated[DashboardState, Depends(get_dashboard)]
