"""Encryption of the secrets we must keep (organisations' Metrc keys, BioTrack logins and
Google Drive tokens): Fernet, one key.

The key comes from `TRICHOME_SECRET_KEY` (any string of 32+ characters, stretched with
SHA-256) or, for a single machine, from `{data_dir}/secret.key`, created on first use with
owner-only permissions. Every machine that reads the stored keys needs the same key.
"""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from trichome.config import Settings

KEY_FILE = "secret.key"


class SecretUnreadable(Exception):
    """A stored secret cannot be decrypted: the key changed, or the value was altered."""


def _fernet_key(material: str) -> bytes:
    return base64.urlsafe_b64encode(hashlib.sha256(material.encode()).digest())


def _key_file_material(data_dir: Path) -> str:
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        # Written whole to a private file, then linked into place: when two workers start
        # together, one link wins and both read the same complete key.
        draft = data_dir / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(48))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


class SecretBox:
    """Encrypts and decrypts short secrets with the deployment's key."""

    def __init__(self, settings: Settings) -> None:
        if settings.secret_key is not None:
            material = settings.secret_key.get_secret_value()
        else:
            material = _key_file_material(settings.data_dir)
        self._fernet = Fernet(_fernet_key(material))

    def seal(self, secret: str) -> str:
        """The secret, encrypted and authenticated, as text safe to store."""
        return self._fernet.encrypt(secret.encode()).decode()

    def open(self, sealed: str) -> str:
        """The secret a `seal` produced.

        Raises:
            SecretUnreadable: the key differs from the one that sealed it, or it was altered.
        """
        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except (InvalidToken, ValueError):
            raise SecretUnreadable(
                "a stored secret cannot be decrypted; was TRICHOME_SECRET_KEY changed?"
            ) from None
