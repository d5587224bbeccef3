"""Lab results: the rows a result leaves on a package, and the package's testing state after it.

The API's `POST /labtests/v2/record` and the seeded year's lab both record results here. A
lab records a sample's results, then releases them (LabTests ReleaseResults, `PUT
/labtests/v2/results/release`): California's Metrc bulletin CA_IB_2020_006 has labs enter the
results and certificate, then release the overall TestPassed or TestFailed to the sample's
source packages, after which no more results can be recorded for that sample. Until then the
sample is TestingInProgress and its rows read `ResultReleased: false` (ThunkMetrc bruno
LabTests/GetResults shows both). The seeded year's lab releases as it records.

A result expires when its test type says so: `LabTestResultExpirationDays` of GET
/labtests/v2/types (bruno LabTests/GetLabTestsTypes, null in every example type) days after the
test, and never when it is null, as Metrc's example results show (`ExpirationDateTime: null`,
bruno LabTests/GetResults). A package's `LabTestResultExpirationDateTime` is then its results'
earliest expiry, or null when none expires (bruno Packages/GetInactivePackages).
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from typing import Any

from trichome.sandbox import documents
from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import LAB_TEST_TYPE_NAMES
from trichome.sandbox.store import Record


def result_expiry(test_type_name: str, tested: date) -> str | None:
    """When a result of this test type expires: its type's expiration days after the test, or
    None when the type sets none (or is not one of the sandbox's types)."""
    days = LAB_TEST_TYPE_NAMES.get(test_type_name, {}).get("LabTestResultExpirationDays")
    if not isinstance(days, int) or isinstance(days, bool):
        return None
    return datetime.combine(tested + timedelta(days=days), time(0)).isoformat()


def earliest_expiry(expiries: Iterable[str | None]) -> str | None:
    """The first of some results' expiries, or None when none of them expires."""
    dated = [moment for moment in expiries if moment]
    return min(dated, key=datetime.fromisoformat) if dated else None


def result_rows(
    lab: Facility,
    package: Record,
    tested: date,
    results: list[dict[str, Any]],
    passed: bool,
    *,
    released: bool = True,
) -> list[Record]:
    """One result row per test type, as Metrc lists a package's results (`released`: as the
    seeded lab records them; the API's results wait for ReleaseResults)."""
    rows = []
    for result in results:
        rows.append(
            Record(
                lab.license_number,
                "labresult",
                "recorded",
                {
                    "PackageId": package.id,
                    "LabTestResultId": 0,
                    "LabFacilityLicenseNumber": lab.license_number,
                    "LabFacilityName": lab.name,
                    "SourcePackageLabel": package.label,
                    "ProductName": package.data["Item"]["Name"],
                    "ProductCategoryName": package.data["Item"]["ProductCategoryName"],
                    "TestPerformedDate": documents.day(tested),
                    "OverallPassed": passed,
                    "RevokedDate": None,
                    # PUT /labtests/v2/labtestdocument sets it (bruno LabTests/GetResults).
                    "LabTestResultDocumentFileId": None,
                    "ResultReleased": released,
                    "ResultReleaseDateTime": (
                        f"{tested.isoformat()}T00:00:00+00:00" if released else None
                    ),
                    "TestTypeName": result["LabTestTypeName"],
                    "TestPassed": bool(result["Passed"]),
                    "TestResultLevel": result.get("Quantity"),
                    "TestComment": result.get("Notes"),
                    "ExpirationDateTime": result_expiry(result["LabTestTypeName"], tested),
                    "TestInformationalOnly": False,
                    "LabTestDetailRevokedDate": None,
                },
                label=f"package:{package.id}",
            )
        )
    return rows


def apply_result(package: Record, tested: date, passed: bool, expires: str | None) -> None:
    """Set a package's lab-testing state from a result that expires at `expires` (None: its
    test types set no expiry)."""
    # A remediated or decontaminated package stays a retest after it is sampled again
    # (SubmittedForTesting).
    retest = package.data["LabTestingState"] in ("Remediated", "Decontaminated") or bool(
        package.data.get("RemediationDate") or package.data.get("DecontaminationDate")
    )
    state = (
        ("RetestPassed" if retest else "TestPassed")
        if passed
        else ("RetestFailed" if retest else "TestFailed")
    )
    package.data.update(
        {
            "LabTestingState": state,
            "LabTestingStateDate": documents.day(tested),
            "LabTestingPerformedDate": documents.day(tested),
            "LabTestResultExpirationDateTime": expires,
            "ProductRequiresRemediation": not passed,
        }
    )


def released_copy(row: Record, package: Record) -> Record:
    """A released sample result as its source package lists it."""
    data = dict(row.data)
    data.update(
        {
            "PackageId": package.id,
            "SourcePackageLabel": package.label,
            "ProductName": package.data["Item"]["Name"],
            "ProductCategoryName": package.data["Item"]["ProductCategoryName"],
        }
    )
    return Record(row.license, row.kind, row.state, data, label=f"package:{package.id}")


def release(rows: list[Record], moment: datetime) -> tuple[date, bool, str | None]:
    """Mark a sample's unreleased rows released at `moment`; the test day, overall verdict and
    expiry they release (the latest day; failed when any recording failed; the earliest
    expiry, None when no row expires)."""
    for row in rows:
        row.data["ResultReleased"] = True
        row.data["ResultReleaseDateTime"] = moment.isoformat(timespec="seconds")
    tested = max(date.fromisoformat(row.data["TestPerformedDate"]) for row in rows)
    passed = all(bool(row.data["OverallPassed"]) for row in rows)
    return tested, passed, earliest_expiry(row.data.get("ExpirationDateTime") for row in rows)


def certificate(lab: Facility, result: Record, name: str, content: bytes) -> Record:
    """The file a lab attaches to one of its results (LabTests UpdateLabTestDocument, `PUT
    /labtests/v2/labtestdocument`), kept for the lab and the tested package's licence to read
    (GetLabTestDocumentById). Once stored, its id is the result's
    `LabTestResultDocumentFileId` (`attach`)."""
    return Record(
        lab.license_number,
        "labtestdocument",
        "stored",
        {
            "FileName": name,
            "PackageId": result.data["PackageId"],
            "_Base64": base64.b64encode(content).decode("ascii"),
        },
    )


def attach(result: Record, document: Record) -> None:
    """Point a result at the certificate stored for it."""
    result.data["LabTestResultDocumentFileId"] = document.id
