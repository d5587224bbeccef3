"""Typed BioTrack errors, read from the answer body: BioTrack reports failures as HTTP 200
with `success: 0`, a sentence in `error` and a number in `errorcode`.

    BioTrackError
    ├── BioTrackLoginError        login refused: licence number, username or password
    ├── BioTrackSessionExpired    the session ended (re-login is tried once before this shows)
    ├── BioTrackPermissionDenied  the user lacks the privilege for the action
    ├── BioTrackRejected          any other `success: 0`: a rule or an invalid field
    ├── BioTrackInputError        refused here before sending (also a ValueError)
    ├── BioTrackServerError       not HTTP 200, or not JSON
    └── BioTrackConnectionError   not reachable, or the connection failed

The same `errorcode` covers many causes (602 is used for most rule failures, 63 both for
an expired session and for an unknown location licence), so the class is chosen from the
sentence where the code alone is ambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

MAX_DETAIL = 500

SESSION_EXPIRED = re.compile(
    r"session\b.*\b(expired|invalid|not valid)|invalid session", re.IGNORECASE
)
# Missing privileges (62) and licence types that may not act (200, e.g. "Only QA Labs may
# enter results." in OpenTHC's adapter comments).
NO_PRIVILEGE = re.compile(
    r"does not possess access|privilege|not authori[sz]ed|\bonly qa labs\b|license type may not",
    re.IGNORECASE,
)
BAD_LOGIN = re.compile(r"username or password|company identifier", re.IGNORECASE)


class BioTrackError(Exception):
    """A BioTrack call failed; `message` says why in a sentence a person or an LLM can act on."""

    def __init__(
        self,
        message: str,
        *,
        action: str | None = None,
        errorcode: int | None = None,
        license_number: str | None = None,
        status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.action = action
        self.errorcode = errorcode
        self.license_number = license_number
        self.status = status

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(errorcode={self.errorcode!r}, message={self.message!r})"

    def redact(self, secrets: Iterable[str]) -> None:
        """Remove any of the given secrets from the message (a safety net; none should be there)."""
        for secret in secrets:
            if len(secret) >= 4 and secret in self.message:
                self.message = self.message.replace(secret, "<redacted>")
        self.args = (self.message,)


class BioTrackLoginError(BioTrackError):
    """BioTrack refused the licence number, username or password."""


class BioTrackSessionExpired(BioTrackError):
    """The session ended and logging in again did not help."""


class BioTrackPermissionDenied(BioTrackError):
    """The user lacks the privilege the action needs (or the licence type cannot do it)."""


class BioTrackRejected(BioTrackError):
    """BioTrack refused the action: a rule (waiting period, possession, limits) or a field."""


class BioTrackInputError(BioTrackError, ValueError):
    """Refused before sending: a parameter cannot be what BioTrack documents."""


class BioTrackServerError(BioTrackError):
    """BioTrack answered with an HTTP error or with something that is not JSON."""


class BioTrackConnectionError(BioTrackError):
    """BioTrack could not be reached, or the connection failed or timed out."""


def clip(text: str) -> str:
    """One line of at most MAX_DETAIL characters."""
    text = " ".join(text.split())
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "…"


def error_code(value: Any) -> int | None:
    """`errorcode` as a number (BioTrack sends "602" or 602; None when absent)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def succeeded(body: Mapping[str, Any]) -> bool:
    """Whether an answer says `success: 1` (sent as 1, "1" or true)."""
    return str(body.get("success")).strip().lower() in ("1", "true")


def error_for_body(
    body: Mapping[str, Any], *, action: str, license_number: str | None
) -> BioTrackError:
    """The typed error for an answer with `success: 0`, keeping BioTrack's sentence."""
    code = error_code(body.get("errorcode"))
    said = clip(str(body.get("error") or "")).rstrip(".")
    says = f"BioTrack says: {said}." if said else "BioTrack gave no reason."
    coded = f" (error code {code})" if code is not None else ""
    where = f"{action} for licence {license_number}" if license_number else action
    context: dict[str, Any] = {
        "action": action, "errorcode": code, "license_number": license_number,
    }  # fmt: skip
    if action == "login" or BAD_LOGIN.search(said):
        return BioTrackLoginError(
            f"BioTrack refused the login{coded}. {says} Check the licence number (BioTrack's "
            "UBI or company identifier), the username and the password.",
            **context,
        )
    if SESSION_EXPIRED.search(said):
        return BioTrackSessionExpired(
            f"The BioTrack session ended during {where}{coded}. {says} Log in again.", **context
        )
    if NO_PRIVILEGE.search(said):
        return BioTrackPermissionDenied(
            f"BioTrack refused {where}{coded}. {says} The BioTrack user needs that privilege, "
            "or the licence type cannot do this.",
            **context,
        )
    return BioTrackRejected(f"BioTrack refused {where}{coded}. {says}", **context)
