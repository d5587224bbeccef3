"""Metrc v2 documents into our records: every Metrc field name the skills depend on is here.

The shapes followed are Metrc's documented example responses for each operation (named
on each function). Missing or null fields become None, 0 or empty, never an error: a
record Metrc sends without a field is still read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from trichome.tracking.lab import lab_state
from trichome.tracking.records import (
    Adjustment,
    DeliveryPackage,
    Harvest,
    HarvestWaste,
    LabResult,
    PlantWaste,
    Receipt,
    Sale,
    Transfer,
    WasteSource,
    to_grams,
)

Document = Mapping[str, Any]


# Fields --------------------------------------------------------------------------------------


def text(value: Any) -> str | None:
    """A text field (None when missing or blank)."""
    if value is None:
        return None
    shown = str(value).strip()
    return shown or None


def number(value: Any) -> float:
    """A numeric field (0 when missing or not a number)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return float(value)


def maybe_number(value: Any) -> float | None:
    """A numeric field that may be absent (None then)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def whole(value: Any) -> int:
    """A count field (0 when missing)."""
    return int(number(value))


def ident(value: Any) -> int | None:
    """An id field (None when missing)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def flag(value: Any) -> bool:
    """A boolean field (false when missing)."""
    return value is True


def maybe_flag(value: Any) -> bool | None:
    """A boolean field that may be absent."""
    return value if isinstance(value, bool) else None


def moment(value: Any) -> datetime | None:
    """A date-time field (naive when Metrc gave no offset: the facility's local time).

    Metrc's placeholder for "never", 0001-01-01, is None.
    """
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str) or len(value) < 10 or value.startswith("0001-01-01"):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        day = calendar_day(value)
        return datetime(day.year, day.month, day.day) if day else None


def calendar_day(value: Any) -> date | None:
    """A date or date-time field's day, as written (the facility's local day)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or len(value) < 10 or value.startswith("0001-01-01"):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def listed(value: Any) -> tuple[str, ...]:
    """A Metrc list of names: a comma-separated string (SourceStrainNames,
    SourceHarvestNames, SourcePackageLabels), or an array of names."""
    if isinstance(value, str):
        parts: Iterable[Any] = value.split(",")
    elif isinstance(value, list | tuple):
        parts = value
    else:
        return ()
    return tuple(dict.fromkeys(str(part).strip() for part in parts if str(part).strip()))


# Records --------------------------------------------------------------------------------------


def harvest(document: Document) -> Harvest:
    """GET /harvests/v2/active, /inactive, /onhold, /{id}."""
    strains = listed(document.get("SourceStrainNames")) or listed(
        [s for s in document.get("Strains") or [] if isinstance(s, str)]
    )
    return Harvest(
        id=ident(document.get("Id")),
        name=str(document.get("Name") or ""),
        harvest_type=text(document.get("HarvestType")),
        strains=strains,
        plant_count=whole(document.get("PlantCount")),
        unit=str(document.get("UnitOfWeightName") or "Grams"),
        wet_weight=number(document.get("TotalWetWeight")),
        waste_weight=number(document.get("TotalWasteWeight")),
        packaged_weight=number(document.get("TotalPackagedWeight")),
        restored_weight=number(document.get("TotalRestoredWeight")),
        current_weight=number(document.get("CurrentWeight")),
        package_count=whole(document.get("PackageCount")),
        started=calendar_day(document.get("HarvestStartDate")),
        finished=calendar_day(document.get("FinishedDate")),
        archived=calendar_day(document.get("ArchivedDate")),
        on_hold=flag(document.get("IsOnHold")),
        lab_state=text(document.get("LabTestingState")),
        drying_location=text(document.get("DryingLocationName")),
    )


def harvest_waste(document: Document, of: Harvest | None = None) -> HarvestWaste:
    """GET /harvests/v2/waste?harvestId=: the list names no harvest, so the caller's is used."""
    return HarvestWaste(
        id=ident(document.get("Id")),
        harvest_id=of.id if of else ident(document.get("HarvestId")),
        harvest_name=of.name if of else text(document.get("HarvestName")),
        waste_type=text(document.get("WasteTypeName")),
        weight=number(document.get("WasteWeight")),
        unit=text(document.get("UnitOfWeightName")),
        day=calendar_day(document.get("ActualDate")),
    )


