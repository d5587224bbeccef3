"""The Files use cases: upload (checked, extracted, within quota), list, read, delete, each
within one organisation; another organisation's file is as absent as one never uploaded."""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import anyio
from sqlalchemy import ColumnElement, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import StoredFile, utcnow
from trichome.documents import quota
from trichome.documents.bounded import ExtractionLimits, extract_bounded
from trichome.documents.errors import FileRejected
from trichome.documents.storage import FileStore
from trichome.documents.types import sniff
from trichome.ids import new_id
from trichome.plans import STORAGE_QUOTA_BYTES, Tier

logger = logging.getLogger(__name__)

PURPOSES = ("assistants", "user_data")
_CONTROL = re.compile("[\x00-\x1f\x7f]")
PENDING, PROCESSED = "pending", "processed"
# A pending upload older than this died with its worker: it is swept away.
PENDING_TTL = timedelta(minutes=15)


@dataclass(frozen=True, slots=True)
class Upload:
    """A file as the client sent it."""

    filename: str
    content: bytes
    purpose: str


def clean_filename(sent: str | None) -> str:
    """The file name to keep: its last path segment, without control characters (a NUL
    cannot even be stored in PostgreSQL), at most 255 characters."""
    name = _CONTROL.sub("", (sent or "").replace("\\", "/").rsplit("/", 1)[-1]).strip()
    return name[:255] or "upload"


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


