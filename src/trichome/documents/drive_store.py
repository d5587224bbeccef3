"""Organisations' Google Drive connections in the database: the tokens sealed with the
deployment's key (as the stored Metrc keys are), the chosen folder, how the last sync went,
the claim a sync under way holds, where the Changes API left off and the folders of the
synced tree, which documents came from which Drive file, which Drive files were refused
(and why). The PKCE verifiers of connections under way are `drive_authorizations`'."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.secrets import SecretBox
from trichome.db.models import (
    DriveConnection,
    DriveFile,
    DriveFolder,
    DriveRefusal,
)
from trichome.documents.drive_client import GoogleTokens

# How long a sync may hold a connection before another worker may take it over (it died).
CLAIM = timedelta(minutes=15)
# A channel's end set in the past: the next upkeep opens a new channel and stops this one.
RENEW_AT_ONCE = datetime(2000, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class SyncCursor:
    """Where the Changes API left off (None: list the folder whole), the tree's folders by
    id with their paths, and the shared drive of the folder (None: My Drive)."""

    page_token: str | None
    folders: dict[str, str]
    drive_id: str | None = None


@dataclass(frozen=True, slots=True)
class Refused:
    """A Drive file the sync refused, as the page names it."""

    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class DriveStatus:
    """What the documents page shows of a connection: never a token."""

    folder_id: str | None
    connected_at: datetime
    last_sync_at: datetime | None
    last_error: str | None
    files_synced: int
    # A sync holds the connection now (started from the page, the CLI or the periodic pass).
    syncing: bool = False
    refused: tuple[Refused, ...] = ()
    # Whether the last sync read only the Changes API's changes (False: it listed the
    # folder whole; None: no sync yet).
    last_sync_from_changes: bool | None = None
    # The folder is in a shared drive (its files are read with the shared drive flags).
    shared_drive: bool = False
    # Google pushes change notifications for this connection (a channel is open).
    pushed: bool = False


async def store_tokens(
    session: AsyncSession, box: SecretBox, organization_id: str, tokens: GoogleTokens
) -> None:
    """Save (or replace) an organisation's tokens, sealed; a chosen folder is kept."""
    if tokens.refresh_token is None:
        raise ValueError("a connection needs a refresh token")
    row = await session.get(DriveConnection, organization_id)
    if row is None:
        row = DriveConnection(organization_id=organization_id)
        session.add(row)
    row.refresh_token_encrypted = box.seal(tokens.refresh_token)
    row.access_token_encrypted = box.seal(tokens.access_token)
    row.access_expires_at = tokens.expires_at
    row.last_error = None
    # Perhaps another Google account: its changes start from a full listing, and its
    # notification channel is opened again at once (`drive_channels`).
    row.page_token = None
    if row.channel_id is not None:
        row.channel_expires_at = RENEW_AT_ONCE
    await session.flush()


async def store_access_token(
    session: AsyncSession, box: SecretBox, organization_id: str, tokens: GoogleTokens
) -> None:
    """Keep a refreshed access token (and a new refresh token, when Google rotates it)."""
    values: dict[str, object] = {
        "access_token_encrypted": box.seal(tokens.access_token),
        "access_expires_at": tokens.expires_at,
    }
    if tokens.refresh_token:
        values["refresh_token_encrypted"] = box.seal(tokens.refresh_token)
    await session.execute(
        update(DriveConnection)
        .where(DriveConnection.organization_id == organization_id)
        .values(**values)
    )


async def choose_folder(session: AsyncSession, organization_id: str, folder_id: str) -> bool:
    """Set the folder to sync (its first sync lists it whole); False when the organisation
    has no connection."""
    result = await session.execute(
        update(DriveConnection)
        .where(DriveConnection.organization_id == organization_id)
        .values(folder_id=folder_id, last_error=None, page_token=None, drive_id=None)
    )
    await session.execute(delete(DriveFolder).where(DriveFolder.organization_id == organization_id))
    return bool(getattr(result, "rowcount", 0))


