"""Lab test tools: a package's results, test types and batches, testing states, recording,
and the documents (certificates) attached to results.

Documents: UpdateLabTestDocument (`PUT /labtests/v2/labtestdocument`) and
GetLabTestDocumentById (`GET /labtests/v2/labtestdocument/{id}`). Metrc's documentation of
recording results, which carries the same document fields, allows only PDF files of at most
5 MB (LabTests CreateRecord, captured in thunkier/ThunkMetrc
`specs/generated/bruno/LabTests/CreateRecord.bru`); the attach tool holds to the same rule.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.inventory import LabTestRecord, LabTestResult
from trichome.metrc.tools.files import ToolFile, checked_upload, file_result, metrc_uri
from trichome.metrc.tools.packages.lookup import find_package
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    PackageLabel,
    Written,
    compact,
    contains,
    plural,
    shape,
    written,
)

Record = dict[str, Any]
RESULT_FIELDS = (
    "TestTypeName",
    "TestResultLevel",
    "TestPassed",
    "TestComment",
    "TestPerformedDate",
    "OverallPassed",
    "LabFacilityName",
    "SourcePackageLabel",
    "ExpirationDateTime",
    "RevokedDate",
    "LabTestResultId",
    "LabTestResultDocumentFileId",
)
TYPE_FIELDS = (
    "Name",
    "LabTestResultMode",
    "LabTestResultMinimum",
    "LabTestResultMaximum",
    "InformationalOnly",
    "RequiresTestResult",
)


class AnalyteResult(BaseModel):
    """One test type's result."""

    test_type: Annotated[
        str,
        Field(
            min_length=1,
            max_length=150,
            description="The lab test type's exact name (list_lab_test_types).",
        ),
    ]
    quantity: Annotated[float, Field(description="The measured value, in the type's unit.")]
    passed: Annotated[bool, Field(description="Whether it is within the state's limits.")]
    notes: Annotated[str | None, Field(max_length=500, description="A note on it.")] = None


@shape
class LabResult(TypedDict):
    """One test type's result for a package."""

    TestTypeName: NotRequired[str]
    TestResultLevel: NotRequired[float]
    TestPassed: NotRequired[bool]
    TestComment: NotRequired[str]
    TestPerformedDate: NotRequired[str]
    OverallPassed: NotRequired[bool]
    LabFacilityName: NotRequired[str]
    SourcePackageLabel: NotRequired[str]
    ExpirationDateTime: NotRequired[str]
    RevokedDate: NotRequired[str]
    LabTestResultId: NotRequired[int]
    LabTestResultDocumentFileId: NotRequired[int]


@shape
class LabResults(TypedDict):
    """A package's lab test results and its lab-testing state."""

    license_number: str
    label: str | None
    lab_testing_state: str | None
    total: Count
    failed_tests: Annotated[
        list[str | None], Field(description="The test types the package failed.")
    ]
    items: list[LabResult]


@shape
class TestType(TypedDict):
    """A lab test type (analyte): how it is reported and its limits."""

    Name: NotRequired[str]
    LabTestResultMode: NotRequired[
        Annotated[
            int | str,
            Field(
                description="How results are judged, as Metrc gives it: a number in its "
                "documentation's example (0), a name such as PassWithinMinMax on live servers."
            ),
        ]
    ]
    LabTestResultMinimum: NotRequired[float]
    LabTestResultMaximum: NotRequired[float]
    InformationalOnly: NotRequired[bool]
    RequiresTestResult: NotRequired[bool]


@shape
class TestTypes(TypedDict):
    """The state's lab test types."""

    total: Count
    items: list[TestType]


@shape
class TestBatch(TypedDict):
    """A lab test batch: a group of required tests."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    LabTestTypeCount: NotRequired[int]
    LabTestTypes: Annotated[list[str], Field(description="The names of the batch's test types.")]


@shape
class TestBatches(TypedDict):
    """The state's lab test batches."""

    total: Count
    items: list[TestBatch]


@shape
class TestingStates(TypedDict):
    """The lab-testing states a package can be in."""

    total: Count
    items: list[str]


