"""Patient tools that write: adding a medical patient to a facility, correcting their
registration, removing them; and a caregiver licence's status.

Bodies follow Metrc's v2 documentation of `Patients` as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Patients): Add (CreatePatients.bru) takes `{LicenseNumber,
LicenseEffectiveStartDate, LicenseEffectiveEndDate, ActualDate, RecommendedPlants,
RecommendedSmokableQuantity, FlowerOuncesAllowed, ThcOuncesAllowed, ConcentrateOuncesAllowed,
InfusedOuncesAllowed, MaxFlowerThcPercentAllowed, MaxConcentrateThcPercentAllowed,
HasSalesLimitExemption}`; Update (UpdatePatients.bru) the same found by `LicenseNumber`, with
`NewLicenseNumber` for a new one; Remove is `DELETE /patients/v2/{id}`. CaregiversStatus
GetStatusByCaregiver reads `/caregivers/v2/status/{caregiverLicenseNumber}` and answers
`{CaregiverLicenseNumber, Active, Patients}` (GetCaregiversStatusByCaregiverLicenseNumber.bru).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import Day, LicenseNumber, Written, compact, shape, written

PatientLicence = Annotated[
    str, Field(min_length=1, max_length=40, description="The patient's registry licence number.")
]
Ounces = Annotated[
    float | None, Field(ge=0, description="Ounces allowed, where the state sets it.")
]
Percent = Annotated[float | None, Field(ge=0, le=100, description="Maximum THC percent allowed.")]
# Tool parameter -> Metrc field, for the optional allowances.
ALLOWANCES = {
    "recommended_plants": "RecommendedPlants",
    "recommended_smokable_quantity": "RecommendedSmokableQuantity",
    "flower_ounces_allowed": "FlowerOuncesAllowed",
    "thc_ounces_allowed": "ThcOuncesAllowed",
    "concentrate_ounces_allowed": "ConcentrateOuncesAllowed",
    "infused_ounces_allowed": "InfusedOuncesAllowed",
    "max_flower_thc_percent": "MaxFlowerThcPercentAllowed",
    "max_concentrate_thc_percent": "MaxConcentrateThcPercentAllowed",
}
CAREGIVER_FIELDS = ("CaregiverLicenseNumber", "Active", "Patients")


@shape
class CaregiverStatus(TypedDict):
    """A caregiver licence's status as Metrc reports it."""

    caregiver_license_number: Annotated[str, Field(description="The licence asked about.")]
    CaregiverLicenseNumber: NotRequired[str]
    Active: NotRequired[bool]
    Patients: NotRequired[
        Annotated[list[str], Field(description="The patient licences it may buy for.")]
    ]


def _dates(start: date | None, end: date | None) -> None:
    if start and end and end < start:
        raise ToolProblem("The licence's end date is before its start date.")


def _given(values: dict[str, Any]) -> dict[str, Any]:
    return {ALLOWANCES[key]: value for key, value in values.items() if value is not None}


@tool("sales", title="Add a patient", read_only=False, returns=Written)
async def add_patient(
    license_number: LicenseNumber,
    patient_license_number: PatientLicence,
    license_start: Annotated[Day, Field(description="When the patient's licence took effect.")],
    license_end: Annotated[Day, Field(description="When the patient's licence ends.")],
    registered_on: Annotated[Day, Field(description="The day the patient registered here.")],
    recommended_plants: Annotated[
        int | None, Field(ge=0, description="Plants the patient's recommendation allows.")
    ] = None,
    recommended_smokable_quantity: Ounces = None,
    flower_ounces_allowed: Ounces = None,
    thc_ounces_allowed: Ounces = None,
    concentrate_ounces_allowed: Ounces = None,
    infused_ounces_allowed: Ounces = None,
    max_flower_thc_percent: Percent = None,
    max_concentrate_thc_percent: Percent = None,
    has_sales_limit_exemption: Annotated[
        bool, Field(description="The patient is exempt from the sales limits.")
    ] = False,
) -> dict[str, Any]:
    """Register a medical patient at the facility, with their licence dates and what their
    recommendation allows. Returns the patient's Id."""
    _dates(license_start, license_end)
    metrc = access()
    body = {
        "LicenseNumber": patient_license_number.strip(),
        "LicenseEffectiveStartDate": license_start.isoformat(),
        "LicenseEffectiveEndDate": license_end.isoformat(),
        "ActualDate": registered_on.isoformat(),
        **_given(
            {
                "recommended_plants": recommended_plants,
                "recommended_smokable_quantity": recommended_smokable_quantity,
                "flower_ounces_allowed": flower_ounces_allowed,
                "thc_ounces_allowed": thc_ounces_allowed,
                "concentrate_ounces_allowed": concentrate_ounces_allowed,
                "infused_ounces_allowed": infused_ounces_allowed,
                "max_flower_thc_percent": max_flower_thc_percent,
                "max_concentrate_thc_percent": max_concentrate_thc_percent,
            }
        ),
        "HasSalesLimitExemption": has_sales_limit_exemption,
    }
    result = await metrc.client.create_patients(
        license_number, [body], credentials=metrc.credentials
    )
    return written(result, f"Added patient {body['LicenseNumber']}.")


