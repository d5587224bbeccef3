"""Our records of what a facility holds and grows: packages, the items they are, plants,
processing jobs, adjustment reasons, and the facility with what its licence may do.

As in `trichome.tracking.records`: our names and types, days as dates, moments as
datetimes, quantities with their unit (a count, a weight or a volume). A mapping per
tracking system builds them (Metrc's in `trichome.tracking.metrc.inventory`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from trichome.tracking.lab import LabState, cleared, failed, passed
from trichome.tracking.records import GRAMS_PER_UNIT, day_of

EMPTY = 1e-9  # quantities at or below this are zero (Metrc rounds to 4 decimals)
COUNT_UNITS = frozenset({"each"})
VOLUME_UNITS = frozenset({"milliliters", "liters", "fluid ounces", "gallons", "pints", "quarts"})


class UnitKind(StrEnum):
    """What a unit measures."""

    COUNT = "count"
    WEIGHT = "weight"
    VOLUME = "volume"
    UNKNOWN = "unknown"


def unit_kind(unit: str | None) -> UnitKind:
    """Whether a unit counts, weighs or measures volume (names in any case)."""
    name = str(unit or "").strip().lower()
    if name in GRAMS_PER_UNIT:
        return UnitKind.WEIGHT
    if name in COUNT_UNITS:
        return UnitKind.COUNT
    if name in VOLUME_UNITS:
        return UnitKind.VOLUME
    return UnitKind.UNKNOWN


class Capability(StrEnum):
    """What a licence may do, as far as the skills care."""

    GROW_PLANTS = "grow_plants"
    SELL_TO_CONSUMERS = "sell_to_consumers"
    MAKE_PRODUCTS = "make_products"  # processing jobs (infusing, extracting)


@dataclass(frozen=True, slots=True)
class Facility:
    """A licence the keys reach: its number, name, licence type, capabilities and the days
    the licence runs from and to (None when the system gives none)."""

    license_number: str
    name: str | None
    license_type: str | None
    capabilities: frozenset[Capability]
    license_start: date | None = None
    license_end: date | None = None

    def can(self, capability: Capability) -> bool:
        """Whether the licence may do something."""
        return capability in self.capabilities


@dataclass(frozen=True, slots=True)
class Item:
    """A product as registered: name, category, strain, and per unit of a counted item
    its weight in grams (None when not declared)."""

    name: str | None
    category: str | None = None
    strain: str | None = None
    unit_weight_grams: float | None = None


@dataclass(frozen=True, slots=True)
class Package:
    """A tagged package: what it holds and how much, where, its lab state and its dates."""

    id: int | None
    label: str
    item: Item
    quantity: float
    unit: str | None
    package_type: str | None = None
    location_name: str | None = None
    packaged: date | None = None
    # Lab testing: the state (one of LAB_STATES), when it last changed, when the test was
    # performed, when the result expires.
    lab_state: str = LabState.NOT_SUBMITTED.value
    lab_state_changed: date | None = None
    lab_tested: date | None = None
    lab_expires: date | None = None
    requires_remediation: bool = False
    remediated: date | None = None
    decontaminated: date | None = None
    testing_sample: bool = False
    # Product dates: expiration, use-by and sell-by.
    expires: date | None = None
    use_by: date | None = None
    sell_by: date | None = None
    on_hold: bool = False
    note: str | None = None
    finished: bool = False
    finished_on: date | None = None
    # Received from another licence (None: made here).
    received: datetime | None = None
    received_from: str | None = None
    received_manifest: str | None = None
    source_harvests: tuple[str, ...] = ()
    source_packages: tuple[str, ...] = ()
    last_modified: datetime | None = None
    # How much it held when made (None when the system does not say).
    original_quantity: float | None = None
    # Made by a processing job (from its source packages), not by plain repackaging.
    made_by_processing: bool = False

    @property
    def unit_kind(self) -> UnitKind:
        """Whether its quantity is a count, a weight or a volume."""
        return unit_kind(self.unit)

    @property
    def empty(self) -> bool:
        """Whether it holds nothing."""
        return self.quantity <= EMPTY

    @property
    def lab_cleared(self) -> bool:
        """Whether its lab state lets it be sold or transferred (passed, or no test needed)."""
        return cleared(self.lab_state)

    @property
    def lab_passed(self) -> bool:
        """Whether it passed a test (so has a result that can expire)."""
        return passed(self.lab_state)

    @property
    def lab_failed(self) -> bool:
        """Whether it failed testing or must be remediated."""
        return failed(self.lab_state) or self.requires_remediation

    @property
    def product_expiry(self) -> tuple[date, str] | None:
        """The earliest of its expiration, use-by and sell-by days, and which it is."""
        dates = [
            (day, name)
            for name, day in (
                ("expiration", self.expires),
                ("use_by", self.use_by),
                ("sell_by", self.sell_by),
            )
            if day is not None
        ]
        return min(dates) if dates else None

    @property
    def arrived_on(self) -> date | None:
        """The day it came into this facility: received, or packaged here."""
        return day_of(self.received) or self.packaged


class PlantPhase(StrEnum):
    """Where a tracked plant stands."""

    VEGETATIVE = "vegetative"
    FLOWERING = "flowering"
    HARVESTED = "harvested"
    DESTROYED = "destroyed"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Plant:
    """A tagged plant: strain, batch, where it stands and its dates."""

    id: int | None
    label: str
    strain: str | None
    phase: PlantPhase
    batch_name: str | None = None
    location_name: str | None = None
    on_hold: bool = False
    planted: date | None = None
    flowering_since: date | None = None
    harvested: date | None = None
    destroyed: date | None = None
    destroyed_note: str | None = None


@dataclass(frozen=True, slots=True)
class JobInput:
    """A package a processing job drew on, and how much."""

    package_label: str
    quantity: float
    unit: str | None
    package_id: int | None = None
    packaged: date | None = None


@dataclass(frozen=True, slots=True)
class ProcessingJob:
    """A processing job: when it ran, what it drew on and the packages it made (where the
    system lists them), its type and its totals (in its own weight, volume and count units)."""

    id: int | None
    name: str
    started: date | None
    finished: date | None
    inputs: tuple[JobInput, ...] = ()
    outputs: tuple[str, ...] = ()
    number: str | None = None
    job_type: str | None = None
    total_weight: float | None = None
    weight_unit: str | None = None
    total_volume: float | None = None
    volume_unit: str | None = None
    total_count: float | None = None
    waste_weight: float | None = None
    waste_weight_unit: str | None = None
    note: str | None = None

    def touches(self, package_label: str) -> bool:
        """Whether the job drew on or made a package."""
        return package_label in self.outputs or any(
            source.package_label == package_label for source in self.inputs
        )


@dataclass(frozen=True, slots=True)
class Employee:
    """A person working at the facility and their own credential (badge, permit): its
    number, type and the days it runs from and to (None when the system gives none)."""

    name: str
    license_number: str | None
    license_type: str | None = None
    license_start: date | None = None
    license_end: date | None = None
    owner: bool = False
    manager: bool = False


@dataclass(frozen=True, slots=True)
class AdjustReason:
    """A reason a package's quantity may be adjusted for, and whether it needs a note."""

    name: str
    requires_note: bool
