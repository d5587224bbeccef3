"""Retailer deliveries (Metrc v2 `Sales`, `/sales/v2/deliveries/retailer`): a dispensary's
vehicle loaded with stock that sells to several customers on one trip, then comes back and
ends (or restocks) with what is left.

Paths and methods follow the v2 folders of Metrc's Postman collections as captured in
thunkier/ThunkMetrc (see `data/operations.toml`): RecordRetailerDeliveries,
UpdateRetailerDeliveries, GetRetailerDeliveriesActive, GetRetailerDeliveriesInactive,
GetRetailerDeliveryById, VoidRetailerDelivery, DepartDelivery, RecordSaleFromRetailerDelivery,
RestockRetailerDeliveries and EndRetailerDeliveries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]
BASE = "/sales/v2/deliveries/retailer"


class RetailerDeliveriesApi(MetrcBaseClient):
    """Retailer deliveries: lists, one by Id, loading, departing, selling, restocking, ending."""

    async def _trips(
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

    async def retailer_deliveries_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's retailer deliveries under way (GetRetailerDeliveriesActive).

        Raises:
            ValueError: naive datetimes or an end before the start.
            MetrcError: any of its subclasses.
        """
        return await self._trips(
            "active", license_number, (last_modified_start, last_modified_end), page_size,
            credentials,
        )  # fmt: skip

    async def retailer_deliveries_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's ended or voided retailer deliveries (GetRetailerDeliveriesInactive).

        Raises:
            ValueError: naive datetimes or an end before the start.
            MetrcError: any of its subclasses.
        """
        return await self._trips(
            "inactive", license_number, (last_modified_start, last_modified_end), page_size,
            credentials,
        )  # fmt: skip

    async def retailer_delivery(
        self, license_number: str, delivery_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One retailer delivery by Id (GetRetailerDeliveryById).

        Raises:
            MetrcNotFound: no such delivery; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"{BASE}/{int(delivery_id)}", license_number, credentials=credentials
        )
        return result

    async def create_retailer_deliveries(
        self,
        license_number: str,
        trips: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record retailer deliveries (RecordRetailerDeliveries, POST): driver, vehicle,
        `EstimatedDepartureDateTime`, the `Packages` loaded and optional `Destinations`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(BASE, license_number, body=trips, credentials=credentials)

    async def update_retailer_deliveries(
        self,
        license_number: str,
        trips: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Change retailer deliveries, each with its `Id` (UpdateRetailerDeliveries, PUT).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(BASE, license_number, body=trips, credentials=credentials)

    async def void_retailer_delivery(
        self, license_number: str, delivery_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Void a retailer delivery (VoidRetailerDelivery, DELETE).

        Raises:
            MetrcNotFound: no such active delivery; MetrcError: any other failure.
        """
        return await self.delete(
            f"{BASE}/{int(delivery_id)}", license_number, credentials=credentials
        )

    async def depart_retailer_deliveries(
        self,
        license_number: str,
        trips: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record retailer deliveries leaving (DepartDelivery, POST .../depart), each
        `{RetailerDeliveryId}`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            f"{BASE}/depart", license_number, body=trips, credentials=credentials
        )

    async def sell_from_retailer_deliveries(
        self,
        license_number: str,
        sales: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record sales made from a retailer delivery (RecordSaleFromRetailerDelivery, POST
        .../sale): each names its `RetailerDeliveryId`, the recipient and `Transactions`.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(f"{BASE}/sale", license_number, body=sales, credentials=credentials)

    async def restock_retailer_deliveries(
        self,
        license_number: str,
        trips: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Load more packages onto retailer deliveries (RestockRetailerDeliveries, POST
        .../restock).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            f"{BASE}/restock", license_number, body=trips, credentials=credentials
        )

    async def end_retailer_deliveries(
        self,
        license_number: str,
        trips: Sequence[Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """End retailer deliveries (EndRetailerDeliveries, POST .../end): each
        `{RetailerDeliveryId, ActualArrivalDateTime, Packages: [{Label, EndQuantity,
        EndUnitOfMeasure}]}`, what came back.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(f"{BASE}/end", license_number, body=trips, credentials=credentials)
