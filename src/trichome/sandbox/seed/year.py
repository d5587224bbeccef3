"""The simulated year: its calendar, its books (every object made), and its actors.

`Year` holds what every actor shares: the one random number generator, the calendar of
pending events, the objects made so far with their ids, the tag pools, each licence's
locations, strains and items, and the packages each licence holds. The actors (the
cultivator, the lab, the manufacturer, the transporters, the store and its wholesale
customers) each keep their own state and reach the others through the year.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from functools import partial
from typing import Any

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import LAB, Facility
from trichome.sandbox.reference import ZONE
from trichome.sandbox.seed.catalogue import TAG_PREFIXES
from trichome.sandbox.seed.cultivator import Cultivator
from trichome.sandbox.seed.dispensary import Dispensary
from trichome.sandbox.seed.lab import Lab
from trichome.sandbox.seed.manufacturer import Manufacturer
from trichome.sandbox.seed.transporters import Transporters
from trichome.sandbox.seed.wholesale import Wholesale
from trichome.sandbox.store import Record

YEAR_DAYS = 365
# Plantings start 16 weeks before the year so that harvests arrive from its first days.
LEAD_IN_DAYS = 16 * 7
PASSED = ("TestPassed", "RetestPassed")


class Year:
    """The simulation: its calendar of pending events, and every object it has made."""

    def __init__(self, seed: int, as_of: date) -> None:
        self.rng = random.Random(seed)
        self.as_of = as_of
        self.last_day = as_of - timedelta(days=1)
        self.first_day = as_of - timedelta(days=YEAR_DAYS)
        self.records: list[Record] = []
        self._next_id = 1
        self._events: dict[date, list[Callable[[], None]]] = defaultdict(list)
        self._tags: dict[tuple[str, str], int] = defaultdict(int)
        self.locations: dict[tuple[str, str], Record] = {}
        self.strains: dict[tuple[str, str], Record] = {}
        self.items: dict[tuple[str, str], Record] = {}
        # The packages each licence holds and may use, oldest first.
        self.stock: dict[str, list[Record]] = defaultdict(list)
        self.played: set[str] = set()  # the once-only scenarios that have happened
        self.dispensary = Dispensary(self)  # draws each strain's popularity first
        self.cultivator = Cultivator(self)
        self.lab = Lab(self)
        self.manufacturer = Manufacturer(self)
        self.transporters = Transporters(self)
        self.wholesale = Wholesale(self)

    # ------------------------------------------------------------------ the calendar

    def at(self, day: date, hour: int, minute: int = 0, second: int = 0) -> datetime:
        """A local moment at the facilities (Colorado)."""
        return datetime.combine(day, time(hour, minute, second), tzinfo=ZONE)

    def later(self, day: date, action: Callable[..., None], *args: Any) -> None:
        """Do something on a day of the year, passed that day (nothing after the year's end)."""
        if day <= self.last_day:
            self._events[day].append(partial(action, day, *args))

    def run(self) -> None:
        """Play the year day by day, each day's events in the order they were planned."""
        start = self.first_day - timedelta(days=LEAD_IN_DAYS)
        for week in range((LEAD_IN_DAYS + YEAR_DAYS) // 7 + 1):
            self.later(start + timedelta(days=7 * week), self.cultivator.plant_cohort, week)
        day = self.first_day
        while day <= self.last_day:
            self.later(day, self.routine)
            day += timedelta(days=1)
        day = start
        while day <= self.last_day:
            while self._events.get(day):
                for action in self._events.pop(day):
                    action()
            day += timedelta(days=1)

    def routine(self, day: date) -> None:
        """The weekly and daily business of the facilities."""
        weekday = day.weekday()
        store = self.dispensary
        if weekday == 0:
            store.clean_up(day)
        if weekday in (0, 3):
            store.order(day)
        if weekday == 1:
            self.cultivator.ship_trim(day)
        if weekday == 2:
            self.manufacturer.extract(day)
        if weekday == 4:
            self.wholesale.sell_surplus(day)
        if day.day == 1:
            store.count(day)
        store.hold_for_recall(day)  # on the one day its scenario names
        if store.opened is not None:
            store.sell(day)

    # ------------------------------------------------------------------ the books

    def add(self, record: Record, when: datetime) -> Record:
        """A new object, numbered in order of creation."""
        record.id = self._next_id
        self._next_id += 1
        record.last_modified = when.astimezone(UTC)
        self.records.append(record)
        return record

    @staticmethod
    def touch(record: Record, when: datetime) -> None:
        """Note that an object changed at a moment."""
        record.last_modified = when.astimezone(UTC)

    def tag(self, facility: Facility, kind: str) -> str:
        """The next tag of a facility's plant or package pool (24 characters, like Metrc's)."""
        key = (facility.license_number, kind)
        self._tags[key] += 1
        pool = "1" if kind == "plant" else "2"
        return f"1A4{TAG_PREFIXES[facility.license_number]}{pool}{self._tags[key]:014d}"

    def location(self, facility: Facility, name: str) -> Record:
        """A facility's location by name."""
        return self.locations[(facility.license_number, name)]

    def item(self, facility: Facility, name: str) -> Record:
        """A facility's item by name."""
        return self.items[(facility.license_number, name)]

    def new_package(
        self,
        facility: Facility,
        item: Record,
        quantity: float,
        when: datetime,
        *,
        harvest: Record | None = None,
        sources: list[Record] | None = None,
        lab_state: str = "NotSubmitted",
        shelf_life_days: int | None = None,
    ) -> Record:
        """A package made in a facility's vault, in its stock from then on."""
        packaged = when.date()
        record = documents.package(
            facility,
            self.tag(facility, "package"),
            item,
            quantity,
            item.data["UnitOfMeasureName"],
            self.location(facility, "Vault" if facility is not LAB else "Sample Storage"),
            packaged,
            source_harvests=[harvest.name or ""] if harvest else None,
            source_packages=[source.label or "" for source in sources or []],
            lab_state=lab_state,
            expires=packaged + timedelta(days=shelf_life_days) if shelf_life_days else None,
        )
        record.data["InitialLabTestingState"] = lab_state
        item.data["IsUsed"] = True
        self.add(record, when)
        self.stock[facility.license_number].append(record)
        return record

    def finish(self, package: Record, when: datetime) -> None:
        """Close an empty package, as Metrc requires (quantity zero)."""
        package.state = "inactive"
        package.data.update(
            {"Quantity": 0.0, "IsFinished": True, "FinishedDate": documents.day(when)}
        )
        self.touch(package, when)
        holder = self.stock[package.license]
        if package in holder:
            holder.remove(package)

    def adjust(
        self,
        facility: Facility,
        package: Record,
        change: float,
        reason: str,
        note: str | None,
        when: datetime,
    ) -> None:
        """An adjustment of a package's quantity, with Metrc's reason and its record."""
        package.data["Quantity"] = round(max(0.0, package.data["Quantity"] + change), 4)
        self.touch(package, when)
        self.add(
            removals.adjustment(
                facility.license_number, package, change, reason, note, when, "Inventory Manager"
            ),
            when,
        )

    def sellable(self, facility: Facility, category: str) -> list[Record]:
        """A licence's tested, active, non-sample packages of a category, oldest first."""
        return [
            package
            for package in self.stock[facility.license_number]
            if package.state == "active"
            and package.data["LabTestingState"] in PASSED
            and package.data["Quantity"] > 0
            and not package.data["IsTestingSample"]
            and package.data["Item"]["ProductCategoryName"] == category
        ]