@tool("sales", title="Update a patient", read_only=False, idempotent=True, returns=Written)
async def update_patient(
    license_number: LicenseNumber,
    patient_license_number: Annotated[
        PatientLicence, Field(description="The patient's current licence number (list_patients).")
    ],
    new_patient_license_number: Annotated[
        str | None, Field(min_length=1, max_length=40, description="A new licence number.")
    ] = None,
    license_start: Annotated[date | None, Field(description="A new licence start.")] = None,
    license_end: Annotated[date | None, Field(description="A new licence end.")] = None,
    recommended_plants: Annotated[
        int | None, Field(ge=0, description="A new recommended plant count.")
    ] = None,
    recommended_smokable_quantity: Ounces = None,
    flower_ounces_allowed: Ounces = None,
    thc_ounces_allowed: Ounces = None,
    concentrate_ounces_allowed: Ounces = None,
    infused_ounces_allowed: Ounces = None,
    has_sales_limit_exemption: Annotated[
        bool | None, Field(description="Whether the patient is exempt from the sales limits.")
    ] = None,
) -> dict[str, Any]:
    """Correct a registered patient: a renewed licence number or dates, or what their
    recommendation allows. What is not given stays."""
    _dates(license_start, license_end)
    changes = _given(
        {
            "recommended_plants": recommended_plants,
            "recommended_smokable_quantity": recommended_smokable_quantity,
            "flower_ounces_allowed": flower_ounces_allowed,
            "thc_ounces_allowed": thc_ounces_allowed,
            "concentrate_ounces_allowed": concentrate_ounces_allowed,
            "infused_ounces_allowed": infused_ounces_allowed,
        }
    )
    if new_patient_license_number:
        changes["NewLicenseNumber"] = new_patient_license_number.strip()
    if license_start:
        changes["LicenseEffectiveStartDate"] = license_start.isoformat()
    if license_end:
        changes["LicenseEffectiveEndDate"] = license_end.isoformat()
    if has_sales_limit_exemption is not None:
        changes["HasSalesLimitExemption"] = has_sales_limit_exemption
    if not changes:
        raise ToolProblem("Nothing to change: give a new licence number, dates or allowances.")
    metrc = access()
    number = patient_license_number.strip()
    result = await metrc.client.update_patients(
        license_number, [{"LicenseNumber": number, **changes}], credentials=metrc.credentials
    )
    return written(result, f"Updated patient {number}.")


@tool("sales", title="Remove a patient", read_only=False, idempotent=True, returns=Written)
async def remove_patient(
    license_number: LicenseNumber,
    patient_id: Annotated[int, Field(ge=1, description="The patient's PatientId (list_patients).")],
) -> dict[str, Any]:
    """Remove a patient from the facility's register; add_patient registers them again."""
    metrc = access()
    result = await metrc.client.remove_patient(
        license_number, patient_id, credentials=metrc.credentials
    )
    return written(result, f"Removed patient {patient_id} from the facility.")


@tool("sales", title="Get a caregiver's status", returns=CaregiverStatus)
async def get_caregiver_status(
    license_number: LicenseNumber,
    caregiver_license_number: Annotated[
        str, Field(min_length=1, max_length=40, description="The caregiver's licence number.")
    ],
) -> dict[str, Any]:
    """Check a caregiver licence before a caregiver sale: whether it is active and which
    patients it serves."""
    metrc = access()
    number = caregiver_license_number.strip()
    try:
        status = await metrc.client.caregiver_status(
            license_number, number, credentials=metrc.credentials
        )
    except MetrcNotFound:
        raise ToolProblem(f"Metrc knows no caregiver licence {number}.") from None
    return {"caregiver_license_number": number, **compact(status, CAREGIVER_FIELDS)}
