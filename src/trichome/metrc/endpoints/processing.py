"""Processing jobs and their types."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials

Record = dict[str, Any]


class ProcessingApi(MetrcBaseClient):
    """Processing jobs."""

    async def _processing(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/processing/v2/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def processing_jobs_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active processing jobs.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._processing(
            "active", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def processing_jobs_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's finished processing jobs.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._processing(
            "inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def processing_job_types(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active processing job types.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._processing(
            "jobtypes/active", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip
