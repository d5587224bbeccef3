"""The medical patient, patient check-in and item brand tools on Metrc's documented request
bodies (the fixture server refuses any other body, writes.py)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.items import brands
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.sales import checkins, patient_changes

pytestmark = pytest.mark.anyio


async def test_a_patient_is_added_with_their_allowances(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        patient_changes.add_patient, license_number=STORE, patient_license_number="MP-004512 ",
        license_start=date(2026, 1, 10), license_end=date(2027, 1, 9),
        registered_on=date(2026, 6, 15), flower_ounces_allowed=2.5,
        max_flower_thc_percent=30,
    )  # fmt: skip

    body = [
        {
            "LicenseNumber": "MP-004512", "LicenseEffectiveStartDate": "2026-01-10",
            "LicenseEffectiveEndDate": "2027-01-09", "ActualDate": "2026-06-15",
            "FlowerOuncesAllowed": 2.5, "MaxFlowerThcPercentAllowed": 30,
            "HasSalesLimitExemption": False,
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/patients/v2", body)]
    assert result["ids"] == [8801] and result["message"] == "Added patient MP-004512."


async def test_a_patient_is_corrected_and_removed(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="Nothing to change"):
        await run(
            patient_changes.update_patient, license_number=STORE, patient_license_number="MP-004512"
        )
    await run(
        patient_changes.update_patient, license_number=STORE, patient_license_number="MP-004512",
        new_patient_license_number="MP-004513", thc_ounces_allowed=1.0,
    )  # fmt: skip
    await run(patient_changes.remove_patient, license_number=STORE, patient_id=8801)

    assert sent(documented) == [
        ("PUT", "/patients/v2", [
            {"LicenseNumber": "MP-004512", "ThcOuncesAllowed": 1.0, "NewLicenseNumber": "MP-004513"}
        ]),
        ("DELETE", "/patients/v2/8801", None),
    ]  # fmt: skip


async def test_an_item_brand_is_created_renamed_and_archived(
    run: Run, documented: FakeMetrc
) -> None:
    made = await run(brands.create_item_brand, license_number=GROWER, name=" Front Range Reserve")
    await run(brands.rename_item_brand, license_number=GROWER, brand_id=5101, name="FRR Select")
    await run(brands.archive_item_brand, license_number=GROWER, brand_id=5102)

    assert sent(documented) == [
        ("POST", "/items/v2/brand", [{"Name": "Front Range Reserve"}]),
        ("PUT", "/items/v2/brand", [{"Id": 5101, "Name": "FRR Select"}]),
        ("DELETE", "/items/v2/brand/5102", None),
    ]
    assert made["ids"] == [5101, 5102]  # the documented answer's Ids


async def test_a_check_in_is_recorded_corrected_and_archived(
    run: Run, documented: FakeMetrc
) -> None:
    given = {
        "patient_license_number": "MP-004512", "location_id": 2,
        "registration_start": date(2026, 1, 10), "registration_expiry": date(2027, 1, 9),
        "check_in_date": date(2026, 6, 15),
    }  # fmt: skip
    recorded = await run(checkins.record_patient_check_in, license_number=STORE, **given)
    await run(checkins.update_patient_check_in, license_number=STORE, check_in_id=301, **given)
    await run(checkins.archive_patient_check_in, license_number=STORE, check_in_id=301)

    body = {
        "PatientLicenseNumber": "MP-004512", "CheckInLocationId": 2,
        "RegistrationStartDate": "2026-01-10", "RegistrationExpiryDate": "2027-01-09",
        "CheckInDate": "2026-06-15",
    }  # fmt: skip
    assert sent(documented) == [
        ("POST", "/patient-checkins/v2", [body]),
        ("PUT", "/patient-checkins/v2", [{"Id": 301, **body}]),
        ("DELETE", "/patient-checkins/v2/301", None),
    ]
    assert recorded["ids"] == []  # Metrc documents no answer
