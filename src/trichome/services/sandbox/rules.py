"""Metrc's rules as the sandbox enforces them, and its error shapes."""

from __future__ import annotations

import base64
import binascii
import hmac
import math
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from fastapi import Request
from starlette.responses import Response

from trichome.sandbox.facilities import Facility, served
from trichome.sandbox.store import Paging, Record

MAX_PAGE_SIZE = 20
MAX_PAGE_NUMBER = 1_000_000_000
MAX_OBJECTS_PER_WRITE = 10
MAX_WINDOW = timedelta(hours=24)


class MetrcHttpError(Exception):
    """A failure answered with Metrc's status code and body."""

    def __init__(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        super().__init__(status)
        self.status = status
        self.body = body
        self.headers = headers or {}

    def response(self) -> Response:
        """The HTTP response Metrc would send."""
        content = b"" if self.body is None else orjson.dumps(self.body)
        return Response(content, self.status, self.headers, media_type="application/json")


def message(status: int, text: str) -> MetrcHttpError:
    """An error with Metrc's `{"Message": ...}` body."""
    return MetrcHttpError(status, {"Message": text})


class RowErrors:
    """Validation failures of a write, answered as 400 `[{row, message}]` (all or nothing)."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    def add(self, row: int, text: str) -> None:
        """Record a failure of the object at index `row`."""
        self.rows.append({"row": row, "message": text})

    def raise_if_any(self) -> None:
        """Refuse the whole write when any object failed.

        Raises:
            MetrcHttpError: 400 listing every failing row.
        """
        if self.rows:
            raise MetrcHttpError(400, self.rows)


def check_credentials(request: Request, vendor_key: str, user_key: str) -> None:
    """HTTP Basic with the vendor key as user name and the user key as password.

    Raises:
        MetrcHttpError: 401 when the keys are missing or wrong.
    """
    header = request.headers.get("authorization", "")
    scheme, _, encoded = header.partition(" ")
    try:
        vendor, _, user = base64.b64decode(encoded, validate=True).decode().partition(":")
    except (binascii.Error, UnicodeDecodeError):
        vendor, user = "", ""
    valid = scheme.lower() == "basic" and hmac.compare_digest(
        vendor.encode(), vendor_key.encode()
    ) & hmac.compare_digest(user.encode(), user_key.encode())
    if not valid:
        raise MetrcHttpError(
            401,
            {"Message": "Authorization denied: invalid vendor or user API key."},
            {"WWW-Authenticate": 'Basic realm="metrc"'},
        )


def facility_of(request: Request) -> Facility:
    """The facility named by `licenseNumber`, which the user must hold (the Massachusetts
    licence only in the sandbox told it is in MA, `facilities.served`).

    Raises:
        MetrcHttpError: 400 without a licence number, 401 for a licence the user lacks.
    """
    license_number = request.query_params.get("licenseNumber", "").strip()
    if not license_number:
        raise message(400, "No license number was specified (query parameter licenseNumber).")
    facility = served(request.state.sandbox.settings.sandbox_state).get(license_number)
    if facility is None:
        raise message(401, f"User does not have access to license {license_number}.")
    return facility


def require(facility: Facility, capability: str, action: str) -> None:
    """Refuse what the facility type may not do.

    Raises:
        MetrcHttpError: 401 naming the missing capability.
    """
    if not facility.can(capability):
        raise message(
            401,
            f"Facility {facility.license_number} ({facility.license_type}) is not allowed to "
            f"{action} ({capability} is false).",
        )


def paging_of(request: Request) -> Paging | None:
    """The page requested; none when `pageSize` is absent (Metrc then returns everything).

    Raises:
        MetrcHttpError: 400 for a page size above 20 or paging that is not a whole number
            in range (a `pageNumber` is checked even without `pageSize`).
    """
    size_text = request.query_params.get("pageSize")
    try:
        number = int(request.query_params.get("pageNumber", "1"))
        size = int(size_text) if size_text is not None else None
    except ValueError:
        raise message(400, "pageNumber and pageSize must be whole numbers.") from None
    if not 1 <= number <= MAX_PAGE_NUMBER:
        raise message(400, f"pageNumber must be between 1 and {MAX_PAGE_NUMBER}.")
    if size is None:
        return None
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise message(400, f"pageSize must be between 1 and {MAX_PAGE_SIZE}.")
    return Paging(number, size)


def parse_datetime(text: str, name: str) -> datetime:
    """An ISO 8601 date-time with an offset.

    Raises:
        MetrcHttpError: 400 when it is not one.
    """
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise message(400, f"{name} must be an ISO 8601 date-time, got {text!r}.") from None
    if moment.tzinfo is None:
        raise message(400, f"{name} must carry a time-zone offset, got {text!r}.")
    return moment


# The ends of a last-modified window given one bound only (both fit every database we use).
OPEN_START = datetime(1970, 1, 1, tzinfo=UTC)
OPEN_END = datetime(9999, 12, 31, tzinfo=UTC)


def window_of(request: Request) -> tuple[datetime, datetime] | None:
    """The last-modified window, at most 24 hours long when both ends are given.

    Metrc documents lastModifiedStart and lastModifiedEnd as optional each (e.g. GET
    /packages/v2/active, ThunkMetrc bruno Packages/GetActivePackages): a missing end is open.

    Raises:
        MetrcHttpError: 400 for an inverted window or one over 24 hours.
    """
    start_text = request.query_params.get("lastModifiedStart")
    end_text = request.query_params.get("lastModifiedEnd")
    if start_text is None and end_text is None:
        return None
    if start_text is None or end_text is None:
        if start_text is not None:
            return parse_datetime(start_text, "lastModifiedStart"), OPEN_END
        assert end_text is not None
        return OPEN_START, parse_datetime(end_text, "lastModifiedEnd")
    start = parse_datetime(start_text, "lastModifiedStart")
    end = parse_datetime(end_text, "lastModifiedEnd")
    if end < start:
        raise message(400, "lastModifiedEnd is before lastModifiedStart.")
    if end - start > MAX_WINDOW:
        raise message(400, "The last modified date range cannot span more than 24 hours.")
    return start, end


def sales_dates_of(request: Request) -> tuple[datetime | None, datetime | None] | None:
    """The sales-date bounds of a receipt list (`salesDateStart`, `salesDateEnd`), either
    or both; none when neither is given.

    Metrc documents them on GET /sales/v2/receipts/active and /inactive as ISO 8601
    (yyyy-mm-ddThh:mm:ssZ) and refuses them together with last-modified dates.

    Raises:
        MetrcHttpError: 400 for a value that is not a date-time with an offset, an end
            before the start, or sales dates with last-modified dates.
    """
    start_text = request.query_params.get("salesDateStart")
    end_text = request.query_params.get("salesDateEnd")
    if start_text is None and end_text is None:
        return None
    if {"lastModifiedStart", "lastModifiedEnd"} & set(request.query_params):
        raise message(
            400, "Sales date parameters cannot be combined with last modified parameters."
        )
    start = parse_datetime(start_text, "salesDateStart") if start_text is not None else None
    end = parse_datetime(end_text, "salesDateEnd") if end_text is not None else None
    if start is not None and end is not None and end < start:
        raise message(400, "salesDateEnd is before salesDateStart.")
    return start, end


async def objects_of(request: Request) -> list[dict[str, Any]]:
    """A write's body: a JSON array of 1 to 10 objects.

    Raises:
        MetrcHttpError: 415 without a JSON content type, 400 for other bodies, 413 above 10.
    """
    if "json" not in request.headers.get("content-type", ""):
        raise message(415, "The request body must be JSON (Content-Type: application/json).")
    try:
        body = orjson.loads(await request.body())
    except orjson.JSONDecodeError:
        raise message(400, "The request body is not valid JSON.") from None
    if not isinstance(body, list) or not all(isinstance(item, dict) for item in body):
        raise message(400, "The request body must be a JSON array of objects.")
    if not body:
        raise message(400, "The request body is an empty array.")
    if len(body) > MAX_OBJECTS_PER_WRITE:
        raise message(
            413,
            f"A request may hold at most {MAX_OBJECTS_PER_WRITE} objects; this one holds "
            f"{len(body)}. Split it into requests of {MAX_OBJECTS_PER_WRITE}.",
        )
    return body


def envelope(records: Sequence[Record], total: int, paging: Paging | None) -> dict[str, Any]:
    """Metrc v2's list envelope."""
    size = paging.size if paging else max(total, 1)
    number = paging.number if paging else 1
    return {
        "Data": [record.document() for record in records],
        "Total": total,
        "TotalRecords": total,
        "PageSize": size,
        "RecordsOnPage": len(records),
        "Page": number,
        "CurrentPage": number,
        "TotalPages": max(1, math.ceil(total / size)),
    }


def writes(records: Sequence[Record]) -> dict[str, Any]:
    """Metrc's answer to a write: the ids of what it created or changed, in order."""
    return {"Ids": [record.id for record in records], "Warnings": None}


class GetRateLimit:
    """Metrc's GET limits (sliding one-second windows, per worker process): `per_second` per
    facility, and three times that for the vendor key across all its facilities (Metrc's 50
    per facility and 150 per vendor key). The sandbox has one vendor key, so every GET counts
    against it."""

    VENDOR = "\x00vendor"  # the vendor key's window, a name no licence can have

    def __init__(self, per_second: int) -> None:
        self._per_second = per_second
        self._recent: dict[str, list[float]] = {}

    def _window(self, key: str, limit: int, now: float, who: str) -> list[float]:
        recent = [t for t in self._recent.get(key, []) if now - t < 1.0]
        self._recent[key] = recent
        if len(recent) >= limit:
            raise MetrcHttpError(
                429, {"Message": f"Too many GET requests for {who}; slow down."},
                {"Retry-After": "1"},
            )  # fmt: skip
        return recent

    def check(self, license_number: str) -> None:
        """Count a GET against its facility and the vendor key.

        Raises:
            MetrcHttpError: 429 with Retry-After once either is over its limit.
        """
        if self._per_second <= 0:
            return
        now = time.monotonic()
        facility = self._window(license_number, self._per_second, now, license_number)
        vendor = self._window(self.VENDOR, self._per_second * 3, now, "this vendor key")
        facility.append(now)
        vendor.append(now)
