"""Metrc v2 documents into our inventory records: facilities, items, packages, plants,
processing jobs and adjustment reasons.

The shapes followed are Metrc's documented example responses (named on each function; the
fixtures in tests/metrc/fixtures/documented follow them field for field). Missing or null
fields become None, 0 or empty, never an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trichome.tracking.inventory import (
    AdjustReason,
    Capability,
    Employee,
    Facility,
    Item,
    JobInput,
    Package,
    Plant,
    PlantPhase,
    ProcessingJob,
)
from trichome.tracking.lab import lab_state
from trichome.tracking.metrc.mapping import (
    Document,
    calendar_day,
    flag,
    ident,
    listed,
    maybe_number,
    moment,
    number,
    text,
)
from trichome.tracking.records import to_grams

# FacilityType flags (GET /facilities/v2/) behind each capability the skills ask about.
CAPABILITY_FLAGS = {
    Capability.GROW_PLANTS: "CanGrowPlants",
    Capability.SELL_TO_CONSUMERS: "CanSellToConsumers",
    Capability.MAKE_PRODUCTS: "CanInfuseProducts",
}


def _inner(document: Document, key: str) -> Document:
    value = document.get(key)
    return value if isinstance(value, Mapping) else {}


def license_of(document: Document) -> str | None:
    """A facility document's licence number (License.Number)."""
    return text(_inner(document, "License").get("Number"))


def facility(document: Document) -> Facility:
    """GET /facilities/v2/ (one element)."""
    kinds, licence = _inner(document, "FacilityType"), _inner(document, "License")
    return Facility(
        license_number=license_of(document) or "",
        name=text(document.get("Name")),
        license_type=text(licence.get("LicenseType")),
        capabilities=frozenset(
            capability for capability, key in CAPABILITY_FLAGS.items() if flag(kinds.get(key))
        ),
        license_start=calendar_day(licence.get("StartDate")),
        license_end=calendar_day(licence.get("EndDate")),
    )


def employee(document: Document) -> Employee:
    """GET /employees/v2/ (one element): the person and their own licence (its
    EmployeeLicenseNumber, else its Number)."""
    licence = _inner(document, "License")
    return Employee(
        name=text(document.get("FullName")) or "",
        license_number=text(licence.get("EmployeeLicenseNumber")) or text(licence.get("Number")),
        license_type=text(licence.get("LicenseType")),
        license_start=calendar_day(licence.get("StartDate")),
        license_end=calendar_day(licence.get("EndDate")),
        owner=flag(document.get("IsOwner")),
        manager=flag(document.get("IsManager")),
    )


def item(document: Document) -> Item:
    """GET /items/v2/active (one element), and the Item a package embeds."""
    weight = maybe_number(document.get("UnitWeight"))
    grams = (
        to_grams(weight, text(document.get("UnitWeightUnitOfMeasureName")))
        if weight is not None and weight > 0
        else None
    )
    return Item(
        name=text(document.get("Name")),
        category=text(document.get("ProductCategoryName")),
        strain=text(document.get("StrainName")),
        unit_weight_grams=grams,
    )


def package(document: Document) -> Package:
    """GET /packages/v2/active, /onhold, /inactive, /intransit and /{label}."""
    embedded = item(_inner(document, "Item"))
    if embedded.name is None:
        embedded = Item(
            name=text(document.get("ItemName")),
            category=embedded.category,
            strain=embedded.strain,
            unit_weight_grams=embedded.unit_weight_grams,
        )
    return Package(
        id=ident(document.get("Id")),
        label=str(document.get("Label") or ""),
        item=embedded,
        quantity=number(document.get("Quantity")),
        original_quantity=maybe_number(document.get("OriginalPackageQuantity")),
        unit=text(document.get("UnitOfMeasureName")),
        package_type=text(document.get("PackageType")),
        location_name=text(document.get("LocationName")),
        packaged=calendar_day(document.get("PackagedDate")),
        lab_state=lab_state(document.get("LabTestingState")),
        lab_state_changed=calendar_day(document.get("LabTestingStateDate")),
        lab_tested=calendar_day(document.get("LabTestingPerformedDate")),
        lab_expires=calendar_day(document.get("LabTestResultExpirationDateTime")),
        requires_remediation=flag(document.get("ProductRequiresRemediation")),
        remediated=calendar_day(document.get("RemediationDate")),
        decontaminated=calendar_day(document.get("DecontaminationDate")),
        testing_sample=flag(document.get("IsTestingSample")),
        expires=calendar_day(document.get("ExpirationDate")),
        use_by=calendar_day(document.get("UseByDate")),
        sell_by=calendar_day(document.get("SellByDate")),
        on_hold=flag(document.get("IsOnHold")),
        note=text(document.get("Note")),
        finished=flag(document.get("IsFinished")),
        finished_on=calendar_day(document.get("FinishedDate")),
        received=moment(document.get("ReceivedDateTime")),
        received_from=text(document.get("ReceivedFromFacilityName")),
        received_manifest=text(document.get("ReceivedFromManifestNumber")),
        source_harvests=listed(document.get("SourceHarvestNames")),
        source_packages=listed(document.get("SourcePackageLabels")),
        last_modified=moment(document.get("LastModified")),
        made_by_processing=number(document.get("SourceProcessingJobCount")) > 0,
    )