def plant_waste(document: Document, source: WasteSource) -> PlantWaste:
    """GET /plants/v2/waste and GET /plantbatches/v2/waste (the same shape)."""
    return PlantWaste(
        source=source,
        number=text(document.get("PlantWasteNumber")),
        method=text(document.get("WasteMethodName")),
        weight=number(document.get("WasteWeight")),
        unit=text(document.get("WasteUnitOfMeasureName")),
        reason=text(document.get("WasteReasonName")),
        plant_batch_id=ident(document.get("PlantBatchId")),
        plant_batch_name=text(document.get("PlantBatchName")),
        plant_count=whole(document.get("PlantCount")),
        day=calendar_day(document.get("WasteDate")),
    )


def adjustment(document: Document) -> Adjustment:
    """GET /packages/v2/adjustments."""
    return Adjustment(
        package_id=ident(document.get("PackageId")),
        package_label=str(document.get("PackageLabel") or ""),
        item_name=text(document.get("ItemName")),
        item_category=text(document.get("ItemCategoryName")),
        quantity=number(document.get("AdjustmentQuantity")),
        unit=text(document.get("AdjustmentUnitOfMeasureName")),
        reason=text(document.get("AdjustmentReasonName")),
        note=text(document.get("AdjustmentNote")),
        day=calendar_day(document.get("AdjustmentDate")),
        adjusted_by=text(document.get("AdjustedByUserName")),
        packaged=calendar_day(document.get("PackagedDate")),
    )


def transfer(document: Document, delivery: Document | None = None) -> Transfer:
    """GET /transfers/v2/incoming, /outgoing and /rejected: one delivery of a manifest.

    A recipient's row is its own delivery (GetIncomingTransfers: its recipient and
    DeliveryPackageCount), so its counts are the delivery's; the shipper's row of a manifest
    with several deliveries names no recipient (GetOutgoingTransfers), and `delivery`, a row
    of GET /transfers/v2/{id}/deliveries, makes it that delivery of the manifest.
    """
    own = delivery if delivery is not None else document
    # A manifest of one delivery: its own counts and the delivery's are the same.
    per_delivery = delivery is not None or (
        whole(document.get("DeliveryCount")) > 1
        and text(document.get("RecipientFacilityLicenseNumber")) is not None
        and whole(document.get("DeliveryPackageCount")) > 0
    )
    if per_delivery:
        shipped = whole(own.get("DeliveryPackageCount"))
        accepted = whole(own.get("DeliveryReceivedPackageCount"))
    else:
        shipped = whole(document.get("PackageCount"))
        accepted = whole(document.get("ReceivedPackageCount"))
    return Transfer(
        id=ident(document.get("Id")),
        manifest=str(document.get("ManifestNumber") or document.get("Id") or ""),
        delivery_id=ident(
            delivery.get("Id") if delivery is not None else document.get("DeliveryId")
        ),
        shipper_license=text(document.get("ShipperFacilityLicenseNumber")),
        shipper_name=text(document.get("ShipperFacilityName")),
        recipient_license=text(own.get("RecipientFacilityLicenseNumber")),
        recipient_name=text(own.get("RecipientFacilityName")),
        shipment_type=text(own.get("ShipmentTypeName")),
        package_count=shipped,
        received_package_count=accepted,
        voided=flag(document.get("IsVoided")),
        created=moment(document.get("CreatedDateTime")),
        estimated_departure=moment(own.get("EstimatedDepartureDateTime")),
        actual_departure=moment(own.get("ActualDepartureDateTime")),
        estimated_arrival=moment(own.get("EstimatedArrivalDateTime")),
        actual_arrival=moment(own.get("ActualArrivalDateTime")),
        received=moment(own.get("ReceivedDateTime")),
        delivery_count=max(1, whole(document.get("DeliveryCount"))),
    )


def several_deliveries(document: Document) -> bool:
    """Whether a manifest row stands for several deliveries, to be read one by one from
    GET /transfers/v2/{id}/deliveries (the shipper's row of such a manifest)."""
    return whole(document.get("DeliveryCount")) > 1 and (
        text(document.get("RecipientFacilityLicenseNumber")) is None
        or whole(document.get("DeliveryPackageCount")) == 0
    )


