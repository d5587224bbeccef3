"""Where the bytes of files live, behind one interface: the embedded store on local disk
under `{data_dir}/files` (one folder per organisation, written atomically), or an
S3-compatible object store (`trichome.documents.s3`), chosen by `TRICHOME_STORAGE_URL`.

Every method is blocking (call it in a worker thread) and raises `StoreUnavailable` when
the store itself fails, never a library's own exception."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from trichome.config.storage_url import S3Location
from trichome.documents.errors import StoreUnavailable

SAFE_KEY = re.compile(r"^[A-Za-z0-9_-]+/[A-Za-z0-9_-]+$")


def checked_key(key: str) -> str:
    """A key as we build them (`organisation id/file id`); anything else is refused."""
    if not SAFE_KEY.match(key):
        raise ValueError(f"not a storage key: {key!r}")
    return key


class FileStore(Protocol):
    """Bytes under keys: put atomically (all or nothing), get, delete idempotently."""

    def put(self, key: str, content: bytes) -> None:
        """Store bytes under a key, all or nothing."""

    def get(self, key: str) -> bytes:
        """The bytes under a key; FileNotFoundError when there are none."""

    def delete(self, key: str) -> None:
        """Remove a key's bytes; removing what is not there is not an error."""

    def list_keys(self, after: str, limit: int) -> list[str]:
        """Up to `limit` stored keys, in order, that come after `after` ('' from the start)."""

    def close(self) -> None:
        """Release connections."""


class LocalFileStore:
    """Files on disk; keys are `organisation id/file id`, never a client's file name."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_of(self, key: str) -> Path:
        """Where a key's bytes live."""
        return self.root / checked_key(key)

    def put(self, key: str, content: bytes) -> None:
        """Store bytes under a key, atomically and durably."""
        target = self.path_of(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".upload-")
        except OSError as error:
            raise StoreUnavailable(f"the file store cannot write ({error.strerror})") from None
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except OSError as error:
            Path(temporary).unlink(missing_ok=True)
            raise StoreUnavailable(f"the file store cannot write ({error.strerror})") from None
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def get(self, key: str) -> bytes:
        """The bytes stored under a key.

        Raises:
            FileNotFoundError: when nothing is stored under it.
            StoreUnavailable: when the disk cannot be read.
        """
        try:
            return self.path_of(key).read_bytes()
        except FileNotFoundError:
            raise
        except OSError as error:
            raise StoreUnavailable(f"the file store cannot read ({error.strerror})") from None

    def delete(self, key: str) -> None:
        """Remove a key's bytes; removing what is not there is not an error."""
        try:
            self.path_of(key).unlink(missing_ok=True)
        except OSError as error:
            raise StoreUnavailable(f"the file store cannot delete ({error.strerror})") from None

    def list_keys(self, after: str, limit: int) -> list[str]:
        """Up to `limit` stored keys after `after`, in order (a write under way, a hidden
        temporary file, is not a key).

        Raises:
            StoreUnavailable: when the disk cannot be listed.
        """
        keys: list[str] = []
        try:
            folders = sorted(p.name for p in self.root.iterdir()) if self.root.exists() else []
            for folder in folders:
                if folder.startswith(".") or (after and folder < after.split("/")[0]):
                    continue
                for name in sorted(p.name for p in (self.root / folder).iterdir()):
                    key = f"{folder}/{name}"
                    if SAFE_KEY.match(key) and key > after:
                        keys.append(key)
                        if len(keys) == limit:
                            return keys
        except NotADirectoryError:
            return keys
        except OSError as error:
            raise StoreUnavailable(f"the file store cannot list ({error.strerror})") from None
        return keys

    def close(self) -> None:
        """Nothing to release."""


def open_file_store(storage_url: str | None, data_dir: Path) -> FileStore:
    """The store a `TRICHOME_STORAGE_URL` names: unset, `{data_dir}/files`; `file:///path`,
    that folder; `s3://bucket/prefix?endpoint=...&region=...`, an S3-compatible store."""
    if not storage_url:
        return LocalFileStore(data_dir / "files")
    scheme = urlsplit(storage_url).scheme
    if scheme == "file":
        return LocalFileStore(Path(urlsplit(storage_url).path))
    from trichome.documents.s3 import S3FileStore  # boto3 is imported only when S3 is used

    return S3FileStore(S3Location.parse(storage_url))
