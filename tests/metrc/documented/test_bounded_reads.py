"""The skills read inactive records only as far back as the period asked about, in 24-hour
last-modified windows, on fixtures in Metrc's documented shapes.

GET /packages/v2/inactive, /harvests/v2/inactive and /plants/v2/inactive take lastModifiedStart
and lastModifiedEnd (bruno Packages/GetInactivePackages, Harvests/GetInactiveHarvests,
Plants/GetInactivePlants); GET /packages/v2/adjustments, /plants/v2/waste and
/plantbatches/v2/waste take no date (bruno Packages/GetAdjustments, Plants/GetPlantsWaste,
PlantBatches/GetPlantBatchesWaste), so they are paged whole.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from datetime import UTC, date, datetime, time, timedelta
from itertools import pairwise
from typing import Any

import pytest

from tests.metrc.documented.conftest import AS_OF, FIXTURES, GROWER, answer, load_fixtures
from tests.metrc.documented.writes import load_writes
from tests.metrc.fake_metrc import Call, FakeMetrc
from trichome.metrc.skills import compliance, waste
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.skills.windows import ZONE_MARGIN
from trichome.metrc.tools import MetrcAccess

pytestmark = pytest.mark.anyio

BOUNDED = ("/packages/v2/inactive", "/harvests/v2/inactive", "/plants/v2/inactive")
UNDATED = ("/packages/v2/adjustments", "/plants/v2/waste", "/plantbatches/v2/waste")
LONG_AGO = "1A4FF0400000029000000901"  # finished in 2025 with stock left
LATELY = "1A4FF0400000029000000902"  # finished this month with stock left


def _finished(template: dict[str, Any], label: str, day: date, quantity: float) -> dict[str, Any]:
    record = copy.deepcopy(template)
    record.update(
        Id=int(label[-4:]),
        Label=label,
        Quantity=quantity,
        FinishedDate=day.isoformat(),
        LastModified=f"{day.isoformat()}T18:00:00+00:00",
        ItemFromFacilityLicenseNumber=GROWER,
    )
    return record


@pytest.fixture
def finished_at_the_grower(documented: FakeMetrc) -> FakeMetrc:
    """The grower with two finished packages that still hold stock: one finished (and last
    modified) in September 2025, one on 5 June 2026, in the documented inactive shape."""
    answers, writes = load_fixtures(), load_writes(FIXTURES)
    foothills = next(a for a in answers if a.fixture == "packages_inactive" and a.response["Data"])
    template = foothills.response["Data"][0]
    grower = [
        a
        for a in answers
        if a.fixture == "packages_inactive" and a.query.get("licenseNumber") == GROWER
    ]
    data = [
        _finished(template, LONG_AGO, date(2025, 9, 1), 12.5),
        _finished(template, LATELY, date(2026, 6, 5), 3.0),
    ]
    for found in grower:
        response = {**found.response, "Data": data, "Total": 2, "TotalRecords": 2}
        answers[answers.index(found)] = dataclasses.replace(found, response=response)
    documented.script = lambda call: answer(answers, call, writes)
    return documented


def windows(calls: list[Call], path: str) -> list[tuple[datetime, datetime]]:
    """The last-modified windows of the requests to one list, in order."""
    found = []
    for call in calls:
        if call.path.rstrip("/") == path:
            found.append(
                (
                    datetime.fromisoformat(call.params["lastModifiedStart"].replace("Z", "+00:00")),
                    datetime.fromisoformat(call.params["lastModifiedEnd"].replace("Z", "+00:00")),
                )
            )
    return sorted(found)


def assert_walks(spans: list[tuple[datetime, datetime]], since: date, today: date) -> None:
    """The windows are at most 24 hours, follow each other, and cover since..today only."""
    assert spans[0][0] == datetime.combine(since, time(0), UTC) - ZONE_MARGIN
    assert spans[-1][1] == datetime.combine(today + timedelta(days=1), time(0), UTC) + ZONE_MARGIN
    assert all(timedelta(0) < end - start <= timedelta(hours=24) for start, end in spans)
    assert all(following == end for (_, end), (following, _) in pairwise(spans))


async def test_a_month_s_checks_read_the_month_s_finished_packages_only(
    metrc: MetrcAccess, finished_at_the_grower: FakeMetrc
) -> None:
    since = AS_OF - timedelta(days=30)
    result = await compliance.compliance_check(FacilityData(metrc, GROWER, AS_OF))

    flagged = [f for f in result.findings if f.check == "finished_packages_empty"]
    assert [f.packages for f in flagged] == [[LATELY]]
    spans = windows(finished_at_the_grower.calls, "/packages/v2/inactive")
    assert_walks(spans, since, AS_OF)
    # 31 days and a 14-hour margin at each end: 33 windows of at most a day.
    assert len(spans) == 33
    for path in ("/harvests/v2/inactive", "/plants/v2/inactive"):
        assert windows(finished_at_the_grower.calls, path) == spans


async def test_the_older_package_is_read_when_the_period_reaches_it(
    metrc: MetrcAccess, finished_at_the_grower: FakeMetrc
) -> None:
    result = await compliance.compliance_check(
        FacilityData(metrc, GROWER, AS_OF), lookback_days=300
    )

    flagged = {label for f in result.findings for label in f.packages}
    assert {LONG_AGO, LATELY} <= flagged


async def test_current_only_skills_read_no_inactive_list(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    data = FacilityData(metrc, GROWER, AS_OF)
    packages = await data.packages(inactive_since=None)
    plants = await data.plants(inactive_since=None)

    assert packages.on_hand and plants.growing()
    assert not {c.path.rstrip("/") for c in documented.calls} & set(BOUNDED)


async def test_a_year_s_waste_report_walks_the_year_a_day_at_a_time(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    start = AS_OF - timedelta(days=364)
    result = await waste.waste_report(FacilityData(metrc, GROWER, AS_OF), start=start, end=AS_OF)

    assert result.counts  # the report ran on the documented records
    per_list = Counter(c.path.rstrip("/") for c in documented.calls)
    for path in ("/harvests/v2/inactive", "/plants/v2/inactive"):
        assert_walks(windows(documented.calls, path), start, AS_OF)
        # 365 days and the two margins: 367 requests a list (one page each here).
        assert per_list[path] == 367
    # Metrc gives these no date filter: one paged read each, no window.
    for path in ("/packages/v2/adjustments", "/plants/v2/waste"):
        sent = [c for c in documented.calls if c.path.rstrip("/") == path]
        assert sent and all("lastModifiedStart" not in c.params for c in sent)
        assert all(c.params.get("pageSize") == "20" for c in sent)
