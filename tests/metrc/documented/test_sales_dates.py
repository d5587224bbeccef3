"""Receipts read by sale date (Metrc's salesDateStart/salesDateEnd), on the documented fixtures.

Metrc documents salesDateStart and salesDateEnd on GET /sales/v2/receipts/active and
/inactive as ISO 8601 date-times (yyyy-mm-ddThh:mm:ssZ) that cannot be combined with the
last-modified parameters (OcelliSolutions/OpenMetrc open-metrc-swagger-v2.yaml,
GetSaleReceiptActive / GetSaleReceiptInactive). Receipt 0000061001 was sold on 2026-06-10 and
finalized on 2026-06-14: read by last-modified windows around its sale day it was missed.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any

import pytest

from tests.metrc.documented.conftest import STORE, Run
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.endpoints.sales import sales_date_params
from trichome.metrc.errors import MetrcValidationError
from trichome.metrc.tools import MetrcAccess
from trichome.metrc.tools.analysis import sales_analysis
from trichome.metrc.tools.sales.read import list_inactive_sales_receipts

pytestmark = pytest.mark.anyio
DOCUMENTED = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")  # the documented pattern
SALE_DAY = {"start": date(2026, 6, 10), "end": date(2026, 6, 10)}


def receipt_calls(fake: FakeMetrc) -> list[dict[str, str]]:
    return [call.params for call in fake.calls if call.path.startswith("/sales/v2/receipts/")]


def test_sales_dates_are_written_as_metrc_documents_them() -> None:
    start = datetime(2026, 6, 10, 0, 0, tzinfo=UTC)
    end = datetime.fromisoformat("2026-06-10T23:59:59-07:00")

    params = sales_date_params(start, end)

    assert params == {
        "salesDateStart": "2026-06-10T00:00:00Z",
        "salesDateEnd": "2026-06-11T06:59:59Z",
    }
    assert sales_date_params(None, end) == {"salesDateEnd": "2026-06-11T06:59:59Z"}
    assert sales_date_params(None, None) == {}


def test_sales_dates_refuse_naive_or_inverted_bounds() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        sales_date_params(datetime(2026, 6, 10), None)
    with pytest.raises(ValueError, match="before"):
        sales_date_params(datetime(2026, 6, 11, tzinfo=UTC), datetime(2026, 6, 10, tzinfo=UTC))


async def test_the_client_refuses_sales_dates_with_last_modified_dates(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    moment = datetime(2026, 6, 10, tzinfo=UTC)
    with pytest.raises(ValueError, match="one or the other"):
        await metrc.client.sales_receipts_active(
            STORE, sales_date_start=moment, last_modified_start=moment
        )
    assert receipt_calls(documented) == []


async def test_the_client_reads_receipts_sold_between_two_moments(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    inactive = await metrc.client.sales_receipts_inactive(
        STORE,
        sales_date_start=datetime(2026, 6, 11, tzinfo=UTC),
        sales_date_end=datetime(2026, 6, 12, 23, 59, 59, tzinfo=UTC),
    )

    assert [r["ReceiptNumber"] for r in inactive] == ["0000061002", "0000061003"]
    (params,) = receipt_calls(documented)
    assert params["salesDateStart"] == "2026-06-11T00:00:00Z"
    assert params["salesDateEnd"] == "2026-06-12T23:59:59Z"
    assert "lastModifiedStart" not in params and "lastModifiedEnd" not in params


async def test_a_receipt_finalized_days_after_its_sale_counts_on_its_sale_day(
    run: Run, documented: FakeMetrc
) -> None:
    result: dict[str, Any] = await run(sales_analysis, license_number=STORE, **SALE_DAY)

    counts = result["counts"]
    assert (counts["receipts"], counts["revenue"], counts["finalized_receipts"]) == (1, 80.0, 1)
    calls = receipt_calls(documented)
    assert len(calls) == 2  # one request per list, whatever the range
    for params in calls:
        assert DOCUMENTED.match(params["salesDateStart"]) and DOCUMENTED.match(
            params["salesDateEnd"]
        )
        assert not {"lastModifiedStart", "lastModifiedEnd"} & set(params)


async def test_the_receipt_tool_finds_a_receipt_finalized_days_later(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        list_inactive_sales_receipts,
        license_number=STORE,
        from_date=date(2026, 6, 10),
        to_date=date(2026, 6, 10),
    )

    assert [r["ReceiptNumber"] for r in result["items"]] == ["0000061001"]
    (params,) = receipt_calls(documented)
    assert DOCUMENTED.match(params["salesDateStart"])


async def test_the_documented_server_refuses_both_kinds_of_dates(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    both = {
        "salesDateStart": "2026-06-10T00:00:00Z",
        "lastModifiedStart": "2026-06-10T00:00:00Z",
        "lastModifiedEnd": "2026-06-11T00:00:00Z",
    }
    with pytest.raises(MetrcValidationError):
        await metrc.client.get("/sales/v2/receipts/active", STORE, both)
