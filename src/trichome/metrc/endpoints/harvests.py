"""Harvests: packages from harvests, waste, moves, renames and finishing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.cultivation import (
    HarvestFinish,
    HarvestMove,
    HarvestPackage,
    HarvestRename,
    HarvestWaste,
)
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class HarvestsApi(MetrcBaseClient):
    """Harvests."""

    async def _harvests(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/harvests/v2/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def harvests_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active harvests.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._harvests(
            "active", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def harvests_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's finished or discontinued harvests.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._harvests(
            "inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def harvests_onhold(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's harvests on hold.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._harvests(
            "onhold", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def harvest(
        self, license_number: str, harvest_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One harvest by Id.

        Raises:
            MetrcNotFound: no such harvest; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"/harvests/v2/{int(harvest_id)}", license_number, credentials=credentials
        )
        return result

    async def create_harvest_packages(
        self,
        license_number: str,
        packages: Sequence[HarvestPackage | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create packages from harvests (POST /harvests/v2/packages).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/harvests/v2/packages", license_number, body=packages, credentials=credentials
        )

    async def create_harvest_testing_packages(
        self,
        license_number: str,
        packages: Sequence[HarvestPackage | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create testing sample packages from harvests (Harvests CreatePackagesForTesting,
        POST /harvests/v2/packages/testing; the body of POST /harvests/v2/packages).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/harvests/v2/packages/testing", license_number, body=packages, credentials=credentials
        )

    async def restore_harvested_plants(
        self,
        license_number: str,
        harvest_id: int,
        plant_tags: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Return harvested plants to the flowering phase (Harvests RestoreHarvestedPlants,
        PUT /harvests/v2/restore/harvestedplants with `[{HarvestId, PlantTags: [label]}]`;
        an empty 200).

        Raises:
            MetrcError: any of its subclasses.
        """
        body = [{"HarvestId": int(harvest_id), "PlantTags": list(plant_tags)}]
        return await self.put(
            "/harvests/v2/restore/harvestedplants",
            license_number,
            body=body,
            credentials=credentials,
        )

    async def record_harvest_waste(
        self,
        license_number: str,
        waste: Sequence[HarvestWaste | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record harvest waste (POST /harvests/v2/waste).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/harvests/v2/waste", license_number, body=waste, credentials=credentials
        )

    async def harvest_waste(
        self,
        license_number: str,
        harvest_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The waste recorded on one harvest.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/harvests/v2/waste",
            license_number,
            {"harvestId": int(harvest_id)},
            page_size=page_size,
            credentials=credentials,
        )

    async def harvest_waste_types(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The harvest waste types (e.g. Plant Material).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._harvests(
            "waste/types", license_number, None, None, page_size, credentials
        )

    async def delete_harvest_waste(
        self, license_number: str, waste_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Delete one harvest waste record.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/harvests/v2/waste/{int(waste_id)}", license_number, credentials=credentials
        )

    async def move_harvests(
        self,
        license_number: str,
        moves: Sequence[HarvestMove | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Move harvests to another drying location (PUT /harvests/v2/location).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/harvests/v2/location", license_number, body=moves, credentials=credentials
        )

    async def rename_harvests(
        self,
        license_number: str,
        renames: Sequence[HarvestRename | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Rename harvests (PUT /harvests/v2/rename).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/harvests/v2/rename", license_number, body=renames, credentials=credentials
        )

    async def finish_harvests(
        self,
        license_number: str,
        finishes: Sequence[HarvestFinish | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Finish harvests (PUT /harvests/v2/finish).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/harvests/v2/finish", license_number, body=finishes, credentials=credentials
        )

    async def unfinish_harvests(
        self,
        license_number: str,
        harvest_ids: Sequence[int],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Reopen finished harvests (PUT /harvests/v2/unfinish with `[{Id}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        body = [{"Id": int(harvest_id)} for harvest_id in harvest_ids]
        return await self.put(
            "/harvests/v2/unfinish", license_number, body=body, credentials=credentials
        )
