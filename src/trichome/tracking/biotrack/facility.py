"""A BioTrack licence as the skills read it, loaded on first use: the `FacilitySource` a
skill tool gets on a BioTrack connection.

`BioTrackSource.read` reads every table the skills need at once (one sync read per table);
this wrapper defers that read to the first question a skill asks, so building it costs
nothing and a run that stops at the licence check reads only once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import date

from trichome.tracking.biotrack.client import BioTrackClient
from trichome.tracking.biotrack.source import BioTrackSource
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
    Transfer,
)
from trichome.tracking.source import Packages, Plants, Receipts


class BioTrackFacility:
    """One BioTrack licence's records for one skill run, read when first asked for."""

    def __init__(self, client: BioTrackClient, *, as_of: date, today: date) -> None:
        self.client = client
        self.as_of = as_of
        self.today = today
        self._loaded: asyncio.Future[BioTrackSource] | None = None

    @property
    def license_number(self) -> str:
        """The licence's number (the one the client logs in to)."""
        return self.client.license_number

    async def source(self) -> BioTrackSource:
        """The licence's records, read once (concurrent callers share the read)."""
        if self._loaded is None:
            self._loaded = asyncio.ensure_future(
                BioTrackSource.read(self.client, as_of=self.as_of, today=self.today)
            )
        return await self._loaded

    async def facility(self) -> Facility:
        """The licence."""
        return await (await self.source()).facility()

    async def can(self, capability: Capability) -> bool:
        """Whether the licence may do something."""
        return await (await self.source()).can(capability)

    async def packages(self, *, inactive_since: date | None) -> Packages:
        """Lots on hand and finished (BioTrack has no in-transit list of the receiver's)."""
        return await (await self.source()).packages(inactive_since=inactive_since)

    async def package(self, label: str) -> Package | None:
        """One lot by barcode."""
        return await (await self.source()).package(label)

    async def items(self) -> list[Item]:
        """The products the lots hold."""
        return await (await self.source()).items()

    async def adjustments(self) -> list[Adjustment]:
        """Changes to lots' quantities."""
        return await (await self.source()).adjustments()

    async def adjust_reasons(self) -> list[AdjustReason]:
        """BioTrack's adjustment reason types."""
        return await (await self.source()).adjust_reasons()

    async def lab_results(self, package: Package) -> list[LabResult]:
        """One lot's QA results."""
        return await (await self.source()).lab_results(package)

    async def tags_available(self) -> tuple[int | None, int | None]:
        """None, None: BioTrack issues identifiers itself."""
        return await (await self.source()).tags_available()

    async def processing_jobs(self, *, inactive_since: date | None) -> list[ProcessingJob]:
        """None: BioTrack records conversions, not jobs."""
        return await (await self.source()).processing_jobs(inactive_since=inactive_since)

    async def harvests(self, *, inactive_since: date | None) -> list[Harvest]:
        """Harvests (one per harvest or cure action)."""
        return await (await self.source()).harvests(inactive_since=inactive_since)

    async def harvest_waste(self, harvests: Sequence[Harvest]) -> list[HarvestWaste]:
        """The waste recorded on some harvests."""
        return await (await self.source()).harvest_waste(harvests)

    async def plants(self, *, inactive_since: date | None) -> Plants:
        """Tracked plants."""
        return await (await self.source()).plants(inactive_since=inactive_since)

    async def plant_waste(self) -> list[PlantWaste]:
        """Plants scheduled for or gone through destruction."""
        return await (await self.source()).plant_waste()

    async def plant_batch_waste(self) -> list[PlantWaste]:
        """None: BioTrack has no plant batches."""
        return await (await self.source()).plant_batch_waste()

    async def incoming(self) -> list[Transfer]:
        """Manifests coming in (BioTrack shows the receiver only what it received)."""
        return await (await self.source()).incoming()

    async def outgoing(self) -> list[Transfer]:
        """Manifests sent."""
        return await (await self.source()).outgoing()

    async def rejected(self) -> list[Transfer]:
        """None: BioTrack records no refused manifests."""
        return await (await self.source()).rejected()

    async def employees(self) -> list[Employee]:
        """The licence's employees as the BioTrack source has them."""
        return await (await self.source()).employees()

    async def delivery_packages(
        self, delivery_ids: Sequence[int], *, prices: bool = False
    ) -> dict[int, list[DeliveryPackage]]:
        """The lots of some manifest stops, by stop (with their prices where recorded)."""
        return await (await self.source()).delivery_packages(delivery_ids, prices=prices)

    async def receipts(self, start: date, end: date) -> Receipts:
        """Sales from `start` to `end` (local days, inclusive) and refunds."""
        return await (await self.source()).receipts(start, end)
