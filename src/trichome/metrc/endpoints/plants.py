"""Tracked plants: growth phases, harvesting, moves, waste and destruction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.cultivation import (
    PlantDestroy,
    PlantGrowthPhaseChange,
    PlantHarvest,
    PlantMove,
    PlantWaste,
)
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.serialize import one_of
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class PlantsApi(MetrcBaseClient):
    """Plants."""

    async def _plants(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/plants/v2/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def plants_vegetative(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's vegetative plants.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._plants(
            "vegetative", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plants_flowering(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's flowering plants.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._plants(
            "flowering", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plants_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive (harvested or destroyed) plants.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._plants(
            "inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plants_onhold(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's plants on hold.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._plants(
            "onhold", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plant(
        self,
        license_number: str,
        *,
        plant_id: int | None = None,
        label: str | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """One plant, by Id or by label.

        Raises:
            ValueError: neither or both given; MetrcNotFound: no such plant; MetrcError: others.
        """
        one_of("plant", plant_id, label)
        key = str(int(plant_id)) if plant_id is not None else quote(label or "", safe="")
        result: Record = await self.get(
            f"/plants/v2/{key}", license_number, credentials=credentials
        )
        return result

    async def change_plants_growth_phase(
        self,
        license_number: str,
        changes: Sequence[PlantGrowthPhaseChange | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change plants' growth phase (PUT /plants/v2/growthphase).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/growthphase", license_number, body=changes, credentials=credentials
        )

    async def harvest_plants(
        self,
        license_number: str,
        harvests: Sequence[PlantHarvest | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Harvest whole plants (PUT /plants/v2/harvest).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/harvest", license_number, body=harvests, credentials=credentials
        )

    async def move_plants(
        self,
        license_number: str,
        moves: Sequence[PlantMove | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Move plants to another location (PUT /plants/v2/location).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/location", license_number, body=moves, credentials=credentials
        )

    async def destroy_plants(
        self,
        license_number: str,
        plants: Sequence[PlantDestroy | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Destroy plants with their waste (DELETE /plants/v2 with a body).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete("/plants/v2", license_number, body=plants, credentials=credentials)

    async def record_plant_waste(
        self,
        license_number: str,
        waste: Sequence[PlantWaste | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record plant waste (POST /plants/v2/waste).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/waste", license_number, body=waste, credentials=credentials
        )

    async def plant_waste(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's plant waste records.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/plants/v2/waste",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def plant_waste_reasons(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The reasons the facility may give for plant waste.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/plants/v2/waste/reasons", license_number, page_size=page_size, credentials=credentials
        )

    async def plant_waste_methods(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """All the waste methods the facility may use for plants.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/plants/v2/waste/methods/all",
            license_number,
            page_size=page_size,
            credentials=credentials,
        )
