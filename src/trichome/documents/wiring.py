"""The file service as a service's lifespan opens it: the store `TRICHOME_STORAGE_URL` names
(closed with the lifespan), the upload size and the extraction limits from the settings.
The chat API and the dashboard open the same one, so a file uploaded in either is the same
file in both."""

from __future__ import annotations

from contextlib import AsyncExitStack

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.config import Settings
from trichome.documents.bounded import ExtractionLimits
from trichome.documents.service import FileService
from trichome.documents.storage import open_file_store


def open_file_service(
    settings: Settings, sessions: async_sessionmaker[AsyncSession], stack: AsyncExitStack
) -> FileService:
    """The organisations' files over the configured store, which `stack` closes."""
    store = open_file_store(settings.storage_url, settings.data_dir)
    stack.callback(store.close)
    return FileService(
        sessions,
        store,
        settings.max_file_bytes,
        ExtractionLimits(
            seconds=settings.extraction_seconds,
            memory_bytes=settings.extraction_memory_mb * 1024 * 1024,
        ),
    )
