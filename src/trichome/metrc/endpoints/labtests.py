"""Lab tests: types, batches, states, a package's results, and recording results (labs only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.inventory import LabTestRecord
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class LabTestsApi(MetrcBaseClient):
    """Lab tests."""

    async def lab_test_types(
        self,
        license_number: str | None = None,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The lab test types (analytes) of the state.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/labtests/v2/types", license_number, page_size=page_size, credentials=credentials
        )

    async def lab_test_batches(
        self,
        license_number: str | None = None,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The lab test batches (groups of required tests).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/labtests/v2/batches", license_number, page_size=page_size, credentials=credentials
        )

    async def lab_test_states(
        self, license_number: str | None = None, *, credentials: MetrcCredentials | None = None
    ) -> list[Any]:
        """The lab testing states a package can be in (NotSubmitted, TestPassed, ...).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/labtests/v2/states", license_number, credentials=credentials)

    async def lab_test_results(
        self,
        license_number: str,
        package_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The lab test results of one package (by package Id, which v2 requires).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/labtests/v2/results",
            license_number,
            {"packageId": int(package_id)},
            page_size=page_size,
            credentials=credentials,
        )

    async def record_lab_test_results(
        self,
        license_number: str,
        records: Sequence[LabTestRecord | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record lab results (POST /labtests/v2/record); needs a testing lab's licence.

        Raises:
            MetrcAuthError: the licence cannot test packages; MetrcError: any other failure.
        """
        return await self.post(
            "/labtests/v2/record", license_number, body=records, credentials=credentials
        )
