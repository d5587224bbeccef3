"""Patients through the client against the sandbox, in the shapes Metrc documents for its v2
Patients operations (GetActive, GetPatientById, Add, Update, Remove) and
GetStatusesByPatient, at the one seeded licence whose facility type may keep member patients
(the medical store, CO-9)."""

from __future__ import annotations

import pytest

from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import (
    MetrcAuthError,
    MetrcNotFound,
    MetrcValidationError,
    PatientCreate,
    PatientUpdate,
)

pytestmark = pytest.mark.anyio
STORE = "SF-SBX-CO-9-8002"
RECREATIONAL_STORE = "SF-SBX-CO-24-8002"
CULTIVATOR = "SF-SBX-CO-21-8002"
PATIENT_FIELDS = [
    "HasSalesLimitExemption",
    "LicenseEffectiveEndDate",
    "LicenseEffectiveStartDate",
    "LicenseNumber",
    "OtherFacilitiesCount",
    "PatientId",
    "RecommendedPlants",
    "RecommendedSmokableQuantity",
    "RegistrationDate",
]


def a_patient(number: str, **changes: object) -> PatientCreate:
    fields: dict[str, object] = {
        "license_number": number,
        "license_effective_start_date": "2026-01-01",
        "license_effective_end_date": "2099-12-31",
        "actual_date": "2026-11-20",
        "recommended_plants": 6,
        "recommended_smokable_quantity": 2.0,
        "flower_ounces_allowed": 2.5,
    }
    return PatientCreate(**(fields | changes))  # type: ignore[arg-type]


async def test_a_patient_is_added_updated_looked_up_and_removed(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        seeded = {p["PatientId"] for p in await client.patients_active(STORE)}
        (first,) = (await client.create_patients(STORE, [a_patient("P-0001")]))["Ids"]
        (active,) = [p for p in await client.patients_active(STORE) if p["PatientId"] not in seeded]
        assert sorted(active) == PATIENT_FIELDS  # GetActive's documented record, key for key
        assert active["PatientId"] == first
        assert active["RegistrationDate"] == "2026-11-20"
        assert active["RecommendedPlants"] == 6
        assert await client.patient(STORE, first) == active

        (status,) = await client.patient_statuses(STORE, "P-0001")
        assert status["PatientLicenseNumber"] == "P-0001" and status["Active"] is True
        assert status["FlowerOuncesAllowed"] == 2.5 == status["FlowerOuncesAvailable"]
        assert status["PatientLicenseExpirationDate"] == "2099-12-31"
        assert await client.patient_statuses(STORE, "NOBODY") == []

        updated = await client.update_patients(
            STORE,
            [
                PatientUpdate(
                    license_number="P-0001",
                    new_license_number="P-0002",
                    license_effective_start_date="2026-01-01",
                    license_effective_end_date="2027-01-01",
                    actual_date="2026-11-21",
                    recommended_plants=7,
                )
            ],
        )
        assert updated["Ids"] == []
        changed = await client.patient(STORE, first)
        assert changed["LicenseNumber"] == "P-0002" and changed["RecommendedPlants"] == 7
        assert changed["LicenseEffectiveEndDate"] == "2027-01-01"

        assert (await client.remove_patient(STORE, first))["Ids"] == []
        assert {p["PatientId"] for p in await client.patients_active(STORE)} == seeded
        with pytest.raises(MetrcNotFound):
            await client.remove_patient(STORE, first)


async def test_patient_refusals(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (kept,) = (await client.create_patients(STORE, [a_patient("P-0100")]))["Ids"]
        with pytest.raises(MetrcValidationError) as twice:
            await client.create_patients(STORE, [a_patient("P-0101"), a_patient("P-0100")])
        assert [row.row for row in twice.value.rows] == [1]
        with pytest.raises(MetrcValidationError, match="before"):
            await client.create_patients(
                STORE, [a_patient("P-0102", license_effective_end_date="2025-01-01")]
            )
        with pytest.raises(MetrcValidationError):
            await client.update_patients(STORE, [{"LicenseNumber": "P-9999"}])
        with pytest.raises(MetrcNotFound):
            await client.patient(CULTIVATOR, kept)  # another licence's


async def test_only_a_facility_that_may_have_member_patients_keeps_them(
    own_year: Settings,
) -> None:
    """The recreational store's facility type lacks CanHaveMemberPatients (bruno
    Facilities/GetFacilities; false for CO-24 in Metrc's sandbox, F8ai/metrc-mcp
    scripts/facility-capabilities.json): adding, updating or removing a patient there is
    refused with a 401 naming the flag, and nothing is kept."""
    async with sandbox_client(own_year) as client:
        flags = {f["License"]["Number"]: f["FacilityType"] for f in await client.facilities()}
        assert flags[RECREATIONAL_STORE]["CanHaveMemberPatients"] is False
        assert flags[STORE]["CanHaveMemberPatients"] is True
        with pytest.raises(MetrcAuthError, match="CanHaveMemberPatients") as refused:
            await client.create_patients(RECREATIONAL_STORE, [a_patient("P-0200")])
        assert refused.value.status == 401
        with pytest.raises(MetrcAuthError, match="CanHaveMemberPatients"):
            await client.update_patients(RECREATIONAL_STORE, [{"LicenseNumber": "P-0200"}])
        (kept,) = (await client.create_patients(STORE, [a_patient("P-0200")]))["Ids"]
        with pytest.raises(MetrcAuthError, match="CanHaveMemberPatients"):
            await client.remove_patient(RECREATIONAL_STORE, kept)
        assert await client.patients_active(RECREATIONAL_STORE) == []
        assert kept in {p["PatientId"] for p in await client.patients_active(STORE)}
