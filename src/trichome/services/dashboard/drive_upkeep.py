"""The dashboard's Drive upkeep: a background task (as the chat API's files sweep is) that,
every `UPKEEP_SECONDS`, deletes the PKCE verifiers of connections never finished (a bounded
batch, so no run holds a worker long), starts the syncs Google's push notifications asked
for that could not start at once (a sync of the folder was under way), and opens or renews
the `changes.watch` channels when the dashboard has a public HTTPS address.

None of it runs on a request's path: a request never waits on a cleanup or on Google."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.documents import drive_authorizations, drive_channels
from trichome.documents.drive_channels import DriveChannels
from trichome.documents.drive_sync import SyncUnavailable
from trichome.services.dashboard.drive_syncs import BackgroundSyncs

logger = logging.getLogger(__name__)

UPKEEP_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class Kept:
    """What one run did."""

    purged: int
    started: int
    renewed: int


class DriveUpkeep:
    """Deletes expired PKCE verifiers, starts notified syncs, renews channels."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        clock: Callable[[], datetime],
        syncs: BackgroundSyncs | None = None,
        channels: DriveChannels | None = None,
    ) -> None:
        self._sessions = sessions
        self._clock = clock
        self._syncs = syncs
        self._channels = channels

    async def run_once(self) -> Kept:
        """One bounded run."""
        async with self._sessions() as session:
            purged = await drive_authorizations.purge_expired_authorizations(session, self._clock())
            await session.commit()
        started = 0
        if self._syncs is not None:
            async with self._sessions() as session:
                notified = await drive_channels.notified_organizations(session)
            for organization_id in notified:
                with contextlib.suppress(SyncUnavailable):  # still under way: next run
                    await self._syncs.start(organization_id)
                    started += 1
        renewed = await self._channels.renew_due() if self._channels is not None else 0
        return Kept(purged, started, renewed)

    async def run_periodically(self, stop: asyncio.Event, seconds: float = UPKEEP_SECONDS) -> None:
        """Run at once and then every `seconds` until `stop` is set; a failing database or
        Google is logged and tried again at the next turn."""
        while not stop.is_set():
            try:
                await self.run_once()
            except Exception:
                logger.exception("the Drive upkeep failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), seconds)
