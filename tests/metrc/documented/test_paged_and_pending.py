"""Long lists come in pages, a year of sales a week at a time, and an old manifest still
pending is found, on fixtures in Metrc's documented shapes.

Metrc documents pageNumber and pageSize (at most 20) on the lists in
`trichome.metrc.list_queries`; salesDateStart/salesDateEnd on the receipts with no limit on
the range (OpenMetrc open-metrc-swagger-v2.yaml, GetSaleReceiptActive/Inactive); and no
filter that selects pending manifests (bruno Transfers/GetIncomingTransfers,
GetOutgoingTransfers: last-modified dates only), so the manifests are read whole, in pages.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest

from tests.metrc.documented.conftest import (
    AS_OF,
    FIXTURES,
    GROWER,
    STORE,
    Run,
    answer,
    load_fixtures,
)
from tests.metrc.documented.writes import load_writes
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.endpoints.sales import SALES_WINDOW
from trichome.metrc.list_queries import paged
from trichome.metrc.skills import attention
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.tools import MetrcAccess
from trichome.metrc.tools.analysis import sales_analysis
from trichome.metrc.tools.packages import read_shipments

pytestmark = pytest.mark.anyio
OLD_MANIFEST = "0000009901"


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def test_every_list_a_skill_reads_is_paged_where_metrc_documents_paging(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    data = FacilityData(metrc, GROWER, AS_OF)
    since = AS_OF - timedelta(days=3)
    await data.packages(inactive_since=since)
    await data.plants(inactive_since=since)
    await data.harvests(inactive_since=since)
    await data.items()
    await data.adjustments()
    await data.adjust_reasons()
    await data.employees()
    await data.incoming()
    await data.outgoing()
    await data.rejected()

    read = {call.path.rstrip("/") for call in documented.calls if call.method == "GET"}
    pageable = {path for path in read if paged(path)}
    # the active and held lists, the inactive ones, items, adjustments, employees, manifests
    assert len(pageable) >= 15
    for call in documented.calls:
        if call.path.rstrip("/") in pageable:
            assert call.params.get("pageSize") == "20", call.path
        else:
            assert "pageSize" not in call.params, call.path


async def test_a_list_longer_than_a_page_is_read_page_by_page(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    answers, writes = load_fixtures(), load_writes(FIXTURES)
    found = next(
        a for a in answers if a.fixture == "items_active" and a.query.get("licenseNumber") == GROWER
    )
    template = found.response["Data"][0]
    items = [{**copy.deepcopy(template), "Id": 7000 + n, "Name": f"Item {n}"} for n in range(45)]
    response = {**found.response, "Data": items, "Total": 45, "TotalRecords": 45}
    answers[answers.index(found)] = dataclasses.replace(found, response=response)
    documented.script = lambda call: answer(answers, call, writes)

    read = await FacilityData(metrc, GROWER, AS_OF).items()

    assert sorted(item.name for item in read) == sorted(f"Item {n}" for n in range(45))
    pages = sorted(
        int(c.params["pageNumber"]) for c in documented.calls if c.path == "/items/v2/active"
    )
    assert pages == [1, 2, 3]


async def test_shipped_packages_are_read_in_pages_of_twenty(
    run: Run, documented: FakeMetrc
) -> None:
    answers, writes = load_fixtures(), load_writes(FIXTURES)
    found = next(
        a
        for a in answers
        if a.fixture == "packages_transferred" and a.query.get("licenseNumber") == GROWER
    )
    template = found.response["Data"][0]
    rows = [
        {**copy.deepcopy(template), "Id": 8000 + n, "PackageLabel": f"1A4FF03000000290000{n:05d}"}
        for n in range(45)
    ]
    response = {**found.response, "Data": rows, "Total": 45, "TotalRecords": 45}
    answers[answers.index(found)] = dataclasses.replace(found, response=response)
    documented.script = lambda call: answer(answers, call, writes)

    listed = await run(read_shipments.list_shipped_packages, license_number=GROWER, page_size=100)

    assert listed["total"] == 45
    assert sorted(row["PackageLabel"] for row in listed["items"]) == sorted(
        row["PackageLabel"] for row in rows
    )
    calls = [c for c in documented.calls if c.path.rstrip("/") == "/packages/v2/transferred"]
    assert [int(c.params["pageNumber"]) for c in calls] == [1, 2, 3]
    assert all(c.params["pageSize"] == "20" for c in calls)


async def test_a_year_of_sales_is_read_a_week_at_a_time_unpaged(
    run: Run, documented: FakeMetrc
) -> None:
    start, end = AS_OF - timedelta(days=364), AS_OF
    result: dict[str, Any] = await run(sales_analysis, license_number=STORE, start=start, end=end)

    assert result["counts"]["receipts"] >= 1  # the June sales are found
    for which in ("active", "inactive"):
        calls = [c for c in documented.calls if c.path == f"/sales/v2/receipts/{which}"]
        spans = sorted(
            (_moment(c.params["salesDateStart"]), _moment(c.params["salesDateEnd"])) for c in calls
        )
        assert all(timedelta(0) < b - a <= SALES_WINDOW for a, b in spans)
        assert all(following == stop for (_, stop), (following, _) in pairwise(spans))
        assert spans[0][0].date() < start and spans[-1][1].date() > end  # the zone margins
        # One request a week of the range read: the analysis compares the year with the one
        # before it, two years and the margins, 105 a list (a day at a time would be 732).
        assert len(spans) == math.ceil((spans[-1][1] - spans[0][0]) / SALES_WINDOW) == 105
        assert all("pageSize" not in c.params for c in calls)


@pytest.fixture
def old_pending_manifest(documented: FakeMetrc) -> FakeMetrc:
    """The grower's outgoing list with one more manifest: created, due and last modified in
    August 2025 and never received."""
    answers, writes = load_fixtures(), load_writes(FIXTURES)
    found = next(
        a
        for a in answers
        if a.fixture == "transfers_outgoing" and a.query.get("licenseNumber") == GROWER
    )
    record = copy.deepcopy(found.response["Data"][0])
    record.update(
        Id=9901,
        DeliveryId=9901,
        ManifestNumber=OLD_MANIFEST,
        DeliveryCount=1,
        IsVoided=False,
        CreatedDateTime="2025-08-01T09:00:00+00:00",
        EstimatedDepartureDateTime="2025-08-01T10:00:00.000",
        EstimatedArrivalDateTime="2025-08-02T10:00:00.000",
        ActualDepartureDateTime=None,
        ActualArrivalDateTime=None,
        ReceivedDateTime=None,
        ReceivedPackageCount=0,
        DeliveryReceivedPackageCount=0,
        LastModified="2025-08-01T09:00:00+00:00",
    )
    data = [*found.response["Data"], record]
    response = {**found.response, "Data": data, "Total": len(data), "TotalRecords": len(data)}
    answers[answers.index(found)] = dataclasses.replace(found, response=response)
    documented.script = lambda call: answer(answers, call, writes)
    return documented


async def test_a_manifest_pending_since_long_ago_is_still_found(
    metrc: MetrcAccess, old_pending_manifest: FakeMetrc
) -> None:
    result = await attention.needs_attention(FacilityData(metrc, GROWER, AS_OF))

    (late,) = [f for f in result.findings if f.check == "overdue_manifests"]
    assert OLD_MANIFEST in late.message
    sent = [c for c in old_pending_manifest.calls if c.path == "/transfers/v2/outgoing"]
    assert sent and all(c.params.get("pageSize") == "20" for c in sent)
    assert all("lastModifiedStart" not in c.params for c in sent)