def _result(record: Mapping[str, Any]) -> Record:
    return compact(record, RESULT_FIELDS)


@tool("lab_results", title="List a package's lab results", returns=LabResults)
async def list_package_lab_results(
    license_number: LicenseNumber, label: PackageLabel
) -> dict[str, Any]:
    """List the lab test results of one package, one row per test type (THC %, moisture,
    microbials, metals...): measured level, pass/fail, test date, lab and expiry.

    Also gives the package's current lab-testing state. Works for packages at this licence,
    including those received from others. Each row has its LabTestResultId and, once the lab
    attached its certificate, LabTestResultDocumentFileId (get_lab_test_document reads it).
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    results = await metrc.client.lab_test_results(
        license_number, int(package["Id"]), credentials=metrc.credentials
    )
    failed = [r.get("TestTypeName") for r in results if r.get("TestPassed") is False]
    return {
        "license_number": license_number,
        "label": package.get("Label"),
        "lab_testing_state": package.get("LabTestingState"),
        "total": len(results),
        "failed_tests": failed,
        "items": [_result(r) for r in results],
    }


@tool("lab_results", title="List lab test types", returns=TestTypes)
async def list_lab_test_types(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None,
        Field(max_length=100, description="Only test types whose name contains this (e.g. THC)."),
    ] = None,
) -> dict[str, Any]:
    """List the state's lab test types (analytes) with how each result is judged (Metrc's
    LabTestResultMode), its limits, and whether it is informational only.

    record_lab_test_results takes these exact names.
    """
    metrc = access()
    types = await metrc.client.lab_test_types(license_number, credentials=metrc.credentials)
    found = [t for t in types if contains(t.get("Name"), name_contains)]
    return {"total": len(found), "items": [compact(t, TYPE_FIELDS) for t in found]}


@tool("lab_results", title="List lab test batches", returns=TestBatches)
async def list_lab_test_batches(license_number: LicenseNumber) -> dict[str, Any]:
    """List the state's lab test batches (groups of required tests, e.g. Potency, Microbials)
    that a testing sample can require (submit_package_for_testing), each with its tests.
    """
    metrc = access()
    batches = await metrc.client.lab_test_batches(license_number, credentials=metrc.credentials)
    fields = ("Id", "Name", "LabTestTypeCount")
    items = [
        {**compact(b, fields), "LabTestTypes": [t.get("Name") for t in b.get("LabTestTypes") or []]}
        for b in batches
    ]
    return {"total": len(batches), "items": items}


@tool("lab_results", title="List lab testing states", returns=TestingStates)
async def list_lab_testing_states(license_number: LicenseNumber) -> dict[str, Any]:
    """List the lab-testing states a package can be in (Metrc lists fourteen, among them
    NotSubmitted, SubmittedForTesting, TestPassed, TestFailed, Remediated, RetestPassed,
    RetestFailed and NotRequired). Packages in TestPassed, RetestPassed or NotRequired (no
    test required) can be sold or transferred for sale.
    """
    metrc = access()
    states = await metrc.client.lab_test_states(license_number, credentials=metrc.credentials)
    return {"total": len(states), "items": list(states)}


@tool("lab_results", title="Record lab test results", read_only=False, returns=Written)
async def record_lab_test_results(
    license_number: Annotated[
        str,
        Field(
            min_length=3,
            max_length=40,
            description="The testing lab's licence number (only labs record results).",
        ),
    ],
    label: Annotated[PackageLabel, Field(description="The sample package held at the lab.")],
    results: Annotated[
        list[AnalyteResult],
        Field(min_length=1, max_length=100, description="One result per test type."),
    ],
    result_date: Annotated[
        date | None, Field(description="The day the tests were done; defaults to today.")
    ] = None,
    release: Annotated[
        bool,
        Field(
            description="Release the results at once (default); false keeps them unreleased, "
            "e.g. to attach the certificate first, and the sample TestingInProgress."
        ),
    ] = True,
) -> dict[str, Any]:
    """Record a testing lab's results for a sample it holds and release them: the sample and
    the packages it was taken from become TestPassed or TestFailed (RetestPassed/RetestFailed
    after remediation). Once released, no more results can be recorded for the sample.

    Only a testing lab's licence can record results, for samples at the lab.
    """
    metrc = access()
    await find_package(metrc, license_number, label)
    # Metrc documents no OverallPassed on a record (bruno LabTests/CreateRecord, every state's
    # collection): the verdict follows the results, as Metrc derives it.
    passed = all(r.passed for r in results)
    record = LabTestRecord(
        label=label.strip(),
        result_date=result_date or metrc.as_of(),
        results=[
            LabTestResult(
                lab_test_type_name=r.test_type,
                quantity=r.quantity,
                passed=r.passed,
                notes=r.notes,
            )
            for r in results
        ],
    )
    result = await metrc.client.record_lab_test_results(
        license_number, [record], credentials=metrc.credentials
    )
    verdict = "passed" if passed else "failed"
    said = f"Recorded {plural(len(results), 'test result')} for {label.strip()}: {verdict}"
    if not release:
        return written(result, f"{said}; not released yet.")
    await metrc.client.release_lab_test_results(
        license_number, [label.strip()], credentials=metrc.credentials
    )
    return written(result, f"{said}, and released.")


MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
# Base64 takes 4 characters for every 3 bytes; blanks and line breaks are allowed besides.
MAX_ENCODED = (MAX_DOCUMENT_BYTES + 2) // 3 * 4
PDF = frozenset({".pdf"})


@shape
class LabDocument(ToolFile):
    """A lab test result's document (its certificate of analysis)."""

    document_id: int


