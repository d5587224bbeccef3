"""The files sweep: a background task of the chat API that, a bounded batch at a time,
takes back uploads that died half-stored (a pending row older than an upload can take,
with whatever bytes it left), deletes stored bytes that no file row names any more (an
organisation deleted, whose rows the database cascaded away; a take-back that could not
reach the store), and drops cached indexes of organisations with no files left.

Each run reads at most `batch` pending rows and `batch` stored keys, walking the store from
where the last run stopped and starting over at its end, so no run holds a worker long
however many files there are; the blocking store calls run in worker threads. Bytes are
written after their row and deleted before it, so bytes without a row are never an upload
under way."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

import anyio
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import StoredFile
from trichome.documents.errors import StoreUnavailable
from trichome.documents.index import DocumentIndexes
from trichome.documents.service import FileService

logger = logging.getLogger(__name__)

# Rows and keys one run looks at; and how long between runs.
SWEEP_BATCH = 200
SWEEP_SECONDS = 300.0


@dataclass(frozen=True, slots=True)
class Swept:
    """What one run removed."""

    pending: int
    orphans: int
    indexes: int


class FileSweeper:
    """Removes what uploads and deletions left behind, a batch per run."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        files: FileService,
        indexes: DocumentIndexes | None = None,
        *,
        batch: int = SWEEP_BATCH,
    ) -> None:
        self._sessions = sessions
        self._files = files
        self._indexes = indexes
        self._batch = batch
        self._after = ""  # the last key the previous run looked at

    async def run_once(self) -> Swept:
        """One bounded run.

        Raises:
            StoreUnavailable: the store could not be listed or a deletion failed; what was
                removed before stays removed, and the next run goes on.
        """
        pending = await self._files.sweep_pending(self._batch)
        orphans = await self._orphans()
        indexes = await self._indexes.prune() if self._indexes is not None else 0
        return Swept(pending, orphans, indexes)

    async def _orphans(self) -> int:
        store = self._files.store
        keys = await anyio.to_thread.run_sync(store.list_keys, self._after, self._batch)
        self._after = keys[-1] if len(keys) == self._batch else ""
        if not keys:
            return 0
        async with self._sessions() as session:
            known = set(
                await session.scalars(
                    select(StoredFile.storage_key).where(StoredFile.storage_key.in_(keys))
                )
            )
        orphans = [key for key in keys if key not in known]
        for key in orphans:
            await anyio.to_thread.run_sync(store.delete, key)
        return len(orphans)

    async def run_periodically(self, stop: asyncio.Event, seconds: float = SWEEP_SECONDS) -> None:
        """Run at once and then every `seconds` until `stop` is set; a failing store or
        database is logged and tried again at the next turn."""
        while not stop.is_set():
            try:
                swept = await self.run_once()
            except (StoreUnavailable, OSError) as error:
                logger.warning("the files sweep could not finish: %s", error)
            except Exception:
                logger.exception("the files sweep failed")
            else:
                if swept.pending or swept.orphans:
                    logger.warning(
                        "files sweep: took back %d half-stored uploads, deleted %d stored "
                        "files no record names",
                        swept.pending,
                        swept.orphans,
                    )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), seconds)
