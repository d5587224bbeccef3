"""Transporter tools: a facility's drivers and vehicles, as Metrc v2's Transporters
operations keep them; transfer templates and manifests name them.

Changes and archives follow Metrc's documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Transporters): UpdateDrivers takes `[{Id, Name, DriversLicenseNumber,
EmployeeId}]`, UpdateVehicles `[{Id, Make, Model, LicensePlateNumber}]`,
DeleteDriverById and DeleteVehicleById archive one; all answer with no body.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.transport import DriverCreate, DriverUpdate, VehicleCreate, VehicleUpdate
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import ToolProblem, access, tool
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


DriverId = Annotated[int, Field(ge=1, description="The driver's Id (list_drivers).")]
VehicleId = Annotated[int, Field(ge=1, description="The vehicle's Id (list_vehicles).")]


async def _existing(read: Any, what: str, ident: int, license_number: str, lister: str) -> Any:
    try:
        return await read()
    except MetrcNotFound:
        raise ToolProblem(
            f"No {what} with Id {ident} at licence {license_number}; find it with {lister}."
        ) from None


@tool("transfers", title="Update a driver", read_only=False, idempotent=True, returns=Written)
async def update_driver(
    license_number: LicenseNumber,
    driver_id: DriverId,
    name: Annotated[DriverName | None, Field(description="A corrected name.")] = None,
    drivers_license_number: Annotated[
        DriversLicence | None, Field(description="A new driver's licence number.")
    ] = None,
    employee_id: Annotated[EmployeeId | None, Field(description="A new employee id.")] = None,
) -> dict[str, Any]:
    """Correct a registered driver's name, driver's licence number or employee id; what is
    not given stays."""
    if name is None and drivers_license_number is None and employee_id is None:
        raise ToolProblem("Nothing to change: give a name, a licence number or an employee id.")
    metrc = access()
    record = await _existing(
        lambda: metrc.client.driver(license_number, driver_id, credentials=metrc.credentials),
        "driver", driver_id, license_number, "list_drivers",
    )  # fmt: skip
    driver = DriverUpdate(
        id=driver_id,
        name=(name or str(record.get("Name"))).strip(),
        drivers_license_number=(
            drivers_license_number or str(record.get("DriversLicenseNumber"))
        ).strip(),
        employee_id=(employee_id or str(record.get("EmployeeId"))).strip(),
    )
    result = await metrc.client.update_drivers(
        license_number, [driver], credentials=metrc.credentials
    )
    return written(result, f"Updated driver {driver_id} ({driver.name}).")


@tool("transfers", title="Archive a driver", read_only=False, destructive=True, returns=Written)
async def archive_driver(license_number: LicenseNumber, driver_id: DriverId) -> dict[str, Any]:
    """Archive a driver who no longer drives for the facility; they leave list_drivers."""
    metrc = access()
    result = await metrc.client.archive_driver(
        license_number, driver_id, credentials=metrc.credentials
    )
    return written(result, f"Archived driver {driver_id}.")


@tool("transfers", title="Update a vehicle", read_only=False, idempotent=True, returns=Written)
async def update_vehicle(
    license_number: LicenseNumber,
    vehicle_id: VehicleId,
    make: Annotated[Make | None, Field(description="A corrected make.")] = None,
    model: Annotated[Model | None, Field(description="A corrected model.")] = None,
    license_plate_number: Annotated[Plate | None, Field(description="A new plate.")] = None,
) -> dict[str, Any]:
    """Correct a registered vehicle's make, model or licence plate; what is not given stays."""
    if make is None and model is None and license_plate_number is None:
        raise ToolProblem("Nothing to change: give a make, a model or a licence plate.")
    metrc = access()
    record = await _existing(
        lambda: metrc.client.vehicle(license_number, vehicle_id, credentials=metrc.credentials),
        "vehicle", vehicle_id, license_number, "list_vehicles",
    )  # fmt: skip
    vehicle = VehicleUpdate(
        id=vehicle_id,
        make=(make or str(record.get("Make"))).strip(),
        model=(model or str(record.get("Model"))).strip(),
        license_plate_number=(
            license_plate_number or str(record.get("LicensePlateNumber"))
        ).strip(),
    )
    result = await metrc.client.update_vehicles(
        license_number, [vehicle], credentials=metrc.credentials
    )
    return written(
        result,
        f"Updated vehicle {vehicle_id} ({vehicle.make} {vehicle.model}, "
        f"{vehicle.license_plate_number}).",
    )


@tool("transfers", title="Archive a vehicle", read_only=False, destructive=True, returns=Written)
async def archive_vehicle(license_number: LicenseNumber, vehicle_id: VehicleId) -> dict[str, Any]:
    """Archive a vehicle no longer used for transfers; it leaves list_vehicles."""
    metrc = access()
    result = await metrc.client.archive_vehicle(
        license_number, vehicle_id, credentials=metrc.credentials
    )
    return written(result, f"Archived vehicle {vehicle_id}.")
