"""A facility's drivers and vehicles (Metrc v2 `Transporters`), named on transfer manifests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.transport import DriverCreate, DriverUpdate, VehicleCreate, VehicleUpdate
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class TransportersApi(MetrcBaseClient):
    """Drivers and vehicles: lists, one by Id, creation, updates and archiving."""

    async def drivers(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's drivers (`{Id, FacilityId, EmployeeId, Name, DriversLicenseNumber}`);
        Metrc's GetDrivers.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/transporters/v2/drivers", license_number, page_size=page_size, credentials=credentials
        )

    async def driver(
        self, license_number: str, driver_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One driver by Id; Metrc's GetDriverById.

        Raises:
            MetrcNotFound: no such driver; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/transporters/v2/drivers/{int(driver_id)}", license_number, credentials=credentials
        )
        return result

    async def create_drivers(
        self,
        license_number: str,
        drivers: Sequence[DriverCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create drivers; Metrc's CreateDrivers answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/transporters/v2/drivers", license_number, body=drivers, credentials=credentials
        )

    async def update_drivers(
        self,
        license_number: str,
        drivers: Sequence[DriverUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change drivers' details, by Id; Metrc's UpdateDrivers answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/transporters/v2/drivers", license_number, body=drivers, credentials=credentials
        )

    async def archive_driver(
        self, license_number: str, driver_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a driver; Metrc's DeleteDriverById (ArchiveDriver).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/transporters/v2/drivers/{int(driver_id)}", license_number, credentials=credentials
        )

    async def vehicles(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's vehicles (`{Id, FacilityId, Make, Model, LicensePlateNumber}`);
        Metrc's GetVehicles.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/transporters/v2/vehicles",
            license_number,
            page_size=page_size,
            credentials=credentials,
        )

    async def vehicle(
        self, license_number: str, vehicle_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One vehicle by Id; Metrc's GetVehicleById.

        Raises:
            MetrcNotFound: no such vehicle; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/transporters/v2/vehicles/{int(vehicle_id)}", license_number, credentials=credentials
        )
        return result

    async def create_vehicles(
        self,
        license_number: str,
        vehicles: Sequence[VehicleCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create vehicles; Metrc's CreateVehicles answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/transporters/v2/vehicles", license_number, body=vehicles, credentials=credentials
        )

    async def update_vehicles(
        self,
        license_number: str,
        vehicles: Sequence[VehicleUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change vehicles' details, by Id; Metrc's UpdateVehicles answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/transporters/v2/vehicles", license_number, body=vehicles, credentials=credentials
        )

    async def archive_vehicle(
        self, license_number: str, vehicle_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a vehicle; Metrc's DeleteVehicleById (ArchiveVehicle).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/transporters/v2/vehicles/{int(vehicle_id)}", license_number, credentials=credentials
        )
