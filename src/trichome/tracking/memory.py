"""A `FacilitySource` over records held in memory: the skills run on records built by any
mapping (or by hand), with no tracking system behind them.

Lists the licence cannot have are empty, as a system's source leaves them: no plants,
harvests or plant waste without `Capability.GROW_PLANTS`, no receipts without
`Capability.SELL_TO_CONSUMERS`, no processing jobs without `Capability.MAKE_PRODUCTS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from trichome.tracking.inventory import (
    AdjustReason,
    Capability,
    Employee,
    Facility,
    Item,
    Package,
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
from trichome.tracking.source import Packages, Plants, Receipts


@dataclass
class MemorySource:
    """One licence's records, given whole; each read answers from them."""

    facility_record: Facility
    as_of: date
    today: date
    stock: Packages = field(default_factory=lambda: Packages([], [], []))
    growing: Plants = field(default_factory=lambda: Plants([], [], [], []))
    item_list: list[Item] = field(default_factory=list)
    adjustment_list: list[Adjustment] = field(default_factory=list)
    reasons: list[AdjustReason] = field(default_factory=list)
    results: Mapping[str, list[LabResult]] = field(default_factory=dict)  # by package label
    tags: tuple[int | None, int | None] = (None, 0)
    jobs: list[ProcessingJob] = field(default_factory=list)
    harvest_list: list[Harvest] = field(default_factory=list)
    harvest_waste_list: list[HarvestWaste] = field(default_factory=list)
    plant_waste_list: list[PlantWaste] = field(default_factory=list)
    batch_waste_list: list[PlantWaste] = field(default_factory=list)
    incoming_list: list[Transfer] = field(default_factory=list)
    outgoing_list: list[Transfer] = field(default_factory=list)
    rejected_list: list[Transfer] = field(default_factory=list)
    deliveries: Mapping[int, list[DeliveryPackage]] = field(default_factory=dict)
    receipt_list: list[Receipt] = field(default_factory=list)
    staff: list[Employee] = field(default_factory=list)

    @property
    def license_number(self) -> str:
        """The licence's number."""
        return self.facility_record.license_number

    async def facility(self) -> Facility:
        """The licence."""
        return self.facility_record

    async def can(self, capability: Capability) -> bool:
        """Whether the licence may do something."""
        return self.facility_record.can(capability)

    async def employees(self) -> list[Employee]:
        """The people working at the licence."""
        return list(self.staff)

    async def packages(self, *, inactive_since: date | None) -> Packages:
        """Packages on hand and in transit; the inactive ones held when `inactive_since` is
        given (in memory they cost nothing to give whole)."""
        if inactive_since is None:
            return Packages(self.stock.on_hand, [], self.stock.in_transit)
        return self.stock

    async def package(self, label: str) -> Package | None:
        """One package by label, if held."""
        return self.stock.by_label().get(label)

    async def items(self) -> list[Item]:
        """The registered products."""
        return list(self.item_list)

    async def adjustments(self) -> list[Adjustment]:
        """Changes to package quantities."""
        return list(self.adjustment_list)

    async def adjust_reasons(self) -> list[AdjustReason]:
        """The adjustment reasons."""
        return list(self.reasons)

    async def lab_results(self, package: Package) -> list[LabResult]:
        """One package's lab results."""
        return list(self.results.get(package.label, []))

    async def tags_available(self) -> tuple[int | None, int | None]:
        """Unused plant and package tags."""
        plant_tags, package_tags = self.tags
        grows = self.facility_record.can(Capability.GROW_PLANTS)
        return (plant_tags if grows else None), package_tags

    async def processing_jobs(self, *, inactive_since: date | None) -> list[ProcessingJob]:
        """Processing jobs (none where products are not made), finished ones when
        `inactive_since` is given."""
        if not await self.can(Capability.MAKE_PRODUCTS):
            return []
        if inactive_since is None:
            return [job for job in self.jobs if job.finished is None]
        return list(self.jobs)

    async def harvests(self, *, inactive_since: date | None) -> list[Harvest]:
        """Harvests (none where plants are not grown), finished ones when `inactive_since`
        is given."""
        if not await self.can(Capability.GROW_PLANTS):
            return []
        if inactive_since is None:
            return [harvest for harvest in self.harvest_list if harvest.finished is None]
        return list(self.harvest_list)

    async def harvest_waste(self, harvests: Sequence[Harvest]) -> list[HarvestWaste]:
        """The waste recorded on some harvests."""
        wanted = {harvest.id for harvest in harvests if harvest.id is not None}
        return [waste for waste in self.harvest_waste_list if waste.harvest_id in wanted]

    async def plants(self, *, inactive_since: date | None) -> Plants:
        """Tracked plants (none where plants are not grown), inactive ones when
        `inactive_since` is given."""
        if not await self.can(Capability.GROW_PLANTS):
            return Plants([], [], [], [])
        if inactive_since is None:
            return Plants(self.growing.vegetative, self.growing.flowering, self.growing.on_hold, [])
        return self.growing

    async def plant_waste(self) -> list[PlantWaste]:
        """Plant waste records (none where plants are not grown)."""
        return list(self.plant_waste_list) if await self.can(Capability.GROW_PLANTS) else []

    async def plant_batch_waste(self) -> list[PlantWaste]:
        """Plant-batch waste records (none where plants are not grown)."""
        return list(self.batch_waste_list) if await self.can(Capability.GROW_PLANTS) else []

    async def incoming(self) -> list[Transfer]:
        """Manifests coming in."""
        return list(self.incoming_list)

    async def outgoing(self) -> list[Transfer]:
        """Manifests sent."""
        return list(self.outgoing_list)

    async def rejected(self) -> list[Transfer]:
        """Manifests sent with refused packages."""
        return list(self.rejected_list)

    async def delivery_packages(
        self, delivery_ids: Sequence[int], *, prices: bool = False
    ) -> dict[int, list[DeliveryPackage]]:
        """The packages of some deliveries, by delivery (with their prices, as given)."""
        return {delivery: list(self.deliveries.get(delivery, [])) for delivery in delivery_ids}

    async def receipts(self, start: date, end: date) -> Receipts:
        """Receipts sold from `start` to `end` (none where the licence does not sell)."""
        if not await self.can(Capability.SELL_TO_CONSUMERS):
            return Receipts(start, end, [], [])
        chosen = [r for r in self.receipt_list if start <= r.day <= end]
        return Receipts(
            start, end, [r for r in chosen if r.is_sale], [r for r in chosen if not r.is_sale]
        )
