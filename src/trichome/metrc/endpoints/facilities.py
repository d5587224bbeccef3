"""Facilities and their reference data: employees, locations, units, waste methods, tags."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.catalogue import LocationCreate, LocationUpdate
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class FacilitiesApi(MetrcBaseClient):
    """Facilities, employees, locations, units of measure, waste methods and tags."""

    async def facilities(self, *, credentials: MetrcCredentials | None = None) -> list[Record]:
        """The facilities the user key can reach, with their licence and capability flags.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/facilities/v2", credentials=credentials)

    async def employees(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's employees.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/employees/v2", license_number, page_size=page_size, credentials=credentials
        )

    async def locations_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active locations.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/locations/v2/active",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def locations_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive (archived) locations.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/locations/v2/inactive",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def location_types(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The location types the facility may use, with their For* flags.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/locations/v2/types", license_number, page_size=page_size, credentials=credentials
        )

    async def create_locations(
        self,
        license_number: str,
        locations: Sequence[LocationCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create locations (`{Name, LocationTypeName}`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/locations/v2", license_number, body=locations, credentials=credentials
        )

    async def location(
        self, license_number: str, location_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One location by Id; Metrc's GetLocationById.

        Raises:
            MetrcNotFound: no such location; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/locations/v2/{int(location_id)}", license_number, credentials=credentials
        )
        return result

    async def update_locations(
        self,
        license_number: str,
        locations: Sequence[LocationUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Rename locations or change their type (`{Id, Name, LocationTypeName}`); Metrc's
        Update answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/locations/v2", license_number, body=locations, credentials=credentials
        )

    async def archive_location(
        self, license_number: str, location_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive a location (it moves to the inactive list); Metrc's Locations Archive.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/locations/v2/{int(location_id)}", license_number, credentials=credentials
        )

    async def units_of_measure(
        self, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The active units of measure (`{QuantityType, Name, Abbreviation}`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/unitsofmeasure/v2/active", credentials=credentials)

    async def waste_methods(self, *, credentials: MetrcCredentials | None = None) -> list[Record]:
        """The waste methods (`{Name, ForPlants, ForProductDestruction}`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/wastemethods/v2", credentials=credentials)

    async def plant_tags_available(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The facility's unused plant tags.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/tags/v2/plant/available", license_number, credentials=credentials)

    async def package_tags_available(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The facility's unused package tags.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/tags/v2/package/available", license_number, credentials=credentials
        )

    async def staged_tags(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The facility's staged tags (Tags GetStagedTags, GET /tags/v2/staged; a premium
        endpoint needing RetailId package staging, as a plain array of tags).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/tags/v2/staged", license_number, credentials=credentials)

    async def units_of_measure_inactive(
        self, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The inactive units of measure (UnitsOfMeasure GetInactive, GET
        /unitsofmeasure/v2/inactive).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/unitsofmeasure/v2/inactive", credentials=credentials)

    async def employee_permissions(
        self,
        license_number: str,
        employee_license_number: str,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> list[str]:
        """An employee's permissions at the facility, as plain strings (Employees
        GetPermissions, GET /employees/v2/permissions?employeeLicenseNumber=...).

        Raises:
            ValueError: an empty employee licence number; MetrcError: any of its subclasses.
        """
        if not employee_license_number.strip():
            raise ValueError("employee_license_number is empty.")
        return await self.list(
            "/employees/v2/permissions",
            license_number,
            {"employeeLicenseNumber": employee_license_number.strip()},
            credentials=credentials,
        )
