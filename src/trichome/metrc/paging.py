"""List responses (v2 page envelope or plain array), 24-hour date windows and de-duplication."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

MAX_PAGE_SIZE = 20  # Metrc's maximum pageSize
# A page size asking for Metrc's default, the whole list in one answer ("Pagination is
# currently disabled by default"): for reads a date window keeps small.
UNPAGED = 0
MAX_WINDOW = timedelta(hours=24)  # Metrc's longest lastModifiedStart..lastModifiedEnd range


@dataclass(frozen=True, slots=True)
class Page:
    """One list response: its records, and how many pages (of what size) the list has."""

    records: list[Any]
    total_pages: int
    page_size: int | None


def check_page_size(page_size: int | None) -> None:
    """Reject a page size Metrc would refuse (UNPAGED, 0, sends none).

    Raises:
        ValueError: not between 1 and 20, nor UNPAGED.
    """
    if page_size is not None and page_size != UNPAGED and not 1 <= page_size <= MAX_PAGE_SIZE:
        raise ValueError(f"page_size must be between 1 and {MAX_PAGE_SIZE} (Metrc's maximum).")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_page(data: Any) -> Page:
    """The records of a list response: the v2 envelope `{"Data": [...], ...}` or a plain array.

    Raises:
        ValueError: the response is neither.
    """
    if data is None:
        return Page([], 1, None)
    if isinstance(data, list):
        return Page(data, 1, None)
    if isinstance(data, Mapping) and "Data" in data:
        records = data["Data"] or []
        if not isinstance(records, list):
            raise ValueError("the envelope's Data is not a list")
        size = _int(data.get("PageSize"))
        pages = _int(data.get("TotalPages"))
        if pages is None:
            total = _int(data.get("TotalRecords")) or _int(data.get("Total"))
            pages = math.ceil(total / size) if total and size else 1
        return Page(records, max(pages, 1), size)
    if isinstance(data, Mapping) and data and all(str(key).isdigit() for key in data):
        # One seeder saw the tags list as an object with numeric keys; read it in key order.
        return Page([data[key] for key in sorted(data, key=int)], 1, None)
    raise ValueError("the response is neither a list nor a page envelope")


def require_aware(value: datetime, name: str) -> datetime:
    """The datetime, if it carries a time zone.

    Raises:
        ValueError: it is naive.
    """
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware (for example with tzinfo=UTC).")
    return value


def date_windows(
    start: datetime | None, end: datetime | None, now: datetime | None = None
) -> list[tuple[datetime, datetime]]:
    """Consecutive windows of at most 24 hours covering start..end (end defaults to now).

    Raises:
        ValueError: naive datetimes, an end without a start, or an end before the start.
    """
    if start is None:
        if end is not None:
            raise ValueError("last_modified_end needs last_modified_start as well.")
        return []
    start = require_aware(start, "last_modified_start")
    if end is None:
        end = (now or datetime.now(UTC)).astimezone(start.tzinfo)
    end = require_aware(end, "last_modified_end")
    if end < start:
        raise ValueError("last_modified_end is before last_modified_start.")
    windows = []
    cursor = start
    while True:
        upper = min(cursor + MAX_WINDOW, end)
        windows.append((cursor, upper))
        if upper >= end:
            return windows
        cursor = upper


def record_key(record: Any) -> tuple[Any, ...] | None:
    """What identifies a record: its Id, with DeliveryId (transfers list a row per delivery)."""
    if not isinstance(record, Mapping) or record.get("Id") is None:
        return None
    return (record["Id"], record.get("DeliveryId"))


def deduplicate(records: Iterable[Any]) -> list[Any]:
    """The records without repeats of the same Id, each at its first place, in its last version."""
    result: list[Any] = []
    index: dict[tuple[Any, ...], int] = {}
    for record in records:
        key = record_key(record)
        if key is None:
            result.append(record)
        elif key in index:
            result[index[key]] = record
        else:
            index[key] = len(result)
            result.append(record)
    return result
