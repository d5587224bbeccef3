"""What a skill reads from Metrc for one licence, as our records: Metrc's `FacilitySource`.

A skill run gets one `FacilityData` and asks it for what it needs, in our model (mapped in
`trichome.tracking.metrc`). Every list Metrc documents as paged is read in its v2 pages of 20
(`trichome.metrc.list_queries`) and every list is remembered, so
checks that need the packages share one fetch. Inactive packages, harvests, plants and
processing jobs are read only as far back as the skill's period reaches (`inactive_since`, in
24-hour last-modified windows: `trichome.metrc.skills.windows`). Endpoints the facility type
may not use (plants at a store, sales at a farm) are not called: their lists are empty.
Receipts are read by sale date (salesDateStart/salesDateEnd), a week a request, so a receipt
edited later is still found. Manifests are read whole, in pages: Metrc documents no filter that
selects the pending ones, and a last-modified bound would miss one pending since before the
period (docs/metrc-coverage.md, "Whole-list reads paged and bounded").
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.skills.facility_reads import FacilityReads
from trichome.metrc.skills.manifests import as_deliveries
from trichome.metrc.skills.windows import ZONE_MARGIN
from trichome.tracking import (
    Adjustment,
    AdjustReason,
    Capability,
    DeliveryPackage,
    Harvest,
    HarvestWaste,
    Item,
    LabResult,
    Package,
    PlantWaste,
    ProcessingJob,
    Transfer,
    WasteSource,
)
from trichome.tracking.metrc import inventory, mapping
from trichome.tracking.source import Packages, Plants, Receipts, dedupe

Record = dict[str, Any]


class FacilityData(FacilityReads):
    """One licence's Metrc data for one skill run, fetched lazily and at most once per list,
    mapped into our records: the Metrc `FacilitySource` (`trichome.tracking.source`)."""

    # Packages -----------------------------------------------------------------------------------

    async def packages(self, *, inactive_since: date | None) -> Packages:
        """The facility's packages: active, on hold and in transit (three requests, made
        together), and those inactive since `inactive_since` (none when it is None)."""

        async def load() -> tuple[list[Package], list[Package]]:
            client, keys, number = self._client, self._keys, self.license_number
            lists = await asyncio.gather(
                client.packages_active(number, credentials=keys),
                client.packages_onhold(number, credentials=keys),
                client.packages_intransit(number, credentials=keys),
            )
            active, held, moving = (
                [inventory.package(record) for record in records] for records in lists
            )
            return dedupe([*active, *held]), dedupe(moving)

        (current, moving), finished = await asyncio.gather(
            self._once("packages", load),
            self._inactive("packages_inactive", self._client.packages_inactive, inactive_since),
        )
        # Metrc's v2 package has no in-transit flag: a package is in transit when
        # GET /packages/v2/intransit lists it (by label), whatever other list has it.
        moving_labels = {package.label for package in moving}
        return Packages(
            [package for package in current if package.label not in moving_labels],
            [inventory.package(record) for record in finished],
            moving,
        )

    async def package(self, label: str) -> Package | None:
        """A package by label if this licence can see it, else None (a ToolProblem when the
        keys do not reach the licence)."""
        await self.facility()
        try:
            found: Record = await self._client.package(
                self.license_number, label=label, credentials=self._keys
            )
        except MetrcNotFound:
            return None
        return inventory.package(found)

    async def adjustments(self) -> list[Adjustment]:
        """The facility's package adjustments."""

        async def load() -> list[Adjustment]:
            records = await self._client.package_adjustments(
                self.license_number, credentials=self._keys
            )
            return [mapping.adjustment(record) for record in records]

        return await self._once("adjustments", load)

    async def adjust_reasons(self) -> list[AdjustReason]:
        """The adjustment reasons and whether each requires a note."""

        async def load() -> list[AdjustReason]:
            records = await self._client.package_adjust_reasons(
                self.license_number, credentials=self._keys
            )
            return [inventory.adjust_reason(record) for record in records]

        return await self._once("adjust_reasons", load)

    async def lab_results(self, package: Package) -> list[LabResult]:
        """The lab test results of one package (one request per package)."""
        package_id = package.id
        if package_id is None:
            return []

        async def load() -> list[LabResult]:
            records = await self._client.lab_test_results(
                self.license_number, package_id, credentials=self._keys
            )
            return [mapping.lab_result(record) for record in records]

        return await self._once(("lab_results", package_id), load)

    async def items(self) -> list[Item]:
        """The facility's active items."""

        async def load() -> list[Item]:
            records = await self._client.items_active(self.license_number, credentials=self._keys)
            return [inventory.item(record) for record in records]

        return await self._once("items", load)

    async def tags_available(self) -> tuple[int | None, int | None]:
        """How many plant tags (None where plants are not grown) and package tags are unused."""

        async def load() -> tuple[int | None, int]:
            grows = await self.can(Capability.GROW_PLANTS)
            client, keys, number = self._client, self._keys, self.license_number
            package_tags = await client.package_tags_available(number, credentials=keys)
            plant_tags = (
                await client.plant_tags_available(number, credentials=keys) if grows else None
            )
            return (None if plant_tags is None else len(plant_tags)), len(package_tags)

        return await self._once("tags", load)

    # Cultivation --------------------------------------------------------------------------------

    async def harvests(self, *, inactive_since: date | None) -> list[Harvest]:
        """The facility's active and held harvests, and those finished or discontinued since
        `inactive_since` (none when it is None; no harvests where plants are not grown)."""

        async def load() -> list[Record]:
            client, keys, number = self._client, self._keys, self.license_number
            active, held = await asyncio.gather(
                client.harvests_active(number, credentials=keys),
                client.harvests_onhold(number, credentials=keys),
            )
            return [*active, *held]

        if not await self.can(Capability.GROW_PLANTS):
            return []
        current, finished = await asyncio.gather(
            self._once("harvests", load),
            self._inactive("harvests_inactive", self._client.harvests_inactive, inactive_since),
        )
        return dedupe(mapping.harvest(record) for record in [*current, *finished])

    async def harvest_waste(self, harvests: Sequence[Harvest]) -> list[HarvestWaste]:
        """The waste recorded on some harvests (one request per harvest, made together).
        Metrc's waste list names no harvest; each record carries the harvest it was read for."""

        async def one(harvest: Harvest) -> list[HarvestWaste]:
            harvest_id = harvest.id
            if harvest_id is None:
                return []

            async def load() -> list[HarvestWaste]:
                records = await self._client.harvest_waste(
                    self.license_number, harvest_id, credentials=self._keys
                )
                return [mapping.harvest_waste(record, harvest) for record in records]

            return await self._once(("harvest_waste", harvest_id), load)

        lists = await asyncio.gather(*(one(harvest) for harvest in harvests))
        return [record for records in lists for record in records]

    async def plants(self, *, inactive_since: date | None) -> Plants:
        """The facility's growing and held plants, and those harvested or destroyed since
        `inactive_since` (none when it is None; no plants where plants are not grown)."""

        async def load() -> list[list[Record]]:
            client, keys, number = self._client, self._keys, self.license_number
            return list(
                await asyncio.gather(
                    client.plants_vegetative(number, credentials=keys),
                    client.plants_flowering(number, credentials=keys),
                    client.plants_onhold(number, credentials=keys),
                )
            )

        if not await self.can(Capability.GROW_PLANTS):
            return Plants([], [], [], [])
        lists, gone = await asyncio.gather(
            self._once("plants", load),
            self._inactive("plants_inactive", self._client.plants_inactive, inactive_since),
        )
        vegetative, flowering, held = (
            [inventory.plant_of(record) for record in records] for records in lists
        )
        return Plants(vegetative, flowering, held, [inventory.plant_of(r) for r in gone])

    async def plant_waste(self) -> list[PlantWaste]:
        """Plant waste records (none where plants are not grown)."""

        async def load() -> list[PlantWaste]:
            if not await self.can(Capability.GROW_PLANTS):
                return []
            records: list[Record] = await self._client.plant_waste(
                self.license_number, credentials=self._keys
            )
            return [mapping.plant_waste(record, WasteSource.PLANT) for record in records]

        return await self._once("plant_waste", load)

    async def plant_batch_waste(self) -> list[PlantWaste]:
        """Plant batch waste records (none where plants are not grown)."""

        async def load() -> list[PlantWaste]:
            if not await self.can(Capability.GROW_PLANTS):
                return []
            records: list[Record] = await self._client.plant_batch_waste(
                self.license_number, credentials=self._keys
            )
            return [mapping.plant_waste(record, WasteSource.PLANT_BATCH) for record in records]

        return await self._once("plant_batch_waste", load)

    async def processing_jobs(self, *, inactive_since: date | None) -> list[ProcessingJob]:
        """Processing jobs running, and those finished since `inactive_since` (none when it is
        None; no jobs where products are not made). GET /processing/v2/inactive takes
        last-modified bounds (bruno ProcessingJob/GetInactiveProcessingJob)."""

        async def load() -> list[Record]:
            return await self._client.processing_jobs_active(
                self.license_number, credentials=self._keys
            )

        if not await self.can(Capability.MAKE_PRODUCTS):
            return []
        active, finished = await asyncio.gather(
            self._once("processing", load),
            self._inactive(
                "processing_inactive", self._client.processing_jobs_inactive, inactive_since
            ),
        )
        return dedupe(inventory.processing_job(record) for record in [*active, *finished])

    # Transfers ----------------------------------------------------------------------------------

    async def _transfers(
        self, key: str, read: Callable[..., Awaitable[list[Record]]]
    ) -> list[Transfer]:
        async def load() -> list[Transfer]:
            records = await read(self.license_number, credentials=self._keys)
            return await as_deliveries(self._client, self._keys, self.license_number, records)

        return await self._once(key, load)

    async def incoming(self) -> list[Transfer]:
        """Manifests coming to the facility (pending and received), the whole list in pages:
        a pending manifest may be last modified long before the period asked about."""
        return await self._transfers("incoming", self._client.transfers_incoming)

    async def outgoing(self) -> list[Transfer]:
        """Manifests the facility sent (pending and received)."""
        return await self._transfers("outgoing", self._client.transfers_outgoing)

    async def rejected(self) -> list[Transfer]:
        """Manifests the facility sent with packages the recipient rejected."""
        return await self._transfers("rejected", self._client.transfers_rejected)

    async def delivery_packages(
        self, delivery_ids: Sequence[int], *, prices: bool = False
    ) -> dict[int, list[DeliveryPackage]]:
        """The packages of some deliveries (a request per delivery, made together), with
        `prices` their wholesale prices too (a second request per delivery)."""

        async def one(delivery_id: int) -> list[DeliveryPackage]:
            async def load() -> list[DeliveryPackage]:
                client, keys, number = self._client, self._keys, self.license_number
                records, priced = await asyncio.gather(
                    client.delivery_packages(number, delivery_id, credentials=keys),
                    client.delivery_packages_wholesale(number, delivery_id, credentials=keys)
                    if prices
                    else asyncio.sleep(0, []),
                )
                by_label = {str(row.get("PackageLabel")): row for row in priced}
                return [mapping.delivery_package(record, by_label) for record in records]

            return await self._once(("delivery", delivery_id, prices), load)

        unique = list(dict.fromkeys(delivery_ids))
        lists = await asyncio.gather(*(one(delivery_id) for delivery_id in unique))
        return dict(zip(unique, lists, strict=True))

    # Sales --------------------------------------------------------------------------------------

    async def receipts(self, start: date, end: date) -> Receipts:
        """Receipts sold from `start` to `end` (local days, inclusive): sales and voids.

        Active receipts are open; inactive ones finalized (still sales) or voided. Read by
        sale date, a request a week of the range per list, unpaged (`SALES_WINDOW`): a
        receipt edited any time later is on its sale day."""

        async def load() -> Receipts:
            if not await self.can(Capability.SELL_TO_CONSUMERS):
                return Receipts(start, end, [], [])
            since = datetime.combine(start, time(0), UTC) - ZONE_MARGIN
            until = datetime.combine(end + timedelta(days=1), time(0), UTC) + ZONE_MARGIN
            client, keys, number = self._client, self._keys, self.license_number
            active, inactive = await asyncio.gather(
                client.sales_receipts_active(
                    number, sales_date_start=since, sales_date_end=until, credentials=keys
                ),
                client.sales_receipts_inactive(
                    number, sales_date_start=since, sales_date_end=until, credentials=keys
                ),
            )
            receipts = dedupe(mapping.receipt(record) for record in [*active, *inactive])
            return Receipts(
                start,
                end,
                [r for r in receipts if r.is_sale and start <= r.day <= end],
                [r for r in receipts if not r.is_sale and start <= r.day <= end],
            )

        return await self._once(("receipts", start, end), load)
