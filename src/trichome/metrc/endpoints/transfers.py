"""Transfers: manifests in and out, deliveries and their packages, outgoing templates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class TransfersApi(MetrcBaseClient):
    """Transfers. Metrc's API creates outgoing transfers only as templates."""

    async def _transfers(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/transfers/v2/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def transfers_incoming(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """Incoming transfers (one row per manifest delivery).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers(
            "incoming", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def transfers_outgoing(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """Outgoing transfers.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers(
            "outgoing", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def transfers_rejected(
        self,
        license_number: str,
        *,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """Transfers with rejected packages.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers("rejected", license_number, None, None, page_size, credentials)

    async def transfer_types(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The transfer types the facility may use.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers("types", license_number, None, None, page_size, credentials)

    async def transfer_deliveries(
        self,
        license_number: str,
        transfer_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The deliveries of one transfer.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers(
            f"{int(transfer_id)}/deliveries", license_number, None, None, page_size, credentials
        )

    async def delivery_packages(
        self,
        license_number: str,
        delivery_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The packages of one delivery (by delivery Id, not manifest number).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers(
            f"deliveries/{int(delivery_id)}/packages",
            license_number, None, None, page_size, credentials,
        )  # fmt: skip

    async def delivery_packages_wholesale(
        self,
        license_number: str,
        delivery_id: int,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The wholesale prices of one delivery's packages (shipper's and receiver's).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers(
            f"deliveries/{int(delivery_id)}/packages/wholesale",
            license_number, None, None, page_size, credentials,
        )  # fmt: skip

    async def outgoing_templates(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's outgoing transfer templates.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._transfers(
            "templates/outgoing", license_number, last_modified_start, last_modified_end,
            page_size, credentials,
        )  # fmt: skip

    async def create_outgoing_templates(
        self,
        license_number: str,
        templates: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create outgoing transfer templates (`{Name, TransporterFacilityLicenseNumber, ...}`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/transfers/v2/templates/outgoing", license_number, body=templates,
            credentials=credentials,
        )  # fmt: skip

    async def delete_outgoing_template(
        self, license_number: str, template_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive an outgoing transfer template.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/transfers/v2/templates/outgoing/{int(template_id)}", license_number,
            credentials=credentials,
        )  # fmt: skip

    async def create_external_incoming_transfers(
        self,
        license_number: str,
        transfers: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record manifests from unlicensed shippers (with `Destinations[]`, each with Packages).

        Raises:
            MetrcAuthError: the facility cannot receive external transfers; MetrcError: others.
        """
        return await self.post(
            "/transfers/v2/external/incoming", license_number, body=transfers,
            credentials=credentials,
        )  # fmt: skip
