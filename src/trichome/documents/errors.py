"""What can go wrong with an uploaded file, each mapped once to a status at the edge.

FileRejected            the client's file cannot be kept (status and code say why)
├── 400 corrupt_file, encrypted_file, macro_file, extraction_limit_exceeded
├── 413 file_too_large
├── 415 unsupported_file_type, mislabelled_file
└── 403 storage_quota_exceeded
StoreUnavailable        the file store (disk or S3) failed: 503 storage_unavailable
"""

from __future__ import annotations


class FileRejected(Exception):
    """An upload refused, with the HTTP status and error code to report."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class StoreUnavailable(Exception):
    """The file store could not be reached or refused to work; nothing was changed by the
    operation that raised it (the message names no key, bucket or credential)."""


def corrupt(message: str) -> FileRejected:
    """A 400: the file's content does not parse as the type it is."""
    return FileRejected(400, "corrupt_file", message)


def unsupported(message: str) -> FileRejected:
    """A 415: the content is not one of the accepted types."""
    return FileRejected(415, "unsupported_file_type", message)