def delivery_package(
    document: Document, prices: Mapping[str, Document] | None = None
) -> DeliveryPackage:
    """GET /transfers/v2/deliveries/{id}/packages, with the prices of
    GET /transfers/v2/deliveries/{id}/packages/wholesale by package label when read."""
    tag = str(document.get("PackageLabel") or "")
    price = (prices or {}).get(tag) or {}
    received = maybe_number(document.get("ReceivedQuantity"))
    return DeliveryPackage(
        package_id=ident(document.get("PackageId")),
        label=tag,
        item_name=text(document.get("ItemName")),
        item_category=text(document.get("ItemCategoryName")),
        item_strain=text(document.get("ItemStrainName")),
        lab_state=lab_state(document.get("LabTestingState")),
        state=str(document.get("ShipmentPackageState") or ""),
        shipped_quantity=number(document.get("ShippedQuantity")),
        shipped_unit=text(document.get("ShippedUnitOfMeasureName")),
        received_quantity=received,
        received_unit=text(document.get("ReceivedUnitOfMeasureName")),
        packaged=calendar_day(document.get("PackagedDate")),
        shipper_price=maybe_number(price.get("ShipperWholesalePrice")),
        receiver_price=maybe_number(price.get("ReceiverWholesalePrice")),
    )


def sale(document: Document) -> Sale:
    """A receipt's transaction (the line shape of GET /sales/v1/transactions/{start}/{end},
    which v2 receipts embed as Transactions)."""
    return Sale(
        package_id=ident(document.get("PackageId")),
        package_label=str(document.get("PackageLabel") or ""),
        product_name=text(document.get("ProductName")),
        category=text(document.get("ProductCategoryName")),
        strain=text(document.get("ItemStrainName")),
        quantity=number(document.get("QuantitySold")),
        unit=text(document.get("UnitOfMeasureName")),
        price=number(document.get("TotalPrice")),
        unit_weight_grams=_weight(
            document.get("ItemUnitWeight"), document.get("ItemUnitWeightUnitOfMeasureName")
        ),
        unit_thc_mg=_thc_mg(
            document.get("ItemUnitThcContent"), document.get("ItemUnitThcContentUnitOfMeasureName")
        ),
    )


def _weight(amount: Any, unit: Any) -> float | None:
    """An item's declared unit weight in grams (None when absent or not a weight)."""
    value = maybe_number(amount)
    return to_grams(value, text(unit)) if value is not None else None


def _thc_mg(amount: Any, unit: Any) -> float | None:
    """An item's declared THC content per unit in milligrams (None when absent)."""
    grams = _weight(amount, unit)
    return grams * 1000 if grams is not None else None


def receipt(document: Document) -> Receipt:
    """GET /sales/v2/receipts/active, /inactive and /{id}."""
    return Receipt(
        id=ident(document.get("Id")),
        number=text(document.get("ReceiptNumber")),
        external_number=text(document.get("ExternalReceiptNumber")),
        sold_at=moment(document.get("SalesDateTime")),
        customer_type=text(document.get("SalesCustomerType")),
        patient_license=text(document.get("PatientLicenseNumber")),
        total_packages=whole(document.get("TotalPackages")),
        total_price=number(document.get("TotalPrice")),
        lines=tuple(
            sale(line) for line in document.get("Transactions") or [] if isinstance(line, Mapping)
        ),
        is_final=flag(document.get("IsFinal")),
        archived=calendar_day(document.get("ArchivedDate")),
        recorded_at=moment(document.get("RecordedDateTime")),
    )


def lab_result(document: Document) -> LabResult:
    """GET /labtests/v2/results?packageId= (one row per test)."""
    level = document.get("TestResultLevel")
    return LabResult(
        package_id=ident(document.get("PackageId")),
        result_id=ident(document.get("LabTestResultId")),
        lab_license=text(document.get("LabFacilityLicenseNumber")),
        lab_name=text(document.get("LabFacilityName")),
        source_package_label=text(document.get("SourcePackageLabel")),
        product_name=text(document.get("ProductName")),
        category=text(document.get("ProductCategoryName")),
        tested_on=calendar_day(document.get("TestPerformedDate")),
        overall_passed=maybe_flag(document.get("OverallPassed")),
        test_type=str(document.get("TestTypeName") or ""),
        test_passed=maybe_flag(document.get("TestPassed")),
        level=maybe_number(level),
        comment=text(document.get("TestComment")),
        informational=flag(document.get("TestInformationalOnly")),
        released=maybe_flag(document.get("ResultReleased")),
        released_at=moment(document.get("ResultReleaseDateTime")),
        expires=moment(document.get("ExpirationDateTime")),
        revoked=calendar_day(
            document.get("RevokedDate") or document.get("LabTestDetailRevokedDate")
        ),
    )
