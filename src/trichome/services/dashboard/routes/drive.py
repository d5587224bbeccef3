"""The documents page's Google Drive connection: connecting (Google's OAuth authorization-
code flow: `/documents/drive/connect` sends the browser to Google, `/documents/drive/callback`
takes the code back), choosing the folder, syncing now, and disconnecting.

The OAuth `state` is tied to the browser's session and organisation: it carries when it
was made and a random nonce, signed with an HMAC keyed by the session token; the callback
accepts it only from the same session, for the same organisation, within `STATE_LIFETIME`.
Each connection also uses PKCE (RFC 7636, S256): the code verifier is made here, kept in
the database under the state's hash and sealed with the deployment's key, and only its
challenge goes to Google through the browser; the callback takes it (once) and sends it
with the code, so a code seen in a browser's history or a log is worth nothing. Neither the
verifier nor the code is ever logged. Owners connect, choose and disconnect; every
member sees the connection and may sync now. A sync started here runs in the background
(`BackgroundSyncs`): the page answers at once and shows it under way."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from datetime import datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.accounts.users import OWNER
from trichome.documents import drive_authorizations, drive_channels, drive_store
from trichome.documents.drive_errors import (
    DriveAuthorizationError,
    DriveError,
    DriveNotFound,
    DriveUnavailable,
)
from trichome.documents.drive_items import folder_id_from
from trichome.documents.drive_pkce import code_challenge, new_code_verifier
from trichome.documents.drive_sync import DriveSync, SyncUnavailable
from trichome.http.state import core_of
from trichome.services.dashboard.openapi import page, signed_in_form
from trichome.services.dashboard.routes.documents import show_documents
from trichome.services.dashboard.session import (
    SESSION_COOKIE,
    FormDep,
    UserDep,
    redirect,
    render,
)
from trichome.services.dashboard.state import dashboard_of

logger = logging.getLogger(__name__)
router = APIRouter()
CALLBACK_PATH = "/documents/drive/callback"
STATE_LIFETIME = timedelta(minutes=10)
FOLDER_FIELDS = {
    "folder_id": {
        "type": "string",
        "description": "The Drive folder's id, or its address (`…/drive/folders/{id}`).",
    }
}
_Param = Annotated[str | None, Query(max_length=2048)]


def _state_mac(session_token: str, organization_id: str, issued: str, nonce: str) -> str:
    message = f"trichome-drive:{organization_id}:{issued}:{nonce}".encode()
    return hmac.new(session_token.encode(), message, hashlib.sha256).hexdigest()


def make_state(session_token: str, organization_id: str, now: datetime) -> str:
    """An OAuth `state` only this session, in this organisation, can bring back."""
    issued, nonce = str(int(now.timestamp())), secrets.token_urlsafe(16)
    return f"{issued}.{nonce}.{_state_mac(session_token, organization_id, issued, nonce)}"


def state_matches(state: str, session_token: str, organization_id: str, now: datetime) -> bool:
    """Whether a `state` came from `make_state` for this session and organisation, lately."""
    issued, _, rest = state.partition(".")
    nonce, _, mac = rest.partition(".")
    if not issued.isdigit() or not nonce or not mac or not session_token:
        return False
    expected = _state_mac(session_token, organization_id, issued, nonce)
    if not hmac.compare_digest(expected.encode(), mac.encode("utf-8", "surrogatepass")):
        return False
    age = now.timestamp() - int(issued)
    return 0 <= age <= STATE_LIFETIME.total_seconds()


def _message(request: Request, title: str, message: str, status_code: int) -> Response:
    return render(
        request, "message.html", {"title": title, "message": message}, status_code=status_code
    )


def _drive_or_none(request: Request) -> DriveSync | None:
    return dashboard_of(request).drive


def _not_set_up(request: Request) -> Response:
    return _message(
        request,
        "Google Drive is not set up",
        "This server has no Google OAuth client (TRICHOME_GOOGLE_CLIENT_ID), so no Drive "
        "folder can be connected.",
        404,
    )


def _owners_only(request: Request) -> Response:
    return _message(
        request,
        "Not allowed",
        "Only owners of the organisation can connect, change or disconnect its Google Drive.",
        403,
    )


def _callback_url(request: Request) -> str:
    return f"{core_of(request).settings.dashboard_base_url}{CALLBACK_PATH}"


@router.get("/documents/drive/connect", **page(303, 403, 404))
async def connect(request: Request, user: UserDep) -> Response:
    """Send the browser to Google to let this server read the user's Drive (read only)."""
    drive = _drive_or_none(request)
    if drive is None:
        return _not_set_up(request)
    if user.role != OWNER:
        return _owners_only(request)
    token = request.cookies.get(SESSION_COOKIE, "")
    core = core_of(request)
    now = core.clock()
    state = make_state(token, user.organization.id, now)
    verifier = new_code_verifier()
    async with core.sessions() as session:
        await drive_authorizations.begin_authorization(
            session,
            SecretBox(core.settings),
            user.organization.id,
            state,
            verifier,
            now + STATE_LIFETIME,
            now,
        )
        await session.commit()
    return redirect(
        request,
        drive.client.authorization_url(_callback_url(request), state, code_challenge(verifier)),
    )


