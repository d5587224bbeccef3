"""Processing-job tools that read: the running and finished lists, one job, the job types
and the categories and attributes a new type may name."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.tools.processing.lookup import JobRef, Record, find_job, trim_job
from trichome.metrc.tools.processing.shapes import JobCategories, JobFound, JobPage, JobTypes
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Page,
    PageSize,
    compact,
    contains,
    modified_between,
    paged,
    same,
)

NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only jobs whose name contains this.")
]
TypeFilter = Annotated[str | None, Field(max_length=100, description="Only jobs of this type.")]
TYPE_FIELDS = ("Id", "Name", "Description", "CategoryName", "ProcessingSteps")


async def _job_list(
    which: Literal["active", "inactive"],
    license_number: str,
    name_contains: str | None,
    job_type: str | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    read = {
        "active": metrc.client.processing_jobs_active,
        "inactive": metrc.client.processing_jobs_inactive,
    }[which]
    jobs = await read(
        license_number, last_modified_start=start, last_modified_end=end,
        credentials=metrc.credentials,
    )  # fmt: skip
    found = [
        job
        for job in jobs
        if contains(job.get("Name"), name_contains) and same(job.get("JobTypeName"), job_type)
    ]
    return paged(found, page, page_size, trim_job, license_number=license_number)


@tool("processing", title="List running processing jobs", returns=JobPage)
async def list_active_processing_jobs(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    job_type: TypeFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's running processing jobs (extractions, infusions...): type, start
    date, and what they have drawn so far by weight, volume and count in the job's units.

    Metrc does not list on a job which packages it drew on; the packages a job made show it
    in their sources.
    """
    return await _job_list(
        "active", license_number, name_contains, job_type, modified_from, modified_to, page,
        page_size,
    )  # fmt: skip


@tool("processing", title="List finished processing jobs", returns=JobPage)
async def list_inactive_processing_jobs(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    job_type: TypeFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's finished processing jobs with their totals, the waste recorded when
    they finished, and the finish note. unfinish_processing_job reopens one.
    """
    return await _job_list(
        "inactive", license_number, name_contains, job_type, modified_from, modified_to, page,
        page_size,
    )  # fmt: skip


@tool("processing", title="Get a processing job", returns=JobFound)
async def get_processing_job(license_number: LicenseNumber, job: JobRef) -> dict[str, Any]:
    """Get one processing job (running or finished) by name or Id, read from Metrc by its Id:
    type, dates, totals drawn and wasted, finish note.
    """
    metrc = access()
    found = await find_job(metrc, license_number, job, "any")
    fresh = await metrc.client.processing_job_by_id(
        license_number, int(found["Id"]), credentials=metrc.credentials
    )
    return {
        "license_number": license_number,
        "job": trim_job(fresh),
        "state": "finished" if fresh.get("IsFinished") else "running",
    }


@tool("processing", title="List processing job types", returns=JobTypes)
async def list_processing_job_types(
    license_number: LicenseNumber,
    include_archived: Annotated[
        bool, Field(description="Also list the types archived (no longer usable).")
    ] = False,
) -> dict[str, Any]:
    """List the processing job types a facility can start jobs of (the JobType that
    start_processing_job takes), with their category, steps and attributes.
    """
    metrc = access()
    client, keys = metrc.client, metrc.credentials
    types = [
        {**compact(t, TYPE_FIELDS), "Attributes": [compact(a, ("Id", "Name"))
                                                   for a in t.get("Attributes") or []]}
        for t in await client.processing_job_types(license_number, credentials=keys)
    ]  # fmt: skip
    if include_archived:
        archived = await client.processing_job_types_inactive(license_number, credentials=keys)
        types += [{**compact(t, TYPE_FIELDS), "Archived": True} for t in archived]
    return {"license_number": license_number, "total": len(types), "items": types}


@tool("processing", title="List processing job categories", returns=JobCategories)
async def list_processing_job_categories(license_number: LicenseNumber) -> dict[str, Any]:
    """List the categories and attributes a new processing job type may name
    (create_processing_job_type takes one category and any of the attributes).
    """
    metrc = access()
    client, keys = metrc.client, metrc.credentials
    categories = await client.processing_job_categories(license_number, credentials=keys)
    attributes = await client.processing_job_attributes(license_number, credentials=keys)
    return {
        "license_number": license_number,
        "categories": [
            compact(c, ("Id", "Name", "RequiresProcessingJobAttributes")) for c in categories
        ],
        "attributes": [compact(a, ("Id", "Name")) for a in attributes],
    }
