"""A facility's medical patients and their purchase statuses, and caregivers' statuses (Metrc
v2 `Patients`, `PatientsStatus`, `CaregiversStatus`).

Shapes follow Metrc's documentation of Patients GetActive, GetPatientById, Add, Update and
Remove, and of GetStatusesByPatient: a patient is `{PatientId, LicenseNumber,
RegistrationDate, LicenseEffectiveStartDate, LicenseEffectiveEndDate, RecommendedPlants,
RecommendedSmokableQuantity, HasSalesLimitExemption, OtherFacilitiesCount}`; Add answers
`{Ids, Warnings}`, Update and Remove an empty body. The allowances Add takes are kept for the
status, which in the sandbox counts no purchases yet (purchased 0, available = allowed).

Only a facility whose type has `CanHaveMemberPatients` keeps member patients (bruno
Facilities/GetFacilities lists the flag; of the licences Metrc's sandbox gives, only the
medical store CO-9 has it, F8ai/metrc-mcp scripts/facility-capabilities.json): Add, Update
and Remove elsewhere are refused as every write the facility type lacks (rules.require, a 401
naming the flag). Reads stay open; such a facility simply has no patients.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import caregivers
from trichome.sandbox.patients import ALLOWANCES, KIND, document, patient
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import DAY, FLAG, TEXT, shape
from trichome.services.sandbox.common import (
    a_date,
    archive_route,
    json,
    list_routes,
    one_route,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, message, writes

router = APIRouter()
MEMBERS = ("CanHaveMemberPatients", "keep member patients")
_MAYBE_NUMBER: dict[str, Any] = {"type": ["number", "null"], "minimum": 0}
_FIELDS: dict[str, Any] = {
    "RecommendedPlants": {"type": ["integer", "null"], "minimum": 0},
    "RecommendedSmokableQuantity": _MAYBE_NUMBER,
    **{f"{allowance}Allowed": _MAYBE_NUMBER for allowance in ALLOWANCES},
    "MaxFlowerThcPercentAllowed": _MAYBE_NUMBER,
    "MaxConcentrateThcPercentAllowed": _MAYBE_NUMBER,
    "HasSalesLimitExemption": FLAG,
}
_DATES = {"LicenseEffectiveStartDate": DAY, "LicenseEffectiveEndDate": DAY, "ActualDate": DAY}
NEW_PATIENT = shape({"LicenseNumber": TEXT, **_DATES}, _FIELDS)
PATIENT_CHANGE = shape(
    {"LicenseNumber": TEXT}, {"NewLicenseNumber": {"type": ["string", "null"]}, **_DATES, **_FIELDS}
)


def _values(
    obj: dict[str, Any], row: int, errors: RowErrors, current: dict[str, Any]
) -> dict[str, Any]:
    """A patient's stored fields from a posted object over its current ones."""
    values = dict(current)
    for key in ("LicenseEffectiveStartDate", "LicenseEffectiveEndDate"):
        if key in obj or key not in values:
            found = a_date(obj, key, row, errors)
            values[key] = found.isoformat() if found else None
    if "ActualDate" in obj or "RegistrationDate" not in values:
        found = a_date(obj, "ActualDate", row, errors)
        values["RegistrationDate"] = found.isoformat() if found else None
    start, end = values.get("LicenseEffectiveStartDate"), values.get("LicenseEffectiveEndDate")
    if start and end and end < start:
        errors.add(row, "LicenseEffectiveEndDate is before LicenseEffectiveStartDate.")
    for key in _FIELDS:
        if key in obj:
            values[key] = obj[key]
    values.setdefault("HasSalesLimitExemption", False)
    values.setdefault("OtherFacilitiesCount", 0)
    return values


def _current(record: Record) -> dict[str, Any]:
    return {key.lstrip("_"): value for key, value in record.data.items()}


async def _active(tx: Transaction, licence: str, number: str) -> Record | None:
    found = await tx.by_name(licence, KIND, number)
    return found if found is not None and found.state == "active" else None


list_routes(router, KIND, {"/patients/v2/active": ["active"]})


