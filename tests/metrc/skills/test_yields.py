"""yield_analysis on the seeded year, against the cultivator's harvest records."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import yield_analysis

pytestmark = pytest.mark.anyio


def harvests(year: Year, start: date, end: date) -> list[Any]:
    found = [
        h for h in year.of("harvest", CULTIVATOR) if start <= day(h.data["HarvestStartDate"]) <= end
    ]
    assert {h.data["UnitOfWeightName"] for h in found} == {"Grams"}
    return found


def packaged(found: list[Any]) -> list[Any]:
    return [h for h in found if h.data["PackageCount"] > 0]


def ratio(harvest: Any) -> float:
    return float(harvest.data["TotalPackagedWeight"] / harvest.data["TotalWetWeight"])


def per_plant(found: list[Any]) -> float:
    return sum(h.data["TotalPackagedWeight"] for h in found) / sum(
        h.data["PlantCount"] for h in found
    )


def flagged(result: dict[str, Any], check: str) -> set[str]:
    found = next((f for f in result["findings"] if f["check"] == check), None)
    return set(found["harvests"]) if found else set()


async def test_half_a_year_of_harvests_in_total_and_by_strain(run: Run, year: Year) -> None:
    result = await run(yield_analysis, license_number=CULTIVATOR)

    start = AS_OF - timedelta(days=179)
    found = harvests(year, start, AS_OF)
    done = packaged(found)
    counts = result["counts"]
    assert result["parameters"]["start"] == start.isoformat()
    assert counts["harvests"] == len(found) == 26
    assert counts["packaged_harvests"] == len(done) == 24
    assert counts["plants"] == sum(h.data["PlantCount"] for h in found)
    assert counts["wet_g"] == pytest.approx(sum(h.data["TotalWetWeight"] for h in found), abs=1)
    assert counts["waste_g"] == pytest.approx(sum(h.data["TotalWasteWeight"] for h in found), abs=1)
    assert counts["packaged_g"] == pytest.approx(
        sum(h.data["TotalPackagedWeight"] for h in found), abs=1
    )
    wet_done = sum(h.data["TotalWetWeight"] for h in done)
    packaged_done = sum(h.data["TotalPackagedWeight"] for h in done)
    assert counts["yield_ratio"] == pytest.approx(packaged_done / wet_done, abs=1e-4)
    assert counts["packaged_g_per_plant"] == pytest.approx(per_plant(done), abs=0.1)

    by_strain: dict[str, list[Any]] = defaultdict(list)
    for harvest in found:
        by_strain[harvest.data["SourceStrainNames"]].append(harvest)
    assert set(result["details"]["by_strain"]) == set(by_strain)
    og = result["details"]["by_strain"]["OG Kush"]
    assert og["harvests"] == len(by_strain["OG Kush"]) == 3
    assert og["packaged_harvests"] == len(packaged(by_strain["OG Kush"])) == 2
    assert og["packaged_g_per_plant"] == pytest.approx(
        per_plant(packaged(by_strain["OG Kush"])), abs=0.1
    )
    best = max(by_strain, key=lambda name: per_plant(packaged(by_strain[name])))
    assert f"best strain {best} (" in result["summary"]

    row = next(r for r in result["details"]["harvests"] if r["harvest"] == "JH-20261120")
    assert row["packaged"] is False and row["yield_ratio"] is None  # still drying
    # The default thresholds find nothing wrong with this year.
    assert result["findings"] == []


async def test_the_low_yield_and_outlier_thresholds_are_parameters(run: Run, year: Year) -> None:
    result = await run(
        yield_analysis, license_number=CULTIVATOR, low_yield_ratio=0.21, outlier_share=0.95
    )

    done = packaged(harvests(year, AS_OF - timedelta(days=179), AS_OF))
    low = {h.name for h in done if ratio(h) < 0.21}
    assert 0 < len(low) < len(done)
    assert flagged(result, "low_yield") == low
    by_strain: dict[str, list[Any]] = defaultdict(list)
    for harvest in done:
        by_strain[harvest.data["SourceStrainNames"]].append(harvest)
    weak = {
        h.name
        for h in done
        if h.data["TotalPackagedWeight"] / h.data["PlantCount"]
        < 0.95 * per_plant(by_strain[h.data["SourceStrainNames"]])
    }
    assert weak and flagged(result, "weak_harvest") == weak
    assert {f["severity"] for f in result["findings"]} == {"low"}


async def test_a_short_range_takes_only_its_harvests(run: Run, year: Year) -> None:
    start, end = date(2026, 10, 1), date(2026, 10, 31)
    result = await run(yield_analysis, license_number=CULTIVATOR, start=start, end=end)
    found = harvests(year, start, end)
    assert [r["harvest"] for r in result["details"]["harvests"]] == sorted(
        (h.name for h in found), key=lambda name: name.split("-")[1]
    )
    assert list(result["details"]["by_month"]) == ["2026-10"]


async def test_a_store_or_an_inverted_range_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match=f"Licence {DISPENSARY} \\(Retail Store\\) does not grow"):
        await run(yield_analysis, license_number=DISPENSARY)
    with pytest.raises(ToolProblem, match="range is inverted"):
        await run(
            yield_analysis,
            license_number=CULTIVATOR,
            start=date(2026, 11, 1),
            end=date(2026, 10, 1),
        )
