"""Push notifications of Drive changes: a `changes.watch` channel per connection, kept
open and renewed before it ends, and the notifications Google posts to the dashboard.

As Google documents it (developers.google.com/workspace/drive/api/guides/push; reference
.../api/reference/rest/v3/changes/watch and /channels/stop): `POST /changes/watch?pageToken=`
(with the shared drive flags of `changes.list`) takes a channel `{"id", "type": "web_hook",
"address", "token", "expiration"}` (milliseconds since the epoch) and answers it with
`resourceId` and the `expiration` Google granted; the address must be HTTPS with a valid
certificate. Google then POSTs to the address, with no body that matters, the headers
`X-Goog-Channel-ID`, `X-Goog-Channel-Token` (the token given, unchanged),
`X-Goog-Resource-State` (`sync` once when the channel opens, then `change`),
`X-Goog-Resource-ID` and `X-Goog-Message-Number`; any 2xx acknowledges, anything else is
retried with backoff. Channels are not renewed by Google: a new one (a new id) is opened
before the old one ends, which is then stopped (`POST /channels/stop` with `id` and
`resourceId`).

The token is 32 random bytes made here for each channel; only its SHA-256 is stored, and a
notification counts only when the hash of its token matches the channel's (compared in
constant time). A notification only says "something changed": it starts the same
incremental sync as *Sync now*, so a forged or replayed one could do no more than that."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.config import Settings
from trichome.db.models import DriveConnection, utcnow
from trichome.documents import drive_changes
from trichome.documents.drive_errors import DriveError
from trichome.documents.drive_sync import DriveSync

logger = logging.getLogger(__name__)

WEBHOOK_PATH = "/api/webhooks/google-drive"
# What a channel is asked to last, and how long before its end a new one replaces it.
CHANNEL_LIFETIME = timedelta(days=1)
RENEW_BEFORE = timedelta(hours=1)
# Channels one upkeep opens or renews at most (the next one takes the rest).
RENEW_BATCH = 50


class Received(Enum):
    """What a notification did."""

    SYNC = "sync_requested"  # a change: the organisation's folder is to be synced
    IGNORED = "ignored"  # the channel's opening message, or a state we do not act on
    UNKNOWN = "unknown_channel"  # no open channel has this id
    REFUSED = "token_mismatch"  # the channel exists, the token is not its token


@dataclass(frozen=True, slots=True)
class Notified:
    """A notification's outcome and the organisation it concerns (when it counted)."""

    received: Received
    organization_id: str | None = None


def token_hash(token: str) -> str:
    """The stored form of a channel token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def webhook_address(settings: Settings) -> str | None:
    """Where Google posts notifications, or None when push is off or the dashboard has no
    public HTTPS address (Google calls only HTTPS addresses): syncs then poll."""
    base = settings.dashboard_base_url
    if not settings.google_drive_push or not base.startswith("https://"):
        return None
    return f"{base}{WEBHOOK_PATH}"


def _millis(moment: datetime) -> str:
    return str(int(moment.timestamp() * 1000))


def _from_millis(value: object) -> datetime | None:
    try:
        return datetime.fromtimestamp(int(str(value)) / 1000, UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return None


async def receive(
    session: AsyncSession, channel_id: str, token: str | None, state: str, now: datetime
) -> Notified:
    """Check a notification against the stored channel and, for a change, record that the
    organisation's folder is to be synced (`notified_at`; the next claim takes it up)."""
    row = await session.scalar(
        select(DriveConnection).where(DriveConnection.channel_id == channel_id)
    )
    if row is None or row.channel_token_hash is None:
        return Notified(Received.UNKNOWN)
    given = token_hash(token) if token is not None else ""
    if not hmac.compare_digest(given.encode(), row.channel_token_hash.encode()):
        return Notified(Received.REFUSED)
    if state != "change":
        return Notified(Received.IGNORED, row.organization_id)
    await session.execute(
        update(DriveConnection)
        .where(DriveConnection.organization_id == row.organization_id)
        .values(notified_at=now)
    )
    return Notified(Received.SYNC, row.organization_id)


async def notified_organizations(session: AsyncSession) -> list[str]:
    """Organisations Google told of a change that no sync has taken up yet."""
    rows = await session.scalars(
        select(DriveConnection.organization_id).where(
            DriveConnection.notified_at.is_not(None), DriveConnection.folder_id.is_not(None)
        )
    )
    return list(rows)


