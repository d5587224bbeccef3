"""What the skills read, whatever the tracking system: one licence's records on one day.

`FacilitySource` is the protocol the skills depend on. Each tracking system implements it
over its own client and maps its documents into our records (Metrc's `FacilityData` in
`trichome.metrc.skills.data`; `trichome.tracking.memory.MemorySource` holds records given
to it). A list the licence cannot have (plants at a store, sales at a farm) is empty; a
source reads each list at most once per run. Inactive packages, harvests and plants are asked
for as far back as a skill's period reaches (`inactive_since`): a licence's whole history is
never read for a question about a month.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol, TypeVar

from trichome.tracking.inventory import (
    AdjustReason,
    Capability,
    Employee,
    Facility,
    Item,
    Package,
    Plant,
    ProcessingJob,
)
from trichome.tracking.records import (
    Adjustment,
    DeliveryPackage,
    Harvest,
    HarvestWaste,
    LabResult,
    PlantWaste,
    Receipt,
    Transfer,
)


class Identified(Protocol):
    """A record with an id (None when the system gave none)."""

    @property
    def id(self) -> int | None: ...


R = TypeVar("R", bound=Identified)


def dedupe(records: Iterable[R]) -> list[R]:
    """Records without repeats of an id (the first kept), e.g. a package listed twice."""
    seen: set[int] = set()
    unique = []
    for record in records:
        key = record.id
        if key is not None and key in seen:
            continue
        if key is not None:
            seen.add(key)
        unique.append(record)
    return unique


@dataclass(frozen=True, slots=True)
class Packages:
    """A facility's packages in every state."""

    on_hand: list[Package]  # active and on hold, not in transit
    inactive: list[Package]  # finished or discontinued
    in_transit: list[Package]

    def everything(self) -> list[Package]:
        """Every package the facility can see."""
        return [*self.on_hand, *self.in_transit, *self.inactive]

    def by_label(self) -> dict[str, Package]:
        """Every package by its label."""
        return {package.label: package for package in self.everything()}


@dataclass(frozen=True, slots=True)
class Plants:
    """A facility's tracked plants in every state."""

    vegetative: list[Plant]
    flowering: list[Plant]
    on_hold: list[Plant]
    inactive: list[Plant]  # harvested or destroyed

    def growing(self) -> list[Plant]:
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


class FacilitySource(Protocol):
    """One licence's records for one skill run, in our model, from any tracking system.

    `facility()` fails with an error the caller shows as is when the keys do not reach the
    licence; every other read waits on that check.
    """

    @property
    def license_number(self) -> str: ...

    @property
    def as_of(self) -> date:
        """The day the skill reports on."""
        ...

    @property
    def today(self) -> date:
        """The caller's today (as_of may be an earlier day)."""
        ...

    async def facility(self) -> Facility:
        """The licence: its name, type and capabilities."""
        ...

    async def can(self, capability: Capability) -> bool:
        """Whether the licence may do something (grow, sell, make products)."""
        ...

    async def employees(self) -> list[Employee]:
        """The people working at the licence, with their own credentials (empty where the
        system keeps none)."""
        ...

    # Stock
    async def packages(self, *, inactive_since: date | None) -> Packages:
        """Packages on hand and in transit, and those gone inactive (or changed) since
        `inactive_since`; None reads no inactive packages. A source that holds its records
        in memory may give older inactive ones too."""
        ...

    async def package(self, label: str) -> Package | None:
        """One package by label, if this licence can see it."""
        ...

    async def items(self) -> list[Item]:
        """The products the licence has registered."""
        ...

    async def adjustments(self) -> list[Adjustment]:
        """Changes to its packages' quantities."""
        ...

    async def adjust_reasons(self) -> list[AdjustReason]:
        """The reasons an adjustment may give, and which need a note."""
        ...

    async def lab_results(self, package: Package) -> list[LabResult]:
        """One package's lab results, a row per test."""
        ...

    async def tags_available(self) -> tuple[int | None, int | None]:
        """Unused plant tags (None where plants are not grown) and package tags (both None
        where the system issues identifiers itself, as BioTrack does)."""
        ...

    async def processing_jobs(self, *, inactive_since: date | None) -> list[ProcessingJob]:
        """Processing jobs running, and those finished (or changed) since `inactive_since`;
        None reads no finished ones (none where products are not made)."""
        ...

    # Cultivation (empty where plants are not grown)
    async def harvests(self, *, inactive_since: date | None) -> list[Harvest]:
        """Harvests growing or on hold, and those finished (or changed) since
        `inactive_since`; None reads no finished ones."""
        ...

    async def harvest_waste(self, harvests: Sequence[Harvest]) -> list[HarvestWaste]:
        """The waste recorded on some harvests."""
        ...

    async def plants(self, *, inactive_since: date | None) -> Plants:
        """Tracked plants growing or on hold, and those harvested or destroyed (or changed)
        since `inactive_since`; None reads no inactive plants."""
        ...

    async def plant_waste(self) -> list[PlantWaste]:
        """Plant waste records."""
        ...

    async def plant_batch_waste(self) -> list[PlantWaste]:
        """Plant-batch waste records."""
        ...

    # Transfers
    async def incoming(self) -> list[Transfer]:
        """Manifests coming to the licence."""
        ...

    async def outgoing(self) -> list[Transfer]:
        """Manifests the licence sent."""
        ...

    async def rejected(self) -> list[Transfer]:
        """Manifests the licence sent with packages the recipient refused."""
        ...

    async def delivery_packages(
        self, delivery_ids: Sequence[int], *, prices: bool = False
    ) -> dict[int, list[DeliveryPackage]]:
        """The packages of some deliveries (`Transfer.delivery_id`), by delivery; with
        `prices`, their wholesale prices too (where the system keeps them apart)."""
        ...

    # Sales (empty where the licence does not sell to consumers)
    async def receipts(self, start: date, end: date) -> Receipts:
        """Receipts sold from `start` to `end` (local days, inclusive): sales and voids."""
        ...
