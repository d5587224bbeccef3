"""Patient check-ins: a medical patient's visits recorded by a facility (Metrc v2
`PatientCheckIns`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class PatientCheckInsApi(MetrcBaseClient):
    """Patient check-ins and the state's check-in locations."""

    async def patient_checkins(
        self,
        license_number: str,
        *,
        checkin_date_start: date | None = None,
        checkin_date_end: date | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's patient check-ins (`{Id, PatientLicenseNumber, CheckInLocationId,
        CheckInLocationName, RegistrationStartDate, RegistrationExpiryDate, CheckInDate}`),
        optionally between check-in days (`checkinDateStart`/`checkinDateEnd`);
        GetPatientCheckIn.

        Raises:
            ValueError: the end is before the start; MetrcError: any of its subclasses.
        """
        if checkin_date_start and checkin_date_end and checkin_date_end < checkin_date_start:
            raise ValueError("checkin_date_end is before checkin_date_start.")
        params = {"checkinDateStart": checkin_date_start, "checkinDateEnd": checkin_date_end}
        return await self.list(
            "/patient-checkins/v2", license_number, params, credentials=credentials
        )

    async def patient_checkin_locations(
        self, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The state's check-in locations (`{Id, Name}`); GetPatientCheckInLocations.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/patient-checkins/v2/locations", credentials=credentials)

    async def create_patient_checkins(
        self,
        license_number: str,
        checkins: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record check-ins (`{PatientLicenseNumber, CheckInLocationId, RegistrationStartDate,
        RegistrationExpiryDate, CheckInDate}`); RecordPatientCheckIn answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/patient-checkins/v2", license_number, body=checkins, credentials=credentials
        )

    async def update_patient_checkins(
        self,
        license_number: str,
        checkins: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change check-ins, by Id, with the fields recording takes; UpdatePatientCheckIn.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/patient-checkins/v2", license_number, body=checkins, credentials=credentials
        )

    async def archive_patient_checkin(
        self, license_number: str, checkin_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a check-in; ArchivePatientCheckIn.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/patient-checkins/v2/{int(checkin_id)}", license_number, credentials=credentials
        )
