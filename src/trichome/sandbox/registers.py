"""A facility's own registers, as the sandbox's writes and its seeded year both make them:
sublocations (Metrc v2 `Sublocations`), additives templates (`AdditivesTemplates`), the
additives applied to plants (`Plants` RecordAdditives*), and drivers and vehicles
(`Transporters`).

The shapes follow Metrc's documentation of their reads (bruno Sublocations/GetActive,
AdditivesTemplates/GetActiveAdditivesTemplates, Transporters/GetDrivers and GetVehicles): a
sublocation is `{Id, Name}`; an additives template `{Id, FacilityId, Name, AdditiveType,
AdditiveTypeName, ApplicationDevice, EpaRegistrationNumber, Note, ProductSupplier,
ProductTradeName, RestrictiveEntryIntervalQuantityDescription,
RestrictiveEntryIntervalTimeDescription, ActiveIngredients: [{Name, Percentage}], LastModified,
IsActive}`; an applied additive (bruno Plants/GetAdditives) `{AdditiveTypeName,
ProductTradeName, EpaRegistrationNumber, ProductSupplier, ApplicationDevice,
AmountUnitOfMeasure, TotalAmountApplied, PlantBatchId, PlantBatchName, PlantCount,
RestrictiveEntryIntervalQuantityDescription, RestrictiveEntryIntervalTimeDescription, Rate,
Volume, Note}` with no Id or LastModified; a driver `{Id, FacilityId, EmployeeId, Name,
DriversLicenseNumber}`; a vehicle `{Id, FacilityId, Make, Model, LicensePlateNumber}`.
"""

from __future__ import annotations

from typing import Any

from trichome.sandbox.facilities import KNOWN, Facility
from trichome.sandbox.store import Record

SUBLOCATION = "sublocation"
ADDITIVES_TEMPLATE = "additivestemplate"
PLANT_ADDITIVE = "plantadditive"
DRIVER_FIELDS = ("Name", "DriversLicenseNumber", "EmployeeId")
VEHICLE_FIELDS = ("Make", "Model", "LicensePlateNumber")
TEMPLATE_DESCRIPTIONS = (
    "ApplicationDevice",
    "EpaRegistrationNumber",
    "Note",
    "ProductSupplier",
    "ProductTradeName",
    "RestrictiveEntryIntervalQuantityDescription",
    "RestrictiveEntryIntervalTimeDescription",
)


def facility_id(facility: Facility) -> int:
    """The sandbox's FacilityId of a licence: its place among the seeded facilities."""
    return list(KNOWN).index(facility.license_number) + 1


def sublocation(facility: Facility, name: str) -> Record:
    """A new active sublocation."""
    return Record(facility.license_number, SUBLOCATION, "active", {"Name": name}, name=name)


def transporter(facility: Facility, kind: str, values: dict[str, str]) -> Record:
    """A new active driver or vehicle (`kind`), named by its first field."""
    fields = DRIVER_FIELDS if kind == "driver" else VEHICLE_FIELDS
    return Record(
        facility.license_number,
        kind,
        "active",
        {"FacilityId": facility_id(facility), **values},
        name=values[fields[0]],
    )


def template_values(values: dict[str, Any], posted: dict[str, Any]) -> dict[str, Any]:
    """An additives template's fields with a posted object's over them, in Metrc's order."""
    merged: dict[str, Any] = {
        **values,
        **{key: posted[key] for key in ("Name", "AdditiveType") if key in posted},
    }
    for key in TEMPLATE_DESCRIPTIONS:
        if key in posted:
            merged[key] = posted[key]
    if "ActiveIngredients" in posted:
        merged["ActiveIngredients"] = [
            {"Name": str(i["Name"]).strip(), "Percentage": i["Percentage"]}
            for i in posted["ActiveIngredients"] or []
        ]
    return {
        "FacilityId": merged["FacilityId"],
        "Name": str(merged["Name"]).strip(),
        "AdditiveType": str(merged["AdditiveType"]).strip(),
        # Metrc's examples leave AdditiveTypeName empty beside AdditiveType.
        "AdditiveTypeName": None,
        **{key: merged.get(key) for key in TEMPLATE_DESCRIPTIONS},
        "ActiveIngredients": merged.get("ActiveIngredients") or [],
        "IsActive": merged.get("IsActive", True),
    }


def additives_template(facility: Facility, posted: dict[str, Any]) -> Record:
    """A new active additives template from a posted object (Name and AdditiveType given)."""
    values = template_values({"FacilityId": facility_id(facility)}, posted)
    return Record(
        facility.license_number, ADDITIVES_TEMPLATE, "active", values, name=values["Name"]
    )


def templated_product(
    template: dict[str, Any], rate: str | None, volume: str | None
) -> dict[str, Any]:
    """The product an additives template describes, applied at a rate and volume."""
    return {
        "AdditiveTypeName": template.get("AdditiveType"),
        **{
            key: template.get(key)
            for key in (
                "ProductTradeName",
                "EpaRegistrationNumber",
                "ProductSupplier",
                "ApplicationDevice",
                "RestrictiveEntryIntervalQuantityDescription",
                "RestrictiveEntryIntervalTimeDescription",
            )
        },
        "Rate": rate,
        "Volume": volume,
    }


def plant_additive(
    license_number: str,
    product: dict[str, Any],
    amount: float,
    unit: str | None,
    batch: Record | None,
    count: int,
) -> Record:
    """A record of a product applied to `count` plants (of a batch, when one is given)."""
    document = {
        "AdditiveTypeName": product["AdditiveTypeName"],
        "ProductTradeName": product["ProductTradeName"],
        "EpaRegistrationNumber": product["EpaRegistrationNumber"],
        "ProductSupplier": product["ProductSupplier"],
        "ApplicationDevice": product["ApplicationDevice"],
        "AmountUnitOfMeasure": unit,
        "TotalAmountApplied": amount,
        "PlantBatchId": batch.id if batch is not None else None,
        "PlantBatchName": batch.name if batch is not None else None,
        "PlantCount": count,
        "RestrictiveEntryIntervalQuantityDescription": product[
            "RestrictiveEntryIntervalQuantityDescription"
        ],
        "RestrictiveEntryIntervalTimeDescription": product[
            "RestrictiveEntryIntervalTimeDescription"
        ],
        "Rate": product["Rate"],
        "Volume": product["Volume"],
        "Note": None,
    }
    return Record(license_number, PLANT_ADDITIVE, "recorded", document)