async def sync_cursor(session: AsyncSession, organization_id: str) -> SyncCursor:
    """Where the Changes API left off, the tree's folders and the folder's shared drive."""
    row = await session.get(DriveConnection, organization_id)
    folders = await session.scalars(
        select(DriveFolder).where(DriveFolder.organization_id == organization_id)
    )
    return SyncCursor(
        None if row is None else row.page_token,
        {folder.drive_folder_id: folder.path for folder in folders},
        None if row is None else row.drive_id,
    )


async def save_cursor(
    session: AsyncSession,
    organization_id: str,
    folder_id: str,
    page_token: str | None,
    folders: dict[str, str] | None = None,
    drive_id: str | None = None,
) -> bool:
    """Keep the page token (and, after a full listing, the tree's folders and the folder's
    shared drive) of a sync of `folder_id`; False, and nothing kept, when another folder
    was chosen meanwhile."""
    values: dict[str, object] = {"page_token": page_token}
    if folders is not None:
        values["drive_id"] = drive_id
        row = await session.get(DriveConnection, organization_id)
        if row is not None and row.channel_id is not None and row.drive_id != drive_id:
            # The folder is in another drive now: its channel watches the wrong changes,
            # so it is due for renewal at once (`drive_channels`).
            values["channel_expires_at"] = RENEW_AT_ONCE
    result = await session.execute(
        update(DriveConnection)
        .where(
            DriveConnection.organization_id == organization_id,
            DriveConnection.folder_id == folder_id,
        )
        .values(**values)
    )
    if not getattr(result, "rowcount", 0):
        return False
    if folders is not None:
        await session.execute(
            delete(DriveFolder).where(DriveFolder.organization_id == organization_id)
        )
        session.add_all(
            DriveFolder(organization_id=organization_id, drive_folder_id=found, path=path[:2000])
            for found, path in folders.items()
        )
        await session.flush()
    return True


async def drive_status(
    session: AsyncSession, organization_id: str, now: datetime
) -> DriveStatus | None:
    """The organisation's connection as the page shows it at `now`, or None."""
    row = await session.get(DriveConnection, organization_id)
    if row is None:
        return None
    synced = await session.scalar(
        select(func.count()).where(DriveFile.organization_id == organization_id)
    )
    refused = await session.scalars(
        select(DriveRefusal)
        .where(DriveRefusal.organization_id == organization_id)
        .order_by(DriveRefusal.name)
    )
    return DriveStatus(
        row.folder_id,
        row.connected_at,
        row.last_sync_at,
        row.last_error,
        int(synced or 0),
        syncing=row.sync_claimed_until is not None and row.sync_claimed_until > now,
        refused=tuple(Refused(found.name, found.reason) for found in refused),
        last_sync_from_changes=row.last_sync_from_changes,
        shared_drive=row.drive_id is not None,
        pushed=row.channel_expires_at is not None and row.channel_expires_at > now,
    )


async def sealed_refresh_token(session: AsyncSession, organization_id: str) -> str | None:
    """The stored refresh token, still sealed (to revoke it), or None."""
    row = await session.get(DriveConnection, organization_id)
    return None if row is None else row.refresh_token_encrypted


async def forget_connection(session: AsyncSession, organization_id: str) -> bool:
    """Delete an organisation's connection (its tokens); the documents already synced stay,
    with their link to Drive, so connecting the same folder again does not copy them twice.
    False when there was none."""
    result = await session.execute(
        delete(DriveConnection).where(DriveConnection.organization_id == organization_id)
    )
    await session.execute(delete(DriveFolder).where(DriveFolder.organization_id == organization_id))
    return bool(getattr(result, "rowcount", 0))


async def claim(session: AsyncSession, organization_id: str, now: datetime) -> str | None:
    """Take the connection for one sync (None: not connected, no folder chosen, or another
    sync holds it); returns the folder to sync. A pushed notification is taken up with it."""
    result = await session.execute(
        update(DriveConnection)
        .where(
            DriveConnection.organization_id == organization_id,
            DriveConnection.folder_id.is_not(None),
            or_(
                DriveConnection.sync_claimed_until.is_(None),
                DriveConnection.sync_claimed_until < now,
            ),
        )
        .values(sync_claimed_until=now + CLAIM, notified_at=None)
    )
    if not getattr(result, "rowcount", 0):
        return None
    return await session.scalar(
        select(DriveConnection.folder_id).where(DriveConnection.organization_id == organization_id)
    )


