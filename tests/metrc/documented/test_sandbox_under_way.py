"""What the seeded year leaves filed or under way at its end, against Metrc's documentation (as
test_sandbox_more_records): the manufacturer's running job and the lab's certificates
(sandbox/seed/under_way.py), the state's holds on a harvest and plants (sandbox/seed/holds.py),
each with the fields and types of its documented fixture
(tests/metrc/fixtures/documented), no more and no fewer.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from tests.metrc.documented.conftest import fixture
from tests.metrc.documented.test_sandbox_records import documented, same_types
from tests.metrc.documented.test_sandbox_shapes import client, fields, year
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, LAB, MANUFACTURER, MEDICAL_STORE
from trichome.metrc import MetrcClient, MetrcNotFound

pytestmark = pytest.mark.anyio
__all__ = ["client", "year"]


async def test_the_running_job_has_the_documented_fields_and_types(client: MetrcClient) -> None:
    """bruno ProcessingJob/GetActiveProcessingJob, and the same job by id (GetProcessingJobById,
    whose fixture the finished jobs already match)."""
    running = await client.processing_jobs_active(MANUFACTURER)
    job = await client.processing_job_by_id(MANUFACTURER, running[0]["Id"])

    assert fields(running) == documented("processing_active")
    assert same_types(running, "processing_active") == []
    assert fields([job]) == documented("processing_by_id")
    assert same_types([job], "processing_by_id") == []
    assert job["IsFinished"] is False and job["FinishedDate"] is None
    assert job["StartDate"][:10] == str(AS_OF - timedelta(days=1))  # the year's last day
    assert job["TotalWeight"] > 0 and job["TotalQuantity"] == job["TotalWeight"]


async def test_one_job_runs_and_it_is_in_no_finished_list(client: MetrcClient) -> None:
    running = await client.processing_jobs_active(MANUFACTURER)
    finished = {job["Id"] for job in await client.processing_jobs_inactive(MANUFACTURER)}

    assert len(running) == 1 and running[0]["Id"] not in finished
    assert running[0]["JobTypeName"] == "Infusion - Gummies"


async def _certified(c: MetrcClient) -> tuple[str, dict[str, Any]]:
    """A result the lab attached its certificate to, and the licence of the tested package."""
    for licence in (MANUFACTURER, CULTIVATOR, LAB):
        for package in await c.packages_active(licence):
            for row in await c.lab_test_results(licence, package["Id"]):
                if row["LabTestResultDocumentFileId"] is not None:
                    return licence, row
    raise AssertionError("no result carries a certificate")


async def test_a_certificate_is_served_as_the_documented_file(client: MetrcClient) -> None:
    """bruno LabTests/GetLabTestDocumentById documents no answer; the fixture's file (a PDF,
    named in Content-Disposition) is what production reads. The tested package's licence and
    the lab read it; another licence finds nothing."""
    licence, row = await _certified(client)
    served = await client.lab_test_document(licence, row["LabTestResultDocumentFileId"])
    by_lab = await client.lab_test_document(LAB, row["LabTestResultDocumentFileId"])
    example = fixture("labtests_labtestdocument")["requests"][0]["file"]

    assert served.content_type == example["content_type"]
    assert served.content.startswith(b"%PDF") and served.content.rstrip().endswith(b"%%EOF")
    assert served.file_name and served.file_name.endswith(".pdf")
    assert by_lab.content == served.content
    with pytest.raises(MetrcNotFound):
        await client.lab_test_document(DISPENSARY, row["LabTestResultDocumentFileId"])


async def test_only_the_lab_s_last_testing_day_is_certified(client: MetrcClient) -> None:
    """Certificates are attached to every result of the lab's last testing day (one file per
    result, as the write stores them) and to no earlier one. The file id is a whole number or
    null (Metrc's example gives only null; ThunkMetrc's schema of captured answers,
    specs/generated/schemas/public/LabTests/Result.schema.json, types it integer or null)."""
    _, row = await _certified(client)
    last = row["TestPerformedDate"]
    rows = [
        r
        for p in await client.packages_active(MANUFACTURER)
        for r in await client.lab_test_results(MANUFACTURER, p["Id"])
    ]
    files = [r["LabTestResultDocumentFileId"] for r in rows if r["TestPerformedDate"] == last]

    assert files and all(isinstance(f, int) and not isinstance(f, bool) for f in files)
    assert len(set(files)) == len(files)
    assert all(
        r["LabTestResultDocumentFileId"] is None for r in rows if r["TestPerformedDate"] < last
    )
    assert same_types(rows, "labtests_results") == []


async def test_the_medical_store_s_patients_have_the_documented_fields_and_types(
    client: MetrcClient,
) -> None:
    """bruno Patients/GetActivePatients, GetPatientsById and PatientsStatus/
    GetPatientsStatusesByPatientLicenseNumber, at the medical store (CO-9), the one seeded
    licence that may keep member patients."""
    listed = await client.patients_active(MEDICAL_STORE)
    one = await client.patient(MEDICAL_STORE, listed[0]["PatientId"])
    statuses = [
        status
        for patient in listed
        for status in await client.patient_statuses(MEDICAL_STORE, patient["LicenseNumber"])
    ]

    for served, name in ((listed, "patients_active"), ([one], "patients_by_id"),
                         (statuses, "patients_statuses")):  # fmt: skip
        assert fields(served) == documented(name), name
        assert same_types(served, name) == [], name
    assert len(statuses) == len(listed)
    assert any(p["HasSalesLimitExemption"] for p in listed)


async def test_a_caregiver_s_status_names_the_store_s_patients(client: MetrcClient) -> None:
    """bruno CaregiversStatus/GetCaregiversStatusByCaregiverLicenseNumber, looked up by the
    medical store, which may sell to caregivers: the patients the caregiver buys for are the
    store's patients."""
    served = await client.caregiver_status(MEDICAL_STORE, "CG-CO-000101")
    registered = {p["LicenseNumber"] for p in await client.patients_active(MEDICAL_STORE)}

    assert fields([served]) == documented("caregivers_status")
    assert same_types([served], "caregivers_status") == []
    assert served["Active"] is True and set(served["Patients"]) <= registered


