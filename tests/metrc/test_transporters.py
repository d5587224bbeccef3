"""Drivers and vehicles through the client against the sandbox, in the shapes Metrc documents
for its v2 Transporters operations (GetDrivers, GetDriverById, CreateDrivers, UpdateDrivers,
DeleteDriverById, and the same for vehicles)."""

from __future__ import annotations

import pytest

from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import (
    DriverCreate,
    DriverUpdate,
    MetrcNotFound,
    MetrcValidationError,
    VehicleCreate,
    VehicleUpdate,
)

pytestmark = pytest.mark.anyio
# The lab: the seeded year gives it none of its own, so the lists start empty.
LAB = "SF-SBX-CO-25-8002"
DISPENSARY = "SF-SBX-CO-24-8002"


async def test_drivers_are_created_updated_and_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        assert await client.drivers(LAB) == []
        created = await client.create_drivers(
            LAB,
            [
                DriverCreate(name="Joe Smith", drivers_license_number="ABC1234", employee_id="E7"),
                {"Name": "Jane Doe", "DriversLicenseNumber": "ABC1235", "EmployeeId": "E8"},
            ],
        )
        joe, jane = created["Ids"]
        drivers = await client.drivers(LAB, page_size=1)
        # GetDrivers' documented record, key for key.
        assert [sorted(d) for d in drivers] == [
            ["DriversLicenseNumber", "EmployeeId", "FacilityId", "Id", "Name"]
        ] * 2
        assert drivers[0] == {
            "Id": joe,
            "FacilityId": drivers[0]["FacilityId"],
            "EmployeeId": "E7",
            "Name": "Joe Smith",
            "DriversLicenseNumber": "ABC1234",
        }
        assert isinstance(drivers[0]["FacilityId"], int)
        assert await client.driver(LAB, jane) == drivers[1]
        updated = await client.update_drivers(
            LAB,
            [
                DriverUpdate(
                    id=jane, name="Jane Roe", drivers_license_number="XYZ9", employee_id="E8"
                ),
                {"Id": str(joe), "Name": "Joseph Smith"},  # Metrc's example sends Ids as text
            ],
        )
        assert updated["Ids"] == []
        assert (await client.driver(LAB, jane))["DriversLicenseNumber"] == "XYZ9"
        assert (await client.driver(LAB, joe))["Name"] == "Joseph Smith"
        assert (await client.archive_driver(LAB, joe))["Ids"] == []
        assert [d["Id"] for d in await client.drivers(LAB)] == [jane]
        with pytest.raises(MetrcNotFound):
            await client.archive_driver(LAB, joe)
        with pytest.raises(MetrcNotFound):
            await client.driver(DISPENSARY, jane)  # another licence's
        with pytest.raises(MetrcValidationError) as missing:
            await client.create_drivers(LAB, [{"Name": "No Licence"}])
        assert "DriversLicenseNumber" in missing.value.rows[0].message


async def test_vehicles_are_created_updated_and_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (van,) = (
            await client.create_vehicles(
                DISPENSARY, [VehicleCreate(make="Ford", model="Transit", license_plate_number="V1")]
            )
        )["Ids"]
        vehicle = await client.vehicle(DISPENSARY, van)
        assert sorted(vehicle) == ["FacilityId", "Id", "LicensePlateNumber", "Make", "Model"]
        assert vehicle["Make"] == "Ford" and vehicle["LicensePlateNumber"] == "V1"
        await client.update_vehicles(
            DISPENSARY,
            [VehicleUpdate(id=van, make="Ford", model="E-Transit", license_plate_number="V2")],
        )
        # Beside the vans the seeded store drives its deliveries in.
        (mine,) = [v for v in await client.vehicles(DISPENSARY) if v["Id"] == van]
        assert mine["Model"] == "E-Transit"
        with pytest.raises(MetrcValidationError):
            await client.update_vehicles(LAB, [{"Id": van, "Model": "X"}])  # not its own
        await client.archive_vehicle(DISPENSARY, van)
        assert van not in {v["Id"] for v in await client.vehicles(DISPENSARY)}
