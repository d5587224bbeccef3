"""Sales deliveries (Metrc v2 `Sales`, the `/sales/v2/deliveries` operations): a dispensary's
sales carried to a customer, the hub legs of a delivery, and the reasons a package may come
back. Retailer deliveries (a vehicle loaded with stock, selling on the road) are in
`trichome.metrc.endpoints.retailer`.

Paths and methods follow the v2 folders of Metrc's Postman collections as captured in
thunkier/ThunkMetrc (see `data/operations.toml`): RecordDeliveries, UpdateDeliveries,
GetDeliveriesActive, GetDeliveriesInactive, GetDeliveryById, VoidDelivery, CompleteDelivery,
GetDeliveryReturnReasons, UpdateHubTransporters, AcceptHubDelivery, DepartHubDelivery and
VerifyIDHubDelivery.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]
BASE = "/sales/v2/deliveries"


class DeliveriesApi(MetrcBaseClient):
    """Sales deliveries: lists, one by Id, recording, completing, voiding and hub legs."""

    async def _deliveries(
        self,
        which: str,
        license_number: str,
        modified: tuple[datetime | None, datetime | None],
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"{BASE}/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=modified[0],
            last_modified_end=modified[1],
            credentials=credentials,
        )

    async def sales_deliveries_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's deliveries still under way (GetDeliveriesActive): each with its
        recipient, transporter, driver and vehicle, planned route, estimated times and the
        packages sold (`Transactions`).

        Raises:
            ValueError: naive datetimes or an end before the start.
            MetrcError: any of its subclasses.
        """
        return await self._deliveries(
            "active", license_number, (last_modified_start, last_modified_end), page_size,
            credentials,
        )  # fmt: skip

    async def sales_deliveries_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's finished deliveries (GetDeliveriesInactive): completed ones
        (`CompletedDateTime` set) and voided ones (`VoidedDate` set).

        Raises:
            ValueError: naive datetimes or an end before the start.
            MetrcError: any of its subclasses.
        """
        return await self._deliveries(
            "inactive", license_number, (last_modified_start, last_modified_end), page_size,
            credentials,
        )  # fmt: skip

    async def sales_delivery(
        self, license_number: str, delivery_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One sales delivery by Id (GetDeliveryById).

        Raises:
            MetrcNotFound: no such delivery; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"{BASE}/{int(delivery_id)}", license_number, credentials=credentials
        )
        return result

    async def sales_delivery_return_reasons(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The reasons a delivered package may be returned (GetDeliveryReturnReasons), each
        `{Name, RequiresNote, RequiresWasteWeight, ...}`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(f"{BASE}/returnreasons", license_number, credentials=credentials)

    async def create_sales_deliveries(
        self,
        license_number: str,
        deliveries: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record sales deliveries (RecordDeliveries, POST): the sale (`SalesDateTime`,
        `SalesCustomerType`, `Transactions`), the recipient and address, the transporter's
        licence, driver and vehicle, `PlannedRoute` and the estimated departure and arrival.

        Raises:
            MetrcValidationError: a delivery Metrc refuses; MetrcError: any other failure.
        """
        return await self.post(BASE, license_number, body=deliveries, credentials=credentials)

    async def update_sales_deliveries(
        self,
        license_number: str,
        deliveries: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change recorded deliveries, each with its `Id` (UpdateDeliveries, PUT).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(BASE, license_number, body=deliveries, credentials=credentials)

    async def complete_sales_deliveries(
        self,
        license_number: str,
        completions: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Complete deliveries (CompleteDelivery, PUT .../complete): each `{Id,
        ActualArrivalDateTime, PaymentType, AcceptedPackages: [labels], ReturnedPackages:
        [{Label, ReturnQuantityVerified, ReturnUnitOfMeasure, ReturnReason,
        ReturnReasonNote}]}`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            f"{BASE}/complete", license_number, body=completions, credentials=credentials
        )

    async def void_sales_delivery(
        self, license_number: str, delivery_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Void a delivery (VoidDelivery, DELETE); its packages get their quantities back.

        Raises:
            MetrcNotFound: no such active delivery; MetrcError: any other failure.
        """
        return await self.delete(
            f"{BASE}/{int(delivery_id)}", license_number, credentials=credentials
        )

    async def update_sales_delivery_hub_transporters(
        self,
        license_number: str,
        changes: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Set the transporter of deliveries routed through a hub (UpdateHubTransporters, PUT
        .../hub).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(f"{BASE}/hub", license_number, body=changes, credentials=credentials)

    async def accept_sales_hub_deliveries(
        self,
        license_number: str,
        deliveries: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Accept deliveries arriving at the hub (AcceptHubDelivery, PUT .../hub/accept).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            f"{BASE}/hub/accept", license_number, body=deliveries, credentials=credentials
        )

    async def depart_sales_hub_deliveries(
        self,
        license_number: str,
        deliveries: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record deliveries leaving the hub (DepartHubDelivery, PUT .../hub/depart).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            f"{BASE}/hub/depart", license_number, body=deliveries, credentials=credentials
        )

    async def verify_sales_hub_delivery_ids(
        self,
        license_number: str,
        checks: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record that the recipient's identification was checked (VerifyIDHubDelivery, PUT
        .../hub/verifyID).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            f"{BASE}/hub/verifyID", license_number, body=checks, credentials=credentials
        )
