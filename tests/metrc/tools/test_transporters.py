"""Driver and vehicle tools against the sandbox: register, list, filter."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import CULTIVATOR
from trichome.metrc.tools import MetrcAccess, using
from trichome.metrc.tools import transfers as tools

pytestmark = pytest.mark.anyio


async def test_drivers_and_vehicles_are_registered_and_listed(writer: MetrcAccess) -> None:
    with using(writer):
        joe = await tools.create_driver(CULTIVATOR, " Joe Smith ", "ABC1234", "BTS000007")
        await tools.create_driver(CULTIVATOR, "Jane Doe", "ABC1235", "BTS131206")
        van = await tools.create_vehicle(CULTIVATOR, "Ford", "Transit", "CO-123")
        drivers = await tools.list_drivers(CULTIVATOR)
        janes = await tools.list_drivers(CULTIVATOR, name_contains="JANE")
        vans = await tools.list_vehicles(CULTIVATOR, plate_contains="co-1")
        none = await tools.list_vehicles(CULTIVATOR, plate_contains="ZZZ")
    assert joe["ok"] and joe["message"] == "Registered the driver 'Joe Smith'."
    assert drivers["total"] == 2
    assert drivers["items"][0] == {
        "Id": joe["ids"][0],
        "Name": "Joe Smith",
        "DriversLicenseNumber": "ABC1234",
        "EmployeeId": "BTS000007",
    }
    assert [d["Name"] for d in janes["items"]] == ["Jane Doe"]
    assert van["message"] == "Registered the vehicle Ford Transit (CO-123)."
    assert vans["items"] == [
        {"Id": van["ids"][0], "Make": "Ford", "Model": "Transit", "LicensePlateNumber": "CO-123"}
    ]
    assert none["total"] == 0
