"""A `FacilitySource` over BioTrack: one licence's sync reads mapped into our records, so the
skills compute on a BioTrack licence as they do on a Metrc one.

Every table is read once (from transaction id 0) on first use and held for the run. What
BioTrack does not record stays empty and the docstrings say so: packaging dates (a sync row
carries only its latest change), processing jobs, tags (BioTrack issues identifiers itself),
rejected manifests, and a receiver's view of incoming manifests (manifests are the
sender's rows; the receiver sees only the items it received).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from datetime import date, tzinfo
from typing import Any

from trichome.tracking.biotrack import mapping, waste
from trichome.tracking.biotrack.client import BioTrackClient
from trichome.tracking.biotrack.codes import ADJUSTMENT_REASONS, inventory_type_name
from trichome.tracking.biotrack.errors import BioTrackError
from trichome.tracking.biotrack.fields import day, flag, ident, moment, number, text
from trichome.tracking.inventory import (
    AdjustReason,
    Capability,
    Facility,
    Item,
    Package,
    Plant,
    PlantPhase,
    ProcessingJob,
)
from trichome.tracking.lab import LabState
from trichome.tracking.memory import MemorySource
from trichome.tracking.records import LabResult
from trichome.tracking.source import Packages, Plants

Row = Mapping[str, Any]
logger = logging.getLogger(__name__)
TABLES = (
    "vendor", "qa_lab", "inventory", "plant", "plant_room", "inventory_room",
    "plant_derivative", "manifest", "inventory_transfer", "inventory_transfer_inbound",
    "inventory_qa_sample", "inventory_adjust", "sale",
)  # fmt: skip
# Inventory types counted in units rather than weighed (clones, seeds, plants and the
# packaged consumer types; OpenTHC's `Product/Type.php` gives their units).
CHECK_ALL = "inventory_qa_check_all"  # the answers, kept beside the sync tables
COUNTED_TYPES = frozenset({7, 10, 11, 12, 22, 23, 25, 28, 31, 32, 34, 35, 36, 37})


def capabilities(vendor: Row) -> frozenset[Capability]:
    """What a licence may do, from its sync_vendor row's `producer`, `processor`, `retail`."""
    found = set()
    if flag(vendor.get("producer")):
        found.add(Capability.GROW_PLANTS)
    if flag(vendor.get("processor")):
        found.add(Capability.MAKE_PRODUCTS)
    if flag(vendor.get("retail")):
        found.add(Capability.SELL_TO_CONSUMERS)
    return frozenset(found)


def qa_state(result: Any) -> str:
    """A QA sample's `result` as a lab state: 1 passed; -1 (the client's reading) or 2 (the
    sandbox's) failed; anything else not yet filed. Neither failure code is documented."""
    code = ident(result)
    if code == 1:
        return LabState.TEST_PASSED.value
    if code in (-1, 2):
        return LabState.TEST_FAILED.value
    return LabState.SUBMITTED_FOR_TESTING.value


def package(row: Row, tz: tzinfo, lab: Row | None = None, inbound: Row | None = None) -> Package:
    """A sync_inventory row as a Package: the barcode as label, the inventory type as the
    category, counted types in units ("Each") and the rest in grams. A lot is on hold while
    scheduled for destruction and finished once deleted or empty; its lab state is its
    latest QA sample's; a lot received (its sync_inventory_transfer_inbound row) was received
    then, from that sender, on that manifest. BioTrack sends no packaging, expiry or use-by
    date."""
    kind = ident(row.get("inventorytype"))
    category = inventory_type_name(kind)
    strain = text(row.get("strain"))
    name = text(row.get("productname")) or " ".join(p for p in (strain, category) if p) or None
    quantity = number(row.get("remaining_quantity"))
    gone = flag(row.get("deleted")) or quantity <= 0
    return Package(
        id=None,
        label=text(row.get("id")) or "",
        item=Item(name=name, category=category, strain=strain),
        quantity=quantity,
        unit="Each" if kind in COUNTED_TYPES else "Grams",
        package_type=category,
        lab_state=qa_state(lab.get("result")) if lab else LabState.NOT_SUBMITTED.value,
        lab_tested=day(lab.get("sessiontime"), tz) if lab else None,
        on_hold=flag(row.get("removescheduled")),
        note=text(row.get("removereason")),
        finished=gone,
        finished_on=day(row.get("sessiontime"), tz) if gone else None,
        received=moment(inbound.get("sessiontime"), tz) if inbound else None,
        received_from=text(inbound.get("outbound_license")) if inbound else None,
        received_manifest=text(inbound.get("manifestid")) if inbound else None,
    )


