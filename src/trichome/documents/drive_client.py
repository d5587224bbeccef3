"""A client of Google's OAuth 2.0 endpoints (the authorization-code flow of web server
applications, with refresh tokens) and of the Drive API v3 (`files.list`, `files.get` with
`alt=media`, `files.export`), over the base URLs the settings name.

As Google documents it (developers.google.com/identity/protocols/oauth2/web-server): the
browser goes to the authorization endpoint with `response_type=code`, the scope,
`access_type=offline` (so the first code exchange also returns a refresh token) and a
`state`; with PKCE (RFC 7636, which Google's endpoints accept: developers.google.com/
identity/protocols/oauth2/native-app, "code_challenge") also `code_challenge` =
BASE64URL(SHA-256(verifier)) and `code_challenge_method=S256`. The code comes back to the
redirect URI and is exchanged, with the client's id and secret and the `code_verifier`, at
the token endpoint (`grant_type=authorization_code`), which answers
`access_token`, `expires_in`, `refresh_token`, `scope`; a refresh sends
`grant_type=refresh_token`. A refused code or refresh token is a 400 `invalid_grant`.
Drive (developers.google.com/workspace/drive/api/reference/rest/v3/files): `files.list`
takes `q`, `fields`, `pageSize` and `pageToken` and answers `files` and, while more
follow, `nextPageToken`; without `trashed = false` it lists trashed files too (a folder's
subfolders are listed as files of the folder type, and listed in turn); Google
Docs, Sheets and Slides have no bytes of their own and are exported (at most 10 MB).

Shared drives: see `drive_items.drive_scope`.

No token ever goes in a URL (they travel in bodies and the `Authorization` header), and no
error message quotes what Google answered beyond its error code."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import httpx

from trichome import __version__
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.documents.drive_errors import (
    ContentTooLarge,
    DriveAuthorizationError,
    DriveBadRequest,
    DriveNotFound,
    DriveUnavailable,
    TokenRejected,
)
from trichome.documents.drive_items import (
    ALL_DRIVES,
    EXPORTS,
    EXTENSIONS,
    FOLDER,
    DriveItem,
    DriveTree,
    FolderFound,
    drive_item,
    drive_scope,
)

SCOPE = "https://www.googleapis.com/auth/drive.readonly"
LIST_FIELDS = "nextPageToken, files(id, name, mimeType, modifiedTime, size)"
PAGE_SIZE = 1000  # the largest page files.list gives
MAX_PAGES = 100  # of the whole tree, subfolders included
MAX_DEPTH = 20  # subfolders below the synced folder; deeper ones are not followed
_FILE_ID = re.compile(r"^[A-Za-z0-9_-]{1,200}$")
USER_AGENT = f"trichome-drive/{__version__}"


@dataclass(frozen=True, slots=True)
class GoogleTokens:
    """What the token endpoint granted."""

    access_token: str = field(repr=False)
    expires_at: datetime
    refresh_token: str | None = field(repr=False)
    scope: str


def _quoted(value: str) -> str:
    # Drive's query language: a string in single quotes, `\` and `'` escaped with `\`.
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _google_error(response: httpx.Response) -> str:
    """Google's error code, never its free text (which may echo what was sent)."""
    try:
        body = response.json()
    except ValueError:
        return f"HTTP {response.status_code}"
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, str) and re.fullmatch(r"[a-z_]{1,40}", error):
        return error  # the OAuth endpoints: {"error": "invalid_grant", ...}
    if isinstance(error, dict) and isinstance(error.get("status"), str):
        return str(error["status"])[:40]  # the APIs: {"error": {"code", "status", ...}}
    return f"HTTP {response.status_code}"


