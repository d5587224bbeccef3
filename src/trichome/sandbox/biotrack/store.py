"""The BioTrack sandbox's tables in memory: rows stamped with transaction ids, system-issued
16-digit barcodes, and log-in sessions that expire.

Every write takes one transaction id from a counter that only grows; each row it creates
or changes carries that id as `transactionid` (and keeps the id that created it as
`transactionid_original`), which is what the `sync_*` reads page by. The store holds no
lock: the sandbox runs each action to its end without awaiting, so actions never interleave.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from random import Random
from typing import Any

from trichome.knowledge.waits import destruction_wait
from trichome.sandbox.biotrack.reference import (
    INVALID,
    SESSION,
    STATE,
    Licensee,
)

Clock = Callable[[], float]
# The tables BioTrack's sync_check knows (manual), plus inbound transfers and plant waste.
TABLES = (
    "vehicle", "employee", "plant_room", "inventory_room", "inventory", "plant",
    "plant_derivative", "manifest", "manifest_stop_data", "manifest_stop_items",
    "inventory_transfer", "inventory_transfer_inbound", "sale", "tax_report", "vendor",
    "qa_lab", "inventory_adjust", "inventory_qa_sample",
    # Read by clients (OpenTHC's adapter and mock list both) but never written here: the
    # sandbox has no third-party transporters and no vendor or employee samples.
    "third_party_transporter", "inventory_sample",
)  # fmt: skip
# Tables every licensee sees whole; the others are each location's own.
SHARED_TABLES = frozenset({"vendor", "qa_lab"})
MAX_SESSIONS = 1000
MAX_REPLIES = 10_000  # nonce answers kept for nonce_replay (the oldest are forgotten)


class BioTrackError(Exception):
    """A request BioTrack refuses: `success: 0` with this message and code."""

    def __init__(self, message: str, code: int | None = INVALID) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(slots=True, eq=False)
class Row:
    """One record of a table, as a sync_* call returns it (with its bookkeeping fields)."""

    table: str
    key: str
    location: str
    data: dict[str, Any]
    transactionid: int
    transactionid_original: int
    sessiontime: int
    deleted: int = 0

    def document(self) -> dict[str, Any]:
        """The row as BioTrack sends it (keys starting with "_" are the sandbox's own)."""
        shown = {key: value for key, value in self.data.items() if not key.startswith("_")}
        return {
            **shown,
            "location": self.location,
            "deleted": self.deleted,
            "sessiontime": self.sessiontime,
            "transactionid": self.transactionid,
            "transactionid_original": self.transactionid_original,
        }


@dataclass(slots=True)
class Session:
    """A logged-in user of one location, until `expires` (a Unix time)."""

    sessionid: str
    licensee: Licensee
    username: str
    expires: float
    training: bool = False


@dataclass(slots=True)
class BioTrackStore:
    """Every table, the transaction counter, the barcodes issued and the open sessions."""

    clock: Clock
    seed: int
    session_seconds: float = 3600.0
    # The sandbox state's rule from its jurisdiction pack (New Mexico: 16.8.2.15 NMAC).
    destroy_wait_hours: int = field(default_factory=lambda: round(destruction_wait(STATE).hours))
    tables: dict[str, dict[str, Row]] = field(default_factory=dict)
    sessions: dict[str, Session] = field(default_factory=dict)
    last_transaction: int = 1000
    issued: set[str] = field(default_factory=set)
    # Opening day of each location (inventory_new without a source in its first 15 days).
    opened: dict[str, int] = field(default_factory=dict)
    # The last answer of each (location, nonce), for nonce_replay.
    replies: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    _random: Random = field(init=False)

    def __post_init__(self) -> None:
        self._random = Random(self.seed)
        for table in TABLES:
            self.tables.setdefault(table, {})

    # ------------------------------------------------------------------ time and ids

    def now(self) -> int:
        """The current Unix time, whole seconds."""
        return int(self.clock())

    def transaction(self) -> int:
        """A new transaction id, greater than every one before it."""
        self.last_transaction += 1
        return self.last_transaction

    def barcode(self) -> str:
        """A new 16-digit identifier no row has had."""
        while True:
            candidate = f"{self._random.randrange(10**15, 10**16):016d}"
            if candidate not in self.issued:
                self.issued.add(candidate)
                return candidate

    # ------------------------------------------------------------------ rows

    def insert(
        self, table: str, key: str, location: str, data: dict[str, Any], tx: int, when: int
    ) -> Row:
        """Add a row created by transaction `tx`."""
        row = Row(table, key, location, data, tx, tx, when)
        self.tables[table][key] = row
        return row

    def touch(self, row: Row, tx: int, when: int, **changes: Any) -> Row:
        """Change a row in transaction `tx` (it then syncs again from `tx`)."""
        row.data.update(changes)
        row.transactionid = tx
        row.sessiontime = when
        return row

    def delete(self, row: Row, tx: int, when: int, **changes: Any) -> Row:
        """Mark a row deleted in transaction `tx` (sync_* still returns it, `deleted: 1`)."""
        row.deleted = 1
        return self.touch(row, tx, when, **changes)

    def find(self, table: str, key: str, location: str | None = None) -> Row | None:
        """A live row by key, only if it belongs to `location` when one is given."""
        row = self.tables[table].get(key)
        if row is None or row.deleted or (location is not None and row.location != location):
            return None
        return row

    def need(self, table: str, key: Any, location: str, what: str) -> Row:
        """A live row of the location, or a refusal naming it.

        Raises:
            BioTrackError: no such row at this location.
        """
        row = self.find(table, str(key), location) if isinstance(key, str | int) else None
        if row is None:
            raise BioTrackError(f"The {what} {key} could not be found under your license.")
        return row

    def rows(self, table: str, location: str | None = None) -> Iterator[Row]:
        """Rows of a table, of one location (shared tables: every row)."""
        for row in self.tables[table].values():
            if location is None or table in SHARED_TABLES or row.location == location:
                yield row

    def count(self) -> int:
        """Every row of every table."""
        return sum(len(rows) for rows in self.tables.values())

    # ------------------------------------------------------------------ sessions

    def open_session(self, licensee: Licensee, username: str, training: bool) -> Session:
        """A new session of the licensee, expiring `session_seconds` from now."""
        if len(self.sessions) >= MAX_SESSIONS:  # forget expired sessions before adding one
            now = self.clock()
            for stale in [key for key, held in self.sessions.items() if held.expires <= now]:
                del self.sessions[stale]
        session = Session(
            secrets.token_hex(32), licensee, username, self.clock() + self.session_seconds, training
        )
        self.sessions[session.sessionid] = session
        return session

    def session(self, sessionid: Any) -> Session:
        """The live session of this id.

        Raises:
            BioTrackError: no session by this id, or it has expired (code 63).
        """
        found = self.sessions.get(sessionid) if isinstance(sessionid, str) else None
        if found is None:
            raise BioTrackError("Invalid session. Please log in again.", SESSION)
        if self.clock() >= found.expires:
            del self.sessions[found.sessionid]
            raise BioTrackError("Your session has expired.", SESSION)
        return found
