"""API key material: generation, hashing and the parts kept for display."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

KEY_PREFIX = "trk_"
KEY_RANDOM_BYTES = 32
DISPLAY_PREFIX_LENGTH = len(KEY_PREFIX) + 6


@dataclass(frozen=True, slots=True)
class NewKeyMaterial:
    """A freshly generated key: the secret (shown once) and what is stored about it."""

    secret: str
    key_hash: str
    prefix: str
    last4: str


def hash_key(secret: str) -> str:
    """SHA-256 of a key; keys carry 256 random bits, so a fast hash is not brute-forceable."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def generate_key() -> NewKeyMaterial:
    """A new key: the recognisable prefix and 32 bytes from the OS CSPRNG, base64url-encoded."""
    secret = KEY_PREFIX + secrets.token_urlsafe(KEY_RANDOM_BYTES)
    return NewKeyMaterial(
        secret=secret,
        key_hash=hash_key(secret),
        prefix=secret[:DISPLAY_PREFIX_LENGTH],
        last4=secret[-4:],
    )


def looks_like_key(candidate: str) -> bool:
    """Cheap shape check before a database look-up."""
    return candidate.startswith(KEY_PREFIX) and 20 <= len(candidate) <= 128
