"""The driver and vehicle tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): registering, correcting and archiving them."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.transfers import transporters

pytestmark = pytest.mark.anyio


async def test_a_driver_is_registered_corrected_and_archived(
    run: Run, documented: FakeMetrc
) -> None:
    made = await run(
        transporters.create_driver, license_number=GROWER, name=" Sam Ortiz",
        drivers_license_number="D7654321", employee_id="E-2202",
    )  # fmt: skip
    await run(
        transporters.update_driver, license_number=GROWER, driver_id=61, name="Dana Price-Lee"
    )
    await run(transporters.archive_driver, license_number=GROWER, driver_id=61)

    assert sent(documented) == [
        ("POST", "/transporters/v2/drivers",
         [{"Name": "Sam Ortiz", "DriversLicenseNumber": "D7654321", "EmployeeId": "E-2202"}]),
        ("PUT", "/transporters/v2/drivers",
         [{"Id": 61, "Name": "Dana Price-Lee", "DriversLicenseNumber": "D1234567",
           "EmployeeId": "E-2201"}]),
        ("DELETE", "/transporters/v2/drivers/61", None),
    ]  # fmt: skip
    assert made["ids"] == [62]


async def test_a_vehicle_is_registered_corrected_and_archived(
    run: Run, documented: FakeMetrc
) -> None:
    with pytest.raises(ToolProblem, match="Nothing to change"):
        await run(transporters.update_vehicle, license_number=GROWER, vehicle_id=71)
    made = await run(
        transporters.create_vehicle, license_number=GROWER, make="Ford", model="E-Transit",
        license_plate_number="9XYZ321",
    )  # fmt: skip
    updated = await run(
        transporters.update_vehicle, license_number=GROWER, vehicle_id=71,
        license_plate_number="8ABC124",
    )  # fmt: skip
    await run(transporters.archive_vehicle, license_number=GROWER, vehicle_id=71)

    assert sent(documented) == [
        ("POST", "/transporters/v2/vehicles",
         [{"Make": "Ford", "Model": "E-Transit", "LicensePlateNumber": "9XYZ321"}]),
        ("PUT", "/transporters/v2/vehicles",
         [{"Id": 71, "Make": "Ford", "Model": "Transit", "LicensePlateNumber": "8ABC124"}]),
        ("DELETE", "/transporters/v2/vehicles/71", None),
    ]  # fmt: skip
    assert made["ids"] == [72]
    assert updated["message"] == "Updated vehicle 71 (Ford Transit, 8ABC124)."
