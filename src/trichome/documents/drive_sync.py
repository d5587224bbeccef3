"""Keeping an organisation's documents in sync with its Google Drive folder.

The first sync of a folder lists it and its subfolders whole (every page; trashed files
excluded), after taking the Changes API's start page token; the later ones ask only what
changed since the token the last one kept (`drive_changes`): files removed, trashed or moved
out of the tree are deleted here, new or modified ones copied. When Google refuses the token,
or a folder of the tree changed (which moves whole subtrees in or out), the folder is listed
whole again. For each file new since the last sync or with another `modifiedTime` it
downloads or exports it
and uploads it through the same path as an upload (`FileService.upload`: type and size
limits, extraction, the storage quota; the index catches up by itself), then links it to
its Drive file and deletes the version it replaces. A document whose Drive file is no
longer listed (deleted, trashed or moved out of the folder) is deleted here.

A file refused for what it is (not an accepted type, too large, encrypted, damaged) is
remembered with its `modifiedTime` and reason: until it changes in Drive it is not
downloaded again, and the page names it. A refusal that depends on the organisation (the
storage quota) or on Google (a file it will not export) is not remembered: the next sync
tries again.

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
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import PurePath
from typing import TypeVar

import anyio
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.db.models import DriveConnection, DriveFile, DriveRefusal, Organization, utcnow
from trichome.documents import drive_changes, drive_store
from trichome.documents.drive_client import (
    EXPORTS,
    EXTENSIONS,
    DriveItem,
    GoogleDriveClient,
)
from trichome.documents.drive_errors import (
    ContentTooLarge,
    DriveAuthorizationError,
    DriveBadRequest,
    DriveError,
    DriveNotFound,
    TokenRejected,
)
from trichome.documents.errors import FileRejected
from trichome.documents.service import FileService, Upload, clean_filename
from trichome.documents.types import KINDS
from trichome.plans import Tier

logger = logging.getLogger(__name__)
T = TypeVar("T")
# A token this close to its expiry is refreshed before use.
EXPIRY_MARGIN = timedelta(seconds=60)
# Skipped files named on the page, at most.
NAMED_SKIPS = 5
TOO_LARGE = "file_too_large"
# Refusals that are not the file's own doing: not remembered, tried again next time.
_NOT_REMEMBERED = {"storage_quota_exceeded"}
_ACCEPTED_EXTENSIONS = {extension for kind in KINDS for extension in kind.extensions if extension}


class SyncUnavailable(DriveError):
    """The organisation has no folder to sync, or a sync of it is already under way."""


@dataclass(slots=True)
class SyncReport:
    """What one sync did."""

    added: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    # Files not synced this time for a passing reason (quota, Google), "name: reason".
    skipped: list[str] = field(default_factory=list)
    # Files refused for what they are, "name: reason" (remembered; not downloaded again).
    refused: list[str] = field(default_factory=list)
    # True: only what the Changes API reported since the last sync was looked at; False:
    # the folder was listed whole (the first sync, another folder, or a folder changed).
    from_changes: bool = False

    def problem(self, *, with_refused: bool = False) -> str | None:
        """The skipped files (and the refused ones, when asked) in words, or None; the page
        lists the refused files by themselves."""
        named_files = self.skipped + (self.refused if with_refused else [])
        if not named_files:
            return None
        named = "; ".join(named_files[:NAMED_SKIPS])
        more = len(named_files) - NAMED_SKIPS
        return f"Not synced: {named}" + (f"; and {more} more." if more > 0 else ".")


def _wanted(item: DriveItem) -> str | None:
    """Why a listed file is not copied (None: it is): types we do not accept are left
    alone without downloading them."""
    if item.mime_type in EXPORTS or item.mime_type.split(";")[0] in EXTENSIONS:
        return None
    if PurePath(item.name).suffix.lower() in _ACCEPTED_EXTENSIONS:
        return None
    return "not a type documents accept"


def _same(known: dict[str, DriveFile], item: DriveItem) -> bool:
    return known[item.id].modified_time == item.modified_time


def _still_refused(refusal: DriveRefusal, item: DriveItem, limit: int) -> bool:
    """Whether a remembered refusal holds: the file has not changed since, and (when it was
    too large) the limit has not grown past its size."""
    if refusal.modified_time != item.modified_time:
        return False
    return not (refusal.code == TOO_LARGE and item.size is not None and item.size <= limit)


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
                    )
                    await session.commit()

    async def _sync(self, organization_id: str, folder_id: str) -> SyncReport:
        async with self._sessions() as session:
            page_token, folders = await drive_store.sync_cursor(session, organization_id)
        if page_token is not None and folders.get(folder_id) == "":
            report = await self._sync_changes(organization_id, folder_id, page_token, folders)
            if report is not None:
                return report
        return await self._sync_whole(organization_id, folder_id)

    async def _sync_changes(
        self, organization_id: str, folder_id: str, page_token: str, folders: dict[str, str]
    ) -> SyncReport | None:
        """Apply what changed since `page_token`; None when the folder must be listed whole
        (Google refused the token, or a folder of the tree changed)."""
        try:
            listed = await self.call(
                organization_id,
                lambda token: drive_changes.list_changes(self.client, token, page_token),
            )
        except drive_changes.ChangesUnusable:
            return None
        planned = drive_changes.plan(listed.changes, folders)
        if planned.relist:
            return None
        report = await self._apply(organization_id, planned.present, planned.gone)
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

    async def _sync_whole(self, organization_id: str, folder_id: str) -> SyncReport:
        """List the folder whole and mirror it; keep the start page token taken before the
        listing (Google's advice: a change made while listing is read again next time)."""
        start = await self.call(
            organization_id, lambda token: drive_changes.start_page_token(self.client, token)
        )
        tree = await self.call(
            organization_id, lambda token: self.client.list_tree(token, folder_id)
        )
        report = await self._apply(organization_id, tree.files, None)
        async with self._sessions() as session:
            await drive_store.save_cursor(
                session,
                organization_id,
                folder_id,
                None if report.skipped else start,
                tree.folders,
            )
            await session.commit()
        return report

    async def _apply(
        self, organization_id: str, items: list[DriveItem], gone: set[str] | None
    ) -> SyncReport:
        """Copy the files in `items` that are new or changed, and delete the documents of the
        Drive files in `gone` (None: of every Drive file not in `items`, a full listing)."""
        async with self._sessions() as session:
            known = await drive_store.synced_files(session, organization_id)
            refused = await drive_store.refusals(session, organization_id)
            organization = await session.get(Organization, organization_id)
        tier = Tier(organization.tier) if organization is not None else Tier.FREE
        report = SyncReport()
        listed: set[str] = set()
        for item in items:
            listed.add(item.id)
            previous = known.get(item.id)
            if previous is not None and previous.modified_time == item.modified_time:
                if gone is None:
                    report.unchanged += 1
                continue
            refusal = refused.get(item.id)
            if refusal is not None and _still_refused(refusal, item, self._files.max_bytes):
                report.refused.append(f"{item.shown_name}: {refusal.reason}")
                continue
            reason = _wanted(item)
            if reason is not None:
                await self._refuse(organization_id, item, "unsupported_file_type", reason, report)
                continue
            copied = await self._copy(organization_id, tier, item, previous, report)
            async with self._sessions() as session:  # still ours while it copies
                if copied and refusal is not None:
                    await drive_store.forget_refusals(session, organization_id, {item.id})
                await drive_store.renew(session, organization_id, self._clock())
                await session.commit()
            if copied and previous is None:
                report.added += 1
            elif copied:
                report.updated += 1
        leaving = set(known) - listed if gone is None else (gone & set(known)) - listed
        for drive_file_id in sorted(leaving):
            await self._files.delete(organization_id, known[drive_file_id].file_id)
            async with self._sessions() as session:
                await drive_store.unlink_file(session, organization_id, drive_file_id)
                await session.commit()
            report.deleted += 1
        if gone is not None:
            # The documents from Drive that no change touched (or touched but left as they
            # were), as a full listing counts them.
            touched = {item.id for item in items if item.id in known and not _same(known, item)}
            report.unchanged = len(set(known) - touched - leaving)
            # The files refused before that no change touched are still refused.
            report.refused += [
                f"{row.name}: {row.reason}"
                for drive_file_id, row in sorted(refused.items(), key=lambda pair: pair[1].name)
                if drive_file_id not in listed and drive_file_id not in gone
            ]
        forgotten = set(refused) - listed if gone is None else gone & set(refused)
        async with self._sessions() as session:
            await drive_store.forget_refusals(session, organization_id, forgotten)
            await session.commit()
        return report

    async def _refuse(
        self, organization_id: str, item: DriveItem, code: str, reason: str, report: SyncReport
    ) -> None:
        """Name a file that cannot be kept; remember it when that is the file's doing."""
        if code in _NOT_REMEMBERED:
            report.skipped.append(f"{item.shown_name}: {reason}")
            return
        report.refused.append(f"{item.shown_name}: {reason}")
        async with self._sessions() as session:
            await drive_store.refuse(
                session,
                organization_id,
                item.id,
                name=item.shown_name,
                modified_time=item.modified_time,
                code=code,
                reason=reason,
                now=self._clock(),
            )
            await session.commit()

    async def _copy(
        self,
        organization_id: str,
        tier: Tier,
        item: DriveItem,
        previous: DriveFile | None,
        report: SyncReport,
    ) -> bool:
        """Download or export one file and upload it; False (and named) when skipped."""
        limit = self._files.max_bytes
        too_large = f"larger than the {limit / 1048576:.1f} MB accepted"
        if item.size is not None and item.size > limit:
            await self._refuse(organization_id, item, TOO_LARGE, too_large, report)
            return False
        try:
            name, content = await self.call(
                organization_id, lambda token: self.client.content(token, item, limit)
            )
        except ContentTooLarge:
            await self._refuse(organization_id, item, TOO_LARGE, too_large, report)
            return False
        except (DriveNotFound, DriveBadRequest) as error:
            # Google would not give this one file (or export it): the others go on.
            report.skipped.append(f"{item.shown_name}: {error}")
            return False
        try:
            record = await self._files.upload(
                organization_id, tier, Upload(clean_filename(name), content, "assistants")
            )
        except FileRejected as error:
            await self._refuse(organization_id, item, error.code, error.message, report)
            return False
        try:
            async with self._sessions() as session:
                await drive_store.link_file(
                    session, organization_id, item.id, record.id, item.modified_time, self._clock()
                )
                await session.commit()
        except BaseException:
            # An unlinked copy would be copied again next time: take it back.
            with contextlib.suppress(Exception):
                await self._files.delete(organization_id, record.id)
            raise
        if previous is not None:
            await self._files.delete(organization_id, previous.file_id)
        return True

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
