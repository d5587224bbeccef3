"""Patient tools that write, against the sandbox: adding a patient, correcting the
registration, removing it; and a caregiver licence's status."""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.tools.helpers import DISPENSARY, MEDICAL_STORE
from trichome.metrc import MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import sales as tools

pytestmark = pytest.mark.anyio


async def test_a_patient_is_added_corrected_and_removed(writer: MetrcAccess) -> None:
    with using(writer):
        added = await tools.add_patient(
            MEDICAL_STORE, " PT-NEW-0001 ", date(2026, 1, 1), date(2027, 1, 1), date(2026, 11, 20),
            recommended_plants=6, flower_ounces_allowed=2.5,
        )  # fmt: skip
        status = await tools.get_patient_status(MEDICAL_STORE, "PT-NEW-0001")
        changed = await tools.update_patient(
            MEDICAL_STORE, "PT-NEW-0001", new_patient_license_number="PT-NEW-0002",
            license_end=date(2028, 1, 1), recommended_plants=4,
        )  # fmt: skip
        (shown,) = (await tools.list_patients(MEDICAL_STORE, license_contains="PT-NEW"))["items"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_patient(MEDICAL_STORE, "PT-NEW-0002")
        with pytest.raises(ToolProblem, match="end date is before its start"):
            await tools.add_patient(
                MEDICAL_STORE, "PT-X", date(2027, 1, 1), date(2026, 1, 1), date(2026, 11, 20)
            )
        with pytest.raises(MetrcValidationError):
            await tools.update_patient(MEDICAL_STORE, "PT-NOBODY", recommended_plants=1)
        removed = await tools.remove_patient(MEDICAL_STORE, shown["PatientId"])
        left = await tools.list_patients(MEDICAL_STORE, license_contains="PT-NEW")
    assert added["message"] == "Added patient PT-NEW-0001." and added["ids"]
    assert status["items"][0]["FlowerOuncesAllowed"] == 2.5
    assert changed["message"] == "Updated patient PT-NEW-0001."
    assert shown["LicenseNumber"] == "PT-NEW-0002" and shown["RecommendedPlants"] == 4
    assert shown["LicenseEffectiveEndDate"].startswith("2028-01-01")
    assert removed["ok"] and left["total"] == 0


async def test_a_caregiver_status_is_read(reader: MetrcAccess) -> None:
    with using(reader):
        status = await tools.get_caregiver_status(DISPENSARY, " cg-co-000101 ")
        with pytest.raises(ToolProblem, match="knows no caregiver licence CG-NOPE"):
            await tools.get_caregiver_status(DISPENSARY, "CG-NOPE")
    assert status["CaregiverLicenseNumber"] == "CG-CO-000101"
    assert status["Patients"] == ["PT-CO-000201", "PT-CO-000202"]
