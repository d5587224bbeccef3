"""Public identifiers: a kind prefix and random bits (a leaf every package may import)."""

from __future__ import annotations

import secrets


def new_id(kind: str) -> str:
    """A public identifier such as `org_3f9a...` or `key_81c2...` (96 random bits)."""
    return f"{kind}_{secrets.token_hex(12)}"
