"""Transporter tools: a facility's drivers and vehicles, as Metrc v2's Transporters
operations keep them; transfer templates and manifests name them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.transport import DriverCreate, VehicleCreate
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    contains,
    paged,
    shape,
    written,
)

DRIVER_FIELDS = ("Id", "Name", "DriversLicenseNumber", "EmployeeId")
VEHICLE_FIELDS = ("Id", "Make", "Model", "LicensePlateNumber")


DriverName = Annotated[
    str, Field(min_length=1, max_length=100, description="The driver's full name.")
]
DriversLicence = Annotated[
    str, Field(min_length=1, max_length=100, description="The driver's licence number.")
]
EmployeeId = Annotated[
    str,
    Field(min_length=1, max_length=100, description="The driver's employee id at the facility."),
]
Make = Annotated[
    str, Field(min_length=1, max_length=100, description="The vehicle's make, e.g. Ford.")
]
Model = Annotated[
    str, Field(min_length=1, max_length=100, description="The vehicle's model, e.g. Transit.")
]
Plate = Annotated[
    str, Field(min_length=1, max_length=20, description="The vehicle's licence plate.")
]


@shape
class Driver(TypedDict):
    """A driver of the facility."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    DriversLicenseNumber: NotRequired[str]
    EmployeeId: NotRequired[str]


@shape
class DriverPage(Paging):
    """A page of a facility's drivers."""

    license_number: str
    items: list[Driver]


@shape
class Vehicle(TypedDict):
    """A vehicle of the facility."""

    Id: NotRequired[int]
    Make: NotRequired[str]
    Model: NotRequired[str]
    LicensePlateNumber: NotRequired[str]


@shape
class VehiclePage(Paging):
    """A page of a facility's vehicles."""

    license_number: str
    items: list[Vehicle]


def _driver(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, DRIVER_FIELDS)


def _vehicle(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, VEHICLE_FIELDS)


@tool("transfers", title="List drivers", returns=DriverPage)
async def list_drivers(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only drivers whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the drivers a facility has registered in Metrc for its transfers, with their
    driver's licence numbers and employee ids."""
    metrc = access()
    drivers = await metrc.client.drivers(license_number, credentials=metrc.credentials)
    found = [d for d in drivers if contains(d.get("Name"), name_contains)]
    return paged(found, page, page_size, _driver, license_number=license_number)


@tool("transfers", title="List vehicles", returns=VehiclePage)
async def list_vehicles(
    license_number: LicenseNumber,
    plate_contains: Annotated[
        str | None,
        Field(max_length=20, description="Only vehicles whose licence plate contains this."),
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the vehicles a facility has registered in Metrc for its transfers (make, model,
    licence plate)."""
    metrc = access()
    vehicles = await metrc.client.vehicles(license_number, credentials=metrc.credentials)
    found = [v for v in vehicles if contains(v.get("LicensePlateNumber"), plate_contains)]
    return paged(found, page, page_size, _vehicle, license_number=license_number)


@tool("transfers", title="Register a driver", read_only=False, returns=Written)
async def create_driver(
    license_number: LicenseNumber,
    name: DriverName,
    drivers_license_number: DriversLicence,
    employee_id: EmployeeId,
) -> dict[str, Any]:
    """Register a driver for the facility's transfers. Returns the new driver's Id."""
    metrc = access()
    driver = DriverCreate(
        name=name.strip(),
        drivers_license_number=drivers_license_number.strip(),
        employee_id=employee_id.strip(),
    )
    result = await metrc.client.create_drivers(
        license_number, [driver], credentials=metrc.credentials
    )
    return written(result, f"Registered the driver {driver.name!r}.")


@tool("transfers", title="Register a vehicle", read_only=False, returns=Written)
async def create_vehicle(
    license_number: LicenseNumber,
    make: Make,
    model: Model,
    license_plate_number: Plate,
) -> dict[str, Any]:
    """Register a vehicle for the facility's transfers. Returns the new vehicle's Id."""
    metrc = access()
    vehicle = VehicleCreate(
        make=make.strip(), model=model.strip(), license_plate_number=license_plate_number.strip()
    )
    result = await metrc.client.create_vehicles(
        license_number, [vehicle], credentials=metrc.credentials
    )
    return written(
        result,
        f"Registered the vehicle {vehicle.make} {vehicle.model} ({vehicle.license_plate_number}).",
    )
