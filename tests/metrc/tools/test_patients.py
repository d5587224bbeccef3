"""Patient tools against the sandbox: the registered patients and a licence's allowances, at
the medical store (the one seeded licence that may keep member patients)."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import MEDICAL_STORE
from trichome.metrc.tools import MetrcAccess, using
from trichome.metrc.tools import sales as tools

pytestmark = pytest.mark.anyio


async def test_patients_are_listed_and_a_status_shows_the_allowances(writer: MetrcAccess) -> None:
    await writer.client.create_patients(
        MEDICAL_STORE,
        [
            {
                "LicenseNumber": "PTN-123-456",
                "LicenseEffectiveStartDate": "2026-01-01",
                "LicenseEffectiveEndDate": "2099-01-01",
                "ActualDate": "2026-11-20",
                "RecommendedPlants": 6,
                "FlowerOuncesAllowed": 2.5,
            }
        ],
        credentials=writer.credentials,
    )
    with using(writer):
        patients = await tools.list_patients(MEDICAL_STORE, license_contains="123")
        nobody = await tools.list_patients(MEDICAL_STORE, license_contains="999")
        status = await tools.get_patient_status(MEDICAL_STORE, " PTN-123-456 ")
        unknown = await tools.get_patient_status(MEDICAL_STORE, "PTN-000")
    (patient,) = patients["items"]
    assert patient["LicenseNumber"] == "PTN-123-456" and patient["RecommendedPlants"] == 6
    assert patient["RegistrationDate"] == "2026-11-20"
    assert nobody["total"] == 0
    assert status["patient_license_number"] == "PTN-123-456" and status["total"] == 1
    (registration,) = status["items"]
    assert registration["Active"] is True
    assert registration["FlowerOuncesAllowed"] == 2.5 == registration["FlowerOuncesAvailable"]
    assert unknown == {"patient_license_number": "PTN-000", "total": 0, "items": []}