@router.get(CALLBACK_PATH, **page(303, 400, 403, 404, 503))
async def callback(
    request: Request,
    user: UserDep,
    code: _Param = None,
    state: _Param = None,
    error: _Param = None,
) -> Response:
    """Where Google sends the browser back: check `state`, exchange the code, keep the
    tokens (sealed). Nothing is stored unless Google granted what the sync needs."""
    drive = _drive_or_none(request)
    if drive is None:
        return _not_set_up(request)
    if user.role != OWNER:
        return _owners_only(request)
    token = request.cookies.get(SESSION_COOKIE, "")
    now = core_of(request).clock()
    verifier: str | None = None
    if state and state_matches(state, token, user.organization.id, now):
        async with core_of(request).sessions() as session:
            box = SecretBox(core_of(request).settings)
            verifier = await drive_authorizations.take_authorization(
                session, box, user.organization.id, state, now
            )
            await session.commit()
    if verifier is None:
        return _message(
            request,
            "Connection not accepted",
            "This answer from Google does not belong to this session (or it is older than "
            "ten minutes, or was used already), so nothing was connected. Start again from "
            "the documents page.",
            400,
        )
    if error or not code:
        reason = "access was denied" if error == "access_denied" else "no code came back"
        return await show_documents(
            request,
            user,
            drive_error=f"Google Drive was not connected: {reason}.",
            status_code=400,
        )
    try:
        tokens = await drive.client.exchange_code(code, _callback_url(request), verifier)
    except DriveAuthorizationError as refused:
        return await show_documents(request, user, drive_error=str(refused), status_code=400)
    except DriveError as failure:
        return await show_documents(request, user, drive_error=str(failure), status_code=503)
    async with core_of(request).sessions() as session:
        box = SecretBox(core_of(request).settings)
        await drive_store.store_tokens(session, box, user.organization.id, tokens)
        await session.commit()
    logger.info("Google Drive connected for %s", user.organization.id)
    return redirect(request, "/documents?drive=connected")


async def _sync(request: Request, user: UserDep, done: str) -> Response:
    """Start syncing the organisation's folder and answer at once; the page shows the sync
    under way, and its result once it has finished."""
    syncs = dashboard_of(request).syncs
    if syncs is None:
        return _not_set_up(request)
    try:
        await syncs.start(user.organization.id)
    except SyncUnavailable as busy:
        return await show_documents(request, user, drive_error=str(busy), status_code=400)
    return redirect(request, f"/documents?drive={done}")


@router.post(
    "/documents/drive/folder", **signed_in_form(303, 400, 403, 404, 503, fields=FOLDER_FIELDS)
)
async def choose_folder(request: Request, user: UserDep, form: FormDep) -> Response:
    """Choose the folder to sync (checked with Google first), then start syncing it."""
    drive = _drive_or_none(request)
    if drive is None:
        return _not_set_up(request)
    if user.role != OWNER:
        return _owners_only(request)
    organization_id = user.organization.id
    folder_id = folder_id_from(form.get("folder_id", "")[:300])
    if folder_id is None:
        return await show_documents(
            request,
            user,
            drive_error="Give the folder's id or its address in Google Drive.",
            status_code=400,
        )
    try:
        await drive.call(organization_id, lambda token: drive.client.folder(token, folder_id))
    except DriveNotFound as missing:
        return await show_documents(request, user, drive_error=str(missing), status_code=400)
    except DriveAuthorizationError as refused:
        return await show_documents(request, user, drive_error=str(refused), status_code=400)
    except DriveUnavailable as failure:
        return await show_documents(request, user, drive_error=str(failure), status_code=503)
    async with core_of(request).sessions() as session:
        chosen = await drive_store.choose_folder(session, organization_id, folder_id)
        await session.commit()
    if not chosen:
        return await show_documents(
            request, user, drive_error="Google Drive is not connected.", status_code=400
        )
    return await _sync(request, user, "folder")


@router.post("/documents/drive/sync", **signed_in_form(303, 400, 403, 404, 503))
async def sync_now(request: Request, user: UserDep, _: FormDep) -> Response:
    """Start syncing the organisation's folder now (any member)."""
    return await _sync(request, user, "started")


@router.post("/documents/drive/disconnect", **signed_in_form(303, 400, 403, 404))
async def disconnect(request: Request, user: UserDep, _: FormDep) -> Response:
    """Stop the notification channel, forget the tokens (and ask Google to revoke them);
    synced documents stay."""
    drive = _drive_or_none(request)
    if drive is None:
        return _not_set_up(request)
    if user.role != OWNER:
        return _owners_only(request)
    organization_id = user.organization.id
    channels = dashboard_of(request).channels
    async with core_of(request).sessions() as session:
        channel = await drive_channels.open_channel_of(session, organization_id)
    if channels is not None and channel is not None:
        await channels.stop(organization_id, *channel)
    async with core_of(request).sessions() as session:
        sealed = await drive_store.sealed_refresh_token(session, organization_id)
        removed = await drive_store.forget_connection(session, organization_id)
        await session.commit()
    if not removed or sealed is None:
        return _message(
            request, "Not connected", "This organisation has no Google Drive connected.", 404
        )
    try:
        refresh_token = SecretBox(core_of(request).settings).open(sealed)
    except SecretUnreadable:
        refresh_token = None
    if refresh_token is not None and not await drive.client.revoke(refresh_token):
        logger.warning("Google did not confirm revoking %s's Drive token", organization_id)
    logger.info("Google Drive disconnected for %s", organization_id)
    return redirect(request, "/documents?drive=disconnected")
