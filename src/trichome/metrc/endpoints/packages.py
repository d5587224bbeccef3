"""Packages: lists, adjustments, creation, moves, finishing, remediation and testing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.inventory import (
    PackageAdjustment,
    PackageCreate,
    PackageFinish,
    PackageMove,
    PackageRemediation,
)
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.serialize import one_of
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class PackagesApi(MetrcBaseClient):
    """Packages."""

    async def _packages(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/packages/v2/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def packages_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active packages.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._packages(
            "active", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def packages_onhold(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's packages on hold.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._packages(
            "onhold", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def packages_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive (finished or discontinued) packages.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._packages(
            "inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def packages_intransit(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's packages in transit.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._packages(
            "intransit", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def package(
        self,
        license_number: str,
        *,
        package_id: int | None = None,
        label: str | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """One package, by Id or by label.

        Raises:
            ValueError: neither or both given; MetrcNotFound: no such package; MetrcError: others.
        """
        one_of("package", package_id, label)
        key = str(int(package_id)) if package_id is not None else quote(label or "", safe="")
        result: Record = await self.get(
            f"/packages/v2/{key}", license_number, credentials=credentials
        )
        return result

    async def package_adjustments(
        self,
        license_number: str,
        *,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's package adjustment history.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._packages(
            "adjustments", license_number, None, None, page_size, credentials
        )

    async def package_adjust_reasons(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The adjustment reasons the facility may use, and whether each needs a note.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._packages(
            "adjust/reasons", license_number, None, None, page_size, credentials
        )

    async def create_packages(
        self,
        license_number: str,
        packages: Sequence[PackageCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create packages from source packages (POST /packages/v2).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/packages/v2", license_number, body=packages, credentials=credentials
        )

    async def adjust_packages(
        self,
        license_number: str,
        adjustments: Sequence[PackageAdjustment | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Adjust package quantities (POST /packages/v2/adjust).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/packages/v2/adjust", license_number, body=adjustments, credentials=credentials
        )

    async def move_packages(
        self,
        license_number: str,
        moves: Sequence[PackageMove | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Move packages to another location (PUT /packages/v2/location).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/packages/v2/location", license_number, body=moves, credentials=credentials
        )

    async def finish_packages(
        self,
        license_number: str,
        finishes: Sequence[PackageFinish | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Finish (close) empty packages (PUT /packages/v2/finish).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/packages/v2/finish", license_number, body=finishes, credentials=credentials
        )

    async def unfinish_packages(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Reopen finished packages (PUT /packages/v2/unfinish with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        body = [{"Label": label} for label in labels]
        return await self.put(
            "/packages/v2/unfinish", license_number, body=body, credentials=credentials
        )

    async def remediate_packages(
        self,
        license_number: str,
        remediations: Sequence[PackageRemediation | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Remediate packages (PUT /packages/v2/remediate).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/packages/v2/remediate", license_number, body=remediations, credentials=credentials
        )

    async def submit_packages_for_testing(
        self,
        license_number: str,
        packages: Sequence[PackageCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create testing sample packages (POST /packages/v2/testing, with RequiredLabTestBatches).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/packages/v2/testing", license_number, body=packages, credentials=credentials
        )
