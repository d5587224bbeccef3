"""Keeping an organisation's documents in sync with its Google Drive folder.

The first sync of a folder lists it and its subfolders whole (every page; trashed files
excluded), after taking the Changes API's start page token; the later ones ask only what
changed since the token the last one kept (`drive_changes`): files removed, trashed or moved
out of the tree are deleted here, new or modified ones copied (`drive_mirror`). When Google
refuses the token, or a folder of the tree changed (which moves whole subtrees in or out),
the folder is listed whole again. The token is moved on only when nothing was skipped for a
passing reason, so that a skipped file is read again.

Only one sync of an organisation runs at a time (a claim on its connection row, renewed
after each file copied, and taken over `drive_store.CLAIM` after a worker died). A refused
authorisation stops the sync before anything changes and is recorded for the page; a file
that cannot be kept (wrong type, too large, damaged, over quota) is skipped and named, and
the others go on."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

import anyio
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.db.models import DriveConnection, utcnow
from trichome.documents import drive_changes, drive_store
from trichome.documents.drive_client import GoogleDriveClient
from trichome.documents.drive_errors import (
    DriveAuthorizationError,
    DriveError,
    DriveNotFound,
    TokenRejected,
)
from trichome.documents.drive_items import DriveItem
from trichome.documents.drive_mirror import DriveMirror, SyncReport
from trichome.documents.service import FileService

logger = logging.getLogger(__name__)
T = TypeVar("T")
# A token this close to its expiry is refreshed before use.
EXPIRY_MARGIN = timedelta(seconds=60)


class SyncUnavailable(DriveError):
    """The organisation has no folder to sync, or a sync of it is already under way."""


class DriveSync:
    """Syncs organisations' Drive folders into their documents."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        files: FileService,
        client: GoogleDriveClient,
        box: SecretBox,
        *,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self._sessions = sessions
        self._files = files
        self.client = client
        self._box = box
        self._clock = clock
        self._mirror = DriveMirror(sessions, files, self._content, clock)

    async def access_token(self, organization_id: str, *, fresh: bool = False) -> str:
        """A usable access token of the organisation, refreshed (and kept) when it is about
        to expire or `fresh` is asked.

        Raises:
            DriveAuthorizationError: there is no connection, its tokens cannot be decrypted,
                or Google refused the refresh token.
            DriveUnavailable: Google could not be reached.
        """
        async with self._sessions() as session:
            row = await session.get(DriveConnection, organization_id)
            if row is None:
                raise DriveAuthorizationError("Google Drive is not connected.")
            try:
                refresh_token = self._box.open(row.refresh_token_encrypted)
                if (
                    not fresh
                    and row.access_token_encrypted
                    and row.access_expires_at is not None
                    and row.access_expires_at > self._clock() + EXPIRY_MARGIN
                ):
                    return self._box.open(row.access_token_encrypted)
            except SecretUnreadable:
                raise DriveAuthorizationError(
                    "The stored Google authorisation cannot be decrypted with this server's "
                    "key. Connect Google Drive again."
                ) from None
        tokens = await self.client.refresh(refresh_token)
        async with self._sessions() as session:
            await drive_store.store_access_token(session, self._box, organization_id, tokens)
            await session.commit()
        return tokens.access_token

    async def call(self, organization_id: str, request: Callable[[str], Awaitable[T]]) -> T:
        """An API request with the organisation's access token, refreshed and tried once more
        when the API refuses it.

        Raises:
            DriveAuthorizationError: Google refused the fresh token too.
        """
        try:
            return await request(await self.access_token(organization_id))
        except TokenRejected:
            pass
        try:
            return await request(await self.access_token(organization_id, fresh=True))
        except TokenRejected:
            raise DriveAuthorizationError(
                "Google refused the stored authorisation. Connect Google Drive again."
            ) from None

    async def sync_organization(self, organization_id: str) -> SyncReport:
        """Bring the organisation's documents in line with its Drive folder.

        Raises:
            SyncUnavailable: no folder is chosen, or a sync of it is under way.
            DriveError: Google refused or failed; what was synced before stays, and the
                reason is recorded for the page.
        """
        return await self.run_claimed(organization_id, await self.claim(organization_id))

    async def claim(self, organization_id: str) -> str:
        """Hold the organisation's connection for one sync (`run_claimed` lets it go);
        returns the folder to sync.

        Raises:
            SyncUnavailable: no folder is chosen, or a sync of it is under way.
        """
        async with self._sessions() as session:
            folder_id = await drive_store.claim(session, organization_id, self._clock())
            await session.commit()
        if folder_id is None:
            raise SyncUnavailable("No Drive folder to sync, or a sync of it is under way.")
        return folder_id

    async def run_claimed(self, organization_id: str, folder_id: str) -> SyncReport:
        """The sync of a folder `claim` took; records how it went and lets the claim go.

        Raises:
            DriveError: as `sync_organization`.
        """
        report: SyncReport | None = None
        error: str | None = None
        try:
            report = await self._sync(organization_id, folder_id)
            return report
        except Exception as failure:
            error = (
                str(failure)
                if isinstance(failure, DriveError)
                else "The sync could not finish (the file store or database failed); it will "
                "be tried again."
            )
            raise
        finally:
            with anyio.CancelScope(shield=True):
                async with self._sessions() as session:
                    await drive_store.finish(
                        session,
                        organization_id,
                        synced_at=self._clock() if report is not None else None,
                        error=report.problem() if report is not None else error,
                        from_changes=report is not None and report.from_changes,
                    )
                    await session.commit()

    async def _sync(self, organization_id: str, folder_id: str) -> SyncReport:
        async with self._sessions() as session:
            cursor = await drive_store.sync_cursor(session, organization_id)
        if cursor.page_token is not None and cursor.folders.get(folder_id) == "":
            report = await self._sync_changes(organization_id, folder_id, cursor)
            if report is not None:
                return report
        return await self._sync_whole(organization_id, folder_id, cursor.drive_id)

    async def _sync_changes(
        self, organization_id: str, folder_id: str, cursor: drive_store.SyncCursor
    ) -> SyncReport | None:
        """Apply what changed since the cursor's page token; None when the folder must be
        listed whole (Google refused the token, or a folder of the tree changed)."""
        page_token = cursor.page_token or ""
        try:
            listed = await self.call(
                organization_id,
                lambda token: drive_changes.list_changes(
                    self.client, token, page_token, cursor.drive_id
                ),
            )
        except drive_changes.ChangesUnusable:
            return None
        planned = drive_changes.plan(listed.changes, cursor.folders)
        if planned.relist:
            return None
        report = await self._mirror.apply(organization_id, planned.present, planned.gone)
        report.from_changes = True
        # A file skipped for a passing reason is not in the next changes unless it changes
        # again: keep the old token so that they are read again (applying them twice is
        # harmless: an unchanged file is left alone).
        if not report.skipped:
            async with self._sessions() as session:
                await drive_store.save_cursor(
                    session, organization_id, folder_id, listed.new_start_page_token
                )
                await session.commit()
        return report

    async def _sync_whole(
        self, organization_id: str, folder_id: str, known_drive: str | None
    ) -> SyncReport:
        """List the folder whole and mirror it; keep the start page token taken before the
        listing (Google's advice: a change made while listing is read again next time), and
        the shared drive the folder is in (asked again: it may have moved to another)."""
        try:
            found = await self.call(
                organization_id, lambda token: self.client.folder(token, folder_id, live=False)
            )
            drive_id = found.drive_id
        except DriveNotFound:
            # Deleted for good: its listing is empty, and its documents go with it.
            drive_id = known_drive
        start = await self.call(
            organization_id,
            lambda token: drive_changes.start_page_token(self.client, token, drive_id),
        )
        tree = await self.call(
            organization_id, lambda token: self.client.list_tree(token, folder_id, drive_id)
        )
        report = await self._mirror.apply(organization_id, tree.files, None)
        async with self._sessions() as session:
            await drive_store.save_cursor(
                session,
                organization_id,
                folder_id,
                None if report.skipped else start,
                tree.folders,
                drive_id,
            )
            await session.commit()
        return report

    async def _content(
        self, organization_id: str, item: DriveItem, limit: int
    ) -> tuple[str, bytes]:
        return await self.call(
            organization_id, lambda token: self.client.content(token, item, limit)
        )

    async def sync_due(self, interval: timedelta) -> int:
        """Sync every organisation whose last sync is older than `interval`; returns how many
        synced (a failure is recorded on its connection and logged)."""
        async with self._sessions() as session:
            due = await drive_store.due_organizations(session, self._clock(), interval)
        synced = 0
        for organization_id in due:
            try:
                await self.sync_organization(organization_id)
            except SyncUnavailable:
                continue
            except DriveError as error:
                logger.warning("Drive sync of %s failed: %s", organization_id, error)
                continue
            synced += 1
        return synced

    async def run_periodically(self, stop: asyncio.Event, minutes: float) -> None:
        """Sync the connected folders that are due, every `minutes`, until `stop` is set; a
        failing database or store is logged and tried again at the next turn."""
        interval = timedelta(minutes=minutes)
        while not stop.is_set():
            try:
                await self.sync_due(interval)
            except Exception:
                logger.exception("the Drive sync failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), interval.total_seconds())


async def organizations_with_folders(sessions: async_sessionmaker[AsyncSession]) -> list[str]:
    """Every organisation with a Drive folder to sync."""
    async with sessions() as session:
        rows = await session.scalars(
            select(DriveConnection.organization_id).where(DriveConnection.folder_id.is_not(None))
        )
        return list(rows)
