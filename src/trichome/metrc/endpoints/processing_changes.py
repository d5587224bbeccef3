"""Processing jobs and their types, beyond the lists: one job by Id, starting, adjusting,
packaging, finishing, unfinishing and archiving jobs, and the job types with their categories
and attributes (Metrc v2 ProcessingJob operations). Metrc answers Finish, Unfinish,
UpdateJobTypes and both archives with no body, so their `Ids` are empty; Start, Adjust,
CreatePackages and CreateJobTypes answer `{Ids, Warnings}`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class ProcessingChangesApi(MetrcBaseClient):
    """Processing job writes and type reads."""

    async def processing_job_by_id(
        self, license_number: str, job_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One processing job by Id.

        Raises:
            MetrcNotFound: no such job; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"/processing/v2/{int(job_id)}", license_number, credentials=credentials
        )
        return result

    async def processing_job_types_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's archived processing job types.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/processing/v2/jobtypes/inactive",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def processing_job_categories(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The categories a processing job type may have ({Id, Name, ForItems, ...}).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/processing/v2/jobtypes/categories", license_number, page_size=page_size,
            credentials=credentials,
        )  # fmt: skip

    async def processing_job_attributes(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The attributes a processing job type may carry ({Id, Name, LastModified}).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/processing/v2/jobtypes/attributes", license_number, page_size=page_size,
            credentials=credentials,
        )  # fmt: skip

    async def create_processing_job_types(
        self,
        license_number: str,
        job_types: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create job types (POST /processing/v2/jobtypes): Name, Description, Category,
        ProcessingSteps, Attributes (names).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/processing/v2/jobtypes", license_number, body=job_types, credentials=credentials
        )

    async def update_processing_job_types(
        self,
        license_number: str,
        job_types: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change job types (PUT /processing/v2/jobtypes): Id, Name, Description, CategoryName,
        ProcessingSteps, Attributes.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/processing/v2/jobtypes", license_number, body=job_types, credentials=credentials
        )

    async def archive_processing_job_type(
        self, license_number: str, job_type_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a job type (it moves to the inactive list).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/processing/v2/jobtypes/{int(job_type_id)}", license_number,
            credentials=credentials,
        )  # fmt: skip

    async def start_processing_jobs(
        self,
        license_number: str,
        jobs: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Start jobs from packages (POST /processing/v2/start): JobName, JobType, the count,
        volume and weight units, Packages [{Label, Quantity, UnitOfMeasure}], StartDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/processing/v2/start", license_number, body=jobs, credentials=credentials
        )

    async def adjust_processing_jobs(
        self,
        license_number: str,
        adjustments: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Add package quantities to running jobs (POST /processing/v2/adjust): Id,
        AdjustmentReason, AdjustmentDate, AdjustmentNote, the units, Packages.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/processing/v2/adjust", license_number, body=adjustments, credentials=credentials
        )

    async def create_processing_job_packages(
        self,
        license_number: str,
        packages: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Package a job's output (POST /processing/v2/createpackages): JobName, Tag, Item,
        Quantity, UnitOfMeasure, Location, ..., and FinishProcessingJob with its waste.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/processing/v2/createpackages", license_number, body=packages,
            credentials=credentials,
        )  # fmt: skip

    async def finish_processing_jobs(
        self,
        license_number: str,
        finishes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Finish jobs (PUT /processing/v2/finish): Id, FinishDate, FinishNote and the waste by
        count, volume and weight.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/processing/v2/finish", license_number, body=finishes, credentials=credentials
        )

    async def unfinish_processing_jobs(
        self,
        license_number: str,
        jobs: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Reopen finished jobs (PUT /processing/v2/unfinish): Id.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/processing/v2/unfinish", license_number, body=jobs, credentials=credentials
        )

    async def archive_processing_job(
        self, license_number: str, job_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a processing job.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/processing/v2/{int(job_id)}", license_number, credentials=credentials
        )