class GoogleDriveClient:
    """Google's OAuth endpoints and the Drive API, for one deployment's OAuth client."""

    def __init__(
        self,
        settings: Settings,
        client: httpx.AsyncClient | None = None,
        *,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        if not settings.drive_enabled or settings.google_client_secret is None:
            raise ValueError("Google Drive needs TRICHOME_GOOGLE_CLIENT_ID and _SECRET")
        self._settings = settings
        self._client_id = settings.google_client_id or ""
        self._secret = settings.google_client_secret
        self._drive = settings.google_drive_url.rstrip("/")
        self._clock = clock
        self._http = client or httpx.AsyncClient(
            timeout=settings.google_timeout, headers={"User-Agent": USER_AGENT}
        )

    async def aclose(self) -> None:
        """Release the HTTP connections."""
        await self._http.aclose()

    def authorization_url(self, redirect_uri: str, state: str, code_challenge: str) -> str:
        """Where the browser goes to let this deployment read the user's Drive; the code
        that comes back is only worth tokens with the verifier of `code_challenge` (S256)."""
        query = {
            "client_id": self._client_id,
            "redirect_uri": redirect_uri,
            "response_type": "code",
            "scope": SCOPE,
            "access_type": "offline",
            # Consent each time, so that every code exchange returns a refresh token.
            "prompt": "consent",
            "state": state,
            "code_challenge": code_challenge,
            "code_challenge_method": "S256",
        }
        return f"{self._settings.google_auth_url}?{urlencode(query)}"

    async def exchange_code(self, code: str, redirect_uri: str, code_verifier: str) -> GoogleTokens:
        """The tokens an authorization code is worth, proven ours by the PKCE verifier.

        Raises:
            DriveAuthorizationError: Google refused the code, or granted no refresh token or
                not the Drive scope.
            DriveUnavailable: Google could not be reached.
        """
        tokens = await self._token_request(
            {
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": redirect_uri,
                "code_verifier": code_verifier,
            }
        )
        if not tokens.refresh_token:
            raise DriveAuthorizationError(
                "Google granted no refresh token, so the folder could not be synced later. "
                "Connect again."
            )
        if SCOPE not in tokens.scope.split():
            raise DriveAuthorizationError(
                "Google did not grant read access to Drive (the permission was unticked). "
                "Connect again and allow it."
            )
        return tokens

    async def refresh(self, refresh_token: str) -> GoogleTokens:
        """A new access token for a stored refresh token.

        Raises:
            DriveAuthorizationError: Google refused the refresh token (revoked or expired).
            DriveUnavailable: Google could not be reached.
        """
        return await self._token_request(
            {"grant_type": "refresh_token", "refresh_token": refresh_token}
        )

    async def _token_request(self, form: dict[str, str]) -> GoogleTokens:
        body = {
            **form,
            "client_id": self._client_id,
            "client_secret": self._secret.get_secret_value(),
        }
        response = await self._send("POST", self._settings.google_token_url, data=body)
        if response.status_code in (400, 401):
            raise DriveAuthorizationError(
                f"Google refused the authorisation ({_google_error(response)}). "
                "Connect Google Drive again."
            )
        payload = self._json(response)
        access = payload.get("access_token")
        if not isinstance(access, str) or not access:
            raise DriveUnavailable("Google's token endpoint answered without an access token.")
        expires_in = payload.get("expires_in")
        seconds = float(expires_in) if isinstance(expires_in, int | float) else 3600.0
        refresh = payload.get("refresh_token")
        scope = payload.get("scope")
        return GoogleTokens(
            access,
            self._clock() + timedelta(seconds=seconds),
            refresh if isinstance(refresh, str) and refresh else None,
            scope if isinstance(scope, str) else "",
        )

    async def revoke(self, token: str) -> bool:
        """Ask Google to revoke a token (best effort: False when it could not)."""
        try:
            response = await self._send(
                "POST", self._settings.google_revoke_url, data={"token": token}
            )
        except DriveUnavailable:
            return False
        return response.status_code == 200

    async def folder(self, access_token: str, folder_id: str, *, live: bool = True) -> FolderFound:
        """A folder the user may read, in My Drive or a shared drive (`live`: not in the
        trash either).

        Raises:
            DriveNotFound: no such folder for this account, or it is not a folder.
            TokenRejected, DriveUnavailable: as for every API call.
        """
        response = await self._api(
            access_token,
            f"/files/{folder_id}",
            {**ALL_DRIVES, "fields": "id, name, mimeType, trashed, driveId"},
        )
        item = self._json(response)
        if item.get("mimeType") != FOLDER or (live and item.get("trashed") is True):
            raise DriveNotFound("That is not a folder of this Google Drive.")
        drive_id = item.get("driveId")
        return FolderFound(
            str(item.get("name") or folder_id),
            drive_id if isinstance(drive_id, str) and _FILE_ID.match(drive_id) else None,
        )

    async def list_tree(
        self, access_token: str, folder_id: str, drive_id: str | None = None
    ) -> DriveTree:
        """Every file (not folder) in the folder and its subfolders, to `MAX_DEPTH`, that
        is not in the trash, page after page, and the folders listed (a folder once);
        `drive_id`: the shared drive the folder is in.

        Raises:
            DriveNotFound: the folder is not there for this account.
            DriveUnavailable: the tree takes more than `MAX_PAGES` pages; as for every call.
            TokenRejected: as for every API call.
        """
        files: list[DriveItem] = []
        folders = {folder_id: ""}
        pending: list[tuple[str, str, int]] = [(folder_id, "", 0)]
        seen = {folder_id}
        pages = 0
        while pending:
            current, path, depth = pending.pop(0)
            query = {
                **drive_scope(drive_id),
                "q": f"{_quoted(current)} in parents and trashed = false",
                "fields": LIST_FIELDS,
                "pageSize": str(PAGE_SIZE),
            }
            while True:
                pages += 1
                if pages > MAX_PAGES:
                    raise DriveUnavailable(f"The folder lists more than {MAX_PAGES} pages.")
                payload = self._json(await self._api(access_token, "/files", query))
                for entry in payload.get("files") or []:
                    if not isinstance(entry, dict) or not _FILE_ID.match(str(entry.get("id"))):
                        continue
                    item = drive_item(entry, path)
                    if item.mime_type != FOLDER:
                        files.append(item)
                    elif depth < MAX_DEPTH and item.id not in seen:
                        seen.add(item.id)
                        folders[item.id] = item.shown_name
                        pending.append((item.id, item.shown_name, depth + 1))
                token = payload.get("nextPageToken")
                if not isinstance(token, str) or not token:
                    break
                query = {**query, "pageToken": token}
        return DriveTree(files, folders)

    async def content(self, access_token: str, item: DriveItem, limit: int) -> tuple[str, bytes]:
        """A file's name (with the extension of its format) and bytes: exported when it is
        a Google Docs, Sheets or Slides file, else downloaded (`alt=media`).

        Raises:
            ContentTooLarge: it is larger than `limit` bytes.
            DriveNotFound: it cannot be read or exported here.
            TokenRejected, DriveUnavailable: as for every API call.
        """
        export = EXPORTS.get(item.mime_type)
        if export is not None:
            media_type, extension = export
            path, query = f"/files/{item.id}/export", {"mimeType": media_type}
        elif item.mime_type.startswith("application/vnd.google-apps."):
            raise DriveNotFound(f"{item.mime_type.rsplit('.', 1)[-1]} files cannot be exported.")
        else:
            extension = EXTENSIONS.get(item.mime_type.split(";")[0], "")
            path, query = f"/files/{item.id}", {**ALL_DRIVES, "alt": "media"}
        name = item.name
        if extension and not name.lower().endswith(extension):
            name += extension
        return name, await self._download(access_token, path, query, limit)

    async def _download(
        self, access_token: str, path: str, query: dict[str, str], limit: int
    ) -> bytes:
        headers = {"Authorization": f"Bearer {access_token}"}
        try:
            async with self._http.stream(
                "GET", f"{self._drive}{path}", params=query, headers=headers
            ) as response:
                if response.status_code != 200:
                    await response.aread()
                    self._check(response)
                chunks: list[bytes] = []
                size = 0
                async for chunk in response.aiter_bytes():
                    size += len(chunk)
                    if size > limit:
                        raise ContentTooLarge(f"larger than {limit} bytes")
                    chunks.append(chunk)
                return b"".join(chunks)
        except httpx.HTTPError as error:
            raise DriveUnavailable(
                f"Google Drive could not be reached ({type(error).__name__})."
            ) from None

    async def get_json(self, access_token: str, path: str, query: dict[str, str]) -> dict[str, Any]:
        """A Drive API `GET` of `path` (below the API's base URL) answered with JSON.

        Raises:
            TokenRejected, DriveNotFound, DriveUnavailable: as for every API call.
        """
        return self._json(await self._api(access_token, path, query))

    async def post_json(
        self, access_token: str, path: str, query: dict[str, str], body: dict[str, Any]
    ) -> dict[str, Any]:
        """A Drive API `POST` of a JSON body, answered with JSON (or nothing: `{}`).

        Raises:
            TokenRejected, DriveNotFound, DriveBadRequest, DriveUnavailable: as for every
                API call.
        """
        response = await self._api(access_token, path, query, body)
        return self._json(response) if response.content else {}

    async def _api(
        self, access_token: str, path: str, query: dict[str, str], body: Any = None
    ) -> httpx.Response:
        response = await self._send(
            "GET" if body is None else "POST",
            f"{self._drive}{path}",
            params=query,
            json=body,
            headers={"Authorization": f"Bearer {access_token}"},
        )
        self._check(response)
        return response

    @staticmethod
    def _check(response: httpx.Response) -> None:
        status = response.status_code
        if status in (200, 204):
            return
        if status == 401:
            raise TokenRejected("Google refused the access token.")
        if status in (403, 404):
            raise DriveNotFound(
                f"Google Drive refused ({_google_error(response)}): the folder or file is not "
                "there, or this Google account may not read it."
            )
        if status == 400:
            raise DriveBadRequest(f"Google Drive refused the request ({_google_error(response)}).")
        raise DriveUnavailable(f"Google Drive answered {_google_error(response)}.")

    async def _send(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        try:
            response = await self._http.request(method, url, **kwargs)
        except httpx.HTTPError as error:
            raise DriveUnavailable(
                f"Google could not be reached ({type(error).__name__})."
            ) from None
        if response.status_code == 429 or response.status_code >= 500:
            raise DriveUnavailable(f"Google answered {_google_error(response)}; try again later.")
        return response

    @staticmethod
    def _json(response: httpx.Response) -> dict[str, Any]:
        try:
            payload = response.json()
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            raise DriveUnavailable("Google answered with something that is not JSON.")
        return payload
