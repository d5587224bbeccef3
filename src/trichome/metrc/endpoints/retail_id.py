"""Retail ID: QR codes for the units of a package (Metrc v2 `RetailId`).

Metrc's collections have these operations in every state but AK, CO, GU, ME and MO; a state
without them answers 404.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.media import RetailIdAssociation
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


def _segment(value: str) -> str:
    text = str(value).strip()
    if not text:
        raise ValueError("A Retail ID label or short code cannot be blank.")
    return quote(text, safe="")


class RetailIdApi(MetrcBaseClient):
    """The facility's Retail ID quota, QR codes generated and associated with packages, and
    what a label or a QR code's short code holds."""

    async def retail_id_allotment(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """The facility's Retail ID quota (`{FacilityId, Allotment, FacilityLicenseNumber}`);
        GetFacilityRetailItemIDAllotment.

        Raises:
            MetrcError: any of its subclasses.
        """
        result: Record = await self.get(
            "/retailid/v2/allotment", license_number, credentials=credentials
        )
        return result

    async def associate_retail_ids(
        self,
        license_number: str,
        associations: Sequence[RetailIdAssociation | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Associate QR code URLs with packages (`{PackageLabel, QrUrls}`); AssociateQrCodes
        answers `{Ids, Warnings}`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/retailid/v2/associate", license_number, body=associations, credentials=credentials
        )

    async def generate_retail_ids(
        self,
        license_number: str,
        *,
        package_label: str,
        quantity: int,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """Generate `quantity` QR codes for a package (body `{PackageLabel, Quantity}`);
        GenerateQrCodeFromPackage answers the issuance (`{CoaBl, IssuanceId, Manifest: {Qrs,
        Ranges}, StackBl, Url}`).

        Raises:
            ValueError: a quantity below 1; MetrcError: any of its subclasses.
        """
        if int(quantity) < 1:
            raise ValueError("Generate at least one QR code.")
        body = {"PackageLabel": package_label, "Quantity": int(quantity)}
        result: Record = await self.call(
            "POST", "/retailid/v2/generate", license_number, body=body, credentials=credentials
        )
        return result

    async def merge_retail_id_packages(
        self,
        license_number: str,
        package_labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Merge packages' Retail IDs into the first package named (body `{packageLabels}`),
        adjusting the others into it; MergePackages answers nothing. Metrc needs a package
        adjustment reason whose name contains "Merge".

        Raises:
            MetrcError: any of its subclasses.
        """
        body = {"packageLabels": list(package_labels)}
        return await self.post(
            "/retailid/v2/merge", license_number, body=body, credentials=credentials
        )

    async def retail_id_packages_info(
        self,
        license_number: str,
        package_labels: Sequence[str],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """Retail ID details of packages (body `{packageLabels}`); PackagesInfo answers
        `{Packages: [{Tag, QrCount, EstimatedBalance, SiblingCount, IssuanceId, Issuances,
        HasQrs, RequiresVerification}]}`.

        Raises:
            MetrcError: any of its subclasses.
        """
        body = {"packageLabels": list(package_labels)}
        result: Record = await self.call(
            "POST", "/retailid/v2/packages/info", license_number, body=body,
            credentials=credentials,
        )  # fmt: skip
        return result

    async def retail_id_by_label(
        self,
        license_number: str | None,
        label: str,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """A package's Retail ID eaches and sibling tags (`{Eaches, SiblingTags,
        RequiresVerification, Ranges, QrCount, ChildTag, LabelSource}`); without a licence
        Metrc looks through all the user's facilities. ReceiveQrCodesPackageLabel.

        Raises:
            ValueError: a blank label; MetrcNotFound: unknown label; MetrcError: any other.
        """
        result: Record = await self.get(
            f"/retailid/v2/receive/{_segment(label)}", license_number, credentials=credentials
        )
        return result

    async def retail_id_by_short_code(
        self,
        license_number: str,
        short_code: str,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """The same as `retail_id_by_label`, found by a QR code's short code (the first path
        segment of its URL); ReceiveQrCodesShortCode.

        Raises:
            ValueError: a blank code; MetrcNotFound: unknown code; MetrcError: any other.
        """
        result: Record = await self.get(
            f"/retailid/v2/receive/qr/{_segment(short_code)}",
            license_number,
            credentials=credentials,
        )
        return result
