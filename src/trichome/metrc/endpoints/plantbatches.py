"""Plant batches (immature plants): plantings, growth phase, waste, moves and destruction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.cultivation import (
    PlantBatchDestroy,
    PlantBatchGrowthPhaseChange,
    PlantBatchMove,
    PlantBatchPlanting,
    PlantBatchWaste,
)
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class PlantBatchesApi(MetrcBaseClient):
    """Plant batches."""

    async def _batches(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/plantbatches/v2/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def plant_batches_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active plant batches.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._batches(
            "active", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plant_batches_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive plant batches.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._batches(
            "inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def plant_batch_types(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The plant batch types (Seed, Clone, ...).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._batches("types", license_number, None, None, page_size, credentials)

    async def plant_batch(
        self, license_number: str, batch_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One plant batch by Id.

        Raises:
            MetrcNotFound: no such batch; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"/plantbatches/v2/{int(batch_id)}", license_number, credentials=credentials
        )
        return result

    async def create_plant_batch_plantings(
        self,
        license_number: str,
        plantings: Sequence[PlantBatchPlanting | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create plant batches (POST /plantbatches/v2/plantings).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/plantings", license_number, body=plantings, credentials=credentials
        )

    async def change_plant_batch_growth_phase(
        self,
        license_number: str,
        changes: Sequence[PlantBatchGrowthPhaseChange | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Turn batch plants into tagged vegetative or flowering plants.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/growthphase", license_number, body=changes, credentials=credentials
        )

    async def record_plant_batch_waste(
        self,
        license_number: str,
        waste: Sequence[PlantBatchWaste | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record plant batch waste (POST /plantbatches/v2/waste).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/waste", license_number, body=waste, credentials=credentials
        )

    async def plant_batch_waste(
        self,
        license_number: str,
        *,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's recorded plant batch waste.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._batches("waste", license_number, None, None, page_size, credentials)

    async def plant_batch_waste_reasons(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The reasons the facility may give for plant batch waste.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._batches(
            "waste/reasons", license_number, None, None, page_size, credentials
        )

    async def destroy_plant_batches(
        self,
        license_number: str,
        batches: Sequence[PlantBatchDestroy | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Destroy plants of batches (DELETE /plantbatches/v2 with a body).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            "/plantbatches/v2", license_number, body=batches, credentials=credentials
        )

    async def move_plant_batches(
        self,
        license_number: str,
        moves: Sequence[PlantBatchMove | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Move plant batches to another location (PUT /plantbatches/v2/location).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plantbatches/v2/location", license_number, body=moves, credentials=credentials
        )
