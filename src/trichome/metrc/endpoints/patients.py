"""Medical patients and caregivers (Metrc v2 `Patients`, `PatientsStatus`, `CaregiversStatus`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.patients import PatientCreate, PatientUpdate
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class PatientsApi(MetrcBaseClient):
    """Patients of a facility, and the state's patient and caregiver statuses."""

    async def patients_active(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active patients (`{PatientId, LicenseNumber, RegistrationDate, ...}`);
        Metrc's Patients GetActive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/patients/v2/active", license_number, page_size=page_size, credentials=credentials
        )

    async def patient(
        self, license_number: str, patient_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One patient by Id; Metrc's GetPatientById.

        Raises:
            MetrcNotFound: no such patient; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/patients/v2/{int(patient_id)}", license_number, credentials=credentials
        )
        return result

    async def create_patients(
        self,
        license_number: str,
        patients: Sequence[PatientCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Add patients to the facility; Metrc's Patients Add answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/patients/v2", license_number, body=patients, credentials=credentials
        )

    async def update_patients(
        self,
        license_number: str,
        patients: Sequence[PatientUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change patients' details, found by licence number; Metrc's Update answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/patients/v2", license_number, body=patients, credentials=credentials
        )

    async def remove_patient(
        self, license_number: str, patient_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Remove a patient from the facility; Metrc's Patients Remove.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/patients/v2/{int(patient_id)}", license_number, credentials=credentials
        )

    async def patient_statuses(
        self,
        license_number: str,
        patient_license_number: str,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """A patient licence's registrations with what it may still buy (ounces allowed,
        purchased, available); Metrc's GetStatusesByPatient (cached up to a minute).

        Raises:
            MetrcError: any of its subclasses.
        """
        key = quote(patient_license_number, safe="")
        result: list[Record] = await self.get(
            f"/patients/v2/statuses/{key}", license_number, credentials=credentials
        )
        return result or []

    async def caregiver_status(
        self,
        license_number: str,
        caregiver_license_number: str,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """A caregiver licence's status and patients (`{CaregiverLicenseNumber, Active,
        Patients}`); Metrc's GetStatusByCaregiver (cached up to a minute).

        Raises:
            MetrcError: any of its subclasses.
        """
        key = quote(caregiver_license_number, safe="")
        result: Record = await self.get(
            f"/caregivers/v2/status/{key}", license_number, credentials=credentials
        )
        return result
