"""The dashboard's typed state, built once by its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from trichome.billing.subscriptions import BillingPolicy
from trichome.config import Settings
from trichome.documents.drive_channels import DriveChannels, webhook_address
from trichome.documents.drive_sync import DriveSync
from trichome.documents.service import FileService
from trichome.documents.wiring import open_drive_sync, open_file_service
from trichome.http.state import Clock, CoreState, lifespan_state, open_core, run_in_background
from trichome.services.dashboard.drive_syncs import BackgroundSyncs
from trichome.services.dashboard.drive_upkeep import DriveUpkeep


@dataclass(frozen=True, slots=True)
class DashboardState:
    """The core state, how subscription events turn into tiers, the organisations' files
    (the documents page), their Google Drive sync (None: no Google OAuth client), the
    syncs started from the page or by Google's notifications, and the notification
    channels (None: no public HTTPS address, or push turned off: folders are polled)."""

    core: CoreState
    billing_policy: BillingPolicy
    files: FileService
    drive: DriveSync | None = None
    syncs: BackgroundSyncs | None = None
    channels: DriveChannels | None = None


def dashboard_lifespan(
    settings: Settings, clock: Clock
) -> Callable[[FastAPI], AbstractAsyncContextManager[dict[str, object]]]:
    """The lifespan: the core state, with the clock billing decisions are made at, the
    periodic sync of connected Drive folders (`TRICHOME_GOOGLE_DRIVE_SYNC_MINUTES`) and
    the Drive upkeep (expired PKCE verifiers, notified syncs, channel renewal)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, object]]:
        async with AsyncExitStack() as stack:
            core = await open_core(settings, stack, clock=clock)
            files = open_file_service(settings, core.sessions, stack)
            drive = open_drive_sync(settings, core.sessions, files, stack, clock)
            minutes = settings.google_drive_sync_minutes
            syncs = channels = None
            if drive is not None:
                syncs = BackgroundSyncs(drive)
                stack.push_async_callback(syncs.aclose)  # before the store and database close
                if minutes > 0:
                    run_in_background(stack, lambda stop: drive.run_periodically(stop, minutes))
                address = webhook_address(settings)
                if address is not None:
                    channels = DriveChannels(core.sessions, drive, address, clock=core.clock)
                upkeep = DriveUpkeep(core.sessions, core.clock, syncs, channels)
                every = settings.google_drive_upkeep_seconds
                run_in_background(stack, lambda stop: upkeep.run_periodically(stop, every))
            state = DashboardState(
                core, BillingPolicy.from_settings(settings), files, drive, syncs, channels
            )
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