async def test_only_the_medical_licence_keeps_patients(client: MetrcClient) -> None:
    """The facility types as Metrc's sandbox gives them (F8ai/metrc-mcp
    scripts/facility-capabilities.json): only CO-9 may have member patients, and none of the
    five may report patient check-ins, so none has any."""
    facilities = {f["License"]["Number"]: f for f in await client.facilities()}

    for licence, facility in facilities.items():
        flags = facility["FacilityType"]
        keeps = bool(await client.patients_active(licence))
        assert keeps == flags["CanHaveMemberPatients"] == (licence == MEDICAL_STORE), licence
        assert flags["CanReportPatientCheckIns"] is False
    assert facilities[MEDICAL_STORE]["FacilityType"]["IsMedical"] is True


async def test_the_state_s_holds_have_the_documented_fields_and_types(client: MetrcClient) -> None:
    """bruno Harvests/GetOnHoldHarvests and Plants/GetOnHoldPlants: the records of the active
    and flowering lists, with IsOnHold true, and in neither of those lists."""
    harvests = await client.harvests_onhold(CULTIVATOR)
    plants = await client.plants_onhold(CULTIVATOR)

    for served, name in ((harvests, "harvests_onhold"), (plants, "plants_onhold")):
        assert fields(served) == documented(name), name
        assert same_types(served, name) == [], name
        assert {row["IsOnHold"] for row in served} == {True}, name
    assert not {h["Id"] for h in harvests} & {
        h["Id"] for h in await client.harvests_active(CULTIVATOR)
    }
    assert not {p["Id"] for p in plants} & {
        p["Id"] for p in await client.plants_flowering(CULTIVATOR)
    }
