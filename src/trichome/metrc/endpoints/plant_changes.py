"""Changes to tracked plants beyond growth, moves and waste: manicure, merge, split, strain,
tags, count adjustment, and the plant batches and packages made from plants.

Paths, methods and bodies follow Metrc's v2 Plants operations (Manicure, Merge,
SplitPlantGroup, ChangeStrain, ReplacePlantTags, AdjustPlantCount, CreatePlantBatches,
CreatePlantBatchPackage). Metrc answers Merge, ChangeStrain, ReplacePlantTags and
AdjustPlantCount with no body, so their `Ids` are empty; the others answer `{Ids, Warnings}`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult


class PlantChangesApi(MetrcBaseClient):
    """Plant changes."""

    async def manicure_plants(
        self,
        license_number: str,
        manicures: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Take a manicure (part of a plant's weight) into a harvest (POST /plants/v2/manicure).

        Each row: Plant (label), Weight, UnitOfWeight, DryingLocation, DryingSublocation,
        HarvestName (None: a new harvest), PatientLicenseNumber, ActualDate, PlantCount.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/manicure", license_number, body=manicures, credentials=credentials
        )

    async def merge_plants(
        self,
        license_number: str,
        merges: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Merge plant groups into one (PUT /plants/v2/merge): TargetPlantGroupLabel,
        SourcePlantGroupLabel, MergeDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/merge", license_number, body=merges, credentials=credentials
        )

    async def split_plants(
        self,
        license_number: str,
        splits: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Split plants off a plant group under a new tag (PUT /plants/v2/split): SourcePlantLabel,
        PlantCount, TagLabel, StrainLabel, SplitDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/split", license_number, body=splits, credentials=credentials
        )

    async def change_plants_strain(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change plants' strain (PUT /plants/v2/strain): plant by Id or Label, strain by
        StrainId or StrainName.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/strain", license_number, body=changes, credentials=credentials
        )

    async def replace_plant_tags(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Put new tags on plants (PUT /plants/v2/tag): plant by Id or Label, new tag by TagId or
        NewTag, ReplaceDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/tag", license_number, body=changes, credentials=credentials
        )

    async def adjust_plant_counts(
        self,
        license_number: str,
        adjustments: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Correct the plant count of plant groups (PUT /plants/v2/adjust; only some states):
        plant by Id or Label, AdjustCount, AdjustReason, ReasonNote, AdjustmentDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/plants/v2/adjust", license_number, body=adjustments, credentials=credentials
        )

    async def create_plantings_from_plants(
        self,
        license_number: str,
        plantings: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Start plant batches from plants, e.g. clones from a mother (POST /plants/v2/plantings):
        PlantLabel, PlantBatchName, PlantBatchType, PlantCount, LocationName, SublocationName,
        StrainName, PatientLicenseNumber, ActualDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/plantings", license_number, body=plantings, credentials=credentials
        )

    async def create_plant_batch_packages_from_plants(
        self,
        license_number: str,
        packages: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Package clones or seeds taken from plants (POST /plants/v2/plantbatch/packages):
        PlantLabel, PackageTag, PlantBatchType, Item, Location, Sublocation, Note, IsTradeSample,
        PatientLicenseNumber, IsDonation, Count, ActualDate.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/plants/v2/plantbatch/packages", license_number, body=packages,
            credentials=credentials,
        )  # fmt: skip
