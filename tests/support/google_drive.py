"""A local Google on 127.0.0.1: the OAuth 2.0 endpoints of web server applications and the
Drive API v3 calls the sync makes, answering as Google documents them.

    with google_server() as google:
        google.add_folder("folder-0001", "SOPs")
        google.add_file("folder-0001", "Transport SOP.pdf", pdf_bytes, "application/pdf")
        google.add_doc("folder-0001", "Handbook", exports={DOCX: docx_bytes})
        google.add_folder("2026", parent="folder-0001")  # listed as a file of the folder type
        Settings(google_auth_url=google.auth_url, google_token_url=google.token_url, ...)

OAuth (developers.google.com/identity/protocols/oauth2/web-server): `GET /o/oauth2/v2/auth`
redirects (302) to the registered `redirect_uri` with `code` and `state`, or `error=
access_denied` when `deny` is set; `POST /token` takes a form with the client's id and
secret and `grant_type=authorization_code` (a code once, with the same redirect URI) or
`refresh_token`, and answers `access_token`, `expires_in`, `scope`, `token_type` and, for a
code, `refresh_token`; a bad code or refresh token is 400 `{"error": "invalid_grant"}`, a
bad client 401 `invalid_client`. `POST /revoke` takes `token` and revokes it.
PKCE (RFC 7636; Google: developers.google.com/identity/protocols/oauth2/native-app): a
`code_challenge` with `code_challenge_method` `S256` (or `plain`, Google's default) is kept
with the code, and its exchange then needs the `code_verifier` that hashes to it (else 400
`invalid_grant`); a verifier for a code issued without a challenge is refused too.
Drive (developers.google.com/workspace/drive/api/reference/rest/v3/files): `GET
/drive/v3/files` with `q` (`'<id>' in parents`, optionally `and trashed = false`),
`fields`, `pageSize`, `pageToken`; `GET /drive/v3/files/{id}` (metadata, or `alt=media` for
the bytes; Google's own formats refuse it with 403 `fileNotDownloadable`); `GET
/drive/v3/files/{id}/export?mimeType=` for Google's own formats. A missing or unknown bearer
token is 401 `UNAUTHENTICATED`. `page_size` caps pages (Google: 1,000) so tests page. A
folder's subfolders are listed among its children with the folder MIME type (a file has
one parent), and trashing a folder trashes what is in it (`trash`).
Changes (developers.google.com/workspace/drive/api/guides/manage-changes; reference
.../api/reference/rest/v3/changes): every change the tests make (`add_*`, `change`,
`trash`, `move`, `rename`, `delete`) is numbered in a log. `GET /drive/v3/changes/
startPageToken` answers `{"kind": "drive#startPageToken", "startPageToken"}` (the number
the next change will get); `GET /drive/v3/changes?pageToken=` answers `{"kind":
"drive#changeList", "changes": [...]}` with `nextPageToken` while more follow (`pageSize`,
capped by `page_size`) and `newStartPageToken` on the last page. Each change is `{"kind":
"drive#change", "changeType": "file", "time", "fileId", "removed"}` and, unless the file
was deleted for good (`removed: true`), `file`: its present state, as Google gives it. A
page token that was never handed out is 400 `invalid` (`INVALID_ARGUMENT`). `fields` is
applied as Google's partial responses are, sub-selections in parentheses included.
Shared drives (.../api/guides/enable-shareddrives): `add_shared_drive` makes one (its id is
also the id of its root folder, as Google's are); what is added below it carries its
`driveId`. Such items are found by `files.get` (and downloaded) only with
`supportsAllDrives=true`, listed by `files.list` only with `includeItemsFromAllDrives=true`
and `supportsAllDrives=true` (`corpora=drive` needs `driveId` and keeps to that drive, and a
`driveId` needs `corpora=drive`: else 400), and their changes are in `changes.list` only
for the shared drive's `driveId` (with `supportsAllDrives=true`) or with
`includeItemsFromAllDrives=true`; a user's changes leave them out otherwise.
Push notifications (.../api/guides/push; reference .../v3/changes/watch, /channels/stop):
`POST /drive/v3/changes/watch?pageToken=` with a JSON channel (`id`, `type: "web_hook"`, an
`https://` `address`, `token`, `expiration` in milliseconds, at most a week ahead for
changes: later ones are cut to it; none: an hour) answers the channel with `kind:
"api#channel"`, `resourceId`, `resourceUri` and `expiration` (milliseconds, as a string); an
id in use, another type or an `http://` address is 400. Google would then POST to the
address: here each message is queued in `outbox` (the first `sync`, then `change` for each
change the channel's drive sees) with the headers Google sends (`X-Goog-Channel-ID`,
`-Token`, `-Expiration`, `X-Goog-Resource-ID`, `-URI`, `-State`, `X-Goog-Message-Number`),
for a test to deliver. `POST /drive/v3/channels/stop` with `id` and `resourceId` ends a
channel (204; 404 when there is none).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import itertools
import json
import re
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

SCOPE = "https://www.googleapis.com/auth/drive.readonly"
FOLDER = "application/vnd.google-apps.folder"
DOC = "application/vnd.google-apps.document"
SHEET = "application/vnd.google-apps.spreadsheet"
_VERIFIER = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")
_QUERY = re.compile(r"^'((?:[^'\\]|\\.)*)' in parents(?: and trashed = (true|false))?$")


@dataclass
class FakeFile:
    id: str
    name: str
    mime_type: str
    parent: str
    content: bytes = b""
    exports: dict[str, bytes] = field(default_factory=dict)
    modified: datetime = field(default_factory=lambda: datetime(2026, 11, 1, tzinfo=UTC))
    trashed: bool = False
    drive_id: str | None = None  # the shared drive it is in (None: My Drive)

    def resource(self) -> dict[str, Any]:
        described: dict[str, Any] = {
            "kind": "drive#file",
            "id": self.id,
            "name": self.name,
            "mimeType": self.mime_type,
            "modifiedTime": self.modified.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "trashed": self.trashed,
            "parents": [self.parent],
        }
        if self.drive_id is not None:
            described["driveId"] = self.drive_id
        if not self.mime_type.startswith("application/vnd.google-apps."):
            described["size"] = str(len(self.content))  # int64 as a string, as Google does
        return described


@dataclass
class Channel:
    """A notification channel `changes.watch` opened."""

    id: str
    resource_id: str
    address: str
    token: str | None
    expiration: datetime
    drive_id: str | None  # the shared drive watched (None: the user's changes)
    include_all: bool  # includeItemsFromAllDrives
    messages: int = 0


@dataclass(frozen=True)
class Notification:
    """A message Google would POST to a channel's address."""

    address: str
    headers: dict[str, str]


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    query: dict[str, str]
    form: dict[str, str]
    headers: dict[str, str]


