"""One-record look-ups against the sandbox: an employee's permissions, a sublocation by Id,
the retired units (facilities/lookups.py), a patient by Id or licence number
(sales/patient_lookup.py) and a plant batch by Id (plant_batches/read.py)."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY, MEDICAL_STORE
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import (
    MetrcAccess,
    ToolProblem,
    facilities,
    load_all,
    plant_batches,
    sales,
    using,
)

pytestmark = pytest.mark.anyio


async def test_a_manager_may_manage_and_the_third_employee_only_view(reader: MetrcAccess) -> None:
    with using(reader):
        people = await facilities.list_employees(CULTIVATOR)
        numbers = {p["FullName"]: p["EmployeeLicenseNumber"] for p in people["items"]}
        manager = await facilities.get_employee_permissions(CULTIVATOR, numbers["Avery Quinn"])
        viewer = await facilities.get_employee_permissions(CULTIVATOR, f" {numbers['Sam Rivera']} ")
        with pytest.raises(ToolProblem, match="No employee EMP-NOBODY"):
            await facilities.get_employee_permissions(CULTIVATOR, "EMP-NOBODY")
    assert "manage sales" in manager["permissions"] and "view packages" in manager["permissions"]
    assert viewer["employee_license_number"] == numbers["Sam Rivera"]
    assert viewer["total"] == len(viewer["permissions"]) > 0
    assert not [p for p in viewer["permissions"] if p.startswith("manage")]
    assert set(viewer["permissions"]) < set(manager["permissions"])


async def test_a_sublocation_is_read_by_its_id_and_retired_units_are_listed(
    writer: MetrcAccess,
) -> None:
    with using(writer):
        made = await facilities.create_sublocation(CULTIVATOR, "Dry Rack 3")
        (made_id,) = made["ids"]
        found = await facilities.get_sublocation(CULTIVATOR, made_id)
        with pytest.raises(ToolProblem, match=f"No sublocation {made_id} at licence {DISPENSARY}"):
            await facilities.get_sublocation(DISPENSARY, made_id)
        retired = await facilities.list_inactive_units_of_measure()
        current = await facilities.list_units_of_measure()
    TypeAdapter(load_all()["get_sublocation"].returns).validate_python(found)
    assert found == {
        "license_number": CULTIVATOR,
        "sublocation": {"Id": made_id, "Name": "Dry Rack 3"},
    }
    assert retired["total"] == len(retired["items"]) >= 1
    assert all(set(unit) == {"Name", "Abbreviation", "QuantityType"} for unit in retired["items"])
    # A retired unit is not among those in use.
    assert not {u["Name"] for u in retired["items"]} & {u["Name"] for u in current["items"]}


async def test_a_patient_is_found_by_id_or_licence_number(writer: MetrcAccess) -> None:
    await writer.client.create_patients(
        MEDICAL_STORE,
        [{"LicenseNumber": "PTN-777-001", "LicenseEffectiveStartDate": "2026-01-01",
          "LicenseEffectiveEndDate": "2099-01-01", "ActualDate": "2026-11-20",
          "RecommendedPlants": 4, "HasSalesLimitExemption": True}],
        credentials=writer.credentials,
    )  # fmt: skip
    with using(writer):
        listed = (await sales.list_patients(MEDICAL_STORE, license_contains="777"))["items"][0]
        by_number = await sales.get_patient(MEDICAL_STORE, patient_license_number="ptn-777-001")
        by_id = await sales.get_patient(MEDICAL_STORE, patient_id=listed["PatientId"])
        with pytest.raises(ToolProblem, match="either patient_id or patient_license_number"):
            await sales.get_patient(MEDICAL_STORE)
        with pytest.raises(ToolProblem, match="No active patient with licence PTN-000"):
            await sales.get_patient(MEDICAL_STORE, patient_license_number="PTN-000")
        with pytest.raises(ToolProblem, match=f"No patient {listed['PatientId']} at licence"):
            await sales.get_patient(CULTIVATOR, patient_id=listed["PatientId"])
    assert by_id == by_number
    TypeAdapter(load_all()["get_patient"].returns).validate_python(by_id)
    patient = by_id["patient"]
    assert patient["PatientId"] == listed["PatientId"] and patient["LicenseNumber"] == "PTN-777-001"
    assert (patient["RecommendedPlants"], patient["HasSalesLimitExemption"]) == (4, True)
    assert patient["LicenseEffectiveEndDate"] == "2099-01-01"


async def test_a_plant_batch_is_read_by_its_id_as_by_its_name(reader: MetrcAccess) -> None:
    with using(reader):
        batch = (await plant_batches.list_active_plant_batches(CULTIVATOR))["items"][0]
        by_name = await plant_batches.get_plant_batch(CULTIVATOR, batch["Name"])
        by_id = await plant_batches.get_plant_batch(CULTIVATOR, str(batch["Id"]))
        with pytest.raises(ToolProblem, match="No plant batch named '999999999'"):
            await plant_batches.get_plant_batch(CULTIVATOR, "999999999")
        with pytest.raises(MetrcAuthError, match="CanGrowPlants"):
            await plant_batches.get_plant_batch(DISPENSARY, str(batch["Id"]))
    assert (
        by_id["plant_batch"]["Id"] == batch["Id"] and by_id["plant_batch"]["Name"] == batch["Name"]
    )
    assert by_id == by_name
