"""An organisation's files as the dashboard lists them: each with how much text extraction
found and, for a PDF that reads as a certificate of analysis, how many results it holds;
and the bytes the organisation's files take against its quota.

Only PDFs of a certificate's length are read as certificates, so listing a folder of long
SOPs parses nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import anyio
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import StorageUsage, StoredFile
from trichome.documents.coa import parse_certificate
from trichome.documents.service import PROCESSED

# A certificate is a few pages; a longer text is not read as one.
CERTIFICATE_CHARS = 60_000


@dataclass(frozen=True, slots=True)
class FileSummary:
    """One listed file: its record, the characters of text found, and the number of
    analyte results when it reads as a certificate of analysis (else 0)."""

    record: StoredFile
    text_chars: int
    certificate_results: int


async def list_summaries(
    sessions: async_sessionmaker[AsyncSession], organization_id: str, limit: int
) -> list[FileSummary]:
    """The organisation's newest processed files, at most `limit`."""
    length = func.length(StoredFile.text)
    async with sessions() as session:
        rows = (
            await session.execute(
                select(StoredFile, length)
                .where(
                    StoredFile.organization_id == organization_id,
                    StoredFile.status == PROCESSED,
                )
                .order_by(StoredFile.created_at.desc(), StoredFile.id.desc())
                .limit(limit)
            )
        ).all()
        candidates = [
            record.id
            for record, chars in rows
            if record.kind == "pdf" and 0 < (chars or 0) <= CERTIFICATE_CHARS
        ]
        texts = await _certificate_texts(session, organization_id, candidates)
    counts = await anyio.to_thread.run_sync(_count_results, texts)
    return [
        FileSummary(record, int(chars or 0), counts.get(record.id, 0)) for record, chars in rows
    ]


async def _certificate_texts(
    session: AsyncSession, organization_id: str, file_ids: Sequence[str]
) -> dict[str, str]:
    if not file_ids:
        return {}
    rows = await session.execute(
        select(StoredFile.id, StoredFile.text).where(
            StoredFile.organization_id == organization_id,
            StoredFile.id.in_(file_ids),
        )
    )
    return {file_id: text for file_id, text in rows}


def _count_results(texts: dict[str, str]) -> dict[str, int]:
    return {file_id: len(parse_certificate(text).results) for file_id, text in texts.items()}


async def used_bytes(sessions: async_sessionmaker[AsyncSession], organization_id: str) -> int:
    """The bytes the organisation's files take (uploads under way included)."""
    async with sessions() as session:
        used = await session.scalar(
            select(StorageUsage.used_bytes).where(StorageUsage.organization_id == organization_id)
        )
    return int(used or 0)
