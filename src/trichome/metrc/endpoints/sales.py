"""Sales: receipts and customer types (dispensary licences only)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from itertools import chain
from typing import Any
from urllib.parse import quote

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.inventory import SalesReceipt
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.paging import UNPAGED, deduplicate, require_aware
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]

# The longest sales-date range one request asks for. Metrc documents no limit on
# salesDateStart..salesDateEnd (its 24-hour limit is the last-modified one); a week of a
# store's sales is one answer of a sensible size, read unpaged: pages of 20 would cost a
# request per 20 sales (over 1,600 for the seeded store's year).
SALES_WINDOW = timedelta(days=7)


def sales_windows(start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """Consecutive ranges of at most `SALES_WINDOW` covering start..end."""
    windows, cursor = [], start
    while True:
        upper = min(cursor + SALES_WINDOW, end)
        windows.append((cursor, upper))
        if upper >= end:
            return windows
        cursor = upper


def sales_date_params(start: datetime | None, end: datetime | None) -> dict[str, str]:
    """`salesDateStart`/`salesDateEnd` in Metrc's documented form, yyyy-mm-ddThh:mm:ssZ (UTC).

    Source: GET /sales/v2/receipts/active and /inactive, parameters salesDateStart and
    salesDateEnd ("If specified, also specifying any of the last modified parameters will
    result in an error"), in Metrc's v2 documentation as captured in OcelliSolutions/OpenMetrc
    (open-metrc-swagger-v2.yaml, GetSaleReceiptActive / GetSaleReceiptInactive).

    Raises:
        ValueError: a naive datetime, or an end before the start.
    """
    params: dict[str, str] = {}
    bounds = (
        ("salesDateStart", "sales_date_start", start),
        ("salesDateEnd", "sales_date_end", end),
    )
    for name, argument, value in bounds:
        if value is not None:
            moment = require_aware(value, argument).astimezone(UTC)
            params[name] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    if start is not None and end is not None and end < start:
        raise ValueError("sales_date_end is before sales_date_start.")
    return params


class SalesApi(MetrcBaseClient):
    """Sales receipts."""

    async def _receipts(
        self,
        which: str,
        license_number: str,
        sold: tuple[datetime | None, datetime | None],
        modified: tuple[datetime | None, datetime | None],
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> list[Record]:
        params = sales_date_params(*sold)
        if params and any(bound is not None for bound in modified):
            raise ValueError(
                "Metrc refuses sales dates with last-modified dates; give one or the other."
            )
        start, end = sold
        if start is not None and end is not None and end - start > SALES_WINDOW:
            parts = [
                self._receipts(which, license_number, window, (None, None), page_size, credentials)
                for window in sales_windows(start, end)
            ]
            return deduplicate(chain.from_iterable(await asyncio.gather(*parts)))
        return await self.list(
            f"/sales/v2/receipts/{which}",
            license_number,
            params,
            page_size=page_size,
            last_modified_start=modified[0],
            last_modified_end=modified[1],
            credentials=credentials,
        )

    async def sales_receipts_active(
        self,
        license_number: str,
        *,
        sales_date_start: datetime | None = None,
        sales_date_end: datetime | None = None,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = UNPAGED,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active sales receipts.

        Sales dates (`salesDateStart`/`salesDateEnd`) select receipts by when they were sold,
        a request a week of the range (`SALES_WINDOW`); last-modified dates by when they last
        changed, in 24-hour windows. Metrc refuses both at once. Unpaged unless `page_size`
        is given: the dates keep each answer short.

        Raises:
            ValueError: naive datetimes, an end before the start, or both kinds of dates.
            MetrcError: any of its subclasses.
        """
        return await self._receipts(
            "active", license_number, (sales_date_start, sales_date_end),
            (last_modified_start, last_modified_end), page_size, credentials,
        )  # fmt: skip

    async def sales_receipts_inactive(
        self,
        license_number: str,
        *,
        sales_date_start: datetime | None = None,
        sales_date_end: datetime | None = None,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        page_size: int | None = UNPAGED,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's inactive sales receipts: finalized (IsFinal) or voided (archived).

        Sales dates (`salesDateStart`/`salesDateEnd`) select receipts by when they were sold,
        a request a week of the range (`SALES_WINDOW`); last-modified dates by when they last
        changed, in 24-hour windows. Metrc refuses both at once. Unpaged unless `page_size`
        is given: the dates keep each answer short.

        Raises:
            ValueError: naive datetimes, an end before the start, or both kinds of dates.
            MetrcError: any of its subclasses.
        """
        return await self._receipts(
            "inactive", license_number, (sales_date_start, sales_date_end),
            (last_modified_start, last_modified_end), page_size, credentials,
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

    async def finalize_sales_receipts(
        self,
        license_number: str,
        receipt_ids: Sequence[int],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Finalize open receipts (PUT /sales/v2/receipts/finalize with `[{Id}]`): they turn
        inactive with IsFinal true, stay sales, and can no longer be edited or voided until
        unfinalized. Source: Metrc v2 FinalizeReceipts (OpenMetrc PutSaleReceiptFinalize).

        Raises:
            MetrcError: any of its subclasses (a receipt that is not open is a validation error).
        """
        body = [{"Id": int(receipt_id)} for receipt_id in receipt_ids]
        return await self.put(
            "/sales/v2/receipts/finalize", license_number, body=body, credentials=credentials
        )

    async def unfinalize_sales_receipts(
        self,
        license_number: str,
        receipt_ids: Sequence[int],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Reopen finalized receipts (PUT /sales/v2/receipts/unfinalize with `[{Id}]`).

        Raises:
            MetrcError: any of its subclasses.
        """
        body = [{"Id": int(receipt_id)} for receipt_id in receipt_ids]
        return await self.put(
            "/sales/v2/receipts/unfinalize", license_number, body=body, credentials=credentials
        )

    async def sales_receipt_by_external_number(
        self,
        license_number: str,
        external_number: str,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Record:
        """One receipt by the point of sale's own number (GET .../receipts/external/{n}).

        Metrc answers 401 when the number is not valid for the licence (documented), which
        arrives as MetrcAuthError.

        Raises:
            ValueError: an empty number; MetrcError: any of its subclasses.
        """
        if not external_number.strip():
            raise ValueError("external_number is empty.")
        result: Record = await self.get(
            f"/sales/v2/receipts/external/{quote(external_number, safe='')}",
            license_number,
            credentials=credentials,
        )
        return result

    async def sales_payment_types(
        self, license_number: str, *, credentials: MetrcCredentials | None = None
    ) -> list[str]:
        """The payment types a delivery may record for this licence, as plain strings.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/sales/v2/paymenttypes", license_number, credentials=credentials)

    async def sales_counties(
        self, license_number: str | None = None, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The counties a sales delivery may go to (`Id`, `Name`; licence-less in Metrc).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list("/sales/v2/counties", license_number, credentials=credentials)

    async def sales_patient_registration_locations(
        self, license_number: str | None = None, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """Where a patient may be registered (`Id`, `Name`; a receipt's
        PatientRegistrationLocationId names one).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/sales/v2/patientregistration/locations", license_number, credentials=credentials
        )
