"""The embedded file store: each file's bytes on local disk under `{data_dir}/files`,
one folder per organisation, written atomically (no half-written file is ever visible)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

_SAFE_KEY = re.compile(r"^[A-Za-z0-9_-]+/[A-Za-z0-9_-]+$")


class LocalFileStore:
    """Files on disk; keys are `organisation id/file id`, never a client's file name."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_of(self, key: str) -> Path:
        """Where a key's bytes live (keys are built by us; anything else is refused)."""
        if not _SAFE_KEY.match(key):
            raise ValueError(f"not a storage key: {key!r}")
        return self.root / key

    def put(self, key: str, content: bytes) -> None:
        """Store bytes under a key, atomically and durably."""
        target = self.path_of(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".upload-")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def get(self, key: str) -> bytes:
        """The bytes stored under a key.

        Raises:
            FileNotFoundError: when nothing is stored under it.
        """
        return self.path_of(key).read_bytes()

    def delete(self, key: str) -> None:
        """Remove a key's bytes; removing what is not there is not an error."""
        self.path_of(key).unlink(missing_ok=True)
