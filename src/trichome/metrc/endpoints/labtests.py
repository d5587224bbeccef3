"""Lab tests: types, batches, states, a package's results, and recording results (labs only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.inventory import LabTestRecord
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.files import MetrcFile, as_file
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

    async def update_lab_test_documents(
        self,
        license_number: str,
        documents: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Attach documents to recorded lab test results (LabTests UpdateLabTestDocument,
        PUT /labtests/v2/labtestdocument with `[{LabTestResultId, DocumentFileName,
        DocumentFileBase64}]`; Metrc answers an empty 200).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/labtests/v2/labtestdocument", license_number, body=documents, credentials=credentials
        )

    async def lab_test_document(
        self,
        license_number: str,
        document_id: int,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> MetrcFile:
        """One lab test result document by its file id (LabTests GetLabTestDocumentById, GET
        /labtests/v2/labtestdocument/{id}; the id is a result's `LabTestResultDocumentFileId`).
        Metrc answers the file itself (its documentation shows no answer; production use
        reads the bytes as the PDF, files.py); a JSON file envelope is read as the file too.

        Raises:
            MetrcNotFound: no such document for the licence; MetrcError: any other subclass,
            or an answer that holds no file.
        """
        path = f"/labtests/v2/labtestdocument/{int(document_id)}"
        found = await self.get(path, license_number, credentials=credentials)
        return as_file(found, f"GET {path}")

    async def release_lab_test_results(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Release packages' lab test results (LabTests ReleaseResults, PUT
        /labtests/v2/results/release with `[{PackageLabel}]`; an empty 200).

        Raises:
            MetrcError: any of its subclasses.
        """
        body = [{"PackageLabel": label} for label in labels]
        return await self.put(
            "/labtests/v2/results/release", license_number, body=body, credentials=credentials
        )
