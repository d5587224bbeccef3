"""Patient check-in tools: the visits a dispensary records for registered medical patients
(in the states that ask for them), the state's check-in locations, and correcting or
archiving a check-in.

Shapes follow Metrc's v2 documentation of `PatientCheckIns` as captured in
thunkier/ThunkMetrc (specs/generated/bruno/PatientCheckIns): a check-in is `{Id,
PatientLicenseNumber, CheckInLocationId, CheckInLocationName, RegistrationStartDate,
RegistrationExpiryDate, CheckInDate}` (GetPatientCheckIns.bru, read by check-in day with
`checkinDateStart`/`checkinDateEnd`); RecordPatientCheckIn (CreatePatientCheckIns.bru) takes the
same without the Id and name, UpdatePatientCheckIn (UpdatePatientCheckIns.bru) with the Id;
ArchivePatientCheckIn (DeletePatientCheckInsById.bru); the locations are `{Id, Name}`
(GetLocations.bru).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    Day,
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    paged,
    shape,
    written,
)

CHECKIN_FIELDS = (
    "Id",
    "PatientLicenseNumber",
    "CheckInLocationId",
    "CheckInLocationName",
    "RegistrationStartDate",
    "RegistrationExpiryDate",
    "CheckInDate",
)
PatientLicence = Annotated[
    str, Field(min_length=1, max_length=50, description="The patient's registry licence number.")
]
LocationId = Annotated[
    int, Field(ge=1, description="Where the patient checked in (list_patient_check_in_locations).")
]
CheckInId = Annotated[int, Field(ge=1, description="The check-in's Id (list_patient_check_ins).")]


@shape
class CheckIn(TypedDict):
    """A patient's check-in."""

    Id: NotRequired[int]
    PatientLicenseNumber: NotRequired[str]
    CheckInLocationId: NotRequired[int]
    CheckInLocationName: NotRequired[str]
    RegistrationStartDate: NotRequired[str]
    RegistrationExpiryDate: NotRequired[str]
    CheckInDate: NotRequired[str]


@shape
class CheckInPage(Paging):
    """A page of a dispensary's patient check-ins, latest first."""

    license_number: str
    items: list[CheckIn]


@shape
class CheckInLocation(TypedDict):
    """A place where patients check in."""

    Id: NotRequired[int]
    Name: NotRequired[str]


@shape
class CheckInLocations(TypedDict):
    """The state's check-in locations."""

    total: Count
    items: list[CheckInLocation]


def _checkin(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, CHECKIN_FIELDS)


@tool("sales", title="List patient check-ins", returns=CheckInPage)
async def list_patient_check_ins(
    license_number: LicenseNumber,
    checked_in_from: Annotated[
        date | None, Field(description="Only check-ins on or after this day, YYYY-MM-DD.")
    ] = None,
    checked_in_to: Annotated[
        date | None, Field(description="Only check-ins on or before this day, YYYY-MM-DD.")
    ] = None,
    patient_license_number: Annotated[
        str | None, Field(max_length=50, description="Only this patient's check-ins.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the patient check-ins a dispensary recorded, latest first: the patient's licence,
    where and when they checked in, and their registration's start and expiry."""
    if checked_in_from and checked_in_to and checked_in_to < checked_in_from:
        raise ToolProblem(
            f"checked_in_to ({checked_in_to}) is before checked_in_from ({checked_in_from})."
        )
    metrc = access()
    records = await metrc.client.patient_checkins(
        license_number,
        checkin_date_start=checked_in_from,
        checkin_date_end=checked_in_to,
        credentials=metrc.credentials,
    )
    wanted = (patient_license_number or "").strip().casefold()
    found = [
        r for r in records if not wanted or str(r.get("PatientLicenseNumber")).casefold() == wanted
    ]
    found.sort(key=lambda r: (str(r.get("CheckInDate") or ""), r.get("Id") or 0), reverse=True)
    return paged(found, page, page_size, _checkin, license_number=license_number)


@tool("sales", title="List patient check-in locations", returns=CheckInLocations)
async def list_patient_check_in_locations() -> dict[str, Any]:
    """List the places where the state lets patients check in (their Ids go into
    record_patient_check_in)."""
    metrc = access()
    locations = await metrc.client.patient_checkin_locations(credentials=metrc.credentials)
    items = [compact(location, ("Id", "Name")) for location in locations]
    return {"total": len(items), "items": items}


def _body(
    patient_license_number: str,
    location_id: int,
    registration_start: date,
    registration_expiry: date,
    check_in_date: date,
) -> dict[str, Any]:
    if registration_expiry < registration_start:
        raise ToolProblem("The registration's expiry is before its start.")
    return {
        "PatientLicenseNumber": patient_license_number.strip(),
        "CheckInLocationId": location_id,
        "RegistrationStartDate": registration_start.isoformat(),
        "RegistrationExpiryDate": registration_expiry.isoformat(),
        "CheckInDate": check_in_date.isoformat(),
    }


RegistrationStart = Annotated[Day, Field(description="When the patient's registration began.")]
RegistrationExpiry = Annotated[Day, Field(description="When the patient's registration ends.")]
CheckInDay = Annotated[Day, Field(description="The day the patient checked in.")]


@tool("sales", title="Record a patient check-in", read_only=False, returns=Written)
async def record_patient_check_in(
    license_number: LicenseNumber,
    patient_license_number: PatientLicence,
    location_id: LocationId,
    registration_start: RegistrationStart,
    registration_expiry: RegistrationExpiry,
    check_in_date: CheckInDay,
) -> dict[str, Any]:
    """Record that a registered patient checked in at the dispensary, with their
    registration's start and expiry. Metrc answers with no Id: list_patient_check_ins shows
    it."""
    metrc = access()
    body = _body(
        patient_license_number, location_id, registration_start, registration_expiry,
        check_in_date,
    )  # fmt: skip
    result = await metrc.client.create_patient_checkins(
        license_number, [body], credentials=metrc.credentials
    )
    return written(
        result,
        f"Recorded the check-in of patient {body['PatientLicenseNumber']} on {check_in_date}.",
    )


@tool("sales", title="Update a patient check-in", read_only=False, idempotent=True, returns=Written)
async def update_patient_check_in(
    license_number: LicenseNumber,
    check_in_id: CheckInId,
    patient_license_number: PatientLicence,
    location_id: LocationId,
    registration_start: RegistrationStart,
    registration_expiry: RegistrationExpiry,
    check_in_date: CheckInDay,
) -> dict[str, Any]:
    """Correct a recorded patient check-in: every field is written again as given."""
    metrc = access()
    body = _body(
        patient_license_number, location_id, registration_start, registration_expiry,
        check_in_date,
    )  # fmt: skip
    result = await metrc.client.update_patient_checkins(
        license_number, [{"Id": check_in_id, **body}], credentials=metrc.credentials
    )
    return written(result, f"Updated patient check-in {check_in_id}.")


@tool(
    "sales",
    title="Archive a patient check-in",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def archive_patient_check_in(
    license_number: LicenseNumber, check_in_id: CheckInId
) -> dict[str, Any]:
    """Archive a patient check-in recorded in error; it leaves list_patient_check_ins."""
    metrc = access()
    result = await metrc.client.archive_patient_checkin(
        license_number, check_in_id, credentials=metrc.credentials
    )
    return written(result, f"Archived patient check-in {check_in_id}.")
