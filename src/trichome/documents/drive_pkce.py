"""PKCE for the Drive connection (RFC 7636): a code verifier per OAuth `state`, its S256
challenge, and the hash a stored verifier is found by.

The verifier is 64 random bytes in base64url (86 characters, inside the 43 to 128 of the
unreserved alphabet section 4.1 allows); the challenge is BASE64URL(SHA-256(verifier))
without padding (section 4.2, `S256`). Only the challenge travels through the browser; the
verifier stays on the server, encrypted in the database, until the callback sends it to
Google's token endpoint."""

from __future__ import annotations

import base64
import hashlib
import secrets


def new_code_verifier() -> str:
    """A fresh, high-entropy code verifier."""
    return secrets.token_urlsafe(64)


def code_challenge(verifier: str) -> str:
    """The S256 challenge of a verifier."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def state_hash(state: str) -> str:
    """The key a state's verifier is stored under (the state itself is never stored)."""
    return hashlib.sha256(state.encode("utf-8", "surrogatepass")).hexdigest()
