"""Lab results: the rows a result leaves on a package, and the package's testing state after it.

The API's `POST /labtests/v2/record` and the seeded year's lab both record results here. A
lab records a sample's results, then releases them (LabTests ReleaseResults, `PUT
/labtests/v2/results/release`): California's Metrc bulletin CA_IB_2020_006 has labs enter the
results and certificate, then release the overall TestPassed or TestFailed to the sample's
source packages, after which no more results can be recorded for that sample. Until then the
sample is TestingInProgress and its rows read `ResultReleased: false` (ThunkMetrc bruno
LabTests/GetResults shows both). The seeded year's lab releases as it records.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from trichome.sandbox import documents
from trichome.sandbox.reference import Facility
from trichome.sandbox.store import Record

RESULT_VALIDITY = timedelta(days=365)


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
    expires = datetime.combine(tested + RESULT_VALIDITY, time(0), tzinfo=None).isoformat()
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
                    "ExpirationDateTime": expires,
                    "TestInformationalOnly": False,
                    "LabTestDetailRevokedDate": None,
                },
                label=f"package:{package.id}",
            )
        )
    return rows


def apply_result(package: Record, tested: date, passed: bool) -> None:
    """Set a package's lab-testing state from a result."""
    # A remediated package stays a retest after it is sampled again (SubmittedForTesting).
    retest = package.data["LabTestingState"] == "Remediated" or bool(
        package.data.get("RemediationDate")
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
            "LabTestResultExpirationDateTime": datetime.combine(
                tested + RESULT_VALIDITY, time(0)
            ).isoformat(),
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


def release(rows: list[Record], moment: datetime) -> tuple[date, bool]:
    """Mark a sample's unreleased rows released at `moment`; the test day and overall verdict
    they release (the latest day; failed when any recording failed)."""
    for row in rows:
        row.data["ResultReleased"] = True
        row.data["ResultReleaseDateTime"] = moment.isoformat(timespec="seconds")
    tested = max(date.fromisoformat(row.data["TestPerformedDate"]) for row in rows)
    return tested, all(bool(row.data["OverallPassed"]) for row in rows)
