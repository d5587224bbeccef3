"""What a skill reads from Metrc for one licence, as our records: Metrc's `FacilitySource`.

A skill run gets one `FacilityData` and asks it for what it needs, in our model (mapped in
`trichome.tracking.metrc`). Long lists (inactive packages, harvests, plants, transfers,
adjustments, waste) are read in Metrc's v2 pages of 20 and every list is remembered, so
checks that need the packages share one fetch. Endpoints the facility type may not use
(plants at a store, sales at a farm) are not called: their lists are empty. Receipts are
read by sale date (salesDateStart/salesDateEnd), so a receipt edited later is still found.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, TypeVar, cast

from trichome.metrc.client import MetrcClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.skills.manifests import as_deliveries
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.tracking import (
    Adjustment,
    AdjustReason,
    Capability,
    DeliveryPackage,
    Employee,
    Facility,
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

T = TypeVar("T")

# Sales-date bounds are UTC (ending in Z) and SalesDateTime local (UTC-12..+14): the bounds reach
# this far beyond a range's ends, and receipts are then kept by their local day.
ZONE_MARGIN = timedelta(hours=14)


class FacilityData:
    """One licence's Metrc data for one skill run, fetched lazily and at most once per list,
    mapped into our records: the Metrc `FacilitySource` (`trichome.tracking.source`)."""

    def __init__(self, metrc: MetrcAccess, license_number: str, as_of: date) -> None:
        self.metrc = metrc
        self.license_number = license_number
        self.as_of = as_of
        self._loads: dict[Any, asyncio.Future[Any]] = {}

    async def _once(self, key: Any, load: Callable[[], Awaitable[T]]) -> T:
        future = self._loads.get(key)
        if future is None:

            async def checked() -> T:
                # Every list waits for the licence check, so a wrong licence is one clear
                # ToolProblem rather than a 401 from whichever list came first.
                if key != "facility":
                    await self.facility()
                return await load()

            future = asyncio.ensure_future(checked())
            self._loads[key] = future
        return cast(T, await future)

    @property
    def today(self) -> date:
        """The caller's today (as_of may be an earlier day)."""
        return self.metrc.as_of()

    @property
    def _client(self) -> MetrcClient:
        return self.metrc.client

    @property
    def _keys(self) -> MetrcCredentials | None:
        return self.metrc.credentials

    # The facility -------------------------------------------------------------------------------

    async def facility(self) -> Facility:
        """The licence's facility (name, type, capabilities).

        Raises:
            ToolProblem: the keys do not reach this licence.
        """

        async def load() -> Facility:
            facilities: list[Record] = await self._client.facilities(credentials=self._keys)
            for found in facilities:
                if inventory.license_of(found) == self.license_number:
                    return inventory.facility(found)
            known = ", ".join(str(inventory.license_of(f)) for f in facilities)
            raise ToolProblem(
                f"These Metrc keys do not reach licence {self.license_number}. "
                f"They reach: {known or 'no facility'}."
            )

        return await self._once("facility", load)

    async def can(self, capability: Capability) -> bool:
        """Whether the facility type has a capability (grow plants, sell to consumers...)."""
        return (await self.facility()).can(capability)

    async def employees(self) -> list[Employee]:
        """The facility's employees and their own licences."""

        async def load() -> list[Employee]:
            found = await self._client.employees(self.license_number, credentials=self._keys)
            return [inventory.employee(record) for record in found]

        return await self._once("employees", load)

    # Packages -----------------------------------------------------------------------------------

    async def packages(self) -> Packages:
        """The facility's packages in all states (four requests, made together)."""

        async def load() -> Packages:
            client, keys, number = self._client, self._keys, self.license_number
            lists = await asyncio.gather(
                client.packages_active(number, credentials=keys),
                client.packages_onhold(number, credentials=keys),
                client.packages_inactive(number, credentials=keys),
                client.packages_intransit(number, credentials=keys),
            )
            active, held, inactive, moving = (
                [inventory.package(record) for record in records] for records in lists
            )
            # Metrc's v2 package has no in-transit flag: a package is in transit when
            # GET /packages/v2/intransit lists it (by label), whatever other list has it.
            moving_labels = {package.label for package in moving}
            current = dedupe([*active, *held])
            return Packages(
                [package for package in current if package.label not in moving_labels],
                inactive,
                dedupe(moving),
            )

        return await self._once("packages", load)

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

    async def harvests(self) -> list[Harvest]:
        """The facility's harvests in all states (none where plants are not grown)."""

        async def load() -> list[Harvest]:
            if not await self.can(Capability.GROW_PLANTS):
                return []
            client, keys, number = self._client, self._keys, self.license_number
            lists = await asyncio.gather(
                client.harvests_active(number, credentials=keys),
                client.harvests_onhold(number, credentials=keys),
                client.harvests_inactive(number, credentials=keys),
            )
            return dedupe(mapping.harvest(record) for records in lists for record in records)

        return await self._once("harvests", load)

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

    async def plants(self) -> Plants:
        """The facility's tracked plants in all states (none where plants are not grown)."""

        async def load() -> Plants:
            if not await self.can(Capability.GROW_PLANTS):
                return Plants([], [], [], [])
            client, keys, number = self._client, self._keys, self.license_number
            lists = await asyncio.gather(
                client.plants_vegetative(number, credentials=keys),
                client.plants_flowering(number, credentials=keys),
                client.plants_onhold(number, credentials=keys),
                client.plants_inactive(number, credentials=keys),
            )
            vegetative, flowering, held, inactive = (
                [inventory.plant_of(record) for record in records] for records in lists
            )
            return Plants(vegetative, flowering, held, inactive)

        return await self._once("plants", load)

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

    async def processing_jobs(self) -> list[ProcessingJob]:
        """Processing jobs, active and finished (none where products are not made)."""

        async def load() -> list[ProcessingJob]:
            if not await self.can(Capability.MAKE_PRODUCTS):
                return []
            client, keys, number = self._client, self._keys, self.license_number
            active, finished = await asyncio.gather(
                client.processing_jobs_active(number, credentials=keys),
                client.processing_jobs_inactive(number, credentials=keys),
            )
            return dedupe(inventory.processing_job(record) for record in [*active, *finished])

        return await self._once("processing", load)

    # Transfers ----------------------------------------------------------------------------------

    async def _transfers(
        self, key: str, read: Callable[..., Awaitable[list[Record]]]
    ) -> list[Transfer]:
        async def load() -> list[Transfer]:
            records = await read(self.license_number, credentials=self._keys)
            return await as_deliveries(self._client, self._keys, self.license_number, records)

        return await self._once(key, load)

    async def incoming(self) -> list[Transfer]:
        """Manifests coming to the facility (pending and received)."""
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
        sale date: two requests, and a receipt edited any time later is on its sale day."""

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