class GoogleServer:
    """The accounts, files, tokens and requests of the local Google."""

    def __init__(self, client_id: str, client_secret: str) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self.url = ""
        self.redirect_uris: set[str] = set()
        self.deny = False  # the user refuses on the consent screen
        self.granted_scope = SCOPE  # what the user leaves ticked
        self.page_size = 1000
        self.files: dict[str, FakeFile] = {}
        self.requests: list[Received] = []
        self.codes: dict[str, str] = {}  # code -> redirect_uri
        self.challenges: dict[str, tuple[str, str]] = {}  # code -> (challenge, method)
        # The change log: the id of the file each change was to, when, and its shared drive
        # then, numbered from 1.
        self.change_log: list[tuple[str, datetime, str | None]] = []
        self.shared_drives: dict[str, str] = {}  # id -> name
        self.channels: dict[str, Channel] = {}
        self.outbox: list[Notification] = []
        self.clock = datetime(2026, 11, 1, tzinfo=UTC)
        self.refresh_tokens: set[str] = set()
        self.access_tokens: dict[str, str] = {}  # access -> its refresh token
        self.lock = threading.Lock()
        # Cleared by a test to hold `files.list` answers (a sync under way) until it is set.
        self.gate = threading.Event()
        self.gate.set()
        self._ids = itertools.count(1)

    @property
    def auth_url(self) -> str:
        return f"{self.url}/o/oauth2/v2/auth"

    @property
    def token_url(self) -> str:
        return f"{self.url}/token"

    @property
    def revoke_url(self) -> str:
        return f"{self.url}/revoke"

    @property
    def drive_url(self) -> str:
        return f"{self.url}/drive/v3"

    # -- what tests arrange --------------------------------------------------------------------

    def _new_id(self) -> str:
        return f"1Fk{next(self._ids):06d}{secrets.token_hex(6)}"

    def _logged(self, file_id: str, drive_id: str | None = None) -> None:
        self.clock += timedelta(seconds=1)
        found = self.files.get(file_id)
        drive_id = found.drive_id if found is not None else drive_id
        self.change_log.append((file_id, self.clock, drive_id))
        for channel in self.channels.values():
            live = channel.expiration > datetime.now(UTC)
            if live and self._sees(channel.drive_id, channel.include_all, drive_id):
                self._notify(channel, "change")

    @staticmethod
    def _sees(watched: str | None, include_all: bool, drive_id: str | None) -> bool:
        """Whether changes listed for `watched` (None: the user's) show an item of
        `drive_id`."""
        if watched is not None:
            return drive_id == watched
        return drive_id is None or include_all

    def _notify(self, channel: Channel, state: str) -> None:
        channel.messages += 1
        headers = {
            "X-Goog-Channel-ID": channel.id,
            "X-Goog-Channel-Expiration": channel.expiration.strftime("%a, %d %b %Y %H:%M:%S GMT"),
            "X-Goog-Resource-ID": channel.resource_id,
            "X-Goog-Resource-URI": f"{self.drive_url}/changes?alt=json",
            "X-Goog-Resource-State": state,
            "X-Goog-Message-Number": str(channel.messages),
        }
        if channel.token is not None:
            headers["X-Goog-Channel-Token"] = channel.token
        self.outbox.append(Notification(channel.address, headers))

    def _drive_of(self, parent: str) -> str | None:
        if parent in self.shared_drives:
            return parent
        found = self.files.get(parent)
        return None if found is None else found.drive_id

    def _added(self, made: FakeFile) -> FakeFile:
        with self.lock:
            made.drive_id = self._drive_of(made.parent)
            self.files[made.id] = made
            self._logged(made.id)
        return made

    def add_shared_drive(self, name: str) -> str:
        """A shared drive (`drives.create`); its id is its root folder's, a parent too."""
        with self.lock:
            drive_id = f"0A{secrets.token_hex(8)}Uk9PVA"
            self.shared_drives[drive_id] = name
        return drive_id

    def add_folder(self, name: str, parent: str = "root") -> str:
        return self._added(FakeFile(self._new_id(), name, FOLDER, parent)).id

    def add_file(self, folder: str, name: str, content: bytes, mime_type: str) -> FakeFile:
        return self._added(FakeFile(self._new_id(), name, mime_type, folder, content=content))

    def add_doc(
        self, folder: str, name: str, exports: dict[str, bytes], mime_type: str = DOC
    ) -> FakeFile:
        return self._added(FakeFile(self._new_id(), name, mime_type, folder, exports=exports))

    def change(self, file: FakeFile, content: bytes) -> None:
        with self.lock:
            file.content = content
            file.modified += timedelta(minutes=5)
            self._logged(file.id)

    def move(self, item: FakeFile | str, parent: str) -> None:
        """Move a file or folder to another folder (`files.update` with `addParents`)."""
        with self.lock:
            moved = self.files[item.id if isinstance(item, FakeFile) else item]
            moved.parent = parent
            moved.drive_id = self._drive_of(parent)
            self._logged(moved.id)

    def rename(self, item: FakeFile | str, name: str) -> None:
        with self.lock:
            renamed = self.files[item.id if isinstance(item, FakeFile) else item]
            renamed.name = name
            self._logged(renamed.id)

    def delete(self, item: FakeFile | str) -> None:
        """Delete a file for good, skipping the trash (`files.delete`): its change is
        `removed`, with no file."""
        with self.lock:
            file_id = item.id if isinstance(item, FakeFile) else item
            gone = self.files.pop(file_id)
            self._logged(file_id, gone.drive_id)

    def trash(self, item: FakeFile | str) -> None:
        """Move a file or folder to the trash; a folder's descendants go with it, as Google
        documents for `files.update` with `trashed` (each a change)."""
        with self.lock:
            pending = [item.id if isinstance(item, FakeFile) else item]
            while pending:
                current = self.files[pending.pop()]
                current.trashed = True
                self._logged(current.id)
                pending += [f.id for f in self.files.values() if f.parent == current.id]

    def expire_access_tokens(self) -> None:
        """Every access token handed out so far stops working (they expired early)."""
        with self.lock:
            self.access_tokens.clear()

    def revoke_everything(self) -> None:
        """The user removed the app's access in their Google account."""
        with self.lock:
            self.refresh_tokens.clear()
            self.access_tokens.clear()

    def hits(self, path: str) -> list[Received]:
        return [r for r in self.requests if r.path == path]

    # -- OAuth -----------------------------------------------------------------------------------

    def _authorize(self, query: dict[str, str]) -> tuple[int, Any, dict[str, str]]:
        redirect_uri = query.get("redirect_uri", "")
        if query.get("client_id") != self.client_id or redirect_uri not in self.redirect_uris:
            return 400, {"error": "redirect_uri_mismatch"}, {}
        if query.get("response_type") != "code":
            return 400, {"error": "unsupported_response_type"}, {}
        challenge = query.get("code_challenge")
        method = query.get("code_challenge_method", "plain")
        if challenge is not None and (
            method not in ("S256", "plain") or not _VERIFIER.match(challenge)
        ):
            return 400, {"error": "invalid_request"}, {}
        back = {"state": query.get("state", "")}
        if self.deny:
            back["error"] = "access_denied"
        else:
            code = f"4/0A{secrets.token_urlsafe(24)}"
            self.codes[code] = redirect_uri
            if challenge is not None:
                self.challenges[code] = (challenge, method)
            back |= {"code": code, "scope": self.granted_scope}
        return 302, b"", {"Location": f"{redirect_uri}?{urlencode(back)}"}

    def _token(self, form: dict[str, str]) -> tuple[int, Any]:
        if form.get("client_id") != self.client_id or form.get("client_secret") != (
            self.client_secret
        ):
            return 401, {"error": "invalid_client", "error_description": "Unauthorized"}
        invalid = (400, {"error": "invalid_grant", "error_description": "Bad Request"})
        grant = form.get("grant_type")
        if grant == "authorization_code":
            code = form.get("code", "")
            redirect_uri = self.codes.pop(code, None)
            if redirect_uri is None or redirect_uri != form.get("redirect_uri"):
                return invalid
            if not _proof_holds(self.challenges.pop(code, None), form.get("code_verifier")):
                return invalid
            refresh = f"1//0g{secrets.token_urlsafe(32)}"
            self.refresh_tokens.add(refresh)
            return 200, self._access(refresh) | {"refresh_token": refresh}
        if grant == "refresh_token":
            refresh = form.get("refresh_token", "")
            if refresh not in self.refresh_tokens:
                return invalid
            return 200, self._access(refresh)
        return 400, {"error": "unsupported_grant_type"}

    def _access(self, refresh: str) -> dict[str, Any]:
        access = f"ya29.{secrets.token_urlsafe(32)}"
        self.access_tokens[access] = refresh
        return {
            "access_token": access,
            "expires_in": 3599,
            "scope": self.granted_scope,
            "token_type": "Bearer",
        }

    def _revoke(self, form: dict[str, str]) -> tuple[int, Any]:
        token = form.get("token", "")
        if token in self.refresh_tokens:
            self.refresh_tokens.discard(token)
            for access, refresh in list(self.access_tokens.items()):
                if refresh == token:
                    del self.access_tokens[access]
            return 200, {}
        if self.access_tokens.pop(token, None) is not None:
            return 200, {}
        return 400, {"error": "invalid_token", "error_description": "Token expired or revoked"}

    # -- Drive -----------------------------------------------------------------------------------

    @staticmethod
    def _error(status: int, reason: str, message: str, state: str) -> tuple[int, Any]:
        return status, {
            "error": {
                "code": status,
                "message": message,
                "errors": [{"message": message, "domain": "global", "reason": reason}],
                "status": state,
            }
        }

    def _authorized(self, headers: dict[str, str]) -> bool:
        bearer = headers.get("authorization", "")
        return bearer.startswith("Bearer ") and bearer[7:] in self.access_tokens

    def _unauthenticated(self) -> tuple[int, Any]:
        return self._error(
            401, "authError", "Request had invalid authentication credentials.", "UNAUTHENTICATED"
        )

    def _invalid(self, message: str = "Invalid Value") -> tuple[int, Any]:
        return self._error(400, "invalid", message, "INVALID_ARGUMENT")

    def _drive_flags(self, query: dict[str, str]) -> tuple[str | None, bool] | None:
        """The shared drive asked for and includeItemsFromAllDrives; None: inconsistent."""
        all_drives = query.get("supportsAllDrives") == "true"
        include = query.get("includeItemsFromAllDrives") == "true"
        drive_id = query.get("driveId")
        if (include or drive_id) and not all_drives:
            return None
        if drive_id is not None and drive_id not in self.shared_drives:
            return None
        return drive_id, include

    def _drive(self, path: str, query: dict[str, str], headers: dict[str, str]) -> tuple[int, Any]:
        if not self._authorized(headers):
            return self._unauthenticated()
        if path == "/drive/v3/files":
            return self._list(query)
        if path == "/drive/v3/changes/startPageToken":
            if self._drive_flags(query) is None:
                return self._invalid()
            token = str(len(self.change_log) + 1)
            return 200, {"kind": "drive#startPageToken", "startPageToken": token}
        if path == "/drive/v3/changes":
            return self._changes(query)
        found = re.fullmatch(r"/drive/v3/files/([^/]+)(/export)?", path)
        item = self.files.get(found.group(1)) if found else None
        exporting = bool(found and found.group(2))
        if item is not None and item.drive_id is not None and not exporting:
            # Google does not find a shared drive's item for an app that does not say it
            # supports shared drives.
            item = item if query.get("supportsAllDrives") == "true" else None
        if item is None:
            file_id = found.group(1) if found else path
            return self._error(404, "notFound", f"File not found: {file_id}.", "NOT_FOUND")
        google_format = item.mime_type.startswith("application/vnd.google-apps.")
        if found and found.group(2):
            wanted = query.get("mimeType", "")
            if not google_format or wanted not in item.exports:
                return self._error(
                    400, "badRequest", "The requested conversion is not supported.", "BAD_REQUEST"
                )
            return 200, item.exports[wanted]
        if query.get("alt") == "media":
            if google_format:
                return self._error(
                    403,
                    "fileNotDownloadable",
                    "Only files with binary content can be downloaded. Use Export with Docs "
                    "Editors files.",
                    "PERMISSION_DENIED",
                )
            return 200, item.content
        return 200, _only(item.resource(), query.get("fields"))

    def _list(self, query: dict[str, str]) -> tuple[int, Any]:
        parsed = _QUERY.match(query.get("q", ""))
        flags = self._drive_flags(query)
        corpora = query.get("corpora", "user")
        if parsed is None or flags is None:
            return self._invalid()
        drive_id, include = flags
        if (corpora == "drive") != (drive_id is not None):
            return self._invalid(
                "The driveId parameter must be specified if and only if corpora is set to drive."
            )
        parent = re.sub(r"\\(.)", r"\1", parsed.group(1))
        trashed = parsed.group(2)
        matching = [
            f
            for f in self.files.values()
            if f.parent == parent
            and (trashed is None or f.trashed == (trashed == "true"))
            and (
                (f.drive_id is None and corpora != "drive") or (f.drive_id is not None and include)
            )
            and (drive_id is None or f.drive_id == drive_id)
        ]
        size = min(int(query.get("pageSize", "100")), self.page_size)
        start = int(query.get("pageToken", "0") or 0)
        page = matching[start : start + size]
        fields = query.get("fields", "")
        inner = re.search(r"files\(([^)]*)\)", fields)
        answer: dict[str, Any] = {
            "files": [_only(f.resource(), inner.group(1) if inner else None) for f in page]
        }
        if start + size < len(matching):
            answer["nextPageToken"] = str(start + size)
        if "kind" in fields or not fields:
            answer["kind"] = "drive#fileList"
        return 200, answer

    def _changes(self, query: dict[str, str]) -> tuple[int, Any]:
        token = query.get("pageToken", "")
        flags = self._drive_flags(query)
        if flags is None or not token.isdigit() or not 1 <= int(token) <= len(self.change_log) + 1:
            return self._invalid()
        watched, include = flags
        start = int(token) - 1
        size = min(int(query.get("pageSize", "100")), self.page_size)
        page = self.change_log[start : start + size]
        changes = []
        for file_id, when, drive_id in page:
            if not self._sees(watched, include, drive_id):
                continue
            change: dict[str, Any] = {
                "kind": "drive#change",
                "changeType": "file",
                "time": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "fileId": file_id,
                "removed": file_id not in self.files,
            }
            if file_id in self.files:
                change["file"] = self.files[file_id].resource()
            if drive_id is not None:
                change["driveId"] = drive_id
            changes.append(change)
        answer: dict[str, Any] = {"kind": "drive#changeList", "changes": changes}
        if start + size < len(self.change_log):
            answer["nextPageToken"] = str(start + size + 1)
        else:
            answer["newStartPageToken"] = str(len(self.change_log) + 1)
        return 200, _select(answer, query.get("fields"))

    def _post(
        self, path: str, query: dict[str, str], body: Any, headers: dict[str, str]
    ) -> tuple[int, Any]:
        if not self._authorized(headers):
            return self._unauthenticated()
        if not isinstance(body, dict):
            return self._error(400, "parseError", "Parse Error", "INVALID_ARGUMENT")
        if path == "/drive/v3/changes/watch":
            return self._watch(query, body)
        if path == "/drive/v3/channels/stop":
            channel = self.channels.get(str(body.get("id")))
            if channel is None or channel.resource_id != body.get("resourceId"):
                return self._error(
                    404,
                    "notFound",
                    f"Channel '{body.get('id')}' not found for project",
                    "NOT_FOUND",
                )
            del self.channels[channel.id]
            return 204, b""
        return 404, {"error": "not found"}

    def _watch(self, query: dict[str, str], body: dict[str, Any]) -> tuple[int, Any]:
        token = query.get("pageToken", "")
        flags = self._drive_flags(query)
        if flags is None or not token.isdigit() or not 1 <= int(token) <= len(self.change_log) + 1:
            return self._invalid()
        channel_id = body.get("id")
        if not isinstance(channel_id, str) or not re.fullmatch(
            r"[A-Za-z0-9\-_+/=]{1,64}", channel_id
        ):
            return self._invalid("Invalid channel id")
        if channel_id in self.channels:
            return self._error(
                400, "channelIdNotUnique", "Channel id not unique", "INVALID_ARGUMENT"
            )
        if body.get("type") != "web_hook":
            return self._invalid("Invalid channel type")
        address = body.get("address")
        if not isinstance(address, str) or not address.startswith("https://"):
            return self._error(
                400, "push.webhookUrlNotHttps", "WebHook callback must be HTTPS", "INVALID_ARGUMENT"
            )
        now = datetime.now(UTC)  # channels end in real time (the change log's clock is not)
        latest = now + timedelta(days=7)
        requested = body.get("expiration")
        if requested is None:
            expiration = now + timedelta(hours=1)
        else:
            expiration = min(datetime.fromtimestamp(int(requested) / 1000, UTC), latest)
        channel = Channel(
            channel_id,
            f"rsc{secrets.token_hex(10)}",
            address,
            body.get("token") if isinstance(body.get("token"), str) else None,
            expiration,
            *flags,
        )
        self.channels[channel_id] = channel
        self._notify(channel, "sync")
        answer = {
            "kind": "api#channel",
            "id": channel.id,
            "resourceId": channel.resource_id,
            "resourceUri": f"{self.drive_url}/changes?alt=json",
            "expiration": str(int(expiration.timestamp() * 1000)),
        }
        if channel.token is not None:
            answer["token"] = channel.token
        return 200, answer

    # -- HTTP ------------------------------------------------------------------------------------

    def handle(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length).decode() if length else ""
        is_json = (handler.headers.get("Content-Type") or "").startswith("application/json")
        form = {} if is_json else dict(parse_qsl(raw, keep_blank_values=True))
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        headers = {name.lower(): value for name, value in handler.headers.items()}
        extra: dict[str, str] = {}
        if parts.path in ("/drive/v3/files", "/drive/v3/changes"):
            self.gate.wait(timeout=60)
        with self.lock:
            self.requests.append(Received(handler.command, parts.path, query, form, headers))
            if parts.path == "/o/oauth2/v2/auth" and handler.command == "GET":
                status, payload, extra = self._authorize(query)
            elif parts.path == "/token" and handler.command == "POST":
                status, payload = self._token(form)
            elif parts.path == "/revoke" and handler.command == "POST":
                status, payload = self._revoke(form)
            elif parts.path.startswith("/drive/v3/") and handler.command == "GET":
                status, payload = self._drive(parts.path, query, headers)
            elif parts.path.startswith("/drive/v3/") and handler.command == "POST":
                try:
                    body = json.loads(raw) if is_json else None
                except ValueError:
                    body = None
                status, payload = self._post(parts.path, query, body, headers)
            else:
                status, payload = 404, {"error": "not found"}
        content = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        kind = "application/octet-stream" if isinstance(payload, bytes) else "application/json"
        with contextlib.suppress(ConnectionError):
            handler.send_response(status)
            for name, value in {"Content-Type": kind, **extra}.items():
                handler.send_header(name, value)
            if status != 204:
                handler.send_header("Content-Length", str(len(content)))
            handler.end_headers()
            handler.wfile.write(content)


