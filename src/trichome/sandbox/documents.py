"""Metrc v2 documents (PascalCase), built in one place for the API and the seed alike."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from trichome.sandbox.facilities import Facility
from trichome.sandbox.item_categories import CATEGORY_NAMES
from trichome.sandbox.item_fields import documented_item
from trichome.sandbox.reference import LOCATION_TYPES, PLANT_BATCH_TYPE_IDS, UNITS_OF_MEASURE
from trichome.sandbox.store import Record, iso

ABBREVIATIONS = {unit["Name"]: unit["Abbreviation"] for unit in UNITS_OF_MEASURE}
_QUANTITY_TYPES = {unit["Name"]: unit["QuantityType"] for unit in UNITS_OF_MEASURE}
_LOCATION_TYPES = {location_type["Name"]: location_type for location_type in LOCATION_TYPES}
# A package's flags in Metrc's documented shape (bruno Packages/GetActive, GetLabSamples) that
# no sandbox operation sets.
UNSET_FLAGS = (
    "IsTradeSample", "IsTradeSamplePersistent", "SourcePackageIsTradeSample",
    "IsDonation", "IsDonationPersistent", "SourcePackageIsDonation",
    "IsOnInvestigation", "IsOnInvestigationHold", "IsOnInvestigationRecall", "IsOnRecall",
    "IsOnRetailerDelivery",
)  # fmt: skip


def day(value: date | datetime | None) -> str | None:
    """A date as Metrc writes dates (YYYY-MM-DD)."""
    if value is None:
        return None
    return (value.date() if isinstance(value, datetime) else value).isoformat()


def moment(value: datetime | None) -> str | None:
    """A date-time as Metrc writes them."""
    return iso(value) if value is not None else None


def location(facility: Facility, name: str, type_name: str = "Default Location Type") -> Record:
    """A location (room, vault, hub)."""
    kind = _LOCATION_TYPES[type_name]
    return Record(
        facility.license_number,
        "location",
        "active",
        {
            "Name": name,
            "LocationTypeId": kind["Id"],
            "LocationTypeName": type_name,
            "ForPlantBatches": kind["ForPlantBatches"],
            "ForPlants": kind["ForPlants"],
            "ForHarvests": kind["ForHarvests"],
            "ForPackages": kind["ForPackages"],
        },
        name=name,
    )


def strain(
    facility: Facility,
    name: str,
    thc: float | None,
    cbd: float | None,
    indica: float,
    sativa: float,
    testing_status: str = "None",
) -> Record:
    """A strain."""
    return Record(
        facility.license_number,
        "strain",
        "active",
        {
            "Name": name,
            "TestingStatus": testing_status,
            "ThcLevel": thc,
            "CbdLevel": cbd,
            "IndicaPercentage": indica,
            "SativaPercentage": sativa,
            "IsUsed": False,
            "Genetics": None,
        },
        name=name,
    )


def item(
    facility: Facility,
    name: str,
    category: str,
    unit: str,
    strain_record: Record | None,
    unit_thc_content: float | None = None,
    unit_weight_grams: float | None = None,
) -> Record:
    """An item (product): its category decides weight-, count- or volume-based quantities."""
    category_data = CATEGORY_NAMES[category]
    return Record(
        facility.license_number,
        "item",
        "active",
        documented_item({
            "Name": name,
            "ProductCategoryName": category,
            "ProductCategoryType": category_data["ProductCategoryType"],
            "QuantityType": category_data["QuantityType"],
            "DefaultLabTestingState": "NotSubmitted",
            "UnitOfMeasureName": unit,
            "ApprovalStatus": "Approved",
            "StrainId": strain_record.id if strain_record else None,
            "StrainName": strain_record.name if strain_record else None,
            "UnitThcContent": unit_thc_content,
            "UnitThcContentUnitOfMeasureName": "Milligrams" if unit_thc_content else None,
            "UnitWeight": unit_weight_grams,
            "UnitWeightUnitOfMeasureName": "Grams" if unit_weight_grams else None,
            "IsUsed": False,
        }),
        name=name,
    )  # fmt: skip


def item_snapshot(item_record: Record) -> dict[str, Any]:
    """The item as it is embedded in a package."""
    keys = (
        "Name",
        "ProductCategoryName",
        "ProductCategoryType",
        "QuantityType",
        "UnitOfMeasureName",
        "StrainId",
        "StrainName",
        "UnitThcContent",
        "UnitThcContentUnitOfMeasureName",
        "UnitWeight",
        "UnitWeightUnitOfMeasureName",
    )
    return {"Id": item_record.id, **{key: item_record.data.get(key) for key in keys}}


def tag(facility: Facility, label: str, kind: str) -> Record:
    """An available plant or package tag."""
    return Record(
        facility.license_number,
        "tag",
        "available",
        {
            # GET /tags/v2/{plant,package}/available: whether a tag is used is its state here.
            "GroupTagTypeName": None,
            "TagTypeName": f"{kind.capitalize()} Tag",
            "GroupTagTypeId": None,
            "TagTypeId": None,
            "TagInventoryTypeName": f"Retail{kind.capitalize()}",
            "MaxGroupSize": 0,
            "FacilityId": 0,
            "Label": label,
        },
        label=label,
        name=kind,
    )


def plant_batch(
    facility: Facility,
    name: str,
    batch_type: str,
    count: int,
    strain_record: Record,
    location_record: Record | None,
    planted: date,
) -> Record:
    """A plant batch: untracked plants until tagged in a growth phase (a location or none)."""
    return Record(
        facility.license_number,
        "plantbatch",
        "active",
        {
            # GET /plantbatches/v2/active (ThunkMetrc bruno PlantBatches/GetActivePlantBatches):
            # the type is PlantBatchTypeId/PlantBatchTypeName; harvested plants are not counted.
            "Name": name,
            "PlantBatchTypeId": PLANT_BATCH_TYPE_IDS.get(batch_type),
            "PlantBatchTypeName": batch_type,
            "LocationId": location_record.id if location_record else None,
            "LocationName": location_record.name if location_record else None,
            "LocationTypeName": location_record.data.get("LocationTypeName")
            if location_record
            else None,
            "StrainId": strain_record.id,
            "StrainName": strain_record.name,
            "SublocationId": None,
            "SublocationName": None,
            "PatientLicenseNumber": None,
            "UntrackedCount": count,
            "TrackedCount": 0,
            "PackagedCount": 0,
            "DestroyedCount": 0,
            "SourcePackageId": None,
            "SourcePackageLabel": None,
            "SourcePlantId": None,
            "SourcePlantLabel": None,
            "SourcePlantBatchIds": [],
            "SourcePlantBatchNames": None,
            "MultiPlantBatch": False,
            "PlantedDate": day(planted),
            "IsOnHold": False,
            "IsOnInvestigation": False,
            "IsOnInvestigationHold": False,
            "IsOnInvestigationRecall": False,
        },
        name=name,
    )


def plant(
    facility: Facility,
    label: str,
    phase: str,
    batch: Record,
    location_record: Record,
    planted: date,
    phase_date: date,
) -> Record:
    """A tracked plant in the vegetative or flowering phase, with every field of Metrc's
    example (bruno Plants/GetFloweringPlants, GetVegetativePlants) in its order."""
    return Record(
        facility.license_number,
        "plant",
        phase.lower(),
        {
            "Label": label, "State": "Tracked", "GrowthPhase": phase,
            "GroupTagTypeMax": 0, "TagTypeMax": 0,
            "PlantBatchId": batch.id, "PlantBatchName": batch.name,
            "PlantBatchTypeId": batch.data.get("PlantBatchTypeId"),
            "PlantBatchTypeName": batch.data["PlantBatchTypeName"],
            "StrainId": batch.data["StrainId"], "StrainName": batch.data["StrainName"],
            **placed(location_record), "SublocationId": None, "SublocationName": None,
            "PatientLicenseNumber": None, "HarvestId": None,
            "HarvestedUnitOfWeightName": None, "HarvestedUnitOfWeightAbbreviation": None,
            "HarvestedWetWeight": None, "HarvestCount": 0,
            "IsOnHold": False, "IsOnInvestigation": False, "IsOnInvestigationHold": False,
            "IsOnInvestigationRecall": False,
            "PlantedDate": day(planted),
            "VegetativeDate": day(phase_date if phase == "Vegetative" else planted),
            "FloweringDate": day(phase_date) if phase == "Flowering" else None,
            "HarvestedDate": None, "DestroyedDate": None, "DestroyedNote": None,
            "DestroyedByUserName": None, "MotherPlantDate": None,
            "ClonedCount": None, "SurvivedCount": None, "DescendedCount": None,
        },
        label=label,
    )  # fmt: skip


def placed(location_record: Record) -> dict[str, Any]:
    """A plant's or batch's location fields (Id, name and the location's type)."""
    return {
        "LocationId": location_record.id,
        "LocationName": location_record.name,
        "LocationTypeName": location_record.data.get("LocationTypeName"),
    }


def harvest(facility: Facility, name: str, location_record: Record, started: date) -> Record:
    """A harvest batch, empty until plants are harvested into it."""
    return Record(
        facility.license_number,
        "harvest",
        "active",
        {
            "Name": name,
            "HarvestType": "WholePlant",
            "SourceStrainCount": 0,
            "SourceStrainNames": None,
            "Strains": [],
            "DryingLocationId": location_record.id,
            "DryingLocationName": location_record.name,
            "DryingSublocationId": 0,
            "DryingSublocationName": None,
            "DryingLocationTypeName": location_record.data["LocationTypeName"],
            "PatientLicenseNumber": None,
            "CurrentWeight": 0.0,
            "TotalWasteWeight": 0.0,
            "PlantCount": 0,
            "TotalWetWeight": 0.0,
            "TotalRestoredWeight": 0.0,
            "PackageCount": 0,
            "TotalPackagedWeight": 0.0,
            "UnitOfWeightName": "Grams",
            "LabTestingState": None,
            "LabTestingStateDate": None,
            "IsOnHold": False,
            "IsOnInvestigation": False,
            "IsOnInvestigationHold": False,
            "IsOnInvestigationRecall": False,
            "HarvestStartDate": day(started),
            "FinishedDate": None,
            "ArchivedDate": None,
        },
        name=name,
    )


def package(
    facility: Facility,
    label: str,
    item_record: Record,
    quantity: float,
    unit: str,
    location_record: Record,
    packaged: date,
    *,
    source_harvests: list[str] | None = None,
    source_packages: list[str] | None = None,
    lab_state: str = "NotSubmitted",
    expires: date | None = None,
    production_batch: str | None = None,
) -> Record:
    """A package with its item, quantity, sources and lab-testing state."""
    return Record(
        facility.license_number,
        "package",
        "active",
        {
            "Label": label,
            "ExternalId": None,
            "PackageType": "Product",
            "SourceHarvestCount": len(source_harvests or []),
            "SourcePackageCount": len(source_packages or []),
            "SourceProcessingJobCount": 0,
            "SourceHarvestNames": ", ".join(source_harvests or []) or None,
            "SourcePackageLabels": ", ".join(source_packages or []) or None,
            "LocationId": location_record.id,
            "LocationName": location_record.name,
            "SublocationId": None,
            "SublocationName": None,
            "LocationTypeName": location_record.data["LocationTypeName"],
            "Quantity": round(quantity, 4),
            "OriginalPackageQuantity": round(quantity, 4),
            "UnitOfMeasureName": unit,
            "UnitOfMeasureAbbreviation": ABBREVIATIONS.get(unit, unit),
            "PatientLicenseNumber": None,
            "ItemFromFacilityLicenseNumber": facility.license_number,
            "ItemFromFacilityName": facility.name,
            "Note": None,
            "PackagedDate": day(packaged),
            "ExpirationDate": day(expires),
            "SellByDate": None,
            "UseByDate": day(expires),
            "InitialLabTestingState": "NotSubmitted",
            "LabTestingState": lab_state,
            "LabTestingStateDate": day(packaged),
            "LabTestingPerformedDate": None,
            "LabTestingRecordedDate": None,
            "LabTestResultExpirationDateTime": None,
            "LabTestStageId": None,
            "LabTestStage": None,
            "IsProductionBatch": production_batch is not None,
            "ProductionBatchNumber": production_batch,
            "SourceProductionBatchNumbers": None,
            # Metrc's documented flags the sandbox has no operation for (trade samples,
            # donations, investigations, recalls, retailer deliveries): never set.
            **dict.fromkeys(UNSET_FLAGS, False),
            "IsTestingSample": False,
            "IsProcessValidationTestingSample": False,
            "ProductRequiresRemediation": False,
            "ContainsRemediatedProduct": False,
            "RemediationDate": None,
            "ProductRequiresDecontamination": False,
            "ContainsDecontaminatedProduct": False,
            "DecontaminationDate": None,
            "IsOnHold": False,
            "IsOnHoldCombined": False,
            "IsOnRecallCombined": False,
            "ArchivedDate": None,
            "FinishedDate": None,
            "IsFinished": False,
            "IsFinishedGood": False,
            "PackageForProductDestruction": None,
            "LabelsLastGeneratedDateTime": None,
            "ProductLabel": None,
            "ReceivedDateTime": None,
            "ReceivedFromFacilityLicenseNumber": None,
            "ReceivedFromFacilityName": None,
            "ReceivedFromManifestNumber": None,
            "Item": item_snapshot(item_record),
        },
        label=label,
    )


def quantity_type(unit: str) -> str:
    """WeightBased, CountBased or VolumeBased, for a unit of measure name."""
    return str(_QUANTITY_TYPES.get(unit, ""))
