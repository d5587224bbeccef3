"""Mirroring Drive files into an organisation's documents: the files a sync found new or
changed are downloaded or exported and uploaded through the same path as an upload
(`FileService.upload`: type and size limits, extraction, the storage quota; the index
catches up by itself), linked to their Drive file, and replace the version they update;
the documents of Drive files gone are deleted.

A file refused for what it is (not an accepted type, too large, encrypted, damaged) is
remembered with its `modifiedTime` and reason: until it changes in Drive it is not
downloaded again, and the page names it. A refusal that depends on the organisation (the
storage quota) or on Google (a file it will not give or export) is not remembered: the
next sync tries again."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import PurePath

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import DriveFile, DriveRefusal, Organization
from trichome.documents import drive_store
from trichome.documents.drive_errors import ContentTooLarge, DriveBadRequest, DriveNotFound
from trichome.documents.drive_items import EXPORTS, EXTENSIONS, DriveItem
from trichome.documents.errors import FileRejected
from trichome.documents.service import FileService, Upload, clean_filename
from trichome.documents.types import KINDS
from trichome.plans import Tier

# Skipped files named on the page, at most.
NAMED_SKIPS = 5
TOO_LARGE = "file_too_large"
# Refusals that are not the file's own doing: not remembered, tried again next time.
_NOT_REMEMBERED = {"storage_quota_exceeded"}
_ACCEPTED_EXTENSIONS = {extension for kind in KINDS for extension in kind.extensions if extension}


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


class DriveMirror:
    """Copies Drive files into an organisation's documents and deletes the ones gone."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        files: FileService,
        fetch: Callable[[str, DriveItem, int], Awaitable[tuple[str, bytes]]],
        clock: Callable[[], datetime],
    ) -> None:
        # `fetch(organization_id, item, limit)`: a file's name and bytes from Drive.
        self._sessions = sessions
        self._files = files
        self._fetch = fetch
        self._clock = clock

    async def apply(
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
            name, content = await self._fetch(organization_id, item, limit)
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
