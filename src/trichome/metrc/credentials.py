"""A tenant's Metrc API keys, kept out of reprs and logs."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class MetrcCredentials:
    """The integrator's vendor key and the licensee user's key (HTTP Basic user and password)."""

    vendor_key: str = field(repr=False)
    user_key: str = field(repr=False)

    def __post_init__(self) -> None:
        if not self.vendor_key or not self.user_key:
            raise ValueError("Both the Metrc vendor key and the user key are required.")
        if ":" in self.vendor_key:
            raise ValueError("A Metrc vendor key cannot contain ':' (it is the Basic auth user).")

    def __repr__(self) -> str:
        return "MetrcCredentials(vendor_key=<hidden>, user_key=<hidden>)"

    __str__ = __repr__

    def authorization(self) -> str:
        """The value of the `Authorization` header: Basic base64(vendor_key:user_key)."""
        pair = f"{self.vendor_key}:{self.user_key}".encode()
        return "Basic " + base64.b64encode(pair).decode("ascii")

    def vendor_id(self) -> str:
        """A digest naming the vendor key (for per-integrator limits), never the key itself."""
        return hashlib.sha256(self.vendor_key.encode()).hexdigest()[:16]

    def secrets(self) -> tuple[str, ...]:
        """Every string that must never appear in a message: both keys and the header value."""
        return (self.vendor_key, self.user_key, self.authorization().removeprefix("Basic "))
