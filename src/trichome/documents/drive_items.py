"""Files of a Google Drive as the sync sees them: Google's folder and export types, the
query flags of shared drives, a folder found (with its shared drive), the
extension a downloaded file's name gets, a listed file (`DriveItem`), a listed tree, and the
folder id a user gives (an id or a Drive address)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from trichome.documents.types import IMAGE_KINDS

FOLDER = "application/vnd.google-apps.folder"

# Shared drives (developers.google.com/workspace/drive/api/guides/enable-shareddrives): every
# `files.get`, `files.list`, `changes.list` and `changes.getStartPageToken` sends
# `supportsAllDrives=true` (the app handles shared drives); a folder's `driveId` says which
# shared drive it is in (none: My Drive), and then `files.list` also sends
# `includeItemsFromAllDrives=true` with `corpora=drive` and that `driveId` (the changes calls
# send them too, in `drive_changes`). `files.export` takes no such flag. So:
ALL_DRIVES = {"supportsAllDrives": "true"}


def drive_scope(drive_id: str | None) -> dict[str, str]:
    """The query flags that list or follow one shared drive's items (none for My Drive)."""
    if drive_id is None:
        return dict(ALL_DRIVES)
    return {
        **ALL_DRIVES,
        "includeItemsFromAllDrives": "true",
        "corpora": "drive",
        "driveId": drive_id,
    }


@dataclass(frozen=True, slots=True)
class FolderFound:
    """A folder the user may read: its name and its shared drive (None: My Drive)."""

    name: str
    drive_id: str | None


# Google's own formats, exported to one we accept (Google's export table:
# developers.google.com/workspace/drive/api/guides/ref-export-formats).
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
EXPORTS: dict[str, tuple[str, str]] = {
    "application/vnd.google-apps.document": (DOCX, ".docx"),
    "application/vnd.google-apps.spreadsheet": (XLSX, ".xlsx"),
    "application/vnd.google-apps.presentation": ("application/pdf", ".pdf"),
    "application/vnd.google-apps.drawing": ("application/pdf", ".pdf"),
}
# The extension a downloaded file's name gets when it has none, to agree with its content.
EXTENSIONS = {
    "application/pdf": ".pdf",
    DOCX: ".docx",
    XLSX: ".xlsx",
    "text/csv": ".csv",
    "text/markdown": ".md",
    "text/plain": ".txt",
    **{kind.media_type: kind.extensions[0] for kind in IMAGE_KINDS},
}
_FOLDER_ID = re.compile(r"^[A-Za-z0-9_-]{10,200}$")
_FOLDER_URL = re.compile(r"/folders/([A-Za-z0-9_-]{10,200})")


@dataclass(frozen=True, slots=True)
class DriveItem:
    """A file in a Drive folder, as `files.list` describes it."""

    id: str
    name: str
    mime_type: str
    modified_time: str
    size: int | None
    # The subfolders it is in below the synced folder ("" when directly in it).
    folder_path: str = ""

    @property
    def shown_name(self) -> str:
        """Its name with the subfolders it is in, as the page names it."""
        return f"{self.folder_path}/{self.name}" if self.folder_path else self.name


@dataclass(frozen=True, slots=True)
class DriveTree:
    """A folder listed whole: its files, and its folders by id with their path below it
    (the folder itself with "")."""

    files: list[DriveItem]
    folders: dict[str, str]


def folder_id_from(text: str) -> str | None:
    """The folder id a user gave: the id itself or a folder's address in Drive; None if it
    is neither."""
    text = text.strip()
    found = _FOLDER_URL.search(text)
    if found:
        return found.group(1)
    return text if _FOLDER_ID.match(text) else None


def drive_item(entry: dict[str, Any], folder_path: str = "") -> DriveItem:
    """A file resource (`id`, `name`, `mimeType`, `modifiedTime`, `size`) as a `DriveItem`."""
    size = entry.get("size")  # int64 as a decimal string; absent for Google's own formats
    return DriveItem(
        id=str(entry["id"]),
        name=str(entry.get("name") or entry["id"]),
        mime_type=str(entry.get("mimeType") or "application/octet-stream"),
        modified_time=str(entry.get("modifiedTime") or ""),
        size=int(size) if isinstance(size, str) and size.isdigit() else None,
        folder_path=folder_path,
    )
