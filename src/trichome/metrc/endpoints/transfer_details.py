"""Transfers, in detail: a delivery's transporters and drivers, the lab test batches a
delivered package needs, the package states, manifests as HTML or PDF, and what an outgoing
template's deliveries hold.

Metrc documents the reads by a delivery's, a package's or a template delivery's Id without a
licence number (api-<state>.metrc.com/Documentation, Transfers; captured in
github.com/thunkier/ThunkMetrc specs/source/scraped/postman). Each method takes the licence
first like every other: given, it is sent (a server may scope the read to it); None sends none.
"""

from __future__ import annotations

from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.files import MetrcFile, as_file

Record = dict[str, Any]


class TransferDetailsApi(MetrcBaseClient):
    """Transfers: delivery transporters, manifests and template deliveries."""

    async def delivery_transporters(
        self,
        license_number: str | None,
        delivery_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The transporters of one delivery (`ShipmentDeliveryId`,
        `TransporterFacilityLicenseNumber`, `TransporterFacilityName`, `TransporterDirection`
        Outbound or Return). The Id is the delivery's, not the manifest number.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/deliveries/{int(delivery_id)}/transporters", license_number,
            page_size=page_size, credentials=credentials,
        )  # fmt: skip

    async def delivery_transporter_details(
        self,
        license_number: str | None,
        delivery_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The drivers and vehicles of one delivery (`DriverName`,
        `DriverOccupationalLicenseNumber`, `VehicleLicensePlateNumber`, `DriverLayoverLeg`...).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/deliveries/{int(delivery_id)}/transporters/details", license_number,
            page_size=page_size, credentials=credentials,
        )  # fmt: skip

    async def delivery_package_required_lab_test_batches(
        self,
        license_number: str | None,
        package_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The lab test batches a delivered package requires (`PackageId`, `LabTestBatchId`,
        `LabTestBatchName`); the Id is the delivery package's `PackageId`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/deliveries/package/{int(package_id)}/requiredlabtestbatches",
            license_number, page_size=page_size, credentials=credentials,
        )  # fmt: skip

    async def delivery_package_states(
        self, license_number: str | None = None, *, credentials: MetrcCredentials | None = None
    ) -> list[str]:
        """The states a delivery package can be in, as plain strings (Shipped, Rejected,
        Accepted, Returned in Metrc's example); Metrc documents no licence for it.

        Raises:
            MetrcError: any of its subclasses.
        """
        found = await self.get(
            "/transfers/v2/deliveries/packages/states", license_number, credentials=credentials
        )
        return [str(state) for state in found or []]

    async def transfer_manifest_html(
        self, license_number: str, transfer_id: int, *, credentials: MetrcCredentials | None = None
    ) -> str:
        """A transfer's printable manifest as an HTML page (the Id is the transfer's).

        Raises:
            MetrcError: any of its subclasses.
        """
        found = await self.get(
            f"/transfers/v2/manifest/{int(transfer_id)}/html", license_number,
            credentials=credentials,
        )  # fmt: skip
        return "" if found is None else str(found)

    async def transfer_manifest_pdf(
        self, license_number: str, transfer_id: int, *, credentials: MetrcCredentials | None = None
    ) -> MetrcFile:
        """A transfer's manifest as a PDF file (GetManifestPdf; the Id is the transfer's).
        Metrc documents it wrapped in JSON, `{FileContents` (Base64), `ContentType`,
        `FileDownloadName`, `HttpStatusCode}`; that or the PDF itself is read as the file.

        Raises:
            MetrcError: any of its subclasses, or an answer that holds no file.
        """
        path = f"/transfers/v2/manifest/{int(transfer_id)}/pdf"
        found = await self.get(path, license_number, credentials=credentials)
        return as_file(found, f"GET {path}")

    async def template_deliveries(
        self,
        license_number: str | None,
        template_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The deliveries (destinations) of one outgoing transfer template.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/templates/outgoing/{int(template_id)}/deliveries", license_number,
            page_size=page_size, credentials=credentials,
        )  # fmt: skip

    async def template_delivery_packages(
        self,
        license_number: str | None,
        delivery_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The packages of one template delivery (the Id is the template delivery's).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/templates/outgoing/deliveries/{int(delivery_id)}/packages",
            license_number, page_size=page_size, credentials=credentials,
        )  # fmt: skip

    async def template_delivery_transporters(
        self,
        license_number: str | None,
        delivery_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The transporters of one template delivery (with their direction).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/templates/outgoing/deliveries/{int(delivery_id)}/transporters",
            license_number, page_size=page_size, credentials=credentials,
        )  # fmt: skip

    async def template_delivery_transporter_details(
        self,
        license_number: str | None,
        delivery_id: int,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The drivers and vehicles of one template delivery; Metrc documents a plain list
        without paging for it.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            f"/transfers/v2/templates/outgoing/deliveries/{int(delivery_id)}/transporters/details",
            license_number, credentials=credentials,
        )  # fmt: skip
