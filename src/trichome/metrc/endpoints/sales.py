"""Sales: receipts and customer types (dispensary licences only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.inventory import SalesReceipt
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class SalesApi(MetrcBaseClient):
    """Sales receipts."""

    async def _receipts(
        self,
        which: str,
        license_number: str,
        last_modified_start: datetime | None,
        last_modified_end: datetime | None,
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        return await self.list(
            f"/sales/v2/receipts/{which}",
            license_number,
            page_size=page_size,
            last_modified_start=last_modified_start,
            last_modified_end=last_modified_end,
            credentials=credentials,
        )

    async def sales_receipts_active(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active sales receipts.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._receipts(
            "active", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def sales_receipts_inactive(
        self,
        license_number: str,
        *,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive sales receipts: finalized (IsFinal) or voided (archived).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self._receipts(
            "inactive", license_number, last_modified_start, last_modified_end, page_size,
            credentials,
        )  # fmt: skip

    async def sales_receipt(
        self, license_number: str, receipt_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One sales receipt by Id.

        Raises:
            MetrcNotFound: no such receipt; MetrcError: any other failure.
        """
        result: Record = await self.get(
            f"/sales/v2/receipts/{int(receipt_id)}", license_number, credentials=credentials
        )
        return result

    async def void_sales_receipt(
        self, license_number: str, receipt_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Void (archive) a receipt; Metrc gives its quantities back to the packages.

        Raises:
            MetrcNotFound: no such active receipt; MetrcError: any other failure.
        """
        return await self.delete(
            f"/sales/v2/receipts/{int(receipt_id)}", license_number, credentials=credentials
        )

    async def sales_customer_types(
        self, license_number: str | None = None, *, credentials: MetrcCredentials | None = None
    ) -> list[str]:
        """The customer types (Consumer, Patient, ...), as plain strings.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/sales/v2/customertypes", license_number, credentials=credentials)

    async def create_sales_receipts(
        self,
        license_number: str,
        receipts: Sequence[SalesReceipt | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Record sales receipts (POST /sales/v2/receipts).

        Raises:
            MetrcAuthError: the licence cannot sell; MetrcError: any other failure.
        """
        return await self.post(
            "/sales/v2/receipts", license_number, body=receipts, credentials=credentials
        )

    async def update_sales_receipts(
        self,
        license_number: str,
        receipts: Sequence[SalesReceipt | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Update sales receipts, each with its Id (PUT /sales/v2/receipts).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/sales/v2/receipts", license_number, body=receipts, credentials=credentials
        )
