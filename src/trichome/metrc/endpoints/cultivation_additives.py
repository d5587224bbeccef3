"""Additives (fertiliser, pesticide, other) applied to plants and plant batches, and the record
of them: Metrc v2 Plants GetAdditives, GetAdditiveTypes, RecordAdditivesByPlants,
RecordAdditivesByPlantsUsingAdditivesTemplate, RecordAdditivesByLocation,
RecordAdditivesByLocationUsingAdditivesTemplate, and PlantBatches RecordAdditives and
RecordAdditivesUsingAdditivesTemplate. Every record answers `{Ids, Warnings}`.

A row names the product (AdditiveType, ProductTradeName, EpaRegistrationNumber,
ProductSupplier, ApplicationDevice, ActiveIngredients [{Name, Percentage}]) or, in the
"using template" forms, an AdditivesTemplateName with Rate and Volume; then TotalAmountApplied
and TotalAmountUnitOfMeasure, what it was applied to (PlantLabels, LocationName with
SublocationName, or PlantBatchName) and ActualDate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class CultivationAdditivesApi(MetrcBaseClient):
    """Additives applied to plants and plant batches."""

    async def plant_additives(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The additives recorded at the facility (each with PlantCount, or a PlantBatchName).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/plants/v2/additives",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def plant_additive_types(
        self, license_number: str | None = None, *, credentials: MetrcCredentials | None = None
    ) -> list[str]:
        """The additive types (a plain list: Fertilizer, Pesticide, Other); Metrc documents no
        licence for it.

        Raises:
            MetrcError: any of its subclasses.
        """
        found = await self.get(
            "/plants/v2/additives/types", license_number, credentials=credentials
        )
        return [str(kind) for kind in found or []]

    async def record_plant_additives(
        self,
        license_number: str,
        additives: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record an additive applied to plants by label (POST /plants/v2/additives).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/additives", license_number, body=additives, credentials=credentials
        )

    async def record_plant_additives_using_template(
        self,
        license_number: str,
        additives: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record a templated additive applied to plants by label
        (POST /plants/v2/additives/usingtemplate).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/additives/usingtemplate", license_number, body=additives,
            credentials=credentials,
        )  # fmt: skip

    async def record_location_additives(
        self,
        license_number: str,
        additives: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record an additive applied to every plant at a location
        (POST /plants/v2/additives/bylocation).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/additives/bylocation", license_number, body=additives,
            credentials=credentials,
        )  # fmt: skip

    async def record_location_additives_using_template(
        self,
        license_number: str,
        additives: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record a templated additive applied to every plant at a location
        (POST /plants/v2/additives/bylocation/usingtemplate).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/additives/bylocation/usingtemplate", license_number, body=additives,
            credentials=credentials,
        )  # fmt: skip

    async def record_plant_batch_additives(
        self,
        license_number: str,
        additives: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record an additive applied to a plant batch (POST /plantbatches/v2/additives).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/additives", license_number, body=additives, credentials=credentials
        )

    async def record_plant_batch_additives_using_template(
        self,
        license_number: str,
        additives: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record a templated additive applied to a plant batch
        (POST /plantbatches/v2/additives/usingtemplate).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/additives/usingtemplate", license_number, body=additives,
            credentials=credentials,
        )  # fmt: skip
