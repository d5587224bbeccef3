"""What can go wrong with an uploaded file, each mapped once to a status at the edge.

FileRejected            the client's file cannot be kept (status and code say why)
├── 400 corrupt_file, encrypted_file, macro_file
├── 413 file_too_large
├── 415 unsupported_file_type, mislabelled_file
└── 403 storage_quota_exceeded
"""

from __future__ import annotations


class FileRejected(Exception):
    """An upload refused, with the HTTP status and error code to report."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def corrupt(message: str) -> FileRejected:
    """A 400: the file's content does not parse as the type it is."""
    return FileRejected(400, "corrupt_file", message)


def unsupported(message: str) -> FileRejected:
    """A 415: the content is not one of the accepted types."""
    return FileRejected(415, "unsupported_file_type", message)
