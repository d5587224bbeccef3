"""Records of our track-and-trace model built by hand, as a second system's mapping would
build them: no Metrc document, field name or client anywhere. Labels are 16-digit barcodes
(BioTrack's identifiers) to show nothing depends on Metrc's 24-character tags."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, time, timedelta

from trichome.tracking import (
    Capability,
    DeliveryPackage,
    Facility,
    Item,
    Package,
    Plant,
    PlantPhase,
    PlantWaste,
    Receipt,
    Sale,
    Transfer,
    WasteSource,
)

AS_OF = date(2026, 6, 15)
STORE = Facility(
    "DISP-0042", "Harbor Dispensary", "Dispensary", frozenset({Capability.SELL_TO_CONSUMERS})
)
FARM = Facility("CULT-0007", "Ridge Farm", "Cultivation", frozenset({Capability.GROW_PLANTS}))
FLOWER = Item("Blue Dream 3.5g", "Flower", "Blue Dream")
DIESEL = Item("Sour Diesel 3.5g", "Flower", "Sour Diesel")
CLONE = Item("Blue Dream Clone", "Immature Plants", "Blue Dream")


def barcode(n: int) -> str:
    """A 16-digit barcode."""
    return f"{6647000000000000 + n:016d}"


def package(n: int, item: Item, quantity: float, unit: str = "Grams", **fields: object) -> Package:
    """A package on hand, passed testing and received 30 days before AS_OF unless told."""
    made = Package(
        id=n,
        label=barcode(n),
        item=item,
        quantity=quantity,
        unit=unit,
        lab_state="TestPassed",
        lab_expires=AS_OF + timedelta(days=200),
        received=datetime.combine(AS_OF - timedelta(days=30), time(10)),
        location_name="Vault",
    )
    return replace(made, **fields)


def sale(of: Package, quantity: float, price: float) -> Sale:
    """A receipt line drawing on a package."""
    return Sale(
        package_id=of.id,
        package_label=of.label,
        product_name=of.item.name,
        category=of.item.category,
        strain=of.item.strain,
        quantity=quantity,
        unit=of.unit,
        price=price,
    )


def receipt(n: int, day: date, *lines: Sale) -> Receipt:
    """A finalized receipt sold at 14:00 on a day."""
    return Receipt(
        id=n,
        number=f"R-{n}",
        external_number=None,
        sold_at=datetime.combine(day, time(14)),
        customer_type="Consumer",
        patient_license=None,
        total_packages=len(lines),
        total_price=sum(line.price for line in lines),
        lines=tuple(lines),
        is_final=True,
        archived=None,
        recorded_at=None,
    )


def manifest(manifest_id: int, delivery_id: int, *, arrived: date | None, due: date) -> Transfer:
    """A manifest from the farm to the store."""
    return Transfer(
        id=manifest_id,
        manifest=f"MAN-{manifest_id}",
        delivery_id=delivery_id,
        shipper_license=FARM.license_number,
        shipper_name=FARM.name,
        recipient_license=STORE.license_number,
        recipient_name=STORE.name,
        shipment_type="Wholesale",
        package_count=1,
        received_package_count=1 if arrived else 0,
        voided=False,
        created=datetime.combine(due - timedelta(days=1), time(9)),
        estimated_departure=datetime.combine(due, time(8)),
        actual_departure=datetime.combine(due, time(8)) if arrived else None,
        estimated_arrival=datetime.combine(due, time(12)),
        actual_arrival=datetime.combine(arrived, time(12)) if arrived else None,
        received=datetime.combine(arrived, time(13)) if arrived else None,
    )


def delivered(of: Package, shipped: float, received: float) -> DeliveryPackage:
    """A package's line on a received delivery."""
    return DeliveryPackage(
        package_id=of.id,
        label=of.label,
        item_name=of.item.name,
        item_category=of.item.category,
        item_strain=of.item.strain,
        lab_state=of.lab_state,
        state="Accepted",
        shipped_quantity=shipped,
        shipped_unit=of.unit,
        received_quantity=received,
        received_unit=of.unit,
        packaged=of.packaged,
    )


def plant(n: int, **fields: object) -> Plant:
    """A flowering Blue Dream plant unless told otherwise."""
    made = Plant(id=n, label=barcode(5000 + n), strain="Blue Dream", phase=PlantPhase.FLOWERING)
    return replace(made, **fields)


def plant_waste(day: date, plants: int, kilograms: float) -> PlantWaste:
    """A complete plant waste record."""
    return PlantWaste(
        source=WasteSource.PLANT,
        number=f"W-{day.isoformat()}",
        method="Compost",
        weight=kilograms,
        unit="Kilograms",
        reason="Male plants",
        plant_batch_id=None,
        plant_batch_name=None,
        plant_count=plants,
        day=day,
    )