one_route(router, "/patients/v2/{patient_id:int}", KIND, "Patient", name="one_patient")


@router.post("/patients/v2", **openapi.write(NEW_PATIENT))
@router.post("/patients/v2/", **openapi.write(NEW_PATIENT))
async def add_patients(request: Request) -> Response:
    facility = writing(request, *MEMBERS)
    objects = await written(request)
    errors = RowErrors()
    rows: list[dict[str, Any]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            number = text(obj, "LicenseNumber", row, errors)
            if number and (
                await _active(tx, facility.license_number, number)
                or number in [values["LicenseNumber"] for values in rows]
            ):
                errors.add(row, f"Patient {number} is already registered at this facility.")
            rows.append({"LicenseNumber": number, **_values(obj, row, errors, {})})
        errors.raise_if_any()
        created = [await tx.insert(patient(facility, values)) for values in rows]
    return json(writes(created))


@router.put("/patients/v2", **openapi.write(PATIENT_CHANGE, answer=None))
@router.put("/patients/v2/", **openapi.write(PATIENT_CHANGE, answer=None))
async def update_patients(request: Request) -> Response:
    facility = writing(request, *MEMBERS)
    objects = await written(request)
    errors = RowErrors()
    changes: list[tuple[Record, dict[str, Any]]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            number = text(obj, "LicenseNumber", row, errors)
            record = await _active(tx, facility.license_number, number) if number else None
            if record is None:
                errors.add(row, f"Patient {number} is not registered at this facility.")
                continue
            values = _values(obj, row, errors, _current(record))
            renamed = (obj.get("NewLicenseNumber") or "").strip()
            if renamed and renamed != number:
                if await _active(tx, facility.license_number, renamed):
                    errors.add(row, f"Patient {renamed} is already registered at this facility.")
                values["LicenseNumber"] = renamed
            changes.append((record, values))
        errors.raise_if_any()
        for record, values in changes:
            record.data = document(values)
            record.name = values["LicenseNumber"]
            await tx.save(record)
    return Response(status_code=200)


archive_route(
    router,
    "/patients/v2/{patient_id:int}",
    KIND,
    "Patient",
    capability=MEMBERS,
    name="remove_patient",
)


@router.get(
    "/patients/v2/statuses/{patient_license_number}",
    **openapi.reference_list(items={"type": "object"}),
)
async def patient_statuses(request: Request, patient_license_number: str) -> Response:
    facility = reading(request)
    async with store(request).transaction() as tx:
        record = await _active(tx, facility.license_number, patient_license_number)
    if record is None:
        return json([])
    values = _current(record)
    today = date.today().isoformat()
    status: dict[str, Any] = {
        "PatientLicenseNumber": values["LicenseNumber"],
        "IdentificationMethod": None,
        "RegistrationNumber": f"REG-{record.id}",
        "Active": (values.get("LicenseEffectiveStartDate") or today)
        <= today
        <= (values.get("LicenseEffectiveEndDate") or today),
    }
    for allowance in ALLOWANCES:
        status[f"{allowance}Allowed"] = float(values.get(f"{allowance}Allowed") or 0.0)
    for allowance in ALLOWANCES:
        status[f"{allowance}Purchased"] = 0.0
    for allowance in ALLOWANCES:
        status[f"{allowance}Available"] = status[f"{allowance}Allowed"]
    status["PurchaseAmountDays"] = None
    status["PatientLicenseExpirationDate"] = values.get("LicenseEffectiveEndDate")
    status["PatientRegistrationStartDate"] = values.get("LicenseEffectiveStartDate")
    return json([status])


@router.get("/caregivers/v2/status/{caregiver_license_number}", **openapi.one())
async def caregiver_status(request: Request, caregiver_license_number: str) -> Response:
    """A caregiver licence's status and patients, from the state's registry (caregivers.py);
    any facility may look one up, as patients' statuses."""
    reading(request)
    caregiver = caregivers.lookup(caregiver_license_number)
    if caregiver is None:
        raise message(404, f"Caregiver {caregiver_license_number} was not found.")
    return json(caregiver.status(date.today()))
