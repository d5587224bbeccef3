"""Transfers, changed: template and external-manifest updates, voiding an external manifest,
and a transporter's hub legs (depart, check in and out at a layover, arrive).

Paths, methods and bodies follow Metrc's v2 documentation (api-<state>.metrc.com/Documentation,
Transfers: UpdateTemplates, UpdateExternalIncoming, VoidExternalIncoming, GetTransferHubs and
the four hub actions; captured in github.com/thunkier/ThunkMetrc specs/generated/bruno/
Transfers). Every write takes the licence; Metrc answers these writes with no body.
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


class TransferChangesApi(MetrcBaseClient):
    """Transfers: updates, voids and hub legs."""

    async def update_outgoing_templates(
        self,
        license_number: str,
        templates: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Update outgoing transfer templates: each names its `TransferTemplateId` and carries
        the whole template again (`Name`, transporter, `Destinations` with `Packages`).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/transfers/v2/templates/outgoing", license_number, body=templates,
            credentials=credentials,
        )  # fmt: skip

    async def update_external_incoming_transfers(
        self,
        license_number: str,
        transfers: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Update manifests from unlicensed shippers: each names its `TransferId` and carries
        the shipper, transporter and `Destinations` again.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/transfers/v2/external/incoming", license_number, body=transfers,
            credentials=credentials,
        )  # fmt: skip

    async def void_external_incoming_transfer(
        self, license_number: str, transfer_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Void an external incoming manifest (by the transfer's Id).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/transfers/v2/external/incoming/{int(transfer_id)}", license_number,
            credentials=credentials,
        )  # fmt: skip

    async def transfer_hub(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = MAX_PAGE_SIZE,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The shipments the facility carries as a transporter or hub: a manifest's fields with
        the transporter's own times (`TransporterActualDepartureDateTime`...), `IsLayover` and
        `ShipmentTransporterDetails`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/transfers/v2/hub", license_number, page_size=page_size,
            last_modified_start=last_modified_start, last_modified_end=last_modified_end,
            credentials=credentials,
        )  # fmt: skip

    async def _hub(
        self,
        action: str,
        license_number: str,
        legs: Sequence[Mapping[str, Any]],
        credentials: MetrcCredentials | None,
    ) -> WriteResult:
        return await self.post(
            f"/transfers/v2/hub/{action}", license_number, body=legs, credentials=credentials
        )

    async def depart_transfer_hub(
        self,
        license_number: str,
        legs: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record deliveries leaving (`{ShipmentDeliveryId, TransporterDirection}`, Outbound or
        Return).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._hub("depart", license_number, legs, credentials)

    async def check_in_transfer_hub(
        self,
        license_number: str,
        legs: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record deliveries checked in at a layover hub.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._hub("checkin", license_number, legs, credentials)

    async def check_out_transfer_hub(
        self,
        license_number: str,
        legs: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record deliveries checked out of a layover hub.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._hub("checkout", license_number, legs, credentials)

    async def arrive_transfer_hub(
        self,
        license_number: str,
        legs: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record deliveries arriving (at the destination, or back at the shipper on Return).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._hub("arrive", license_number, legs, credentials)
