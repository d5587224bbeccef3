"""Lab results as Metrc documents them: a result expires when its test type says so,
`LabTestResultExpirationDays` days after the test (bruno LabTests/GetLabTestsTypes), and never
when the type gives null, as Metrc's example results show (`ExpirationDateTime: null`, bruno
LabTests/GetResults); and the verdict is the tests', since Metrc's record body has no
OverallPassed (bruno LabTests/CreateRecord)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.sandbox.conftest import CULTIVATOR, LAB, everything, sandbox
from tests.sandbox.test_state_changes import TODAY, package, write
from trichome.config import Settings
from trichome.sandbox import labtests
from trichome.sandbox.facilities import CULTIVATOR as GROWER
from trichome.sandbox.facilities import LAB as LAB_FACILITY
from trichome.sandbox.reference import LAB_TEST_TYPE_NAMES
from trichome.sandbox.store import Record

pytestmark = pytest.mark.anyio
THC = "THC (%) Raw Plant Material"
LEAD = "Lead (ppm) Raw Plant Material"


async def test_the_lab_s_verdict_is_its_tests_and_an_undated_type_sets_no_expiry(
    seeded: Settings,
) -> None:
    results = [
        {"LabTestTypeName": THC, "Quantity": 21.0, "Passed": True},
        {"LabTestTypeName": LEAD, "Quantity": 2.5, "Passed": False},
    ]
    async with sandbox(seeded) as client:
        types = await everything(client, "/labtests/v2/types")
        samples = await everything(client, "/packages/v2/active", licenseNumber=LAB)
        sample = [p for p in samples if p["LabTestingState"] == "SubmittedForTesting"][-1]
        label = sample["Label"]
        source = sample["SourcePackageLabels"].split(",")[0].strip()
        # An OverallPassed sent beside a failed test (not a field of Metrc's record body).
        body = [{"Label": label, "ResultDate": TODAY, "Results": results, "OverallPassed": True}]
        assert (await write(client, "POST", "/labtests/v2/record", LAB, body)).status_code == 200
        release = [{"PackageLabel": label}]
        assert (
            await write(client, "PUT", "/labtests/v2/results/release", LAB, release)
        ).status_code == 200
        sample_id = (await package(client, LAB, label)).json()["Id"]
        rows = await client.get(
            "/labtests/v2/results", params={"licenseNumber": LAB, "packageId": sample_id}
        )
        grown = (await package(client, CULTIVATOR, source)).json()
    todays = [row for row in rows.json()["Data"] if row["TestPerformedDate"] == TODAY]

    days = {t["Name"]: t["LabTestResultExpirationDays"] for t in types}
    assert days[THC] is None and days[LEAD] is None
    assert len(todays) == 2 and all(row["ExpirationDateTime"] is None for row in todays)
    assert all(row["OverallPassed"] is False for row in todays)
    assert grown["LabTestingState"] in ("TestFailed", "RetestFailed")
    assert grown["LabTestResultExpirationDateTime"] is None


def test_a_dated_type_expires_its_results_and_the_package_takes_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LAB_TEST_TYPE_NAMES[THC], "LabTestResultExpirationDays", 365)
    monkeypatch.setitem(LAB_TEST_TYPE_NAMES[LEAD], "LabTestResultExpirationDays", 90)
    lot = Record(
        GROWER.license_number,
        "package",
        "active",
        {"Item": {"Name": "Flower", "ProductCategoryName": "Buds"}, "LabTestingState": "x"},
        label="1A4FF0300000029000000001",
    )
    tested = date(2026, 3, 2)
    results = [
        {"LabTestTypeName": THC, "Quantity": 20.0, "Passed": True},
        {"LabTestTypeName": LEAD, "Quantity": 0.1, "Passed": True},
        {"LabTestTypeName": "Salmonella Raw Plant Material", "Passed": True},
    ]
    rows = labtests.result_rows(LAB_FACILITY, lot, tested, results, True)
    expiries = [row.data["ExpirationDateTime"] for row in rows]

    assert expiries == ["2027-03-02T00:00:00", "2026-05-31T00:00:00", None]
    assert labtests.earliest_expiry(expiries) == "2026-05-31T00:00:00"
    assert labtests.earliest_expiry([None, None]) is None
    labtests.apply_result(lot, tested, True, labtests.earliest_expiry(expiries))
    assert lot.data["LabTestResultExpirationDateTime"] == "2026-05-31T00:00:00"
