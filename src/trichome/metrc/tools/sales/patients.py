"""Patient tools for medical sales: a dispensary's registered patients and what a patient
may still buy, as Metrc v2's Patients and PatientsStatus operations report them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    compact,
    contains,
    paged,
    shape,
)

PATIENT_FIELDS = (
    "PatientId",
    "LicenseNumber",
    "RegistrationDate",
    "LicenseEffectiveStartDate",
    "LicenseEffectiveEndDate",
    "RecommendedPlants",
    "RecommendedSmokableQuantity",
    "HasSalesLimitExemption",
)
ALLOWANCES = ("FlowerOunces", "ThcOunces", "ConcentrateOunces", "InfusedOunces")
STATUS_FIELDS = (
    "PatientLicenseNumber",
    "RegistrationNumber",
    "Active",
    *(f"{a}{part}" for a in ALLOWANCES for part in ("Allowed", "Purchased", "Available")),
    "PurchaseAmountDays",
    "PatientLicenseExpirationDate",
    "PatientRegistrationStartDate",
)


@shape
class Patient(TypedDict):
    """A patient registered at the facility."""

    PatientId: NotRequired[int]
    LicenseNumber: NotRequired[str]
    RegistrationDate: NotRequired[str | None]
    LicenseEffectiveStartDate: NotRequired[str | None]
    LicenseEffectiveEndDate: NotRequired[str | None]
    RecommendedPlants: NotRequired[int | None]
    RecommendedSmokableQuantity: NotRequired[float | None]
    HasSalesLimitExemption: NotRequired[bool | None]


@shape
class PatientPage(Paging):
    """A page of a facility's active patients."""

    license_number: str
    items: list[Patient]


@shape
class PatientStatus(TypedDict):
    """One registration of a patient licence, with its allowances in ounces."""

    PatientLicenseNumber: NotRequired[str | None]
    RegistrationNumber: NotRequired[str | None]
    Active: NotRequired[bool | None]
    FlowerOuncesAllowed: NotRequired[float | None]
    FlowerOuncesPurchased: NotRequired[float | None]
    FlowerOuncesAvailable: NotRequired[float | None]
    ThcOuncesAllowed: NotRequired[float | None]
    ThcOuncesPurchased: NotRequired[float | None]
    ThcOuncesAvailable: NotRequired[float | None]
    ConcentrateOuncesAllowed: NotRequired[float | None]
    ConcentrateOuncesPurchased: NotRequired[float | None]
    ConcentrateOuncesAvailable: NotRequired[float | None]
    InfusedOuncesAllowed: NotRequired[float | None]
    InfusedOuncesPurchased: NotRequired[float | None]
    InfusedOuncesAvailable: NotRequired[float | None]
    PurchaseAmountDays: NotRequired[
        Annotated[float | None, Field(description="The days the allowances are counted over.")]
    ]
    PatientLicenseExpirationDate: NotRequired[str | None]
    PatientRegistrationStartDate: NotRequired[str | None]


@shape
class PatientStatuses(TypedDict):
    """A patient licence's registrations as Metrc reports them."""

    patient_license_number: str
    total: Count
    items: list[PatientStatus]


def _patient(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, PATIENT_FIELDS)


@tool("sales", title="List patients", returns=PatientPage)
async def list_patients(
    license_number: LicenseNumber,
    license_contains: Annotated[
        str | None,
        Field(max_length=40, description="Only patients whose licence number contains this."),
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the medical patients registered at a facility, with their licence dates and
    recommended plant counts and quantities."""
    metrc = access()
    patients = await metrc.client.patients_active(license_number, credentials=metrc.credentials)
    found = [p for p in patients if contains(p.get("LicenseNumber"), license_contains)]
    return paged(found, page, page_size, _patient, license_number=license_number)


@tool("sales", title="Get a patient's status", returns=PatientStatuses)
async def get_patient_status(
    license_number: LicenseNumber,
    patient_license_number: Annotated[
        str, Field(min_length=1, max_length=40, description="The patient's licence number.")
    ],
) -> dict[str, Any]:
    """Check a medical patient licence before a sale: whether each registration is active,
    and the flower, THC, concentrate and infused ounces allowed, purchased and still
    available. Metrc caches this for up to a minute; an unknown licence gives no items.
    """
    metrc = access()
    number = patient_license_number.strip()
    statuses = await metrc.client.patient_statuses(
        license_number, number, credentials=metrc.credentials
    )
    items = [compact(status, STATUS_FIELDS) for status in statuses]
    return {"patient_license_number": number, "total": len(items), "items": items}