PHASES = {
    "vegetative": PlantPhase.VEGETATIVE,
    "flowering": PlantPhase.FLOWERING,
}


def plant_of(document: Document) -> Plant:
    """GET /plants/v2/vegetative, /flowering, /onhold and /inactive.

    A destroyed or harvested plant keeps the growth phase it had (State says what became of
    it; DestroyedDate and HarvestedDate when).
    """
    destroyed = calendar_day(document.get("DestroyedDate"))
    harvested = calendar_day(document.get("HarvestedDate"))
    if destroyed is not None:
        phase = PlantPhase.DESTROYED
    elif harvested is not None:
        phase = PlantPhase.HARVESTED
    else:
        phase = PHASES.get(str(document.get("GrowthPhase") or "").lower(), PlantPhase.OTHER)
    return Plant(
        id=ident(document.get("Id")),
        label=str(document.get("Label") or ""),
        strain=text(document.get("StrainName")),
        phase=phase,
        batch_name=text(document.get("PlantBatchName")),
        location_name=text(document.get("LocationName")),
        on_hold=flag(document.get("IsOnHold")),
        planted=calendar_day(document.get("PlantedDate")),
        flowering_since=calendar_day(document.get("FloweringDate")),
        harvested=harvested,
        destroyed=destroyed,
        destroyed_note=text(document.get("DestroyedNote")),
    )


def _job_input(document: Mapping[str, Any]) -> JobInput:
    return JobInput(
        package_label=str(document.get("PackageLabel") or document.get("Label") or ""),
        quantity=number(document.get("Quantity")),
        unit=text(document.get("UnitOfMeasureName") or document.get("UnitOfMeasure")),
        package_id=ident(document.get("PackageId")),
        packaged=calendar_day(document.get("PackagedDate")),
    )


def processing_job(document: Document) -> ProcessingJob:
    """GET /processing/v2/active, /inactive and /processing/v2/{id} (ThunkMetrc bruno
    ProcessingJob/GetActiveProcessingJob, GetProcessingJobById).

    Metrc documents the job's number, type, totals by weight, volume and count in the job's
    units, its waste and finish note, and a Packages array that every documented example
    leaves empty. Which packages a job drew on is not a documented field of the job: an
    element of Packages that names a package (Label or PackageLabel) is read as an input, in
    case a server fills the array; otherwise a job has no inputs and no outputs, and the
    packages it made are known by their own SourceProcessingJobCount (Package
    .made_by_processing) and SourcePackageLabels.
    """
    rows: list[Any] = document.get("Packages") or []
    inputs = tuple(
        _job_input(row)
        for row in rows
        if isinstance(row, Mapping) and text(row.get("PackageLabel") or row.get("Label"))
    )
    return ProcessingJob(
        id=ident(document.get("Id")),
        name=str(document.get("Name") or ""),
        started=calendar_day(document.get("StartDate")),
        finished=calendar_day(document.get("FinishedDate")),
        inputs=inputs,
        number=text(document.get("Number")),
        job_type=text(document.get("JobTypeName")),
        total_weight=maybe_number(document.get("TotalWeight")),
        weight_unit=text(document.get("WeightUnitOfMeasureName")),
        total_volume=maybe_number(document.get("TotalVolume")),
        volume_unit=text(document.get("VolumeUnitOfMeasureName")),
        total_count=maybe_number(document.get("TotalCount")),
        waste_weight=maybe_number(document.get("TotalWeightWaste")),
        waste_weight_unit=text(document.get("WasteWeightUnitOfMeasureName")),
        note=text(document.get("FinishNote")),
    )


def adjust_reason(document: Document) -> AdjustReason:
    """GET /packages/v2/adjust/reasons (one element)."""
    return AdjustReason(
        name=str(document.get("Name") or ""),
        requires_note=flag(document.get("RequiresNote")),
    )
