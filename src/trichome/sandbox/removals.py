"""Metrc v2 documents of what leaves the books: harvest and plant waste, and package
adjustments (PascalCase, in Metrc's documented field names), for the API and the seed."""

from __future__ import annotations

from datetime import date, datetime

from trichome.sandbox.documents import ABBREVIATIONS, day
from trichome.sandbox.store import Record


def midnight(value: date | datetime | str | None) -> str | None:
    """A day as the date-time Metrc writes for day fields of some records (adjustments)."""
    if value is None:
        return None
    text = value if isinstance(value, str) else day(value)
    return f"{str(text)[:10]}T00:00:00+00:00"


def harvest_waste(
    license_number: str,
    harvest_record: Record,
    kind: str | None,
    weight: float,
    unit: str | None,
    on: date | None,
) -> Record:
    """Waste recorded on a harvest (GET /harvests/v2/waste?harvestId= shape; the harvest is
    the record's parent, not one of its fields)."""
    return Record(
        license_number,
        "harvestwaste",
        "recorded",
        {
            "WasteTypeName": kind,
            "WasteWeight": weight,
            "UnitOfWeightName": unit,
            "ActualDate": day(on),
            "_HarvestId": harvest_record.id,
        },
        label=f"harvest:{harvest_record.id}",
    )


def plant_waste(
    license_number: str,
    *,
    method: str | None,
    weight: float | None,
    unit: str | None,
    reason: str | None,
    count: int,
    on: date | None,
    batch: Record | None = None,
    plant_labels: list[str] | None = None,
    mixed_material: str | None = None,
    note: str | None = None,
) -> Record:
    """A plant or plant-batch waste record (GET /plants/v2/waste and /plantbatches/v2/waste:
    it counts its plants and names none; the labels, mix and note are kept for ourselves)."""
    return Record(
        license_number,
        "plantbatchwaste" if batch is not None else "plantwaste",
        "recorded",
        {
            "WasteMethodName": method,
            "WasteWeight": weight,
            "WasteUnitOfMeasureName": unit,
            "WasteReasonName": reason,
            "PlantBatchId": batch.id if batch is not None else None,
            "PlantBatchName": batch.name if batch is not None else None,
            "PlantCount": count,
            "WasteDate": day(on),
            "_PlantLabels": list(plant_labels or []),
            "_MixedMaterial": mixed_material,
            "_Note": note,
        },
        label=f"plantbatch:{batch.id}" if batch is not None else None,
    )


def adjustment(
    license_number: str,
    package_record: Record,
    change: float,
    reason: str | None,
    note: str | None,
    on: date | datetime | None,
    by: str,
) -> Record:
    """A package adjustment (GET /packages/v2/adjustments shape)."""
    data = package_record.data
    unit = data["UnitOfMeasureName"]
    return Record(
        license_number,
        "packageadjustment",
        "recorded",
        {
            "PackageId": package_record.id,
            "PackageLabel": package_record.label,
            "ItemName": data["Item"]["Name"],
            "ItemCategoryName": data["Item"]["ProductCategoryName"],
            "AdjustmentQuantity": round(change, 4),
            "AdjustmentUnitOfMeasureName": unit,
            "AdjustmentUnitOfMeasureAbbreviation": ABBREVIATIONS.get(unit, unit),
            "AdjustmentReasonName": reason,
            "AdjustmentNote": note or "",
            "AdjustmentDate": midnight(on),
            "PackagedDate": midnight(data.get("PackagedDate")),
            "AdjustedByUserName": by,
            "PackageLabTestResultExpirationDateTime": data.get("LabTestResultExpirationDateTime"),
        },
        label=f"package:{package_record.id}",
    )
