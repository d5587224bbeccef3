"""One medical patient registered at a facility, by Metrc's PatientId or the registry licence
number.

Metrc v2 Patients GetPatientById (`GET /patients/v2/{id}?licenseNumber=...`, thunkier/
ThunkMetrc specs/generated/bruno/Patients/GetPatientsById.bru) answers `{PatientId,
LicenseNumber, RegistrationDate, LicenseEffectiveStartDate, LicenseEffectiveEndDate,
RecommendedPlants, RecommendedSmokableQuantity, HasSalesLimitExemption, OtherFacilitiesCount}`.
Metrc has no read by licence number, so a licence number is found in the active list first.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, compact, shape
from trichome.metrc.tools.sales.patients import PATIENT_FIELDS, Patient


@shape
class PatientRecord(Patient):
    """A patient registered at the facility, and at how many others."""

    OtherFacilitiesCount: NotRequired[
        Annotated[int | None, Field(description="Other facilities the patient is registered at.")]
    ]


@shape
class PatientFound(TypedDict):
    """One patient of a facility."""

    license_number: str
    patient: PatientRecord


@tool("sales", title="Get a patient", returns=PatientFound)
async def get_patient(
    license_number: LicenseNumber,
    patient_id: Annotated[
        int | None, Field(ge=1, description="Metrc's PatientId (list_patients shows it).")
    ] = None,
    patient_license_number: Annotated[
        str | None,
        Field(min_length=1, max_length=40, description="Or the patient's registry licence number."),
    ] = None,
) -> dict[str, Any]:
    """Get one medical patient registered at a facility, by PatientId or licence number: their
    licence dates, recommended plants and quantity, sales-limit exemption and how many other
    facilities they are registered at. For what they may still buy, get_patient_status.
    """
    if (patient_id is None) == (patient_license_number is None):
        raise ToolProblem("Give either patient_id or patient_license_number, not both.")
    metrc = access()
    if patient_id is None:
        assert patient_license_number is not None
        wanted = patient_license_number.strip()
        active = await metrc.client.patients_active(license_number, credentials=metrc.credentials)
        match = next(
            (p for p in active if str(p.get("LicenseNumber", "")).casefold() == wanted.casefold()),
            None,
        )
        if match is None or not isinstance(match.get("PatientId"), int):
            raise ToolProblem(
                f"No active patient with licence {wanted} at {license_number}; list_patients "
                "shows those registered there."
            )
        patient_id = int(match["PatientId"])
    try:
        found = await metrc.client.patient(
            license_number, patient_id, credentials=metrc.credentials
        )
    except MetrcNotFound as error:
        raise ToolProblem(
            f"No patient {patient_id} at licence {license_number}; list_patients shows those "
            "registered there."
        ) from error
    return {
        "license_number": license_number,
        "patient": compact(found, (*PATIENT_FIELDS, "OtherFacilitiesCount")),
    }
