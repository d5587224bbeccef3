"""What changed in a Drive since a page token, through the Changes API, and what it means
for one synced folder tree.

As Google documents it (developers.google.com/workspace/drive/api/guides/manage-changes;
reference: .../api/reference/rest/v3/changes, /changes/list, /changes/getStartPageToken):
`GET /changes/startPageToken` answers `{"kind": "drive#startPageToken", "startPageToken"}`,
the token of the account's present state. `GET /changes?pageToken=` (with `pageSize` up to
1,000, `fields`, `includeRemoved`, `spaces`) answers `{"kind": "drive#changeList",
"changes": [...]}` and either `nextPageToken` (more pages follow: ask again with it) or, on
the last page, `newStartPageToken` (keep it for the next time). A change (`drive#change`)
names `fileId`, says `removed` (deleted for good, or access lost: then no `file`) and
otherwise carries `file`, the file's present state (`trashed`, `parents`, `modifiedTime`,
...). Changes are account-wide: which of them concern the synced folder is ours to tell,
from the folders of the tree kept at the last full listing. Page tokens do not expire; one
Google refuses (400) is dropped and the folder listed whole again.

Shared drives (.../api/guides/enable-shareddrives, "Track changes"): both calls send
`supportsAllDrives=true`; for a folder in a shared drive they also send that drive's
`driveId` (the token and the changes are then the shared drive's, not the user's), and
`changes.list` `includeItemsFromAllDrives=true`. A change of the drive itself
(`changeType: "drive"`) names no `fileId` and is passed over.

A change to a folder of the tree (renamed, moved, trashed, removed) or a new folder in it
changes which files are in the tree, so `plan` asks for a full listing rather than guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from trichome.documents.drive_client import MAX_PAGES, PAGE_SIZE, GoogleDriveClient
from trichome.documents.drive_errors import DriveBadRequest, DriveError, DriveUnavailable
from trichome.documents.drive_items import ALL_DRIVES, FOLDER, DriveItem, drive_item

CHANGE_FIELDS = (
    "nextPageToken, newStartPageToken, changes(fileId, removed, "
    "file(id, name, mimeType, modifiedTime, size, parents, trashed))"
)
_TOKEN = re.compile(r"^[\x21-\x7e]{1,500}$")
_FILE_ID = re.compile(r"^[A-Za-z0-9_-]{1,200}$")


class ChangesUnusable(DriveError):
    """Google refused the stored page token, or the changes run past `MAX_PAGES` pages:
    list the folder whole instead."""


@dataclass(frozen=True, slots=True)
class DriveChange:
    """One entry of `changes.list`: a file gone (`removed` or `trashed`) or its state now."""

    file_id: str
    removed: bool
    trashed: bool = False
    is_folder: bool = False
    parents: tuple[str, ...] = ()
    # The file's resource (name, type, modifiedTime, size); None when removed.
    entry: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ChangeList:
    """Every change since a page token, oldest first, and the token to keep for next time."""

    changes: list[DriveChange]
    new_start_page_token: str


@dataclass(slots=True)
class ChangePlan:
    """What the changes mean for one synced tree."""

    # Files in the tree now, with their folder path (new, moved in or changed).
    present: list[DriveItem] = field(default_factory=list)
    # Drive file ids no longer in the tree (removed, trashed or moved out).
    gone: set[str] = field(default_factory=set)
    # A folder of the tree changed: which files are in it cannot be told from the changes.
    relist: bool = False


def _token(value: object) -> str | None:
    return value if isinstance(value, str) and _TOKEN.match(value) else None


def changes_scope(drive_id: str | None) -> dict[str, str]:
    """The flags of `changes.*` calls: one shared drive's changes, or the user's."""
    if drive_id is None:
        return dict(ALL_DRIVES)
    return {**ALL_DRIVES, "driveId": drive_id, "includeItemsFromAllDrives": "true"}


async def start_page_token(
    client: GoogleDriveClient, access_token: str, drive_id: str | None = None
) -> str:
    """The page token of the account's (or the shared drive's) present state.

    Raises:
        DriveUnavailable: Google answered without one; TokenRejected, DriveNotFound as for
            every API call.
    """
    query = dict(ALL_DRIVES) if drive_id is None else {**ALL_DRIVES, "driveId": drive_id}
    payload = await client.get_json(access_token, "/changes/startPageToken", query)
    token = _token(payload.get("startPageToken"))
    if token is None:
        raise DriveUnavailable("Google answered without a start page token.")
    return token


def _change(entry: object) -> DriveChange | None:
    if not isinstance(entry, dict) or not _FILE_ID.match(str(entry.get("fileId"))):
        return None
    file_id = str(entry["fileId"])
    resource = entry.get("file")
    if entry.get("removed") is True or not isinstance(resource, dict):
        return DriveChange(file_id, removed=True)
    parents = resource.get("parents")
    return DriveChange(
        file_id,
        removed=False,
        trashed=resource.get("trashed") is True,
        is_folder=resource.get("mimeType") == FOLDER,
        parents=tuple(str(p) for p in parents) if isinstance(parents, list) else (),
        entry={**resource, "id": file_id},
    )


async def list_changes(
    client: GoogleDriveClient, access_token: str, page_token: str, drive_id: str | None = None
) -> ChangeList:
    """Every change since `page_token` (of the shared drive `drive_id`, or the user's), page
    after page, with the new start page token.

    Raises:
        ChangesUnusable: Google refused the token (400), or more than `MAX_PAGES` pages.
        TokenRejected, DriveUnavailable: as for every API call.
    """
    changes: list[DriveChange] = []
    token = page_token
    for _ in range(MAX_PAGES):
        query = {
            **changes_scope(drive_id),
            "pageToken": token,
            "pageSize": str(PAGE_SIZE),
            "fields": CHANGE_FIELDS,
            "includeRemoved": "true",
            "spaces": "drive",
        }
        try:
            payload = await client.get_json(access_token, "/changes", query)
        except DriveBadRequest:
            raise ChangesUnusable("Google refused the stored page token.") from None
        for entry in payload.get("changes") or []:
            change = _change(entry)
            if change is not None:
                changes.append(change)
        new_start = _token(payload.get("newStartPageToken"))
        if new_start is not None:
            return ChangeList(changes, new_start)
        following = _token(payload.get("nextPageToken"))
        if following is None:
            raise DriveUnavailable("Google's change list ended without a new start page token.")
        token = following
    raise ChangesUnusable(f"The changes run past {MAX_PAGES} pages.")


def plan(changes: list[DriveChange], folders: dict[str, str]) -> ChangePlan:
    """What `changes` mean for the tree whose folders (by id, with their path) are
    `folders`; the last change of a file counts (each carries the file's present state)."""
    latest: dict[str, DriveChange] = {}
    for change in changes:
        latest.pop(change.file_id, None)
        latest[change.file_id] = change
    result = ChangePlan()
    for file_id, change in latest.items():
        inside = [parent for parent in change.parents if parent in folders]
        in_tree = not change.removed and not change.trashed and bool(inside)
        if change.is_folder or file_id in folders:
            if folders.get(file_id) == "":
                # The synced folder: renamed or moved, it holds the same files; trashed or
                # removed, its files went with it.
                result.relist |= change.removed or change.trashed
            elif file_id in folders or in_tree:
                result.relist = True  # a folder of the tree changed, or a new one is in it
            continue
        if in_tree and change.entry is not None:
            result.present.append(drive_item(change.entry, folders[inside[0]]))
        else:
            result.gone.add(file_id)
    return result
