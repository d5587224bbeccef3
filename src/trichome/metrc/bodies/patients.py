"""Request bodies for a facility's medical patients (Metrc v2 `Patients`)."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.metrc.serialize import MetrcBody


@dataclass(frozen=True, kw_only=True, slots=True)
class PatientCreate(MetrcBody):
    """A patient to add (Patients Add/CreatePatients); dates are YYYY-MM-DD and the
    allowances, in ounces or THC percent, are None where the state sets none."""

    license_number: str
    license_effective_start_date: str
    license_effective_end_date: str
    actual_date: str
    recommended_plants: int | None = None
    recommended_smokable_quantity: float | None = None
    flower_ounces_allowed: float | None = None
    thc_ounces_allowed: float | None = None
    concentrate_ounces_allowed: float | None = None
    infused_ounces_allowed: float | None = None
    max_flower_thc_percent_allowed: float | None = None
    max_concentrate_thc_percent_allowed: float | None = None
    has_sales_limit_exemption: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class PatientUpdate(PatientCreate):
    """A patient's new details, found by licence number (Patients Update); a new licence
    number goes in `new_license_number`."""

    new_license_number: str | None = None
