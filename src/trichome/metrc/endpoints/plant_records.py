"""Reads of plants beyond the growth-phase lists: mother plants, the growth phases a facility
may use, and the plants and packages a plant waste record came from (Metrc v2 Plants
GetMotherPlants, GetInactiveMotherPlants, GetOnHoldMotherPlants, GetGrowthPhases,
GetWastePlants, GetWastePackages)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE

Record = dict[str, Any]


class PlantRecordsApi(MetrcBaseClient):
    """Mother plants, growth phases and waste sources."""

    async def _mothers(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/plants/v2/mother{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def plants_mother(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's mother plants (GrowthPhase "Mother").

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._mothers(
            "", license_number, last_modified_start, last_modified_end, page_size, credentials
        )

    async def plants_mother_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive (destroyed or harvested) mother plants.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._mothers(
            "/inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plants_mother_onhold(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's mother plants on hold.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._mothers(
            "/onhold", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plant_growth_phases(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> list[str]:
        """The growth phases the facility may put plants in (a plain list of names).

        Raises:
            MetrcError: any of its subclasses.
        """
        found = await self.get("/plants/v2/growthphases", license_number, credentials=credentials)
        return [str(phase) for phase in found or []]

    async def plant_waste_plants(
        self,
        license_number: str,
        waste_id: int,
        *,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The plants one plant waste record came from, with the amount of each.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/plants/v2/waste/{int(waste_id)}/plant", license_number, page_size=page_size,
            credentials=credentials,
        )  # fmt: skip

    async def plant_waste_packages(
        self,
        license_number: str,
        waste_id: int,
        *,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The packages made from one plant waste record.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/plants/v2/waste/{int(waste_id)}/package", license_number, page_size=page_size,
            credentials=credentials,
        )  # fmt: skip