@tool(
    "lab_results",
    title="Attach a lab test document",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def attach_lab_test_document(
    license_number: LicenseNumber,
    lab_test_result_id: Annotated[
        int,
        Field(
            ge=1,
            le=2**31 - 1,
            description="The result's LabTestResultId (list_package_lab_results), recorded "
            "by this lab.",
        ),
    ],
    file_name: Annotated[
        str,
        Field(
            min_length=5,
            max_length=200,
            description="The document's file name, ending in .pdf (e.g. COA 2026-11-21.pdf).",
        ),
    ],
    content_base64: Annotated[
        str,
        Field(min_length=4, max_length=MAX_ENCODED + 100_000, description="The PDF, Base64."),
    ],
) -> dict[str, Any]:
    """Attach a lab's certificate of analysis (a PDF of at most 5 MB) to a lab test result
    it recorded, replacing any document attached before. Only the testing lab's licence can;
    the tested package's licence then reads it with get_lab_test_document.
    """
    name, encoded = checked_upload(
        content_base64, file_name, kinds=PDF, max_bytes=MAX_DOCUMENT_BYTES
    )
    if not base64.b64decode(encoded[:8]).startswith(b"%PDF-"):  # how every PDF begins
        raise ToolProblem(f"{name!r} is not a PDF: its content does not begin with %PDF-.")
    metrc = access()
    document = {
        "LabTestResultId": lab_test_result_id,
        "DocumentFileName": name,
        "DocumentFileBase64": encoded,
    }
    result = await metrc.client.update_lab_test_documents(
        license_number, [document], credentials=metrc.credentials
    )
    return written(result, f"Attached {name!r} to lab test result {lab_test_result_id}.")


@tool("lab_results", title="Get a lab test document", returns=LabDocument, attachment=True)
async def get_lab_test_document(
    license_number: LicenseNumber,
    document_id: Annotated[
        int,
        Field(
            ge=1,
            le=2**31 - 1,
            description="The document's id: a result's LabTestResultDocumentFileId "
            "(list_package_lab_results).",
        ),
    ],
) -> dict[str, Any]:
    """Get the document (usually the lab's certificate of analysis, a PDF) attached to a
    lab test result: its name, type and size, and the file itself. The licence must be the
    testing lab's or the tested package's.
    """
    metrc = access()
    file = await metrc.client.lab_test_document(
        license_number, document_id, credentials=metrc.credentials
    )
    uri = metrc_uri(f"/labtests/v2/labtestdocument/{document_id}", license_number)
    return file_result(license_number, file, uri, document_id=document_id)