class FileService:
    """An organisation's files: metadata and text in the database, bytes in the store.

    A file's row is written `pending` (with its quota reserved) before its bytes and turned
    `processed` after them, so no stored bytes are ever without a row; a failure in between
    takes both back, and a worker that died there leaves a pending row the next upload of
    that organisation sweeps away."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        store: FileStore,
        max_bytes: int,
        limits: ExtractionLimits,
    ) -> None:
        self._sessions = sessions
        self._store = store
        self.max_bytes = max_bytes
        self._limits = limits
        # One extraction process per core at most; more uploads wait their turn.
        self._extractions = anyio.CapacityLimiter(os.cpu_count() or 1)

    async def upload(self, organization_id: str, tier: Tier, upload: Upload) -> StoredFile:
        """Check, extract and keep a file.

        Raises:
            FileRejected: the file is too large, of no accepted type, damaged, encrypted,
                past the extraction limits, or over the tier's storage quota; nothing of it
                is kept.
            StoreUnavailable: the file store failed; nothing of it is kept.
        """
        size = len(upload.content)
        if size > self.max_bytes:
            raise FileRejected(
                413,
                "file_too_large",
                f"The file is {_megabytes(size)}; the largest accepted is "
                f"{_megabytes(self.max_bytes)}.",
            )
        if size == 0:
            raise FileRejected(400, "empty_file", "The file is empty.")
        kind = sniff(upload.content, upload.filename)
        text = await anyio.to_thread.run_sync(
            extract_bounded, upload.content, kind, self._limits, limiter=self._extractions
        )
        record = StoredFile(
            id=new_id("file"),
            organization_id=organization_id,
            filename=upload.filename,
            purpose=upload.purpose,
            kind=kind.name,
            media_type=kind.media_type,
            size_bytes=size,
            sha256=hashlib.sha256(upload.content).hexdigest(),
            text=text.replace("\x00", ""),
            created_at=utcnow(),
            status=PENDING,
        )
        record.storage_key = f"{organization_id}/{record.id}"
        await self._sweep_pending(organization_id)
        await self._reserve(record, tier)
        try:
            await anyio.to_thread.run_sync(self._store.put, record.storage_key, upload.content)
        except BaseException:
            with anyio.CancelScope(shield=True):
                await self._take_back(record, stored=False)
            raise
        try:
            async with self._sessions() as session:
                await session.execute(
                    update(StoredFile).where(StoredFile.id == record.id).values(status=PROCESSED)
                )
                await session.commit()
        except BaseException:
            with anyio.CancelScope(shield=True):
                await self._take_back(record, stored=True)
            raise
        record.status = PROCESSED
        return record

    async def _reserve(self, record: StoredFile, tier: Tier) -> None:
        """Write the pending row and reserve its bytes in one transaction, or refuse."""
        limit = STORAGE_QUOTA_BYTES[tier]
        async with self._sessions() as session:
            used = await quota.reserve(session, record.organization_id, record.size_bytes, limit)
            if used is not None:
                raise FileRejected(
                    403,
                    "storage_quota_exceeded",
                    f"The {tier.label} tier keeps {_megabytes(limit)} of files; your "
                    f"organisation uses {_megabytes(used)} and this file is "
                    f"{_megabytes(record.size_bytes)}. Delete files or upgrade.",
                )
            session.add(record)
            await session.commit()
            session.expunge(record)

    async def _take_back(self, record: StoredFile, *, stored: bool) -> None:
        """Undo a failed upload: its bytes (when they may be stored), its row, its quota.
        When even this fails the row stays pending, and a later sweep finishes the job."""
        try:
            if stored:
                await anyio.to_thread.run_sync(self._store.delete, record.storage_key)
            await self._drop_row(record, status=PENDING)
        except Exception:
            logger.exception("file %s: a failed upload could not be undone yet", record.id)

    async def _drop_row(self, record: StoredFile, *, status: str) -> bool:
        """Delete a file's row (with its text) and give back its bytes of quota, once."""
        async with self._sessions() as session:
            dropped = await session.execute(
                delete(StoredFile).where(StoredFile.id == record.id, StoredFile.status == status)
            )
            if dropped.rowcount != 1:  # type: ignore[attr-defined]
                return False
            await quota.release(session, record.organization_id, record.size_bytes)
            await session.commit()
        return True

    async def _sweep_pending(self, organization_id: str | None, limit: int | None = None) -> int:
        """Take back uploads whose worker died between row and bytes (the organisation's,
        or anyone's when None; at most `limit`); returns how many were found."""
        query = select(StoredFile).where(
            StoredFile.status == PENDING, StoredFile.created_at < utcnow() - PENDING_TTL
        )
        if organization_id is not None:
            query = query.where(StoredFile.organization_id == organization_id)
        async with self._sessions() as session:
            stale = list(await session.scalars(query.order_by(StoredFile.created_at).limit(limit)))
        for record in stale:
            await self._take_back(record, stored=True)
        return len(stale)

    async def sweep_pending(self, limit: int) -> int:
        """Take back at most `limit` uploads, of any organisation, that died half-stored."""
        return await self._sweep_pending(None, limit)

    async def delete_organization(self, organization_id: str, *, batch: int = 100) -> int:
        """Delete every file of an organisation (uploads under way too): bytes first, then
        rows, a batch at a time, so that a failure part-way leaves only whole files and a
        second run finishes; returns how many were deleted.

        Raises:
            StoreUnavailable: the store failed; the files not yet deleted are left whole.
        """
        deleted = 0
        while True:
            async with self._sessions() as session:
                records = list(
                    await session.scalars(
                        select(StoredFile)
                        .where(StoredFile.organization_id == organization_id)
                        .order_by(StoredFile.id)
                        .limit(batch)
                    )
                )
            if not records:
                return deleted
            for record in records:
                await anyio.to_thread.run_sync(self._store.delete, record.storage_key)
                if await self._drop_row(record, status=record.status):
                    deleted += 1

    @property
    def store(self) -> FileStore:
        """Where the bytes live (for the sweep that looks for bytes without a file)."""
        return self._store

    async def list(
        self,
        organization_id: str,
        *,
        purpose: str | None,
        limit: int,
        newest_first: bool,
        after: str | None,
    ) -> tuple[Sequence[StoredFile], bool]:
        """A page of the organisation's files and whether more follow."""
        query = select(StoredFile).where(
            StoredFile.organization_id == organization_id, StoredFile.status == PROCESSED
        )
        if purpose:
            query = query.where(StoredFile.purpose == purpose)
        async with self._sessions() as session:
            if after:
                cursor = await self._find(session, organization_id, after)
                if cursor is not None:
                    query = query.where(
                        _before(cursor.created_at, cursor.id)
                        if newest_first
                        else _after(cursor.created_at, cursor.id)
                    )
            order = (StoredFile.created_at, StoredFile.id)
            query = query.order_by(*(c.desc() for c in order) if newest_first else order)
            rows = list(await session.scalars(query.limit(limit + 1)))
        return rows[:limit], len(rows) > limit

    async def _find(
        self, session: AsyncSession, organization_id: str, file_id: str
    ) -> StoredFile | None:
        return await session.scalar(
            select(StoredFile).where(
                StoredFile.id == file_id,
                StoredFile.organization_id == organization_id,
                StoredFile.status == PROCESSED,
            )
        )

    async def get(self, organization_id: str, file_id: str) -> StoredFile | None:
        """One of the organisation's files, or None (another organisation's is None too)."""
        async with self._sessions() as session:
            return await self._find(session, organization_id, file_id)

    async def text(self, organization_id: str, file_id: str) -> tuple[StoredFile, str] | None:
        """A file's metadata and extracted text, or None (another organisation's too)."""
        async with self._sessions() as session:
            record = await self._find(session, organization_id, file_id)
            if record is None:
                return None
            text = await session.scalar(select(StoredFile.text).where(StoredFile.id == file_id))
        return record, text or ""

    async def content(self, organization_id: str, file_id: str) -> tuple[StoredFile, bytes] | None:
        """A file's metadata and bytes, or None."""
        record = await self.get(organization_id, file_id)
        if record is None:
            return None
        try:
            content = await anyio.to_thread.run_sync(self._store.get, record.storage_key)
        except FileNotFoundError:
            logger.error("file %s has a row but no stored bytes", record.id)
            return None
        return record, content

    async def delete(self, organization_id: str, file_id: str) -> bool:
        """Delete a file: its bytes, then its row with its text, giving back its quota;
        False if there was none.

        Raises:
            StoreUnavailable: the bytes could not be deleted; the file is left whole.
        """
        record = await self.get(organization_id, file_id)
        if record is None:
            return False
        # Bytes first: a store that fails leaves the file whole (the client may retry), and
        # a database that fails after leaves a row whose retried deletion completes.
        await anyio.to_thread.run_sync(self._store.delete, record.storage_key)
        return await self._drop_row(record, status=PROCESSED)


def _before(created_at: datetime, file_id: str) -> ColumnElement[bool]:
    return (StoredFile.created_at < created_at) | (
        (StoredFile.created_at == created_at) & (StoredFile.id < file_id)
    )


def _after(created_at: datetime, file_id: str) -> ColumnElement[bool]:
    return (StoredFile.created_at > created_at) | (
        (StoredFile.created_at == created_at) & (StoredFile.id > file_id)
    )
