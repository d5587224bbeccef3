"""The reads: `sync_<table>` pages a table by transaction id, and `sync_check` compares the
sum of the transaction ids a client holds with the server's, table by table.

`transaction_start` and `transaction_end` are both inclusive; `active: 1` leaves out deleted
rows. Rows come in transaction order, so a client that keeps the highest `transactionid` it
has seen and asks again from the next one never misses a change.
"""

from __future__ import annotations

from typing import Any

from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import flag, integer, nodes, text
from trichome.sandbox.biotrack.store import TABLES, BioTrackError, Row

# Tables a client syncs; the manifest's stops and items come with `sync_manifest`.
SYNCED = tuple(table for table in TABLES if not table.startswith("manifest_stop"))
MANIFEST_PARTS = ("manifest", "manifest_stop_data", "manifest_stop_items")


def _window(call: Call, body: dict[str, Any]) -> tuple[int, int | None, bool]:
    start = integer(body, "transaction_start", default=0)
    end = integer(body, "transaction_end") if body.get("transaction_end") is not None else None
    if start < 0 or (end is not None and end < start):
        raise BioTrackError("transaction_end must not be before transaction_start.")
    return start, end, flag(body, "active")


def _rows(call: Call, table: str, start: int, end: int | None, active: bool) -> list[Row]:
    rows = [
        row
        for row in call.store.rows(table, call.location)
        if row.transactionid >= start
        and (end is None or row.transactionid <= end)
        and not (active and row.deleted)
    ]
    rows.sort(key=lambda row: (row.transactionid, row.key))
    return rows


def read(call: Call, table: str) -> dict[str, Any]:
    """Answer `sync_<table>`: the caller's rows of the table inside the window."""
    start, end, active = _window(call, call.body)
    parts = MANIFEST_PARTS if table == "manifest" else (table,)
    return {
        part: [row.document() for row in _rows(call, part, start, end, active)] for part in parts
    }


def sync_check(call: Call) -> dict[str, Any]:
    """Per table: the sum of its transaction ids in the window, whether it matches the
    client's `sum`, and (with `download: 1`) the rows of the tables that do not match."""
    download = flag(call.body, "download")
    asked = nodes(call.body) if "data" in call.body else [{"table": name} for name in SYNCED]
    summary: list[dict[str, Any]] = []
    answer: dict[str, Any] = {}
    for node in asked:
        table = text(node, "table")
        if table not in SYNCED:
            raise BioTrackError(f"Unknown table {table}; one of: {', '.join(SYNCED)}.")
        start, end, active = _window(call, node)
        rows = _rows(call, table, start, end, active)
        total = sum(row.transactionid for row in rows)
        given = integer(node, "sum") if node.get("sum") is not None else None
        match = int(given == total)
        summary.append({"table": table, "sum": total, "match": match})
        if download and not match:
            parts = MANIFEST_PARTS if table == "manifest" else (table,)
            for part in parts:
                answer[part] = [row.document() for row in _rows(call, part, start, end, active)]
    return {"summary": summary, **answer}


def readers() -> dict[str, Any]:
    """`sync_<table>` for every table a client syncs."""

    def reader(table: str) -> Any:
        def answer(call: Call) -> dict[str, Any]:
            return read(call, table)

        answer.__name__ = f"sync_{table}"
        return answer

    return {f"sync_{table}": reader(table) for table in SYNCED}


ACTIONS = {**readers(), "sync_check": sync_check}
