"""BioTrack's write actions, one method each, with typed parameters checked before sending.

Field names follow the BioTrackTHC JSON API manual as integrators use it (docs/biotrack.md
gives the source of each and marks those not confirmed). Each returns a WriteResult with
BioTrack's transaction id and any new 16-digit identifiers. Writes are never retried once
sent; a lost answer can be fetched with `nonce_replay`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from trichome.tracking.biotrack.codes import ADJUSTMENT_REASONS, INVENTORY_TYPES, WEIGHT_UNITS
from trichome.tracking.biotrack.connection import WriteResult, barcode, barcodes, write_result
from trichome.tracking.biotrack.errors import BioTrackInputError
from trichome.tracking.biotrack.reads import BioTrackReads


def _positive(value: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise BioTrackInputError(f"{what} must be a number above zero, not {value!r}.")
    return float(value)


def _price(value: float, what: str = "A price") -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise BioTrackInputError(f"{what} must be zero or more, not {value!r}.")
    return round(float(value), 2)


def _count(quantity: float) -> float | int:
    """A whole quantity as an integer: the sandbox (after the manual) refuses 2.0 units."""
    return int(quantity) if float(quantity).is_integer() else quantity


def _unit(uom: str) -> str:
    if uom not in WEIGHT_UNITS:
        raise BioTrackInputError(f"The unit must be one of {', '.join(WEIGHT_UNITS)}, not {uom!r}.")
    return uom


def _type(code: int) -> int:
    if code not in INVENTORY_TYPES:
        raise BioTrackInputError(f"{code!r} is not a BioTrack inventory type.")
    return code


def _room(room: int) -> int:
    if isinstance(room, bool) or not isinstance(room, int) or room < 1:
        raise BioTrackInputError(f"A BioTrack room id is a whole number above zero, not {room!r}.")
    return room


def _text(value: str, what: str) -> str:
    if not value or not value.strip():
        raise BioTrackInputError(f"{what} is required.")
    return value.strip()


@dataclass(frozen=True, slots=True)
class Weight:
    """A weight collected from plants, as one inventory type (6 flower, 9 other material,
    27 waste...)."""

    amount: float
    inventory_type: int
    uom: str = "g"

    def field(self) -> dict[str, Any]:
        """The `weights` entry."""
        return {
            "amount": _positive(self.amount, "A weight"),
            "invtype": _type(self.inventory_type),
            "uom": _unit(self.uom),
        }


@dataclass(frozen=True, slots=True)
class Removal:
    """A quantity taken from an inventory lot (to combine into a lot, for example)."""

    barcode: str
    quantity: float
    uom: str = "g"

    def field(self) -> dict[str, Any]:
        """The `data` entry."""
        return {
            "barcodeid": barcode(self.barcode, "inventory barcode"),
            "remove_quantity": _positive(self.quantity, "A quantity"),
            "remove_quantity_uom": _unit(self.uom),
        }


@dataclass(frozen=True, slots=True)
class Item:
    """An inventory lot with a quantity and a price: a sale, a refund or a received item."""

    barcode: str
    quantity: float
    price: float

    def field(self) -> dict[str, Any]:
        """The `data` entry."""
        return {
            "barcodeid": barcode(self.barcode, "inventory barcode"),
            "quantity": _count(_positive(self.quantity, "A quantity")),
            "price": _price(self.price),
        }


@dataclass(frozen=True, slots=True)
class ManifestStop:
    """One stop of a manifest: the licence delivered to, when, by which route, which lots."""

    license_number: str
    items: Sequence[str]
    departure: int  # epoch seconds
    arrival: int
    route: str

    def field(self, number: int) -> dict[str, Any]:
        """The `stop_overview` entry."""
        if self.arrival < self.departure:
            raise BioTrackInputError("A stop's arrival cannot be before its departure.")
        return {
            "stop_number": number,
            "vendor_license": _text(self.license_number, "The licence of each stop"),
            "approximate_departure": self.departure,
            "approximate_arrival": self.arrival,
            "approximate_route": _text(self.route, "The route of each stop"),
            "barcodeid": barcodes(self.items, "inventory barcode"),
        }


class BioTrackWrites(BioTrackReads):
    """Write actions of a BioTrack licence (plants, inventory, manifests, sales)."""

    async def _write(self, action: str, fields: dict[str, Any]) -> WriteResult:
        return write_result(await self.call(action, fields))

    # Plants --------------------------------------------------------------------------------

    async def plant_new(
        self, location: str, source: str, strain: str, quantity: int, room: int,
        *, mother: bool = False,
    ) -> WriteResult:  # fmt: skip
        """plant_new: `quantity` plants of a strain from a source lot (seed or clone)."""
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
            raise BioTrackInputError(f"The number of plants must be 1 or more, not {quantity!r}.")
        return await self._write("plant_new", {
            "location": _text(location, "The location licence"),
            "source": barcode(source, "source barcode"),
            "strain": _text(strain, "The strain"),
            "quantity": quantity, "room": _room(room), "mother": int(mother),
        })  # fmt: skip

    async def plant_move(self, plants: Iterable[str], room: int) -> WriteResult:
        """plant_move: plants into another plant room."""
        return await self._write(
            "plant_move", {"barcodeid": barcodes(plants, "plant barcode"), "room": _room(room)}
        )

    async def plant_harvest_schedule(self, plants: Iterable[str]) -> WriteResult:
        """plant_harvest_schedule: mark plants for harvest."""
        return await self._write(
            "plant_harvest_schedule", {"barcodeid": barcodes(plants, "plant barcode")}
        )

    async def plant_harvest(
        self, plant: str, weights: Sequence[Weight], room: int,
        *, wet: bool = False, more_to_come: bool = False, collected_at: int | None = None,
    ) -> WriteResult:  # fmt: skip
        """plant_harvest: record a plant's wet weight (and waste), creating derivatives."""
        return await self._write("plant_harvest", {
            "barcodeid": barcode(plant, "plant barcode"),
            "weights": [weight.field() for weight in weights] or _none("weight"),
            "new_room": _room(room), "wet": int(wet), "collectadditional": int(more_to_come),
            "collectiontime": collected_at or int(time.time()),
        })  # fmt: skip

    async def plant_cure(
        self, plant: str, weights: Sequence[Weight], room: int,
        *, more_to_come: bool = False, collected_at: int | None = None,
    ) -> WriteResult:  # fmt: skip
        """plant_cure: record a plant's dry weights, creating inventory lots."""
        return await self._write("plant_cure", {
            "barcodeid": barcode(plant, "plant barcode"),
            "weights": [weight.field() for weight in weights] or _none("weight"),
            "room": _room(room), "collectadditional": int(more_to_come),
            "collectiontime": collected_at or int(time.time()),
        })  # fmt: skip

    async def plant_waste_weigh(
        self, location: str, weight: float, uom: str = "g", *, collected_at: int | None = None
    ) -> WriteResult:
        """plant_waste_weigh: weigh plant waste, creating a waste (type 27) lot."""
        return await self._write("plant_waste_weigh", {
            "location": _text(location, "The location licence"),
            "weight": _positive(weight, "The waste weight"), "uom": _unit(uom),
            "collectiontime": collected_at or int(time.time()),
        })  # fmt: skip

    async def plant_destroy_schedule(
        self, plants: Iterable[str], reason: str, *, reason_code: int | None = None
    ) -> WriteResult:
        """plant_destroy_schedule: start the waiting period before plants may be destroyed."""
        fields: dict[str, Any] = {
            "barcodeid": barcodes(plants, "plant barcode"),
            "reason": _text(reason, "The reason for destruction"),
        }
        if reason_code is not None:
            fields["reason_extended"] = reason_code
        return await self._write("plant_destroy_schedule", fields)

    async def plant_destroy_schedule_undo(self, plants: Iterable[str]) -> WriteResult:
        """plant_destroy_schedule_undo: take plants off the destruction schedule."""
        return await self._write(
            "plant_destroy_schedule_undo", {"barcodeid": barcodes(plants, "plant barcode")}
        )

    async def plant_destroy(self, plants: Iterable[str]) -> WriteResult:
        """plant_destroy: destroy scheduled plants once their waiting period is over."""
        return await self._write("plant_destroy", {"barcodeid": barcodes(plants, "plant barcode")})

    async def plant_convert_to_inventory(self, plants: Iterable[str]) -> WriteResult:
        """plant_convert_to_inventory: turn plants (clones, mature plants) into inventory."""
        return await self._write(
            "plant_convert_to_inventory", {"barcodeid": barcodes(plants, "plant barcode")}
        )

    # Inventory -----------------------------------------------------------------------------

    async def inventory_move(self, lots: Iterable[str], room: int) -> WriteResult:
        """inventory_move: lots into another inventory room."""
        data = [
            {"barcodeid": lot, "room": _room(room)} for lot in barcodes(lots, "inventory barcode")
        ]
        return await self._write("inventory_move", {"data": data})

    async def inventory_adjust(
        self, lot: str, quantity: float, uom: str, reason_type: int, reason: str
    ) -> WriteResult:
        """inventory_adjust: set a lot's quantity, with a reason type (1-6) and an explanation."""
        if reason_type not in ADJUSTMENT_REASONS:
            raise BioTrackInputError(f"{reason_type!r} is not an adjustment reason type (1-6).")
        if isinstance(quantity, bool) or not isinstance(quantity, int | float) or quantity < 0:
            raise BioTrackInputError(f"The new quantity must be zero or more, not {quantity!r}.")
        return await self._write("inventory_adjust", {"data": {
            "barcodeid": barcode(lot, "inventory barcode"), "quantity": float(quantity),
            "quantity_uom": _unit(uom), "type": reason_type,
            "reason": _text(reason, "The reason for the adjustment"),
        }})  # fmt: skip

    async def inventory_create_lot(
        self, sources: Sequence[Removal], *, medical: bool = False
    ) -> WriteResult:
        """inventory_create_lot: combine quantities of lots into one new lot."""
        data = [source.field() for source in sources] or _none("source lot")
        return await self._write("inventory_create_lot", {"data": data, "is_medical": int(medical)})

    async def inventory_destroy_schedule(
        self, lots: Iterable[str], reason: str, *, reason_code: int | None = None
    ) -> WriteResult:
        """inventory_destroy_schedule: start the waiting period before lots may be destroyed."""
        fields: dict[str, Any] = {
            "barcodeid": barcodes(lots, "inventory barcode"),
            "reason": _text(reason, "The reason for destruction"),
        }
        if reason_code is not None:
            fields["reason_extended"] = reason_code
        return await self._write("inventory_destroy_schedule", fields)

    async def inventory_destroy_schedule_undo(self, lots: Iterable[str]) -> WriteResult:
        """inventory_destroy_schedule_undo: take lots off the destruction schedule."""
        return await self._write(
            "inventory_destroy_schedule_undo", {"barcodeid": barcodes(lots, "inventory barcode")}
        )

    async def inventory_destroy(self, lot: str) -> WriteResult:
        """inventory_destroy: destroy a scheduled lot once its waiting period is over."""
        return await self._write(
            "inventory_destroy", {"barcodeid": barcode(lot, "inventory barcode")}
        )

    async def inventory_qa_sample(
        self, lot: str, lab_id: str, quantity: float, uom: str = "g", *, use: int = 1
    ) -> WriteResult:
        """inventory_qa_sample: send a sample of a lot to a lab (creates the sample's barcode)."""
        return await self._write("inventory_qa_sample", {
            "barcodeid": barcode(lot, "inventory barcode"),
            "lab_id": _text(lab_id, "The lab's licence"),
            "quantity": _positive(quantity, "The sample quantity"),
            "quantity_uom": _unit(uom), "use": use,
        })  # fmt: skip

    # Manifests and transfers ---------------------------------------------------------------

    async def inventory_manifest(
        self, location: str, employee_id: str, vehicle_id: str, stops: Sequence[ManifestStop]
    ) -> WriteResult:
        """inventory_manifest: a manifest with its stops (its id comes back as a barcode)."""
        overview = [stop.field(n) for n, stop in enumerate(stops, start=1)] or _none("stop")
        return await self._write("inventory_manifest", {
            "location": _text(location, "The location licence"),
            "employee_id": _text(employee_id, "The driver's employee id"),
            "vehicle_id": _text(vehicle_id, "The vehicle id"), "stop_overview": overview,
        })  # fmt: skip

    async def inventory_manifest_void(self, manifest_id: str) -> WriteResult:
        """inventory_manifest_void: void a manifest."""
        return await self._write(
            "inventory_manifest_void", {"manifest_id": barcode(manifest_id, "manifest id")}
        )

    async def inventory_transfer_outbound(
        self, manifest_id: str, items: Sequence[tuple[str, float]]
    ) -> WriteResult:
        """inventory_transfer_outbound: ship a manifest's lots, each with its sale price."""
        data = [
            {"barcodeid": barcode(lot, "inventory barcode"), "price": _price(price)}
            for lot, price in items
        ] or _none("item")
        return await self._write("inventory_transfer_outbound", {
            "manifest_id": barcode(manifest_id, "manifest id"), "data": data,
        })  # fmt: skip

    async def inventory_transfer_inbound(self, location: str, items: Sequence[Item]) -> WriteResult:
        """inventory_transfer_inbound: receive lots of an inbound manifest at a location."""
        data = [item.field() for item in items] or _none("item")
        return await self._write("inventory_transfer_inbound", {
            "location": _text(location, "The receiving location licence"), "data": data,
        })  # fmt: skip

    # Sales ---------------------------------------------------------------------------------

    async def sale_dispense(
        self, items: Sequence[Item], *, terminal_id: str | None = None, sold_at: int | None = None
    ) -> WriteResult:
        """sale_dispense: sell lots to a customer (the sale's transaction id comes back)."""
        fields: dict[str, Any] = {
            "data": [item.field() for item in items] or _none("item"),
            "sale_time": sold_at or int(time.time()),
        }
        if terminal_id:
            fields["terminal_id"] = terminal_id
        return await self._write("sale_dispense", fields)

    async def sale_modify(self, transaction_id: int, lot: str, price: float) -> WriteResult:
        """sale_modify: change the price of one item of a sale."""
        return await self._write("sale_modify", {
            "transactionid": int(_positive(transaction_id, "The sale's transaction id")),
            "barcodeid": barcode(lot, "inventory barcode"), "price": _price(price),
        })  # fmt: skip

    async def sale_refund(self, transaction_id: int, items: Sequence[Item]) -> WriteResult:
        """sale_refund: return items of a sale to inventory, with the amounts refunded."""
        return await self._write("sale_refund", {
            "transactionid": int(_positive(transaction_id, "The sale's transaction id")),
            "data": [item.field() for item in items] or _none("item"),
        })  # fmt: skip

    async def sale_void(self, transaction_id: int) -> WriteResult:
        """sale_void: cancel a whole sale."""
        return await self._write(
            "sale_void",
            {"transactionid": int(_positive(transaction_id, "The sale's transaction id"))},
        )


def _none(what: str) -> list[Any]:
    raise BioTrackInputError(f"At least one {what} is required.")
