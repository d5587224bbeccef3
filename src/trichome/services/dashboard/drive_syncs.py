"""Syncs started from the documents page, run after the page has answered.

`start` takes the organisation's claim before it returns (so a second click is told a sync
is under way, as the periodic pass and the CLI are), then copies the files in a task of the
service's own. At shutdown the tasks get `BACKGROUND_GRACE_SECONDS` to finish and are then
cancelled; a cancelled sync still records how far it got and lets its claim go."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from trichome.documents.drive_errors import DriveError
from trichome.documents.drive_sync import DriveSync
from trichome.http.state import BACKGROUND_GRACE_SECONDS

logger = logging.getLogger(__name__)


class BackgroundSyncs:
    """The syncs under way in this process, started by members on the page."""

    def __init__(self, drive: DriveSync) -> None:
        self._drive = drive
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self, organization_id: str) -> None:
        """Claim the organisation's folder and sync it in the background.

        Raises:
            SyncUnavailable: no folder is chosen, or a sync of it is under way.
        """
        folder_id = await self._drive.claim(organization_id)
        task = asyncio.create_task(self._run(organization_id, folder_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, organization_id: str, folder_id: str) -> None:
        try:
            await self._drive.run_claimed(organization_id, folder_id)
        except DriveError as error:  # recorded on the connection for the page
            logger.warning("Drive sync of %s failed: %s", organization_id, error)
        except Exception:
            logger.exception("the Drive sync of %s failed", organization_id)

    async def wait(self) -> None:
        """Until every sync started so far has finished."""
        if self._tasks:
            await asyncio.wait(set(self._tasks))

    async def aclose(self) -> None:
        """Give the syncs under way their grace, then cancel what is left."""
        tasks = set(self._tasks)
        if not tasks:
            return
        await asyncio.wait(tasks, timeout=BACKGROUND_GRACE_SECONDS)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
