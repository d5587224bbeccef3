"""`POST /api/webhooks/google-drive`: Google Drive's push notifications of changes.

Google posts here for each organisation's `changes.watch` channel (see
`documents.drive_channels`). The channel token is checked against the stored hash; a
change starts the organisation's incremental sync in the background (the same as *Sync
now*) and the answer goes back at once, so Google never waits on a sync. A change that
arrives while a sync is under way is recorded, and the dashboard's upkeep starts the next
sync once that one has finished. The token is never logged."""

from __future__ import annotations

import logging
import sqlite3
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError

from trichome.documents import drive_channels
from trichome.documents.drive_channels import WEBHOOK_PATH, Received
from trichome.documents.drive_sync import SyncUnavailable
from trichome.http.errors import ApiError, database_unavailable, error_responses
from trichome.http.state import core_of
from trichome.services.dashboard.state import dashboard_of

logger = logging.getLogger(__name__)
router = APIRouter()


class DriveNotificationReceipt(BaseModel):
    """The notification was received; what it did."""

    received: Literal[True] = True
    outcome: Literal["sync_started", "sync_pending", "ignored"] = Field(
        description=(
            "`sync_started` (a change: the folder's incremental sync started in the "
            "background); `sync_pending` (a change while a sync is under way: the next one "
            "starts after it, within a minute); `ignored` (the channel's `sync` message, or "
            "another state)."
        )
    )


def _refused(status: int, message: str, code: str) -> ApiError:
    return ApiError(status, message, type="invalid_request_error", code=code)


_Header = Annotated[str | None, Header(max_length=256)]


@router.post(
    WEBHOOK_PATH,
    response_model=DriveNotificationReceipt,
    responses=error_responses(400, 403, 404, 503),
    summary="Receive a Google Drive change notification (a channel's token)",
    openapi_extra={"security": []},  # the channel token is the credential
)
async def drive_notification(
    request: Request,
    x_goog_channel_id: Annotated[str, Header(max_length=64)],
    x_goog_resource_state: Annotated[str, Header(max_length=32)],
    x_goog_channel_token: _Header = None,
) -> DriveNotificationReceipt:
    """Check the channel and its token; on a change, start the folder's sync and answer."""
    dashboard = dashboard_of(request)
    if dashboard.channels is None or dashboard.syncs is None:
        raise _refused(
            404,
            "Google Drive push notifications are not enabled on this server (no public "
            "HTTPS TRICHOME_DASHBOARD_URL): connected folders are polled.",
            "push_not_enabled",
        )
    core = core_of(request)
    try:
        async with core.sessions() as session:
            notified = await drive_channels.receive(
                session,
                x_goog_channel_id,
                x_goog_channel_token,
                x_goog_resource_state,
                core.clock(),
            )
            await session.commit()
    except (SQLAlchemyError, sqlite3.Error, OSError) as error:
        # A 5xx makes Google deliver the notification again later.
        logger.exception("a Drive notification could not be recorded")
        raise database_unavailable() from error
    if notified.received is Received.UNKNOWN:
        raise _refused(404, "No open notification channel has this id.", "unknown_channel")
    if notified.received is Received.REFUSED:
        logger.warning("a Drive notification for a known channel had the wrong token")
        raise _refused(403, "The channel token does not match.", "token_mismatch")
    if notified.received is Received.IGNORED or notified.organization_id is None:
        return DriveNotificationReceipt(outcome="ignored")
    try:
        await dashboard.syncs.start(notified.organization_id)
    except SyncUnavailable:
        return DriveNotificationReceipt(outcome="sync_pending")
    return DriveNotificationReceipt(outcome="sync_started")
