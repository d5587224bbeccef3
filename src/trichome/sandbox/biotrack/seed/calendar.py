"""The calendar of the simulated year: its days, the events scheduled on them, and the
actions they run (through the same code the API answers with)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from random import Random
from typing import Any

from trichome.sandbox.biotrack import actions
from trichome.sandbox.biotrack.reference import STATE, Licensee
from trichome.sandbox.biotrack.store import BioTrackError, BioTrackStore
from trichome.tracking.biotrack.states import state

# The state's clock: BioTrack's epoch times are read as local days in the state's zone, so
# the simulated working day (from 08:00) is the state's, daylight saving included.
ZONE = state(STATE).tz
OPENING = time(8)

DAYS = 365
STRAINS = ("Blue Dream", "Sour Diesel", "Chama Kush", "Sandia Sunset")
PLANTS_PER_BATCH = 24
EIGHTH = Decimal("3.5")
Event = Callable[[], object]


class Calendar:
    """The calendar of one simulated year and the books its actors share."""

    def __init__(self, store: BioTrackStore, seed: int, as_of: date) -> None:
        self.store = store
        self.random = Random(seed + 1)
        self.first = as_of - timedelta(days=DAYS)
        self.start = int(datetime.combine(self.first, time(0), tzinfo=ZONE).timestamp())
        self.day = 0
        self.moment = self.start
        self.events: dict[int, list[Event]] = defaultdict(list)
        self.rooms: dict[tuple[str, str], str] = {}
        self.mothers: dict[str, list[str]] = {}
        self.shelf: list[str] = []  # the dispensary's items for sale
        self.back_stock: list[str] = []  # the cultivator's packaged items not yet shipped
        self.sales: list[int] = []  # transaction ids of the dispensary's sales
        self.waste: list[str] = []  # waste items not yet scheduled for destruction
        self.vehicle = ""  # the cultivator's vehicle id

    def act(self, licensee: Licensee, action: str, **body: Any) -> dict[str, Any]:
        """Run an action as the licensee, a minute after the previous one."""
        self.moment = max(self.moment + 60, self.opening(self.day))
        try:
            return actions.run(self.store, licensee, {"action": action, **body}, self.moment)
        except BioTrackError as refused:  # the simulation broke a rule: a bug in the seed
            raise RuntimeError(
                f"seed day {self.day}: {action} refused: {refused.message}"
            ) from None

    def opening(self, day: int) -> int:
        """08:00 in the state on a day of the year (epoch seconds)."""
        local = datetime.combine(self.first + timedelta(days=day), OPENING, tzinfo=ZONE)
        return int(local.timestamp())

    def at(self, day: int, event: Event) -> None:
        """Run an event on a later day (events past the year's end never happen)."""
        if day < DAYS:
            self.events[day].append(event)

    def room(self, licensee: Licensee, name: str) -> str:
        """A room id of the licensee's by name."""
        return self.rooms[(licensee.location, name)]
