"""Lab results: the rows a result leaves on a package, and the package's testing state after it.

The API's `POST /labtests/v2/record` and the seeded year's lab both record results here.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from trichome.sandbox import documents
from trichome.sandbox.reference import Facility
from trichome.sandbox.store import Record

RESULT_VALIDITY = timedelta(days=365)


def result_rows(
    lab: Facility, package: Record, tested: date, results: list[dict[str, Any]], passed: bool
) -> list[Record]:
    """One result row per test type, as Metrc lists a package's results."""
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
                    "ResultReleased": True,
                    "ResultReleaseDateTime": f"{tested.isoformat()}T00:00:00+00:00",
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
