"""What FacilityData hands a skill: a facility's packages and plants in every state, the
receipts of a range of days, and lists without repeated records.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from trichome.metrc.skills.records import Record, label
from trichome.tracking import Receipt


def dedupe(records: Iterable[Record]) -> list[Record]:
    """Records without repeats of an Id (the first kept), e.g. an on-hold package listed twice."""
    seen: set[Any] = set()
    unique = []
    for record in records:
        key = record.get("Id")
        if key is not None and key in seen:
            continue
        seen.add(key)
        unique.append(record)
    return unique


@dataclass(frozen=True, slots=True)
class Packages:
    """A facility's packages in every state."""

    on_hand: list[Record]  # active and on hold, not in transit
    inactive: list[Record]  # finished or discontinued
    in_transit: list[Record]

    def everything(self) -> list[Record]:
        """Every package the facility can see."""
        return [*self.on_hand, *self.in_transit, *self.inactive]

    def by_label(self) -> dict[str, Record]:
        """Every package by its label."""
        return {label(package): package for package in self.everything()}


@dataclass(frozen=True, slots=True)
class Plants:
    """A facility's tracked plants in every state."""

    vegetative: list[Record]
    flowering: list[Record]
    on_hold: list[Record]
    inactive: list[Record]  # harvested or destroyed

    def growing(self) -> list[Record]:
        """Plants still growing (vegetative, flowering, on hold)."""
        return dedupe([*self.vegetative, *self.flowering, *self.on_hold])


@dataclass(frozen=True, slots=True)
class Receipts:
    """Sales receipts of a range of days: sales (open or finalized) and voided ones."""

    start: date
    end: date
    sales: list[Receipt]
    voided: list[Receipt]

    def within(self, start: date, end: date) -> Receipts:
        """The receipts of a narrower range."""
        return Receipts(
            start,
            end,
            [r for r in self.sales if start <= r.day <= end],
            [r for r in self.voided if start <= r.day <= end],
        )
