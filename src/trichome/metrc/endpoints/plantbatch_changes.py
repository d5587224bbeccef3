"""Changes to plant batches beyond planting, growth, moves and waste: adjusting the count,
renaming, splitting, strain, tags, and packaging plants of a batch (Metrc v2 PlantBatches
Adjust, RenamePlantBatch, SplitPlantBatch, ChangeStrain, ReplacePlantBatchTags,
CreatePackages, CreatePackagesFromMotherPlant). Metrc answers the PUTs (rename, strain, tags)
with no body, so their `Ids` are empty; the POSTs answer `{Ids, Warnings}`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult


class PlantBatchChangesApi(MetrcBaseClient):
    """Plant batch changes."""

    async def adjust_plant_batches(
        self,
        license_number: str,
        adjustments: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Correct plant batch counts (POST /plantbatches/v2/adjust): PlantBatchName, Quantity
        (signed), AdjustmentReason, AdjustmentDate, ReasonNote.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/adjust", license_number, body=adjustments, credentials=credentials
        )

    async def rename_plant_batches(
        self,
        license_number: str,
        renames: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Rename plant batches (PUT /plantbatches/v2/name): batch by Id or Group (its name),
        NewGroup.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plantbatches/v2/name", license_number, body=renames, credentials=credentials
        )

    async def split_plant_batches(
        self,
        license_number: str,
        splits: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Split plants off batches into new ones (POST /plantbatches/v2/split): PlantBatch,
        GroupName, Count, Location, Sublocation, Strain, PatientLicenseNumber, ActualDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/split", license_number, body=splits, credentials=credentials
        )

    async def change_plant_batches_strain(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change plant batches' strain (PUT /plantbatches/v2/strain): batch by Id or Name,
        strain by StrainId or StrainName.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plantbatches/v2/strain", license_number, body=changes, credentials=credentials
        )

    async def replace_plant_batch_tags(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Put new tags on plant batches (PUT /plantbatches/v2/tag): batch by Id or Group, new
        tag by TagId or NewTag, ReplaceDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plantbatches/v2/tag", license_number, body=changes, credentials=credentials
        )

    async def create_plant_batch_packages(
        self,
        license_number: str,
        packages: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Package plants of batches (POST /plantbatches/v2/packages): batch by Id or PlantBatch,
        Count, Item, Tag, Location, Sublocation, PatientLicenseNumber, Note, IsTradeSample,
        IsDonation, ActualDate and the optional expiration, sell-by and use-by dates.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/packages", license_number, body=packages, credentials=credentials
        )

    async def create_plant_batch_packages_from_mother(
        self,
        license_number: str,
        packages: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Package plants of batches taken from a mother plant
        (POST /plantbatches/v2/packages/frommotherplant; the same rows as
        `create_plant_batch_packages`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plantbatches/v2/packages/frommotherplant", license_number, body=packages,
            credentials=credentials,
        )  # fmt: skip
