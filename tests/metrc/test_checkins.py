"""Patient check-ins through the client against the sandbox, in the shapes Metrc documents
for its v2 PatientCheckIns operations (GetPatientCheckIn, GetPatientCheckInLocations,
RecordPatientCheckIn, UpdatePatientCheckIn, ArchivePatientCheckIn)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcNotFound, MetrcValidationError

pytestmark = pytest.mark.anyio
STORE = "SF-SBX-CO-24-8002"
CULTIVATOR = "SF-SBX-CO-21-8002"


def visit(day: str, patient: str = "X100420") -> dict[str, object]:
    return {
        "PatientLicenseNumber": patient,
        "CheckInLocationId": 1,
        "RegistrationStartDate": "2026-01-01",
        "RegistrationExpiryDate": "2027-12-31",
        "CheckInDate": day,
    }


async def test_check_ins_are_recorded_filtered_updated_and_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (location,) = await client.patient_checkin_locations()
        assert sorted(location) == ["Id", "Name"]
        recorded = await client.create_patient_checkins(
            STORE, [visit("2026-11-06"), visit("2026-11-20", "X100421")]
        )
        assert recorded["Ids"] == []  # RecordPatientCheckIn answers no body
        first, second = await client.patient_checkins(STORE)
        assert first == {
            "Id": first["Id"],
            "PatientLicenseNumber": "X100420",
            "CheckInLocationId": 1,
            "CheckInLocationName": location["Name"],
            "RegistrationStartDate": "2026-01-01",
            "RegistrationExpiryDate": "2027-12-31",
            "CheckInDate": "2026-11-06",
        }
        later = await client.patient_checkins(STORE, checkin_date_start=date(2026, 11, 10))
        assert [c["Id"] for c in later] == [second["Id"]]
        early = await client.patient_checkins(
            STORE, checkin_date_start=date(2026, 11, 1), checkin_date_end=date(2026, 11, 6)
        )
        assert [c["Id"] for c in early] == [first["Id"]]

        await client.update_patient_checkins(STORE, [{"Id": first["Id"], **visit("2026-11-07")}])
        assert (await client.patient_checkins(STORE))[0]["CheckInDate"] == "2026-11-07"
        await client.archive_patient_checkin(STORE, first["Id"])
        assert [c["Id"] for c in await client.patient_checkins(STORE)] == [second["Id"]]
        with pytest.raises(MetrcNotFound):
            await client.archive_patient_checkin(STORE, first["Id"])
        with pytest.raises(MetrcNotFound):
            await client.archive_patient_checkin(CULTIVATOR, second["Id"])  # another licence's
        with pytest.raises(MetrcValidationError):
            await client.create_patient_checkins(
                STORE, [{**visit("2026-11-08"), "CheckInLocationId": 99}]
            )
        with pytest.raises(MetrcValidationError, match="before"):
            await client.create_patient_checkins(
                STORE, [{**visit("2026-11-08"), "RegistrationExpiryDate": "2025-01-01"}]
            )
        with pytest.raises(ValueError, match="before"):
            await client.patient_checkins(
                STORE, checkin_date_start=date(2026, 11, 6), checkin_date_end=date(2026, 11, 1)
            )