async def open_channel_of(session: AsyncSession, organization_id: str) -> tuple[str, str] | None:
    """The id and resource id of the organisation's open channel, or None."""
    row = await session.get(DriveConnection, organization_id)
    if row is None or row.channel_id is None or row.channel_resource_id is None:
        return None
    return row.channel_id, row.channel_resource_id


class DriveChannels:
    """Opens, renews and stops the organisations' `changes.watch` channels."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        drive: DriveSync,
        address: str,
        *,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self._sessions = sessions
        self._drive = drive
        self.address = address
        self._clock = clock

    async def renew_due(self) -> int:
        """Open a channel for each connection whose folder has synced once and that has
        none, or one ending within `RENEW_BEFORE`; returns how many were opened (a failure
        is logged, and tried again at the next upkeep)."""
        now = self._clock()
        async with self._sessions() as session:
            due = list(
                await session.scalars(
                    select(DriveConnection.organization_id)
                    .where(
                        DriveConnection.folder_id.is_not(None),
                        DriveConnection.page_token.is_not(None),
                        or_(
                            DriveConnection.channel_expires_at.is_(None),
                            DriveConnection.channel_expires_at < now + RENEW_BEFORE,
                        ),
                    )
                    .order_by(DriveConnection.channel_expires_at)
                    .limit(RENEW_BATCH)
                )
            )
        opened = 0
        for organization_id in due:
            try:
                opened += await self.renew(organization_id)
            except DriveError as error:
                logger.warning("Drive channel of %s not renewed: %s", organization_id, error)
        return opened

    async def renew(self, organization_id: str) -> bool:
        """Open a new channel for the organisation and stop the one it replaces; False when
        another worker renewed it meanwhile (the channel opened here is stopped then).

        Raises:
            DriveError: Google refused or failed (the old channel stays as it was).
        """
        async with self._sessions() as session:
            row = await session.get(DriveConnection, organization_id)
            if row is None:
                return False
            old_id, old_resource = row.channel_id, row.channel_resource_id
            page_token, drive_id = row.page_token, row.drive_id
        channel_id, token = str(uuid.uuid4()), secrets.token_urlsafe(32)
        wanted_end = self._clock() + CHANNEL_LIFETIME
        scope = drive_changes.changes_scope(drive_id)

        async def watch(access: str) -> dict[str, object]:
            start = page_token or await drive_changes.start_page_token(
                self._drive.client, access, drive_id
            )
            body = {
                "id": channel_id,
                "type": "web_hook",
                "address": self.address,
                "token": token,
                "expiration": _millis(wanted_end),
            }
            return await self._drive.client.post_json(
                access, "/changes/watch", {**scope, "pageToken": start}, body
            )

        answer = await self._drive.call(organization_id, watch)
        resource_id = answer.get("resourceId")
        ends = _from_millis(answer.get("expiration")) or wanted_end
        if not isinstance(resource_id, str) or not resource_id:
            raise DriveError("Google opened no notification channel (no resourceId).")
        async with self._sessions() as session:
            result = await session.execute(
                update(DriveConnection)
                .where(
                    DriveConnection.organization_id == organization_id,
                    DriveConnection.channel_id.is_(None)
                    if old_id is None
                    else DriveConnection.channel_id == old_id,
                )
                .values(
                    channel_id=channel_id,
                    channel_resource_id=resource_id[:200],
                    channel_token_hash=token_hash(token),
                    channel_expires_at=ends,
                )
            )
            await session.commit()
        if not getattr(result, "rowcount", 0):
            await self.stop(organization_id, channel_id, resource_id)
            return False
        if old_id is not None and old_resource is not None:
            await self.stop(organization_id, old_id, old_resource)
        return True

    async def stop(self, organization_id: str, channel_id: str, resource_id: str) -> bool:
        """Ask Google to stop a channel (best effort: False when it could not)."""
        body = {"id": channel_id, "resourceId": resource_id}
        try:
            await self._drive.call(
                organization_id,
                lambda access: self._drive.client.post_json(access, "/channels/stop", {}, body),
            )
        except DriveError as error:
            logger.info("Drive channel of %s not stopped: %s", organization_id, error)
            return False
        return True
