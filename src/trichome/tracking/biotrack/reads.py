"""BioTrack's reads: one method per `sync_*` action (rows after a transaction id) and the
lookups that answer about given identifiers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trichome.tracking.biotrack.connection import BioTrackConnection, barcode, barcodes
from trichome.tracking.biotrack.cursors import SyncPage


class BioTrackReads(BioTrackConnection):
    """Reads of a BioTrack licence. Each `sync_*` takes the transaction id to read after
    (0: everything) and optionally `until`/`window` to read in ranges of ids."""

    async def sync_vendors(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_vendor: the state's licensees (locations) this licence may trade with."""
        return await self.sync("vendor", after=after, until=until, window=window)

    async def sync_qa_labs(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_qa_lab: the state's testing laboratories."""
        return await self.sync("qa_lab", after=after, until=until, window=window)

    async def sync_employees(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_employee: the licence's employees (drivers on manifests)."""
        return await self.sync("employee", after=after, until=until, window=window)

    async def sync_vehicles(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_vehicle: the licence's vehicles."""
        return await self.sync("vehicle", after=after, until=until, window=window)

    async def sync_plant_rooms(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_plant_room: rooms that hold plants."""
        return await self.sync("plant_room", after=after, until=until, window=window)

    async def sync_inventory_rooms(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory_room: rooms that hold inventory (with their quarantine flag)."""
        return await self.sync("inventory_room", after=after, until=until, window=window)

    async def sync_inventory(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory: inventory lots, each a 16-digit barcode with a numeric type."""
        return await self.sync("inventory", after=after, until=until, window=window)

    async def sync_plants(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_plant: plants, with their room, state and destruction schedule."""
        return await self.sync("plant", after=after, until=until, window=window)

    async def sync_plant_derivatives(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_plant_derivative: weights collected from plants at harvest and cure."""
        return await self.sync("plant_derivative", after=after, until=until, window=window)

    async def sync_manifests(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_manifest: manifests, their stops (manifest_stop_data) and items."""
        return await self.sync("manifest", after=after, until=until, window=window)

    async def sync_outbound_transfers(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory_transfer: items this licence transferred out, with prices."""
        return await self.sync("inventory_transfer", after=after, until=until, window=window)

    async def sync_inbound_transfers(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory_transfer_inbound: items this licence received."""
        return await self.sync(
            "inventory_transfer_inbound", after=after, until=until, window=window
        )

    async def sync_inventory_samples(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory_sample: vendor and employee samples."""
        return await self.sync("inventory_sample", after=after, until=until, window=window)

    async def sync_qa_samples(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory_qa_sample: samples sent to labs, with their pass/fail result."""
        return await self.sync("inventory_qa_sample", after=after, until=until, window=window)

    async def sync_adjustments(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_inventory_adjust: quantity adjustments with their reason."""
        return await self.sync("inventory_adjust", after=after, until=until, window=window)

    async def sync_sales(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_sale: dispensed items (one row per item of a sale)."""
        return await self.sync("sale", after=after, until=until, window=window)

    async def sync_tax_reports(
        self, after: int = 0, *, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """sync_tax_report: monthly tax obligation filings."""
        return await self.sync("tax_report", after=after, until=until, window=window)

    async def inventory_check(self, ids: Iterable[object]) -> dict[str, Any]:
        """inventory_check: the current record of the given inventory barcodes."""
        return await self.call(
            "inventory_check", {"barcodeid": barcodes(ids, "inventory barcode")}, idempotent=True
        )

    async def inventory_qa_check(self, sample_id: object) -> dict[str, Any]:
        """inventory_qa_check: the lab result of one QA sample (its `test` list)."""
        return await self.call(
            "inventory_qa_check", {"sample_id": barcode(sample_id, "sample id")}, idempotent=True
        )

    async def inventory_qa_check_all(self, ids: Iterable[object]) -> list[dict[str, Any]]:
        """inventory_qa_check_all: the latest lab result of each given inventory barcode."""
        answer = await self.call(
            "inventory_qa_check_all",
            {"barcodeid": barcodes(ids, "inventory barcode")},
            idempotent=True,
        )
        data = answer.get("data")
        return [row for row in data if isinstance(row, dict)] if isinstance(data, list) else []

    async def inventory_manifest_lookup(self, location: str) -> dict[str, Any]:
        """inventory_manifest_lookup: manifests on their way to a location licence."""
        return await self.call("inventory_manifest_lookup", {"location": location}, idempotent=True)

    async def inventory_transfer_lookup(self, location: str, manifest_id: object) -> list[Any]:
        """inventory_transfer_lookup: the items of one inbound manifest, to receive them."""
        answer = await self.call(
            "inventory_transfer_lookup",
            {"location": location, "manifest_id": barcode(manifest_id, "manifest id")},
            idempotent=True,
        )
        data = answer.get("data")
        return data if isinstance(data, list) else []
