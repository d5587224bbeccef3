"""What the tools' tests share: the seeded licences and ways to read the truth behind a tool."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import date
from typing import Any

from tests.support.sandbox import (
    AS_OF,
    CULTIVATOR,
    DISPENSARY,
    KEYS,
    LAB,
    MANUFACTURER,
    MEDICAL_STORE,
)

__all__ = [
    "AS_OF",
    "CULTIVATOR",
    "DISPENSARY",
    "KEYS",
    "LAB",
    "MANUFACTURER",
    "MEDICAL_STORE",
    "NOWHERE",
    "all_pages",
    "changed_between",
]

# A well-formed package or plant label that no licence holds.
NOWHERE = "1A40C0029999999999999999"

Page = Callable[..., Awaitable[dict[str, Any]]]


async def all_pages(list_tool: Page, *args: Any, **kwargs: Any) -> list[dict[str, Any]]:
    """Every item of a paged tool result, page by page (checks the paging fields on the way)."""
    items: list[dict[str, Any]] = []
    page = 1
    while True:
        result = await list_tool(*args, page=page, page_size=100, **kwargs)
        assert result["page"] == page
        items.extend(result["items"])
        if not result["has_more"]:
            assert len(items) == result["total"]
            return items
        page += 1


def changed_between(
    records: Sequence[Mapping[str, Any]], first: date, last: date
) -> list[Mapping[str, Any]]:
    """The records whose LastModified (UTC) falls on the days first..last."""
    return [
        r for r in records if first.isoformat() <= str(r["LastModified"])[:10] <= last.isoformat()
    ]