def _proof_holds(challenge: tuple[str, str] | None, verifier: str | None) -> bool:
    """RFC 7636 section 4.6: the verifier hashes (S256) or equals (plain) the challenge the
    code was issued with; a verifier for a code issued without one is refused as well."""
    if challenge is None:
        return verifier is None
    if verifier is None or not _VERIFIER.match(verifier):
        return False
    expected, method = challenge
    if method == "S256":
        digest = hashlib.sha256(verifier.encode("ascii")).digest()
        verifier = base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")
    return secrets.compare_digest(verifier, expected)


def _fields(spec: str) -> dict[str, Any]:
    """Google's `fields` syntax (`a, b(c, d(e))`) as nested names; None: the whole value."""
    chosen: dict[str, Any] = {}
    depth, name, inner = 0, "", ""
    for char in spec + ",":
        if depth == 0 and char == ",":
            if name.strip():
                chosen[name.strip()] = _fields(inner) if inner else None
            name, inner = "", ""
        elif char == "(":
            depth += 1
            if depth > 1:
                inner += char
        elif char == ")":
            depth -= 1
            if depth > 0:
                inner += char
        elif depth:
            inner += char
        else:
            name += char
    return chosen


def _apply(value: Any, chosen: dict[str, Any] | None) -> Any:
    if chosen is None:
        return value
    if isinstance(value, list):
        return [_apply(item, chosen) for item in value]
    if isinstance(value, dict):
        return {k: _apply(v, chosen[k]) for k, v in value.items() if k in chosen}
    return value


def _select(answer: dict[str, Any], fields: str | None) -> dict[str, Any]:
    """The answer cut to the `fields` asked (all of it when none are)."""
    return answer if not fields else dict(_apply(answer, _fields(fields)))


def _only(resource: dict[str, Any], fields: str | None) -> dict[str, Any]:
    """The resource cut to the `fields` asked (Google's default when none: a few)."""
    names = (
        {name.strip() for name in fields.split(",")}
        if fields
        else {"kind", "id", "name", "mimeType"}
    )
    return {name: value for name, value in resource.items() if name in names}


def _handler(server: GoogleServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            server.handle(self)

        def do_POST(self) -> None:
            server.handle(self)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the tests read server.requests instead

    return Handler


@contextlib.contextmanager
def google_server(
    client_id: str = "test-client.apps.googleusercontent.com",
    client_secret: str = "GOCSPX-test-secret",
) -> Iterator[GoogleServer]:
    """A local Google on a free port of 127.0.0.1 (`server.url`) until the block ends."""
    state = GoogleServer(client_id, client_secret)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    thread = threading.Thread(
        target=httpd.serve_forever, args=(0.05,), name="fake-google", daemon=True
    )
    thread.start()
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
