"""The Files use cases: upload (checked, extracted, within quota), list, read, delete, each
within one organisation; another organisation's file is as absent as one never uploaded."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import anyio
from sqlalchemy import ColumnElement, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import StoredFile, utcnow
from trichome.documents.errors import FileRejected
from trichome.documents.extract import extract_text
from trichome.documents.storage import LocalFileStore
from trichome.documents.types import sniff
from trichome.ids import new_id
from trichome.plans import STORAGE_QUOTA_BYTES, Tier

logger = logging.getLogger(__name__)

PURPOSES = ("assistants", "user_data")


@dataclass(frozen=True, slots=True)
class Upload:
    """A file as the client sent it."""

    filename: str
    content: bytes
    purpose: str


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


class FileService:
    """An organisation's files: metadata and text in the database, bytes in the store."""

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], store: LocalFileStore, max_bytes: int
    ) -> None:
        self._sessions = sessions
        self._store = store
        self.max_bytes = max_bytes

    async def upload(self, organization_id: str, tier: Tier, upload: Upload) -> StoredFile:
        """Check, extract and keep a file.

        Raises:
            FileRejected: the file is too large, of no accepted type, damaged, encrypted,
                or over the tier's storage quota; nothing of it is kept.
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
        text = await anyio.to_thread.run_sync(extract_text, upload.content, kind)
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
        )
        record.storage_key = f"{organization_id}/{record.id}"
        async with self._sessions() as session:
            used = await self._used_bytes(session, organization_id)
            quota = STORAGE_QUOTA_BYTES[tier]
            if used + size > quota:
                raise FileRejected(
                    403,
                    "storage_quota_exceeded",
                    f"The {tier.label} tier keeps {_megabytes(quota)} of files; your "
                    f"organisation uses {_megabytes(used)} and this file is {_megabytes(size)}. "
                    "Delete files or upgrade.",
                )
            await anyio.to_thread.run_sync(self._store.put, record.storage_key, upload.content)
            try:
                session.add(record)
                await session.commit()
            except BaseException:
                # The row is not there, so neither may the bytes be.
                self._store.delete(record.storage_key)
                raise
        return record

    async def _used_bytes(self, session: AsyncSession, organization_id: str) -> int:
        total = await session.scalar(
            select(func.coalesce(func.sum(StoredFile.size_bytes), 0)).where(
                StoredFile.organization_id == organization_id
            )
        )
        return int(total or 0)

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
        query = select(StoredFile).where(StoredFile.organization_id == organization_id)
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
                StoredFile.id == file_id, StoredFile.organization_id == organization_id
            )
        )

    async def get(self, organization_id: str, file_id: str) -> StoredFile | None:
        """One of the organisation's files, or None (another organisation's is None too)."""
        async with self._sessions() as session:
            return await self._find(session, organization_id, file_id)

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
        """Delete a file's row (with its text) and its bytes; False if there was none."""
        async with self._sessions() as session:
            record = await self._find(session, organization_id, file_id)
            if record is None:
                return False
            await session.execute(delete(StoredFile).where(StoredFile.id == record.id))
            await session.commit()
        # After the commit: bytes without a row are unreachable, a row without bytes is not.
        await anyio.to_thread.run_sync(self._store.delete, record.storage_key)
        return True


def _before(created_at: datetime, file_id: str) -> ColumnElement[bool]:
    return (StoredFile.created_at < created_at) | (
        (StoredFile.created_at == created_at) & (StoredFile.id < file_id)
    )


def _after(created_at: datetime, file_id: str) -> ColumnElement[bool]:
    return (StoredFile.created_at > created_at) | (
        (StoredFile.created_at == created_at) & (StoredFile.id > file_id)
    )
