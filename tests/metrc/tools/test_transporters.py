"""Driver and vehicle tools against the sandbox: register, list, filter."""

from __future__ import annotations

import pytest

# The lab: the seeded year gives it none of its own, so the lists start empty.
from tests.support.sandbox import LAB
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import transfers as tools

pytestmark = pytest.mark.anyio


async def test_drivers_and_vehicles_are_registered_and_listed(writer: MetrcAccess) -> None:
    with using(writer):
        joe = await tools.create_driver(LAB, " Joe Smith ", "ABC1234", "BTS000007")
        await tools.create_driver(LAB, "Jane Doe", "ABC1235", "BTS131206")
        van = await tools.create_vehicle(LAB, "Ford", "Transit", "CO-123")
        drivers = await tools.list_drivers(LAB)
        janes = await tools.list_drivers(LAB, name_contains="JANE")
        vans = await tools.list_vehicles(LAB, plate_contains="co-1")
        none = await tools.list_vehicles(LAB, plate_contains="ZZZ")
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


async def test_drivers_and_vehicles_are_corrected_and_archived(writer: MetrcAccess) -> None:
    with using(writer):
        joe = (await tools.create_driver(LAB, "Joe Smith", "ABC1234", "BTS7"))["ids"][0]
        van = (await tools.create_vehicle(LAB, "Ford", "Transit", "CO-123"))["ids"][0]
        fixed = await tools.update_driver(LAB, joe, drivers_license_number=" XYZ999 ")
        moved = await tools.update_vehicle(LAB, van, license_plate_number="CO-777")
        drivers = (await tools.list_drivers(LAB))["items"]
        vehicles = (await tools.list_vehicles(LAB))["items"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_driver(LAB, joe)
        with pytest.raises(ToolProblem, match="No vehicle with Id 999999"):
            await tools.update_vehicle(LAB, 999999, make="Fiat")
        await tools.archive_driver(LAB, joe)
        await tools.archive_vehicle(LAB, van)
        left = await tools.list_drivers(LAB), await tools.list_vehicles(LAB)
    assert fixed["message"] == f"Updated driver {joe} (Joe Smith)."
    assert drivers == [
        {"Id": joe, "Name": "Joe Smith", "DriversLicenseNumber": "XYZ999", "EmployeeId": "BTS7"}
    ]
    assert moved["message"] == f"Updated vehicle {van} (Ford Transit, CO-777)."
    assert vehicles[0]["LicensePlateNumber"] == "CO-777" and vehicles[0]["Make"] == "Ford"
    assert [page["total"] for page in left] == [0, 0]