def plant(row: Row, tz: tzinfo, rooms: Mapping[str, str]) -> Plant:
    """A sync_plant row as a Plant. BioTrack has no vegetative/flowering phase: a growing
    plant in a room named for flowering counts as flowering. `state` 1 (drying) and 2
    (cured) are harvested (the sandbox's codes); a deleted plant is destroyed."""
    room = rooms.get(text(row.get("room")) or "")
    born = text(row.get("birthdate")) or ""
    planted = date(int(born[:4]), int(born[4:6]), int(born[6:8])) if born.isdigit() else None
    if flag(row.get("deleted")):
        phase = PlantPhase.DESTROYED
    elif ident(row.get("state")) in (1, 2):
        phase = PlantPhase.HARVESTED
    elif room and "flower" in room.lower():
        phase = PlantPhase.FLOWERING
    else:
        phase = PlantPhase.VEGETATIVE
    changed = day(row.get("sessiontime"), tz)
    return Plant(
        id=None,
        label=text(row.get("id")) or "",
        strain=text(row.get("strain")),
        phase=phase,
        location_name=room,
        on_hold=flag(row.get("removescheduled")),
        planted=planted,
        harvested=changed if phase is PlantPhase.HARVESTED else None,
        destroyed=changed if phase is PlantPhase.DESTROYED else None,
        destroyed_note=text(row.get("removereason")),
    )


