"""A medical facility's patients as Metrc keeps them (Patients GetActive and GetPatientById):
`{PatientId, LicenseNumber, RegistrationDate, LicenseEffectiveStartDate,
LicenseEffectiveEndDate, RecommendedPlants, RecommendedSmokableQuantity,
HasSalesLimitExemption, OtherFacilitiesCount}` (ThunkMetrc bruno Patients/GetActivePatients).

The API's Add and Update (services/sandbox/routes/patients.py) and the seeded medical store
(seed/patients.py) both store a patient through `document`; the allowances a patient is added
with are kept out of sight for the status (GetStatusesByPatient).
"""

from __future__ import annotations

from typing import Any

from trichome.sandbox.facilities import Facility
from trichome.sandbox.store import Record

KIND = "patient"
# The allowances a patient is added with; the status reports them as allowed/purchased/available.
ALLOWANCES = ("FlowerOunces", "ThcOunces", "ConcentrateOunces", "InfusedOunces")
SHOWN = (
    "LicenseNumber", "RegistrationDate", "LicenseEffectiveStartDate", "LicenseEffectiveEndDate",
    "RecommendedPlants", "RecommendedSmokableQuantity", "HasSalesLimitExemption",
    "OtherFacilitiesCount",
)  # fmt: skip


def document(values: dict[str, Any]) -> dict[str, Any]:
    """What Metrc shows of a patient (the allowances are kept, hidden, for the status)."""
    hidden = {f"_{key}": value for key, value in values.items() if key not in SHOWN}
    return {**{key: values.get(key) for key in SHOWN}, **hidden}


def patient(facility: Facility, values: dict[str, Any]) -> Record:
    """A patient registered at a facility, known by their patient licence number."""
    return Record(
        facility.license_number, KIND, "active", document(values), name=values["LicenseNumber"]
    )