async def renew(session: AsyncSession, organization_id: str, now: datetime) -> None:
    """Hold the claim for another `CLAIM` (a long sync renews it as it goes)."""
    await session.execute(
        update(DriveConnection)
        .where(DriveConnection.organization_id == organization_id)
        .values(sync_claimed_until=now + CLAIM)
    )


async def finish(
    session: AsyncSession,
    organization_id: str,
    *,
    synced_at: datetime | None,
    error: str | None,
    from_changes: bool = False,
) -> None:
    """Let go of the claim and record how the sync went (`synced_at` None: it failed;
    `from_changes`: it read only the Changes API's changes)."""
    values: dict[str, object] = {"sync_claimed_until": None, "last_error": error}
    if synced_at is not None:
        values["last_sync_at"] = synced_at
        values["last_sync_from_changes"] = from_changes
    await session.execute(
        update(DriveConnection)
        .where(DriveConnection.organization_id == organization_id)
        .values(**values)
    )


async def due_organizations(session: AsyncSession, now: datetime, interval: timedelta) -> list[str]:
    """Organisations with a folder whose last sync is older than `interval` (or none yet),
    or for which Google pushed a change no sync has taken up."""
    rows = await session.scalars(
        select(DriveConnection.organization_id)
        .where(
            DriveConnection.folder_id.is_not(None),
            or_(
                DriveConnection.last_sync_at.is_(None),
                DriveConnection.last_sync_at < now - interval,
                DriveConnection.notified_at.is_not(None),
            ),
        )
        .order_by(DriveConnection.last_sync_at)
    )
    return list(rows)


async def synced_files(session: AsyncSession, organization_id: str) -> dict[str, DriveFile]:
    """The organisation's documents that came from Drive, by Drive file id."""
    rows = await session.scalars(
        select(DriveFile).where(DriveFile.organization_id == organization_id)
    )
    return {row.drive_file_id: row for row in rows}


async def link_file(
    session: AsyncSession,
    organization_id: str,
    drive_file_id: str,
    file_id: str,
    modified_time: str,
    now: datetime,
) -> None:
    """Record that a document is a Drive file's copy at `modified_time`."""
    row = await session.get(DriveFile, (organization_id, drive_file_id))
    if row is None:
        row = DriveFile(organization_id=organization_id, drive_file_id=drive_file_id)
        session.add(row)
    row.file_id = file_id
    row.modified_time = modified_time
    row.synced_at = now
    await session.flush()


async def unlink_file(session: AsyncSession, organization_id: str, drive_file_id: str) -> None:
    """Forget a Drive file's link (its document is deleted separately)."""
    await session.execute(
        delete(DriveFile).where(
            DriveFile.organization_id == organization_id,
            DriveFile.drive_file_id == drive_file_id,
        )
    )


async def refusals(session: AsyncSession, organization_id: str) -> dict[str, DriveRefusal]:
    """The Drive files the organisation's syncs refused, by Drive file id."""
    rows = await session.scalars(
        select(DriveRefusal).where(DriveRefusal.organization_id == organization_id)
    )
    return {row.drive_file_id: row for row in rows}


async def refuse(
    session: AsyncSession,
    organization_id: str,
    drive_file_id: str,
    *,
    name: str,
    modified_time: str,
    code: str,
    reason: str,
    now: datetime,
) -> None:
    """Remember that a Drive file at `modified_time` was refused, and why."""
    row = await session.get(DriveRefusal, (organization_id, drive_file_id))
    if row is None:
        row = DriveRefusal(organization_id=organization_id, drive_file_id=drive_file_id)
        session.add(row)
    row.name = name[:500]
    row.modified_time = modified_time
    row.code = code
    row.reason = reason
    row.refused_at = now
    await session.flush()


async def forget_refusals(
    session: AsyncSession, organization_id: str, drive_file_ids: set[str]
) -> None:
    """Forget the refusals of these Drive files (kept since, changed, or gone)."""
    if drive_file_ids:
        await session.execute(
            delete(DriveRefusal).where(
                DriveRefusal.organization_id == organization_id,
                DriveRefusal.drive_file_id.in_(drive_file_ids),
            )
        )
