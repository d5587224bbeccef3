"""Typed Metrc errors whose messages are readable sentences and keep Metrc's own reasons."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

MAX_DETAIL = 500  # characters kept of any one message from Metrc
MAX_ROWS_IN_MESSAGE = 20


@dataclass(frozen=True, slots=True)
class RowError:
    """One failing object of a write: its index in the list sent (None when Metrc gave none)."""

    row: int | None
    message: str

    def describe(self) -> str:
        """The row error as a short clause, e.g. 'Row 3: Package not found.'"""
        return self.message if self.row is None else f"Row {self.row}: {self.message}"


class MetrcError(Exception):
    """A Metrc call failed; `message` says why in a sentence an LLM can act on."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        method: str | None = None,
        path: str | None = None,
        license_number: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.method = method
        self.path = path
        self.license_number = license_number
        # Ids Metrc returned for the parts of a chunked write that succeeded before this failure.
        self.saved_ids: list[Any] = []

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status!r}, message={self.message!r})"

    def amend(self, note: str) -> None:
        """Append a sentence to the message."""
        self.message = f"{self.message} {note}".strip()
        self.args = (self.message,)

    def redact(self, secrets: Iterable[str]) -> None:
        """Remove any of the given secrets from the message (a safety net; none should be there)."""
        for secret in secrets:
            if len(secret) >= 4 and secret in self.message:
                self.message = self.message.replace(secret, "<redacted>")
        self.args = (self.message,)


class MetrcValidationError(MetrcError):
    """Metrc rejected the request as invalid (400); `rows` holds its per-object messages."""

    def __init__(self, message: str, *, rows: list[RowError] | None = None, **context: Any) -> None:
        super().__init__(message, **context)
        self.rows: list[RowError] = rows or []


class MetrcAuthError(MetrcError):
    """401/403: the keys are wrong, or the user or licence lacks the permission or capability."""


class MetrcNotFound(MetrcError):
    """404: no such record, or no such endpoint (in this state)."""


class MetrcTooLarge(MetrcError):
    """413: more objects in one request than Metrc accepts."""


class MetrcRateLimited(MetrcError):
    """429 after the retries ran out; `retry_after` is Metrc's requested wait in seconds, if any."""

    def __init__(self, message: str, *, retry_after: float | None = None, **context: Any) -> None:
        super().__init__(message, **context)
        self.retry_after = retry_after


class MetrcServerError(MetrcError):
    """5xx from Metrc (after the retries, for reads)."""


class MetrcConnectionError(MetrcError):
    """Metrc could not be reached, or the connection failed or timed out."""


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "…"


def _field(entry: Mapping[str, Any], *names: str) -> Any:
    lowered = {str(key).lower(): value for key, value in entry.items()}
    for name in names:
        if lowered.get(name) is not None:
            return lowered[name]
    return None


def _row_error(entry: Any) -> RowError | None:
    if isinstance(entry, str) and entry.strip():
        return RowError(None, _clip(entry))
    if not isinstance(entry, Mapping):
        return None
    message = _field(entry, "message", "errormessage", "error")
    if message is None:
        return None
    row = _field(entry, "row", "index")
    return RowError(row if isinstance(row, int) else None, _clip(str(message)))


def parse_error_body(body: bytes) -> tuple[str | None, list[RowError]]:
    """Metrc's reason from an error body: `[{row, message}]`, `{Message}`, a string or text."""
    text = body.decode("utf-8", "replace").strip()
    if not text:
        return None, []
    try:
        data = json.loads(text)
    except ValueError:
        return (None if text.startswith("<") else _clip(text)), []
    if isinstance(data, list):
        rows = [row for row in map(_row_error, data) if row is not None]
        return None, rows
    if isinstance(data, Mapping):
        summary = _field(data, "message", "error", "title", "detail")
        rows = []
        state = _field(data, "modelstate", "errors")
        if isinstance(state, Mapping):
            for key, problems in state.items():
                for problem in problems if isinstance(problems, list) else [problems]:
                    rows.append(RowError(None, _clip(f"{key}: {problem}")))
        return (_clip(str(summary)) if summary is not None else None), rows
    if isinstance(data, str) and data.strip():
        return _clip(data), []
    return None, []


def _metrc_says(summary: str | None, rows: list[RowError]) -> str:
    parts = [summary.rstrip(".") + "."] if summary else []
    shown = rows[:MAX_ROWS_IN_MESSAGE]
    parts += [row.describe().rstrip(".") + "." for row in shown]
    if len(rows) > len(shown):
        parts.append(f"({len(rows) - len(shown)} more row errors.)")
    return ("Metrc says: " + " ".join(parts)) if parts else "Metrc gave no reason."


def describe_call(method: str, path: str, license_number: str | None) -> str:
    """'GET /packages/v2/active for licence X' (no query string, so no dates or keys)."""
    where = f"{method} {path}"
    return f"{where} for licence {license_number}" if license_number else where


def error_for_response(
    status: int,
    body: bytes,
    *,
    method: str,
    path: str,
    license_number: str | None,
    attempts: int = 1,
    retry_after: float | None = None,
    row_offset: int = 0,
) -> MetrcError:
    """The typed error for a failed Metrc response, with Metrc's reasons kept.

    `row_offset` renumbers row errors of one chunk of a longer write to index the whole list.
    """
    summary, rows = parse_error_body(body)
    if row_offset:
        rows = [RowError(None if r.row is None else r.row + row_offset, r.message) for r in rows]
    says = _metrc_says(summary, rows)
    where = describe_call(method, path, license_number)
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    http = f"HTTP {status} {phrase}"
    tries = f" after {attempts} attempts" if attempts > 1 else ""
    context: dict[str, Any] = {
        "status": status, "method": method, "path": path, "license_number": license_number,
    }  # fmt: skip
    if status == 400:
        return MetrcValidationError(
            f"Metrc rejected {where} as invalid ({http}). {says}", rows=rows, **context
        )
    if status in (401, 403):
        licence = f"licence {license_number}" if license_number else "the facility"
        return MetrcAuthError(
            f"Metrc refused {where} ({http}). {says} Either the API keys are wrong or revoked, "
            f"or the user or {licence} lacks the permission or the facility capability this "
            "needs (for example growing plants, selling to consumers or testing packages).",
            **context,
        )
    if status == 404:
        return MetrcNotFound(
            f"Metrc found nothing at {where} ({http}). {says} The record may not exist for this "
            "licence, or this endpoint is not available in this state.",
            **context,
        )
    if status == 413:
        return MetrcTooLarge(
            f"Metrc refused {where} as too large ({http}): it accepts at most 10 objects per "
            f"request. {says}",
            **context,
        )
    if status == 429:
        wait = f" Metrc asks to wait {retry_after:g} seconds." if retry_after is not None else ""
        return MetrcRateLimited(
            f"Metrc is rate-limiting {where} ({http}){tries}.{wait} Try again later.",
            retry_after=retry_after,
            **context,
        )
    if status >= 500:
        if method == "GET":
            advice = "Try again later."
        else:
            advice = (
                "Writes are not retried on server errors, as Metrc may have applied them; "
                "check the records before sending it again."
            )
        return MetrcServerError(
            f"Metrc had a server error on {where} ({http}){tries}. {says} {advice}", **context
        )
    return MetrcError(f"Metrc refused {where} ({http}). {says}", **context)
