"""Reading by transaction id: BioTrack's `sync_*` reads return the records of one table whose
transaction id lies in `transaction_start`…`transaction_end`, not records between dates.

Every change to a record gives it a new, higher `transactionid` (its first one stays in
`transactionid_original`), and removed records come back with `deleted: 1`. So a reader
that remembers the highest transaction id it has seen per table and asks for everything
after it gets every change once. `TransactionCursor` does that for one licence, with the
ids kept in a `CursorStore`; `sync_check` tells which tables changed at all.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from trichome.tracking.biotrack.codes import code_number

# sync action -> the keys of its answer that hold rows (the first is the table's own).
SYNC_TABLES: dict[str, tuple[str, ...]] = {
    "vendor": ("vendor",),
    "qa_lab": ("qa_lab",),
    "third_party_transporter": ("third_party_transporter",),
    "employee": ("employee",),
    "vehicle": ("vehicle",),
    "inventory_room": ("inventory_room",),
    "plant_room": ("plant_room",),
    "inventory": ("inventory",),
    "plant": ("plant",),
    "plant_derivative": ("plant_derivative",),
    "manifest": ("manifest", "manifest_stop_data", "manifest_stop_items"),
    "inventory_transfer": ("inventory_transfer",),
    "inventory_transfer_inbound": ("inventory_transfer_inbound",),
    "inventory_sample": ("inventory_sample",),
    "inventory_qa_sample": ("inventory_qa_sample",),
    "inventory_adjust": ("inventory_adjust",),
    "sale": ("sale",),
    "tax_report": ("tax_report",),
}

Row = dict[str, Any]


def transaction_id(row: Mapping[str, Any]) -> int:
    """A row's `transactionid` (0 when absent)."""
    return code_number(row.get("transactionid")) or 0


@dataclass(frozen=True, slots=True)
class SyncPage:
    """The rows of one table read after a transaction id, by answer key."""

    table: str
    after: int
    rows: dict[str, tuple[Row, ...]] = field(default_factory=dict)

    @property
    def records(self) -> tuple[Row, ...]:
        """The table's own rows (for sync_manifest: the manifests)."""
        return self.rows.get(SYNC_TABLES[self.table][0], ())

    @property
    def last(self) -> int:
        """The highest transaction id read (the cursor to read after next time)."""
        ids = [transaction_id(row) for rows in self.rows.values() for row in rows]
        return max([self.after, *ids])

    def __len__(self) -> int:
        return sum(len(rows) for rows in self.rows.values())


def page_of(table: str, after: int, answers: Iterable[Mapping[str, Any]]) -> SyncPage:
    """The rows of one or more answers to a sync action, keeping only those after `after`
    (whether BioTrack's `transaction_start` is inclusive is not documented clearly, so the
    cursor's own id is filtered out here) and each (key, row) once."""
    gathered: dict[str, dict[str, Row]] = {key: {} for key in SYNC_TABLES[table]}
    for answer in answers:
        for key in SYNC_TABLES[table]:
            rows = answer.get(key)
            for row in rows if isinstance(rows, list) else []:
                if isinstance(row, dict) and transaction_id(row) > after:
                    gathered[key].setdefault(_identity(row), row)
    return SyncPage(
        table=table,
        after=after,
        rows={key: tuple(rows.values()) for key, rows in gathered.items()},
    )


def _identity(row: Mapping[str, Any]) -> str:
    return repr(sorted((str(k), repr(v)) for k, v in row.items()))


@dataclass(frozen=True, slots=True)
class TableCheck:
    """One table's line of a `sync_check` answer: BioTrack's `sum` and whether it `match`es."""

    table: str
    total: int | None
    match: bool


def checks_of(answer: Mapping[str, Any]) -> list[TableCheck]:
    """The `summary` list of a `sync_check` answer."""
    summary = answer.get("summary")
    lines = summary if isinstance(summary, list) else []
    return [
        TableCheck(
            table=str(line.get("table")),
            total=code_number(line.get("sum")),
            match=str(line.get("match")) == "1",
        )
        for line in lines
        if isinstance(line, Mapping) and line.get("table")
    ]


class CursorStore(Protocol):
    """Where the last transaction id read per (licence, table) is kept."""

    def get(self, license_number: str, table: str) -> int: ...

    def put(self, license_number: str, table: str, last: int) -> None: ...


class MemoryCursorStore:
    """Cursors kept in memory (tests, one-off reads)."""

    def __init__(self, start: Mapping[tuple[str, str], int] | None = None) -> None:
        self._ids: dict[tuple[str, str], int] = dict(start or {})

    def get(self, license_number: str, table: str) -> int:
        """The last transaction id read (0: nothing yet)."""
        return self._ids.get((license_number, table), 0)

    def put(self, license_number: str, table: str, last: int) -> None:
        """Remember the last transaction id read."""
        self._ids[(license_number, table)] = last


Sync = Callable[..., Awaitable[SyncPage]]
Check = Callable[[Mapping[str, int]], Awaitable[list[TableCheck]]]


class TransactionCursor:
    """Reads each table of one licence from where the last read stopped."""

    def __init__(self, license_number: str, sync: Sync, check: Check, store: CursorStore):
        self.license_number = license_number
        self._sync = sync
        self._check = check
        self.store = store

    async def read_new(
        self, table: str, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """Every row of `table` changed since the stored id; the id moves past them.

        `until` (a transaction id known to exist, such as a write's) with `window` reads
        in ranges of `window` ids, for tables too large for one answer.
        """
        after = self.store.get(self.license_number, table)
        page = await self._sync(table, after=after, until=until, window=window)
        self.store.put(self.license_number, table, page.last)
        return page

    async def changed(self, tables: Iterable[str] | None = None) -> list[str]:
        """The tables `sync_check` reports as not matching the stored ids."""
        names = list(tables or SYNC_TABLES)
        starts = {name: self.store.get(self.license_number, name) for name in names}
        return [line.table for line in await self._check(starts) if not line.match]
