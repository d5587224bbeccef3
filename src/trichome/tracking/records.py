"""Our own track-and-trace records: what the skills compute on, whatever system sent them.

Each record keeps what the skills need, in our names and types: days as dates, moments
as datetimes (naive when the source gave no offset: the facility's local time), weights
with their unit. A mapping per tracking system (`trichome.tracking.metrc`) builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

GRAMS_PER_UNIT = {
    "grams": 1.0,
    "kilograms": 1000.0,
    "milligrams": 0.001,
    "ounces": 28.349523125,
    "pounds": 453.59237,
}


def to_grams(amount: float, unit: str | None) -> float | None:
    """A weight in grams, or None for count and volume units (unit names in any case)."""
    factor = GRAMS_PER_UNIT.get(str(unit or "").strip().lower())
    return amount * factor if factor is not None else None


def day_of(moment: datetime | None) -> date | None:
    """The day of a moment, as written (the facility's local day)."""
    return moment.date() if moment is not None else None


@dataclass(frozen=True, slots=True)
class Harvest:
    """A harvest batch: its plants and strains, and where its wet weight went."""

    id: int | None
    name: str
    harvest_type: str | None
    strains: tuple[str, ...]
    plant_count: int
    unit: str  # of every weight below
    wet_weight: float
    waste_weight: float
    packaged_weight: float
    restored_weight: float
    current_weight: float
    package_count: int
    started: date | None
    finished: date | None
    archived: date | None
    on_hold: bool
    lab_state: str | None
    drying_location: str | None

    def grams(self, weight: float) -> float:
        """One of this harvest's weights in grams (0 when its unit is not a weight)."""
        return to_grams(weight, self.unit) or 0.0

    @property
    def strain(self) -> str:
        """Its strain, or strains joined, for grouping ('(unknown)' when none is recorded)."""
        return ", ".join(self.strains) or "(unknown)"


@dataclass(frozen=True, slots=True)
class HarvestWaste:
    """Waste recorded on a harvest (stems, roots, plant material)."""

    id: int | None
    harvest_id: int | None
    harvest_name: str | None
    waste_type: str | None
    weight: float
    unit: str | None
    day: date | None


class WasteSource(StrEnum):
    """What a waste record was recorded against."""

    PLANT = "plant"
    PLANT_BATCH = "plant_batch"


@dataclass(frozen=True, slots=True)
class PlantWaste:
    """A plant or plant-batch waste record: how much, how disposed of, why, of how many."""

    source: WasteSource
    number: str | None
    method: str | None
    weight: float
    unit: str | None
    reason: str | None
    plant_batch_id: int | None
    plant_batch_name: str | None
    plant_count: int
    day: date | None

    def missing(self) -> list[str]:
        """Which of method, reason, weight and unit the record lacks."""
        return [
            name
            for name, present in (
                ("method", bool(self.method)),
                ("reason", bool(self.reason)),
                ("weight", self.weight > 0),
                ("unit", bool(self.unit)),
            )
            if not present
        ]


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A change to a package's quantity, signed (negative: product removed)."""

    package_id: int | None
    package_label: str
    item_name: str | None
    item_category: str | None
    quantity: float
    unit: str | None
    reason: str | None
    note: str | None
    day: date | None
    adjusted_by: str | None
    packaged: date | None


class TransferStatus(StrEnum):
    """Where a manifest stands."""

    PENDING = "pending"
    OVERDUE = "overdue"
    RECEIVED = "received"
    PARTIALLY_REJECTED = "partially_rejected"
    REJECTED = "rejected"
    VOIDED = "voided"


@dataclass(frozen=True, slots=True)
class Transfer:
    """One delivery of a manifest (a manifest may have several, one per recipient): its
    parties, the packages shipped and received on it, its dates."""

    id: int | None
    manifest: str
    delivery_id: int | None
    shipper_license: str | None
    shipper_name: str | None
    recipient_license: str | None
    recipient_name: str | None
    shipment_type: str | None
    package_count: int
    received_package_count: int
    voided: bool
    created: datetime | None
    estimated_departure: datetime | None
    actual_departure: datetime | None
    estimated_arrival: datetime | None
    actual_arrival: datetime | None
    received: datetime | None
    # How many deliveries the manifest has (this is one of them).
    delivery_count: int = 1

    @property
    def departed_on(self) -> date | None:
        """The day it left (actual, else estimated)."""
        return day_of(self.actual_departure) or day_of(self.estimated_departure)

    @property
    def due_on(self) -> date | None:
        """The day it was due to arrive."""
        return day_of(self.estimated_arrival)

    @property
    def received_on(self) -> date | None:
        """The day the recipient received it (in whole or in part), if it has."""
        return day_of(self.received)

    @property
    def pending(self) -> bool:
        """Whether the recipient has not received (or rejected) it yet."""
        return self.received is None and not self.voided

    @property
    def rejected_packages(self) -> int:
        """Packages the recipient did not accept, once it has received the manifest."""
        if self.pending or self.voided:
            return 0
        return max(0, self.package_count - self.received_package_count)

    def status(self, as_of: date, *, rejected: bool = False) -> TransferStatus:
        """Its status on a day; `rejected` when the shipper's rejected list shows its
        manifest."""
        if self.voided:
            return TransferStatus.VOIDED
        if self.pending:
            due = self.due_on
            return (
                TransferStatus.OVERDUE
                if due is not None and due < as_of
                else TransferStatus.PENDING
            )
        refused = self.rejected_packages
        if self.package_count and refused >= self.package_count:
            return TransferStatus.REJECTED
        # The rejected list names manifests, not deliveries: it says nothing of which of
        # several deliveries refused packages (their own counts do).
        if refused or (rejected and self.delivery_count == 1):
            return TransferStatus.PARTIALLY_REJECTED
        return TransferStatus.RECEIVED


class ShipmentState(StrEnum):
    """A package's state on a delivery (GET /transfers/v2/deliveries/packages/states)."""

    SHIPPED = "Shipped"
    REJECTED = "Rejected"
    ACCEPTED = "Accepted"
    RETURNED = "Returned"


@dataclass(frozen=True, slots=True)
class DeliveryPackage:
    """A package on a delivery: what was shipped, what was received, and its state."""

    package_id: int | None
    label: str
    item_name: str | None
    item_category: str | None
    item_strain: str | None
    lab_state: str
    state: str
    shipped_quantity: float
    shipped_unit: str | None
    received_quantity: float | None
    received_unit: str | None
    packaged: date | None
    shipper_price: float | None = None
    receiver_price: float | None = None

    @property
    def refused(self) -> bool:
        """Whether the recipient rejected it (or it went back to the shipper)."""
        return self.state in (ShipmentState.REJECTED, ShipmentState.RETURNED)


@dataclass(frozen=True, slots=True)
class Sale:
    """One line of a sales receipt: what was taken from which package, for how much."""

    package_id: int | None
    package_label: str
    product_name: str | None
    category: str | None
    strain: str | None
    quantity: float
    unit: str | None
    price: float
    # Per unit of a counted item ("Each"): its weight in grams and its THC in milligrams,
    # when the item declares them (None otherwise).
    unit_weight_grams: float | None = None
    unit_thc_mg: float | None = None


class ReceiptStatus(StrEnum):
    """Open (still editable), finalized (closed, still a sale) or voided (not a sale)."""

    OPEN = "open"
    FINALIZED = "finalized"
    VOIDED = "voided"


@dataclass(frozen=True, slots=True)
class Receipt:
    """A sales receipt and its lines."""

    id: int | None
    number: str | None
    external_number: str | None
    sold_at: datetime | None
    customer_type: str | None
    patient_license: str | None
    total_packages: int
    total_price: float
    lines: tuple[Sale, ...]
    is_final: bool
    archived: date | None
    recorded_at: datetime | None

    @property
    def status(self) -> ReceiptStatus:
        """Voided when archived; finalized when closed; otherwise open."""
        if self.archived is not None:
            return ReceiptStatus.VOIDED
        return ReceiptStatus.FINALIZED if self.is_final else ReceiptStatus.OPEN

    @property
    def is_sale(self) -> bool:
        """Whether it counts as a sale (open or finalized, not voided)."""
        return self.status is not ReceiptStatus.VOIDED

    @property
    def day(self) -> date:
        """The local day of the sale."""
        return day_of(self.sold_at) or date.min


@dataclass(frozen=True, slots=True)
class LabResult:
    """One test of one package: the test, its level and verdict, and the overall verdict."""

    package_id: int | None
    result_id: int | None
    lab_license: str | None
    lab_name: str | None
    source_package_label: str | None
    product_name: str | None
    category: str | None
    tested_on: date | None
    overall_passed: bool | None
    test_type: str
    test_passed: bool | None
    level: float | None
    comment: str | None
    informational: bool
    released: bool | None
    released_at: datetime | None
    expires: datetime | None
    revoked: date | None
