"""Request bodies for a facility's drivers and vehicles (Metrc v2 `Transporters`)."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.metrc.serialize import MetrcBody


@dataclass(frozen=True, kw_only=True, slots=True)
class DriverCreate(MetrcBody):
    """A new driver (Transporters CreateDrivers: `{Name, DriversLicenseNumber, EmployeeId}`)."""

    name: str
    drivers_license_number: str
    employee_id: str


@dataclass(frozen=True, kw_only=True, slots=True)
class DriverUpdate(DriverCreate):
    """A driver's new details, by Id (Transporters UpdateDrivers)."""

    id: int


@dataclass(frozen=True, kw_only=True, slots=True)
class VehicleCreate(MetrcBody):
    """A new vehicle (Transporters CreateVehicles: `{Make, Model, LicensePlateNumber}`)."""

    make: str
    model: str
    license_plate_number: str


@dataclass(frozen=True, kw_only=True, slots=True)
class VehicleUpdate(VehicleCreate):
    """A vehicle's new details, by Id (Transporters UpdateVehicles)."""

    id: int
