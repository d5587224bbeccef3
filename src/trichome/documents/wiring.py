"""The file service as a service's lifespan opens it: the store `TRICHOME_STORAGE_URL` names
(closed with the lifespan), the upload size and the extraction limits from the settings.
The chat API and the dashboard open the same one, so a file uploaded in either is the same
file in both. The dashboard (and `trichome documents sync`) also open the Google Drive sync
over it, when a Google OAuth client is configured."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AsyncExitStack
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.secrets import SecretBox
from trichome.config import Settings
from trichome.documents.bounded import ExtractionLimits
from trichome.documents.drive_client import GoogleDriveClient
from trichome.documents.drive_sync import DriveSync
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
            ocr_seconds=settings.ocr_seconds,
            ocr_memory_bytes=settings.ocr_memory_mb * 1024 * 1024,
        ),
    )


def open_drive_sync(
    settings: Settings,
    sessions: async_sessionmaker[AsyncSession],
    files: FileService,
    stack: AsyncExitStack,
    clock: Callable[[], datetime],
) -> DriveSync | None:
    """The Google Drive sync over `files` (its HTTP client closed by `stack`), or None when
    no Google OAuth client is configured."""
    if not settings.drive_enabled:
        return None
    client = GoogleDriveClient(settings, clock=clock)
    stack.push_async_callback(client.aclose)
    return DriveSync(sessions, files, client, SecretBox(settings), clock=clock)
