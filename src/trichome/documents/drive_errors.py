"""What can go wrong talking to Google, each shown on the documents page or printed by
`trichome documents sync` with its message (which never quotes a token or Google's text).

DriveError                  Google could not do what was asked
├── DriveAuthorizationError the code, refresh or access token was refused: connect again
├── DriveUnavailable        Google unreachable, slow, or a 429/5xx: try again later
│   └── DriveBadRequest     the API refused the request itself (400), e.g. a page token
├── DriveNotFound           no such folder or file for this account, or not exportable
├── TokenRejected           the API refused an access token (401): refresh, retry once
├── ContentTooLarge         a file is over the upload limit (skipped, not downloaded whole)
├── ChangesUnusable         (drive_changes) the page token is refused: list the folder whole
└── SyncUnavailable         (drive_sync) no folder chosen, or a sync is under way
"""

from __future__ import annotations


class DriveError(Exception):
    """Google could not do what was asked; the message is for the page."""


class DriveAuthorizationError(DriveError):
    """Google refused the authorization code, the refresh token or the access token (the
    user revoked it, or it expired): the organisation must connect again."""


class DriveUnavailable(DriveError):
    """Google could not be reached, timed out or answered with a server error."""


class DriveBadRequest(DriveUnavailable):
    """The API refused the request itself (400): a page token it no longer takes."""


class DriveNotFound(DriveError):
    """The folder or file is not there, or this Google account may not read it."""


class TokenRejected(DriveError):
    """The API refused the access token (401): refresh it and try again."""


class ContentTooLarge(DriveError):
    """A file's content is larger than the limit it was read with."""
