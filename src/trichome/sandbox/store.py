"""The sandbox's objects in the database: one table of Metrc documents, queried by column."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Select, Table, case, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trichome.db.models import SandboxObject, utcnow

TABLE = cast(Table, SandboxObject.__table__)
MAX_ID = 2**63  # ids are 64-bit integers on every backend
# GET /plants/v2/waste and GET /plantbatches/v2/waste.
WASTE_RECORDS = frozenset({"plantwaste", "plantbatchwaste"})
# Kinds Metrc documents with an Id and no LastModified.
_WITHOUT_LAST_MODIFIED = frozenset(
    {
        "harvestwaste",
        "delivery",
        "tag",
        "sublocation",
        "driver",
        "vehicle",
        "patientcheckin",
        "itembrand",  # bruno Items/GetBrands
        "item",  # bruno Items/GetActiveItems, GetInactiveItems
        "processingjob",  # bruno ProcessingJob/GetActiveProcessingJob
        "processingjobtype",  # bruno ProcessingJob/GetActiveJobTypes
        # bruno Locations/GetActiveLocations, GetLocationsById and Strains/GetActiveStrains,
        # GetStrainsById: no LastModified, though the active lists take last-modified bounds
        # (read against the record's own time).
        "location",
        "strain",
    }
)


def iso(moment: datetime) -> str:
    """A timestamp as Metrc writes them: ISO 8601 with the offset."""
    return moment.isoformat(timespec="seconds")


@dataclass(slots=True, eq=False)
class Record:
    """One object: where it belongs, its state, and its Metrc document (without `Id`)."""

    license: str
    kind: str
    state: str
    data: dict[str, Any]
    label: str | None = None
    name: str | None = None
    partner: str | None = None
    id: int = 0
    last_modified: datetime = field(default_factory=utcnow)

    def document(self) -> dict[str, Any]:
        """The object as Metrc returns it (keys starting with "_" are the sandbox's own)."""
        data = {key: value for key, value in self.data.items() if not key.startswith("_")}
        if self.kind in WASTE_RECORDS:
            # Metrc numbers plant waste records and shows neither an Id nor a LastModified.
            return {"PlantWasteNumber": f"{self.id:010d}", **data}
        if self.kind in ("packageadjustment", "plantadditive"):  # neither Id nor LastModified
            return data
        if self.kind == "patient":  # Metrc names a patient's Id PatientId
            return {"PatientId": self.id, **data}
        if self.kind == "labresult":  # its id is LabTestResultId (bruno LabTests/GetResults)
            return {**data, "LabTestResultId": self.id}
        if self.kind in _WITHOUT_LAST_MODIFIED:  # an Id and no LastModified
            return {"Id": self.id, **data}
        return {"Id": self.id, **data, "LastModified": iso(self.last_modified)}


@dataclass(frozen=True, slots=True)
class Paging:
    """A page request: 1-based page number and page size (at most 20)."""

    number: int
    size: int


def _record(row: Any) -> Record:
    return Record(
        license=row.license,
        kind=row.kind,
        state=row.state,
        data=dict(row.data),
        label=row.label,
        name=row.name,
        partner=row.partner_license,
        id=row.id,
        last_modified=row.last_modified,
    )


class Transaction:
    """Reads and writes of one request, committed together."""

    def __init__(self, connection: AsyncConnection) -> None:
        self._connection = connection

    async def _fetch(self, query: Select[Any]) -> list[Record]:
        return [_record(row) for row in await self._connection.execute(query)]

    def _listing(
        self,
        license: str,
        kind: str,
        states: Sequence[str] | None,
        window: tuple[datetime, datetime] | None,
        as_partner: bool,
    ) -> Select[Any]:
        owner = TABLE.c.partner_license if as_partner else TABLE.c.license
        query = select(TABLE).where(owner == license, TABLE.c.kind == kind)
        if states is not None:
            query = query.where(TABLE.c.state.in_(states))
        if window is not None:
            query = query.where(
                TABLE.c.last_modified >= window[0], TABLE.c.last_modified <= window[1]
            )
        return query

    async def page(
        self,
        license: str,
        kind: str,
        states: Sequence[str] | None = None,
        *,
        window: tuple[datetime, datetime] | None = None,
        paging: Paging | None = None,
        as_partner: bool = False,
    ) -> tuple[list[Record], int]:
        """One page of a licence's objects of a kind (all of them without paging), and the total."""
        query = self._listing(license, kind, states, window, as_partner)
        if paging is None:
            records = await self._fetch(query.order_by(TABLE.c.id))
            return records, len(records)
        total = await self._connection.scalar(select(func.count()).select_from(query.subquery()))
        offset = (paging.number - 1) * paging.size
        records = await self._fetch(query.order_by(TABLE.c.id).offset(offset).limit(paging.size))
        return records, int(total or 0)

    def _length(self, key: str) -> ColumnElement[Any]:
        """The length of the list a document holds under `key` (0 when it holds none)."""
        if self._connection.dialect.name == "postgresql":
            value = TABLE.c.data[key]
            is_list = func.json_typeof(value) == "array"
            return case((is_list, func.json_array_length(value)), else_=0)
        # SQLite: 0 for a value that is not a list, NULL for a missing key.
        return func.coalesce(func.json_array_length(TABLE.c.data, f'$."{key}"'), 0)

    async def lengths(
        self,
        license: str,
        kind: str,
        key: str,
        *,
        window: tuple[datetime, datetime] | None = None,
    ) -> list[tuple[int, int]]:
        """Each of a licence's objects of a kind as (id, length of its document's list under
        `key`), in id order, counted in the database without reading the documents."""
        query = self._listing(license, kind, None, window, False).with_only_columns(
            TABLE.c.id, self._length(key)
        )
        rows = await self._connection.execute(query.order_by(TABLE.c.id))
        return [(int(row[0]), int(row[1])) for row in rows]

    async def many(self, kind: str, object_ids: Sequence[int]) -> list[Record]:
        """Objects of a kind by id, in id order."""
        if not object_ids:
            return []
        query = select(TABLE).where(TABLE.c.kind == kind, TABLE.c.id.in_(object_ids))
        return await self._fetch(query.order_by(TABLE.c.id))

    async def all(
        self, license: str, kind: str, states: Sequence[str] | None = None
    ) -> list[Record]:
        """Every object of a kind at a licence."""
        records, _ = await self.page(license, kind, states)
        return records

    async def between(
        self, license: str, kind: str, states: Sequence[str], key: str, low: str, high: str
    ) -> list[Record]:
        """A licence's objects of a kind whose document's `key`, an ISO 8601 text, is from
        `low` to before `high`, compared as text in the database (a coarse cut: the caller
        compares the moments exactly)."""
        moment = TABLE.c.data[key].as_string()
        query = self._listing(license, kind, states, None, False)
        return await self._fetch(query.where(moment >= low, moment < high).order_by(TABLE.c.id))

    async def get(self, kind: str, object_id: int) -> Record | None:
        """An object by id (none for an id no row can have)."""
        if not 0 < object_id < MAX_ID:
            return None
        found = await self._fetch(
            select(TABLE).where(TABLE.c.kind == kind, TABLE.c.id == object_id)
        )
        return found[0] if found else None

    async def by_label(self, kind: str, label: str) -> Record | None:
        """An object by its tag label (labels are unique across the state)."""
        found = await self._fetch(select(TABLE).where(TABLE.c.kind == kind, TABLE.c.label == label))
        return found[0] if found else None

    async def by_labels(self, kind: str, labels: Sequence[str]) -> dict[str, Record]:
        """Objects by label, for many labels at once."""
        if not labels:
            return {}
        found = await self._fetch(
            select(TABLE).where(TABLE.c.kind == kind, TABLE.c.label.in_(labels))
        )
        return {record.label: record for record in found if record.label}

    async def by_name(self, license: str, kind: str, name: str) -> Record | None:
        """A licence's object by its name (strains, items, locations, harvests, batches)."""
        query = select(TABLE).where(
            TABLE.c.license == license, TABLE.c.kind == kind, TABLE.c.name == name
        )
        found = await self._fetch(query.order_by(TABLE.c.id.desc()).limit(1))
        return found[0] if found else None

    async def children(self, kind: str, parent_key: str, parent_id: int) -> list[Record]:
        """Objects of a kind whose `label` column holds a parent's id (lab results, waste)."""
        query = select(TABLE).where(
            TABLE.c.kind == kind, TABLE.c.label == f"{parent_key}:{parent_id}"
        )
        return await self._fetch(query.order_by(TABLE.c.id))

    async def insert(self, record: Record) -> Record:
        """Store a new object; its id is assigned."""
        record.last_modified = utcnow()
        record.id = int(
            (
                await self._connection.execute(
                    insert(TABLE).values(_columns(record)).returning(TABLE.c.id)
                )
            ).scalar_one()
        )
        return record

    async def save(self, record: Record) -> Record:
        """Write back a changed object; its LastModified becomes now."""
        record.last_modified = utcnow()
        values = _columns(record)
        await self._connection.execute(update(TABLE).where(TABLE.c.id == record.id).values(values))
        return record


def _columns(record: Record) -> dict[str, Any]:
    return {
        "license": record.license,
        "kind": record.kind,
        "label": record.label,
        "name": record.name,
        "state": record.state,
        "partner_license": record.partner,
        "last_modified": record.last_modified,
        "data": record.data,
    }


class SandboxStore:
    """Transactions over the sandbox's table."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def count(self) -> int:
        """Every object the sandbox holds."""
        async with self._engine.connect() as connection:
            return int(await connection.scalar(select(func.count(SandboxObject.id))) or 0)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """A transaction: committed when the block ends, rolled back if it raises."""
        async with self._engine.begin() as connection:
            yield Transaction(connection)

    async def bulk_insert(self, records: Sequence[Record], *, replacing: bool = False) -> None:
        """Store many objects with ids chosen by the caller (the seed), in one transaction;
        `replacing` removes every other object in the same transaction, so a seed that is
        interrupted leaves the sandbox as it was, never empty or half written."""
        async with self._engine.begin() as connection:
            if replacing:
                await connection.execute(TABLE.delete())
            rows = [{"id": record.id, **_columns(record)} for record in records]
            for start in range(0, len(rows), 5000):
                await connection.execute(insert(TABLE), rows[start : start + 5000])
            if connection.dialect.name == "postgresql":
                await connection.exec_driver_sql(
                    "SELECT setval(pg_get_serial_sequence('sandbox_objects', 'id'), "
                    "(SELECT COALESCE(MAX(id), 1) FROM sandbox_objects))"
                )

    async def clear(self) -> None:
        """Remove every sandbox object (before seeding afresh)."""
        async with self._engine.begin() as connection:
            await connection.execute(TABLE.delete())
