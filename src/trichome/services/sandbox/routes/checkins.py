"""Patient check-ins (Metrc v2 `PatientCheckIns`): GetPatientCheckIn (filtered by check-in day
with checkinDateStart/checkinDateEnd), GetPatientCheckInLocations, RecordPatientCheckIn,
UpdatePatientCheckIn and ArchivePatientCheckIn, in the shapes Metrc documents: a check-in is
`{Id, PatientLicenseNumber, CheckInLocationId, CheckInLocationName, RegistrationStartDate,
RegistrationExpiryDate, CheckInDate}`; recording, updating and archiving answer with an
empty body. Metrc's check-in locations are the state's (its example is DC's single one); the
sandbox, a Colorado emulator, offers one location for its state.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import DAY, ID, TEXT, shape
from trichome.services.sandbox.common import (
    a_date,
    archive_route,
    json,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, envelope, message
from trichome.services.sandbox.shapes import parse_day

router = APIRouter()
KIND = "patientcheckin"
LOCATIONS = [{"Id": 1, "Name": "Colorado"}]
_FIELDS: dict[str, Any] = {
    "PatientLicenseNumber": TEXT,
    "CheckInLocationId": {"type": "integer", "enum": [row["Id"] for row in LOCATIONS]},
    "RegistrationStartDate": DAY,
    "RegistrationExpiryDate": DAY,
    "CheckInDate": DAY,
}
NEW_CHECKIN = shape(_FIELDS)
CHECKIN_CHANGE = shape({"Id": ID, **_FIELDS})
_DAYS = [
    openapi.query("checkinDateStart", DAY, "Only check-ins on or after this day."),
    openapi.query("checkinDateEnd", DAY, "Only check-ins on or before this day."),
]


def _values(obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, Any]:
    number = text(obj, "PatientLicenseNumber", row, errors)
    days = {
        key: a_date(obj, key, row, errors)
        for key in ("RegistrationStartDate", "RegistrationExpiryDate", "CheckInDate")
    }
    start, expiry = days["RegistrationStartDate"], days["RegistrationExpiryDate"]
    if start and expiry and expiry < start:
        errors.add(row, "RegistrationExpiryDate is before RegistrationStartDate.")
    location = next(row for row in LOCATIONS if row["Id"] == obj["CheckInLocationId"])
    return {
        "PatientLicenseNumber": number,
        "CheckInLocationId": location["Id"],
        "CheckInLocationName": location["Name"],
        **{key: day.isoformat() if day else None for key, day in days.items()},
    }


def _day(request: Request, name: str) -> date | None:
    value = request.query_params.get(name)
    if value is None:
        return None
    found = parse_day(value)
    if found is None:
        raise message(400, f"{name} must be a date (YYYY-MM-DD).")
    return found


@router.get("/patient-checkins/v2/locations", **openapi.state_list({"type": "object"}))
async def checkin_locations() -> Response:
    return json(LOCATIONS)


@router.get(
    "/patient-checkins/v2",
    openapi_extra=openapi.operation(openapi.LICENSE, *_DAYS),
    responses=openapi.responses(openapi.ENVELOPE, 400, 401, 429),
)
async def checkins(request: Request) -> Response:
    facility = reading(request)
    start, end = _day(request, "checkinDateStart"), _day(request, "checkinDateEnd")
    async with store(request).transaction() as tx:
        records = await tx.all(facility.license_number, KIND, ["active"])
    kept = [
        record
        for record in records
        if (start is None or record.data["CheckInDate"] >= start.isoformat())
        and (end is None or record.data["CheckInDate"] <= end.isoformat())
    ]
    return json(envelope(kept, len(kept), None))


@router.post("/patient-checkins/v2", **openapi.write(NEW_CHECKIN, answer=None))
async def record_checkins(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    rows = [_values(obj, row, errors) for row, obj in enumerate(objects)]
    errors.raise_if_any()
    async with store(request).transaction() as tx:
        for values in rows:
            await tx.insert(Record(facility.license_number, KIND, "active", values))
    return Response(status_code=200)


@router.put("/patient-checkins/v2", **openapi.write(CHECKIN_CHANGE, answer=None))
async def update_checkins(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    changes: list[tuple[Record, dict[str, Any]]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            values = _values(obj, row, errors)
            record = await tx.get(KIND, obj["Id"])
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Patient check-in Id {obj['Id']} was not found.")
                continue
            changes.append((record, values))
        errors.raise_if_any()
        for record, values in changes:
            record.data = values
            await tx.save(record)
    return Response(status_code=200)


archive_route(
    router,
    "/patient-checkins/v2/{checkin_id:int}",
    KIND,
    "Patient check-in",
    name="archive_checkin",
)
