"""Patient check-in tools against the sandbox: recording, listing by day and patient,
correcting and archiving a check-in; the state's check-in locations."""

from __future__ import annotations

from datetime import date

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import DISPENSARY
from trichome.metrc.tools import MetrcAccess, ToolProblem, load_all, using
from trichome.metrc.tools import sales as tools

pytestmark = pytest.mark.anyio
START, EXPIRY = date(2026, 1, 1), date(2027, 12, 31)


async def test_check_ins_are_recorded_listed_corrected_and_archived(writer: MetrcAccess) -> None:
    with using(writer):
        (location,) = (await tools.list_patient_check_in_locations())["items"]
        where = location["Id"]
        done = await tools.record_patient_check_in(
            DISPENSARY, " X100420 ", where, START, EXPIRY, date(2026, 11, 19)
        )
        await tools.record_patient_check_in(
            DISPENSARY, "X100421", where, START, EXPIRY, date(2026, 11, 20)
        )
        every = await tools.list_patient_check_ins(DISPENSARY)
        on_the_20th = await tools.list_patient_check_ins(
            DISPENSARY, checked_in_from=date(2026, 11, 20), checked_in_to=date(2026, 11, 20)
        )
        one_patient = await tools.list_patient_check_ins(
            DISPENSARY, patient_license_number="x100420"
        )
        first = one_patient["items"][0]["Id"]
        await tools.update_patient_check_in(
            DISPENSARY, first, "X100420", where, START, EXPIRY, date(2026, 11, 18)
        )
        moved = await tools.list_patient_check_ins(DISPENSARY, patient_license_number="X100420")
        with pytest.raises(ToolProblem, match="expiry is before its start"):
            await tools.record_patient_check_in(
                DISPENSARY, "X1", where, EXPIRY, START, date(2026, 11, 20)
            )
        with pytest.raises(ToolProblem, match="is before checked_in_from"):
            await tools.list_patient_check_ins(
                DISPENSARY, checked_in_from=date(2026, 11, 20), checked_in_to=date(2026, 11, 1)
            )
        archived = await tools.archive_patient_check_in(DISPENSARY, first)
        left = await tools.list_patient_check_ins(DISPENSARY)
    TypeAdapter(load_all()["list_patient_check_ins"].returns).validate_python(every)
    assert done["message"] == "Recorded the check-in of patient X100420 on 2026-11-19."
    assert [c["PatientLicenseNumber"] for c in every["items"]] == ["X100421", "X100420"]
    assert every["items"][1]["CheckInLocationName"] == location["Name"]
    assert [c["PatientLicenseNumber"] for c in on_the_20th["items"]] == ["X100421"]
    assert moved["items"][0]["CheckInDate"] == "2026-11-18"
    assert archived["message"] == f"Archived patient check-in {first}."
    assert [c["PatientLicenseNumber"] for c in left["items"]] == ["X100421"]
