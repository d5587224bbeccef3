"""Processing-job tools that write (Metrc v2 ProcessingJob Start, Adjust, CreatePackages,
Finish, Unfinish, ArchiveJobs, CreateJobTypes, ArchiveJobTypes; the bodies follow the
documented requests in ThunkMetrc bruno ProcessingJob/*)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.tools.names import UnitOfMeasure, UnitOfWeight
from trichome.metrc.tools.processing.lookup import JobRef, JobTypeRef, find_job, find_job_type
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, PackageLabel, Written, written

OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
Note = Annotated[str | None, Field(max_length=500, description="A note kept with the record.")]
Unit = Annotated[UnitOfMeasure | None, Field(description="The job's unit of this kind.")]


class JobPackage(BaseModel):
    """A package a job draws on, and how much (in the package's own unit)."""

    label: PackageLabel
    quantity: Annotated[float, Field(gt=0, description="How much the job takes from it.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]


def _packages(packages: list[JobPackage]) -> list[dict[str, Any]]:
    return [
        {"Label": p.label, "Quantity": p.quantity, "UnitOfMeasure": p.unit_of_measure}
        for p in packages
    ]


Packages = Annotated[
    list[JobPackage], Field(min_length=1, max_length=100, description="The packages drawn on.")
]


@tool("processing", title="Start a processing job", read_only=False, returns=Written)
async def start_processing_job(
    license_number: LicenseNumber,
    name: Annotated[str, Field(min_length=1, max_length=100, description="A new job name.")],
    job_type: Annotated[
        str,
        Field(min_length=1, max_length=100, description="A job type (list_processing_job_types)."),
    ],
    packages: Packages,
    weight_unit: Unit = "Grams",
    volume_unit: Unit = None,
    count_unit: Unit = "Each",
    start_date: OptionalDay = None,
) -> dict[str, Any]:
    """Start a processing job (an extraction, an infusion...) that draws the given quantities
    out of packages; the job totals what it draws in its weight, volume and count units.
    create_processing_job_packages then packages its output.
    """
    metrc = access()
    job = {
        "JobName": name.strip(),
        "JobType": job_type.strip(),
        "CountUnitOfMeasure": count_unit,
        "VolumeUnitOfMeasure": volume_unit,
        "WeightUnitOfMeasure": weight_unit,
        "Packages": _packages(packages),
        "StartDate": (start_date or metrc.as_of()).isoformat(),
    }
    result = await metrc.client.start_processing_jobs(
        license_number, [_given(job)], credentials=metrc.credentials
    )
    return written(result, f"Started processing job {name.strip()} from {len(packages)} "
                   f"package{'s' if len(packages) != 1 else ''}.")  # fmt: skip


def _given(body: dict[str, Any]) -> dict[str, Any]:
    """A job write without the fields not given: Metrc documents its units, note and waste
    weight as text or numbers, never null (bruno ProcessingJob/StartProcessingJob,
    CreateAdjustProcessingJob, FinishProcessingJob)."""
    return {key: value for key, value in body.items() if value is not None}


@tool("processing", title="Adjust a processing job", read_only=False, returns=Written)
async def adjust_processing_job(
    license_number: LicenseNumber,
    job: JobRef,
    packages: Packages,
    reason: Annotated[
        str, Field(min_length=1, max_length=100, description="An adjustment reason.")
    ],
    note: Note = None,
    adjustment_date: OptionalDay = None,
) -> dict[str, Any]:
    """Draw more from packages into a running processing job (or correct what it drew),
    giving a reason Metrc accepts for package adjustments.
    """
    metrc = access()
    found = await find_job(metrc, license_number, job)
    body = {
        "Id": int(found["Id"]),
        "AdjustmentReason": reason.strip(),
        "AdjustmentDate": (adjustment_date or metrc.as_of()).isoformat(),
        "AdjustmentNote": note,
        "CountUnitOfMeasureName": found.get("CountUnitOfMeasureName"),
        "VolumeUnitOfMeasureName": found.get("VolumeUnitOfMeasureName"),
        "WeightUnitOfMeasureName": found.get("WeightUnitOfMeasureName"),
        "Packages": _packages(packages),
    }
    result = await metrc.client.adjust_processing_jobs(
        license_number, [_given(body)], credentials=metrc.credentials
    )
    return written(result, f"Adjusted processing job {found.get('Name')}.")


@tool("processing", title="Package a processing job's output", read_only=False, returns=Written)
async def create_processing_job_packages(
    license_number: LicenseNumber,
    job: JobRef,
    tag: PackageLabel,
    item: Annotated[str, Field(min_length=1, max_length=150, description="The item made.")],
    quantity: Annotated[float, Field(gt=0, description="How much the new package holds.")],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")],
    location: Annotated[
        str | None, Field(max_length=100, description="Where it is kept (default: Metrc's).")
    ] = None,
    note: Note = None,
    package_date: OptionalDay = None,
    finish_job: Annotated[
        bool, Field(description="Also finish the job (no more output from it).")
    ] = False,
    waste_weight: Annotated[
        float | None, Field(ge=0, description="Waste by weight, when finishing the job.")
    ] = None,
    waste_unit: Annotated[UnitOfWeight | None, Field(description="The unit of that waste.")] = None,
) -> dict[str, Any]:
    """Put a running processing job's output into a new package (a free tag, an item), and
    optionally finish the job with its waste. The new package counts the job among its
    sources.
    """
    metrc = access()
    found = await find_job(metrc, license_number, job)
    if finish_job and (waste_weight is None) != (waste_unit is None):
        raise ToolProblem("Give both the waste weight and its unit, or neither.")
    day = (package_date or metrc.as_of()).isoformat()
    body: dict[str, Any] = {
        "JobName": found.get("Name"),
        "Tag": tag,
        "Location": location,
        "Item": item.strip(),
        "Quantity": quantity,
        "UnitOfMeasure": unit_of_measure,
        "Note": note,
        "PackageDate": day,
        "FinishProcessingJob": finish_job,
    }
    if finish_job:
        body |= {"FinishDate": day, "WasteWeightQuantity": waste_weight,
                 "WasteWeightUnitOfMeasureName": waste_unit}  # fmt: skip
    result = await metrc.client.create_processing_job_packages(
        license_number, [body], credentials=metrc.credentials
    )
    finished = " and finished the job" if finish_job else ""
    return written(
        result, f"Packaged {quantity:g} {unit_of_measure} of {item.strip()} as {tag} from "
        f"processing job {found.get('Name')}{finished}.",
    )  # fmt: skip


@tool(
    "processing",
    title="Finish a processing job",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def finish_processing_job(
    license_number: LicenseNumber,
    job: JobRef,
    waste_weight: Annotated[
        float | None, Field(ge=0, description="The job's waste by weight, if any.")
    ] = None,
    waste_unit: Annotated[UnitOfWeight | None, Field(description="The unit of that waste.")] = None,
    note: Note = None,
    finish_date: OptionalDay = None,
) -> dict[str, Any]:
    """Finish a running processing job: nothing more will be drawn into it or packaged from
    it; record its waste by weight. unfinish_processing_job reopens it.
    """
    if (waste_weight is None) != (waste_unit is None):
        raise ToolProblem("Give both the waste weight and its unit, or neither.")
    metrc = access()
    found = await find_job(metrc, license_number, job)
    body = {
        "Id": int(found["Id"]),
        "FinishDate": (finish_date or metrc.as_of()).isoformat(),
        "FinishNote": note,
        "TotalWeightWaste": waste_weight,
        "WasteWeightUnitOfMeasureName": waste_unit,
    }
    result = await metrc.client.finish_processing_jobs(
        license_number, [_given(body)], credentials=metrc.credentials
    )
    return written(result, f"Finished processing job {found.get('Name')}.")


@tool(
    "processing", title="Unfinish a processing job", read_only=False, idempotent=True,
    returns=Written,
)  # fmt: skip
async def unfinish_processing_job(license_number: LicenseNumber, job: JobRef) -> dict[str, Any]:
    """Reopen a finished processing job (undo finish_processing_job) so it can be adjusted
    and packaged again.
    """
    metrc = access()
    found = await find_job(metrc, license_number, job, "inactive")
    result = await metrc.client.unfinish_processing_jobs(
        license_number, [{"Id": int(found["Id"])}], credentials=metrc.credentials
    )
    return written(result, f"Reopened processing job {found.get('Name')}.")


@tool(
    "processing", title="Archive a processing job", read_only=False, destructive=True,
    idempotent=True, returns=Written,
)  # fmt: skip
async def archive_processing_job(license_number: LicenseNumber, job: JobRef) -> dict[str, Any]:
    """Archive a running processing job (started by mistake): Metrc marks it inactive and it
    can no longer be used.
    """
    metrc = access()
    found = await find_job(metrc, license_number, job)
    result = await metrc.client.archive_processing_job(
        license_number, int(found["Id"]), credentials=metrc.credentials
    )
    return written(result, f"Archived processing job {found.get('Name')}.")


@tool("processing", title="Create a processing job type", read_only=False, returns=Written)
async def create_processing_job_type(
    license_number: LicenseNumber,
    name: Annotated[str, Field(min_length=1, max_length=100, description="A new type name.")],
    category: Annotated[
        str, Field(min_length=1, max_length=100, description="Its category (see the categories).")
    ],
    description: Annotated[
        str | None, Field(max_length=500, description="What the job does.")
    ] = None,
    processing_steps: Annotated[
        str | None, Field(max_length=1000, description="The steps, in words.")
    ] = None,
    attributes: Annotated[
        list[str] | None,
        Field(max_length=20, description="Attribute names (list_processing_job_categories)."),
    ] = None,
) -> dict[str, Any]:
    """Create a processing job type a facility can then start jobs of, in one of Metrc's
    categories, with its steps and attributes.
    """
    metrc = access()
    body = {
        "Name": name.strip(),
        "Description": description,
        "Category": category.strip(),
        "ProcessingSteps": processing_steps,
        "Attributes": [a.strip() for a in attributes or []],
    }
    result = await metrc.client.create_processing_job_types(
        license_number, [_given(body)], credentials=metrc.credentials
    )
    return written(result, f"Created processing job type {name.strip()}.")


@tool(
    "processing", title="Archive a processing job type", read_only=False, destructive=True,
    idempotent=True, returns=Written,
)  # fmt: skip
async def archive_processing_job_type(
    license_number: LicenseNumber,
    job_type: JobTypeRef,
) -> dict[str, Any]:
    """Archive a processing job type the facility created: no new job can be of that type."""
    metrc = access()
    found = await find_job_type(metrc, license_number, job_type)
    result = await metrc.client.archive_processing_job_type(
        license_number, int(found["Id"]), credentials=metrc.credentials
    )
    return written(result, f"Archived processing job type {found.get('Name')}.")
