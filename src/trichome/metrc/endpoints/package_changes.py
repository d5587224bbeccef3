"""Packages, continued: flags, notes, dates, item and external-id changes, required lab
test batches, discontinuing, plantings, and the package lists beyond the facility's own.

Each method names the Metrc v2 operation it sends (the names of Metrc's Postman
collections, as `src/trichome/metrc/data/operations.toml` lists them); the bodies are
field for field those of Metrc's documented examples (thunkier/ThunkMetrc
`specs/generated/bruno/Packages/*.bru`, OpenMetrc `open-metrc-swagger-v2.yaml`). Metrc
answers these PUTs and the DELETE with an empty 200.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


def _labels(labels: Sequence[str], key: str = "Label") -> list[dict[str, str]]:
    return [{key: label} for label in labels]


class PackageChangesApi(MetrcBaseClient):
    """Packages: the changes beyond quantity, place and finishing."""

    async def _put(
        self,
        path: str,
        license_number: str,
        body: Sequence[Mapping[str, Any]],
        credentials: MetrcCredentials | None,
    ) -> WriteResult:
        return await self.put(path, license_number, body=body, credentials=credentials)

    async def set_package_quantities(
        self,
        license_number: str,
        adjustments: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Set packages' final quantities (Packages AdjustQuantity, PUT /packages/v2/adjust):
        `[{Label, Quantity, UnitOfMeasure, AdjustmentReason, AdjustmentDate, ReasonNote}]`,
        where Quantity is what the package holds afterwards (POST /packages/v2/adjust,
        `adjust_packages`, sends the change instead).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put("/packages/v2/adjust", license_number, adjustments, credentials)

    async def decontaminate_packages(
        self,
        license_number: str,
        decontaminations: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record product decontamination (Packages DecontaminateProducts, PUT
        /packages/v2/decontaminate): `[{PackageLabel, DecontaminationMethodName,
        DecontaminationDate, DecontaminationSteps}]`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/decontaminate", license_number, decontaminations, credentials
        )

    async def flag_packages_donation(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Flag packages as donations (Packages FlagDonation, PUT /packages/v2/donation/flag
        with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/donation/flag", license_number, _labels(labels), credentials
        )

    async def unflag_packages_donation(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Clear packages' donation flag (Packages UnflagDonation, PUT
        /packages/v2/donation/unflag with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/donation/unflag", license_number, _labels(labels), credentials
        )

    async def flag_packages_trade_sample(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Flag packages as trade samples (Packages FlagTradeSample, PUT
        /packages/v2/tradesample/flag with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/tradesample/flag", license_number, _labels(labels), credentials
        )

    async def unflag_packages_trade_sample(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Clear packages' trade-sample flag (Packages UnflagTradeSample, PUT
        /packages/v2/tradesample/unflag with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/tradesample/unflag", license_number, _labels(labels), credentials
        )

    async def flag_packages_finished_good(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Flag packages as finished goods (Packages FlagFinishedGood, PUT
        /packages/v2/finishedgood/flag with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/finishedgood/flag", license_number, _labels(labels), credentials
        )

    async def unflag_packages_finished_good(
        self,
        license_number: str,
        labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Clear packages' finished-good flag (Packages UnflagFinishedGood, PUT
        /packages/v2/finishedgood/unflag with `[{Label}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/finishedgood/unflag", license_number, _labels(labels), credentials
        )

    async def change_package_external_ids(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Set packages' external ids (Packages ChangeExternalId, PUT /packages/v2/externalid
        with `[{PackageLabel, ExternalId}]`; an empty ExternalId clears it).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put("/packages/v2/externalid", license_number, changes, credentials)

    async def change_package_items(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Give packages another item (Packages ChangeItem, PUT /packages/v2/item with
        `[{Label, Item}]`, Item by name).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put("/packages/v2/item", license_number, changes, credentials)

    async def change_package_required_lab_test_batches(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Set the lab test batches packages require (Packages ChangeRequiredLabTestBatches,
        PUT /packages/v2/labtests/required with `[{Label, RequiredLabTestBatches: [name]}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put(
            "/packages/v2/labtests/required", license_number, changes, credentials
        )

    async def change_package_notes(
        self,
        license_number: str,
        notes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Set packages' notes (Packages ChangeNote, PUT /packages/v2/note with
        `[{PackageLabel, Note}]`; an empty Note clears it).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put("/packages/v2/note", license_number, notes, credentials)

    async def change_package_shelf_life_dates(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Set packages' expiration, sell-by and use-by dates (Packages ChangeShelfLifeDates,
        PUT /packages/v2/usebydate with `[{Label, ExpirationDate, SellByDate, UseByDate}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._put("/packages/v2/usebydate", license_number, changes, credentials)

    async def create_package_plantings(
        self,
        license_number: str,
        plantings: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Plant batches from packages of clones or seeds (Packages CreatePlantings, POST
        /packages/v2/plantings): `[{PackageLabel, PackageAdjustmentAmount,
        PackageAdjustmentUnitOfMeasureName, PlantBatchName, PlantBatchType, PlantCount,
        LocationName, StrainName, PatientLicenseNumber, PlantedDate, UnpackagedDate}]`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/packages/v2/plantings", license_number, body=plantings, credentials=credentials
        )

    async def discontinue_package(
        self,
        license_number: str,
        package_id: int,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Discontinue a package (Packages Discontinue, DELETE /packages/v2/{id}).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/packages/v2/{int(package_id)}", license_number, credentials=credentials
        )

    async def package_lab_samples(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The lab sample packages the facility created or sent for testing (Packages
        GetLabSamples, GET /packages/v2/labsamples).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/packages/v2/labsamples",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def packages_transferred(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The packages the facility shipped, one row per shipment with the recipient, the
        manifest and the shipped and received quantities (Packages GetTransferred, GET
        /packages/v2/transferred), read in pages of 20 unless `page_size` says otherwise.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/packages/v2/transferred",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def package_types(self, *, credentials: MetrcCredentials | None = None) -> list[str]:
        """The package types, as plain strings (Packages GetTypes, GET /packages/v2/types).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/packages/v2/types", credentials=credentials)

    async def package_source_harvests(
        self,
        license_number: str,
        package_id: int,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The harvests a package comes from, with who harvested them (Packages
        GetPackageSourceHarvestById, GET /packages/v2/{id}/source/harvests).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/packages/v2/{int(package_id)}/source/harvests",
            license_number,
            credentials=credentials,
        )