class BioTrackSource(MemorySource):
    """One BioTrack licence's records for a skill run (call `await source.load()` first, or
    use `BioTrackSource.read(client, as_of=..., today=...)`)."""

    @classmethod
    async def read(cls, client: BioTrackClient, *, as_of: date, today: date) -> BioTrackSource:
        """Read every table the skills need and map it (one sync read per table), and ask
        `inventory_qa_check_all` for the results of held lots no QA row of the licence's
        covers (lots received: the sender took their samples)."""
        pages = await asyncio.gather(*(client.sync(table) for table in TABLES))
        rows: dict[str, Mapping[str, Sequence[Row]]] = {
            table: page.rows for table, page in zip(TABLES, pages, strict=True)
        }
        untested = _untested(rows)
        if untested:
            try:
                checked = await client.inventory_qa_check_all(untested)
            except BioTrackError as refused:  # not every state's system answers it
                logger.info("inventory_qa_check_all refused: %s", refused)
            else:
                rows = {**rows, CHECK_ALL: {CHECK_ALL: checked}}
        tz = client.tz
        return cls.from_rows(client.license_number, rows, tz, as_of=as_of, today=today)

    @classmethod
    def from_rows(
        cls, license_number: str, rows: Mapping[str, Mapping[str, Sequence[Row]]], tz: tzinfo,
        *, as_of: date, today: date,
    ) -> BioTrackSource:  # fmt: skip
        """The source over sync answers already read (`rows[table][answer key]`)."""

        def table(name: str, key: str | None = None) -> list[Row]:
            return list(rows.get(name, {}).get(key or name, ()))

        vendor = next((v for v in table("vendor") if text(v.get("location")) == license_number),
                      {})  # fmt: skip
        facility = Facility(license_number, text(vendor.get("name")),
                            _licence_type(vendor), capabilities(vendor))  # fmt: skip
        qa = sorted(table("inventory_qa_sample"), key=lambda r: ident(r.get("transactionid")) or 0)
        latest_qa = {text(r.get("parentid")) or "": r for r in qa}
        for r in table(CHECK_ALL):  # a held lot's result from another licence's sample
            latest_qa.setdefault(text(r.get("barcode_id")) or "", r)
        lots = {text(r.get("id")) or "": r for r in table("inventory")}
        inbound = {text(r.get("inventoryid")) or "": r for r in table("inventory_transfer_inbound")}
        stock = [
            package(r, tz, _tested(key, lots, latest_qa), inbound.get(key))
            for key, r in lots.items()
        ]
        rooms = {
            text(r.get("roomid")) or "": text(r.get("name")) or "" for r in table("plant_room")
        }
        plants = [plant(r, tz, rooms) for r in table("plant")]
        plant_rows = {text(r.get("id")) or "": r for r in table("plant")}
        results: dict[str, list[LabResult]] = {}
        for row in qa:
            answer = {**row, "parent_id": row.get("parentid")}
            results.setdefault(text(row.get("parentid")) or "", []).extend(
                mapping.lab_results(answer, tz)
            )
        derivatives = table("plant_derivative")
        sales = [r for r in table("sale") if not flag(r.get("is_refund"))]
        source = cls(facility_record=facility, as_of=as_of, today=today)
        source.stock = Packages(
            [p for p in stock if not p.finished], [p for p in stock if p.finished], []
        )
        source.growing = Plants(
            [p for p in plants if p.phase is PlantPhase.VEGETATIVE],
            [p for p in plants if p.phase is PlantPhase.FLOWERING],
            [],
            [p for p in plants if p.phase in (PlantPhase.HARVESTED, PlantPhase.DESTROYED)],
        )
        source.item_list = list({p.item: None for p in stock})
        source.adjustment_list = [
            mapping.adjustment(r, tz, lots) for r in table("inventory_adjust")
        ]
        source.reasons = [AdjustReason(name, True) for name in ADJUSTMENT_REASONS.values()]
        source.results = results
        source.harvest_list = waste.harvests(derivatives, tz, plant_rows)
        source.harvest_waste_list = [
            w for w in (waste.harvest_waste(r, tz) for r in derivatives) if w is not None
        ]
        source.plant_waste_list = [
            w for w in (waste.plant_waste(r, tz) for r in table("plant")) if w is not None
        ]
        source.outgoing_list = mapping.transfers(
            table("manifest"), table("manifest", "manifest_stop_data"),
            table("manifest", "manifest_stop_items"), tz,
        )  # fmt: skip
        source.receipt_list = mapping.receipts(sales, tz, lots)
        return source

    async def tags_available(self) -> tuple[int | None, int | None]:
        """BioTrack issues every identifier itself: no tags to run out of."""
        return None, None

    async def processing_jobs(self, *, inactive_since: date | None) -> list[ProcessingJob]:
        """BioTrack records conversions, not jobs: none."""
        return []


def _tested(label: str, lots: Mapping[str, Row], qa: Mapping[str, Row]) -> Row | None:
    """The latest QA sample of a lot, or of the lot it was made from (a converted product
    carries its source lot's result; `parentid` links them), up to a few generations."""
    for _ in range(5):
        if label in qa:
            return qa[label]
        label = text(lots.get(label, {}).get("parentid")) or ""
        if not label:
            return None
    return None


def _untested(rows: Mapping[str, Mapping[str, Sequence[Row]]]) -> list[str]:
    """Held lots (at most 100) that neither the licence's QA rows nor their source lots'
    cover."""
    lots = {text(r.get("id")) or "": r for r in rows.get("inventory", {}).get("inventory", ())}
    qa = {
        text(r.get("parentid")) or "": r
        for r in rows.get("inventory_qa_sample", {}).get("inventory_qa_sample", ())
    }
    held = [
        key
        for key, lot in lots.items()
        if key and not flag(lot.get("deleted")) and number(lot.get("remaining_quantity")) > 0
    ]
    return [key for key in held if _tested(key, lots, qa) is None][:100]


def _licence_type(vendor: Row) -> str | None:
    kinds = [name for name in ("producer", "processor", "retail") if flag(vendor.get(name))]
    return " and ".join(kinds) or None
