"""The seeded year's records, indexed for the facts the skills tests check against.

Only plain reads of `build()`'s records live here (no skill code): which objects a licence
holds, in which state, on which day.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from typing import Any

from trichome.sandbox.store import Record

GRAMS = {"Grams": 1.0, "Kilograms": 1000.0, "Ounces": 28.349523125, "Pounds": 453.59237}


def day(value: Any) -> date | None:
    """The date part of a Metrc date or date-time string."""
    return date.fromisoformat(value[:10]) if isinstance(value, str) and value else None


class Year:
    """Every record of the year, with the look-ups the tests need."""

    def __init__(self, records: list[Record]) -> None:
        self.records = records
        self.by_kind: dict[str, list[Record]] = defaultdict(list)
        for record in records:
            self.by_kind[record.kind].append(record)
        self.packages_by_label = {r.label: r for r in self.by_kind["package"]}

    def of(self, kind: str, license: str, *states: str) -> list[Record]:
        """A licence's records of a kind, in some states (all when none given)."""
        return [
            r
            for r in self.by_kind[kind]
            if r.license == license and (not states or r.state in states)
        ]

    def on_hand(self, license: str) -> list[Record]:
        """A licence's active and on-hold packages."""
        return self.of("package", license, "active", "onhold")

    def stock(self, license: str) -> list[Record]:
        """On-hand packages that hold something and are not lab samples."""
        return [
            p
            for p in self.on_hand(license)
            if p.data["Quantity"] > 1e-9 and not p.data["IsTestingSample"]
        ]

    def receipts(
        self, license: str, start: date, end: date, *, voided: bool = False
    ) -> list[Record]:
        """A licence's sales receipts sold between two local days (inclusive): open or
        finalized ones, or with `voided` the voided (archived) ones."""
        return [
            r
            for r in self.of("receipt", license)
            if bool(r.data["ArchivedDate"]) == voided
            and start <= date.fromisoformat(r.data["SalesDateTime"][:10]) <= end
        ]

    def lines(self, receipts: Iterable[Record]) -> list[tuple[Record, dict[str, Any]]]:
        """The transactions of some receipts, each with its receipt."""
        return [(r, line) for r in receipts for line in r.data["Transactions"]]

    def transfers(
        self, *, shipper: str | None = None, recipient: str | None = None
    ) -> list[Record]:
        """Manifests by shipper or recipient licence."""
        return [
            t
            for t in self.by_kind["transfer"]
            if (shipper is None or t.license == shipper)
            and (recipient is None or t.partner == recipient)
        ]

    def delivery_of(self, transfer: Record) -> Record:
        """A manifest's delivery."""
        return next(d for d in self.by_kind["delivery"] if d.data["_TransferId"] == transfer.id)
