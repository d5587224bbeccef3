"""Finding a licence's processing jobs by name or Id, and showing a job the way every tool
does (the fields of GET /processing/v2/active as Metrc documents them; ThunkMetrc bruno
ProcessingJob/GetActiveProcessingJob)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.metrc.tools.results import compact

Record = dict[str, Any]
JOB_FIELDS = (
    "Id",
    "Name",
    "Number",
    "JobTypeName",
    "StartDate",
    "TotalWeight",
    "WeightUnitOfMeasureName",
    "TotalVolume",
    "VolumeUnitOfMeasureName",
    "TotalCount",
    "CountUnitOfMeasureName",
    "TotalWeightWaste",
    "WasteWeightUnitOfMeasureName",
    "TotalVolumeWaste",
    "WasteVolumeUnitOfMeasureName",
    "TotalCountWaste",
    "WasteCountUnitOfMeasureName",
    "IsFinished",
    "FinishedDate",
    "FinishNote",
)
JobRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="The processing job's name (e.g. EXT-20260610) or its numeric Id.",
    ),
]
Which = Literal["active", "inactive", "any"]


def trim_job(record: Mapping[str, Any]) -> Record:
    """A processing job as tools show it (nulls left out)."""
    return {key: value for key, value in compact(record, JOB_FIELDS).items() if value is not None}


async def find_job(
    metrc: MetrcAccess, license_number: str, ref: str, which: Which = "active"
) -> Record:
    """One processing job of the licence by name or Id, running, finished or either.

    Raises:
        ToolProblem: unknown, or not in the state needed.
    """
    client, keys = metrc.client, metrc.credentials
    active = await client.processing_jobs_active(license_number, credentials=keys)
    inactive = await client.processing_jobs_inactive(license_number, credentials=keys)
    wanted = ref.strip()
    for state, jobs in (("active", active), ("inactive", inactive)):
        for job in jobs:
            named = str(job.get("Name") or "").casefold() == wanted.casefold()
            if named or (wanted.isdigit() and job.get("Id") == int(wanted)):
                if which not in ("any", state):
                    needed = "running" if which == "active" else "finished"
                    raise ToolProblem(f"Processing job {job.get('Name')} is not {needed}.")
                return job
    raise ToolProblem(
        f"Processing job {wanted} not found at licence {license_number}. Find names with "
        "list_active_processing_jobs or list_inactive_processing_jobs."
    )


JobTypeRef = Annotated[
    str, Field(min_length=1, max_length=100, description="The type's name or numeric Id.")
]


async def find_job_type(metrc: MetrcAccess, license_number: str, ref: str) -> Record:
    """One active processing job type of the licence by name or Id.

    Raises:
        ToolProblem: not an active type of the licence.
    """
    wanted = ref.strip()
    types = await metrc.client.processing_job_types(license_number, credentials=metrc.credentials)
    for job_type in types:
        if str(job_type.get("Name") or "").casefold() == wanted.casefold() or (
            wanted.isdigit() and job_type.get("Id") == int(wanted)
        ):
            return job_type
    raise ToolProblem(
        f"Processing job type {wanted} is not an active type of licence {license_number}; "
        "see list_processing_job_types."
    )
