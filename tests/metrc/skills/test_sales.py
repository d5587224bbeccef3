"""sales_analysis on the seeded year, against the store's receipts (short ranges: receipts
are read a day at a time)."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import sales_analysis

pytestmark = pytest.mark.anyio

WEEK = (date(2026, 11, 14), date(2026, 11, 20))  # Saturday to Friday
MONDAY = date(2026, 11, 16)


def revenue(receipts: list[Any]) -> float:
    return sum(r.data["TotalPrice"] for r in receipts)


async def test_a_week_of_sales_by_category_product_and_day(run: Run, year: Year) -> None:
    start, end = WEEK
    result = await run(sales_analysis, license_number=DISPENSARY, start=start, end=end, top_n=3)

    kept = year.receipts(DISPENSARY, start, end)
    voided = year.receipts(DISPENSARY, start, end, voided=True)
    lines = year.lines(kept)
    counts = result["counts"]
    assert counts["receipts"] == len(kept) and counts["lines"] == len(lines)
    assert counts["revenue"] == pytest.approx(revenue(kept), abs=0.01)
    assert counts["average_basket"] == pytest.approx(revenue(kept) / len(kept), abs=0.01)
    assert counts["voided_receipts"] == len(voided) == 5
    assert counts["finalized_receipts"] == 0
    assert counts["voided_value"] == pytest.approx(revenue(voided), abs=0.01)
    assert counts["void_rate_pct"] == pytest.approx(
        100 * len(voided) / (len(kept) + len(voided)), abs=0.01
    )
    units: dict[str, float] = defaultdict(float)
    for _, line in lines:
        units[line["UnitOfMeasureName"]] += line["QuantitySold"]
    assert counts["units_grams"] == pytest.approx(units["Grams"], abs=0.001)
    assert counts["units_each"] == units["Each"]

    category: dict[str, float] = defaultdict(float)
    product: dict[str, float] = defaultdict(float)
    for _, line in lines:
        category[line["ProductCategoryName"]] += line["TotalPrice"]
        product[line["ProductName"]] += line["TotalPrice"]
    rows = {row["name"]: row["revenue"] for row in result["details"]["by_category"]}
    assert rows == pytest.approx(dict(category), abs=0.01)
    top = sorted(product, key=lambda name: -product[name])[:3]
    assert [row["name"] for row in result["details"]["top_products"]] == top

    daily = result["details"]["daily"]
    assert daily[MONDAY.isoformat()]["receipts"] == len(year.receipts(DISPENSARY, MONDAY, MONDAY))
    saturday = result["details"]["by_weekday"]["Saturday"]
    assert saturday["days"] == 1 and saturday["receipts"] == len(
        year.receipts(DISPENSARY, start, start)
    )
    assert Counter(r.data["SalesCustomerType"] for r in kept) == Counter(
        result["details"]["customer_types"]
    )

    before = year.receipts(DISPENSARY, start - timedelta(days=7), start - timedelta(days=1))
    change = (revenue(kept) - revenue(before)) / revenue(before) * 100
    assert result["details"]["previous_period"]["receipts"] == len(before)
    assert counts["revenue_change_pct"] == pytest.approx(change, abs=0.05)
    assert f"from {len(kept)} receipts" in result["summary"]
    assert "busiest on Saturdays" in result["summary"]


async def test_finalized_receipts_are_sales_and_archived_ones_voids(run: Run, year: Year) -> None:
    # In August the till finalized each day's receipts at closing: inactive in Metrc.
    start, end = date(2026, 8, 10), date(2026, 8, 16)
    result = await run(sales_analysis, license_number=DISPENSARY, start=start, end=end)

    kept = year.receipts(DISPENSARY, start, end)
    voided = year.receipts(DISPENSARY, start, end, voided=True)
    finalized = [r for r in kept if r.state == "inactive" and r.data["IsFinal"]]
    counts = result["counts"]
    assert counts["receipts"] == len(kept) == len(finalized) > 500
    assert counts["finalized_receipts"] == len(finalized)
    assert counts["revenue"] == pytest.approx(revenue(kept), abs=0.01)
    assert counts["voided_receipts"] == len(voided)
    assert all(not r.data["IsFinal"] for r in voided)


async def test_the_drop_alert_threshold_decides_the_finding(run: Run, year: Year) -> None:
    sunday = MONDAY - timedelta(days=1)
    fall = 100 * (
        1
        - revenue(year.receipts(DISPENSARY, MONDAY, MONDAY))
        / revenue(year.receipts(DISPENSARY, sunday, sunday))
    )
    assert 20 < fall < 50
    default = await run(sales_analysis, license_number=DISPENSARY, start=MONDAY, end=MONDAY)
    lenient = await run(
        sales_analysis, license_number=DISPENSARY, start=MONDAY, end=MONDAY, drop_alert_pct=50
    )
    drop = next(f for f in default["findings"] if f["check"] == "revenue_drop")
    assert drop["severity"] == "medium"
    assert drop["message"].startswith(f"Revenue fell {round(fall, 1):g}% against the previous 1")
    assert not any(f["check"] == "revenue_drop" for f in lenient["findings"])
    assert lenient["counts"]["revenue_change_pct"] == pytest.approx(-fall, abs=0.05)


async def test_the_default_range_is_the_30_days_before_as_of(run: Run, year: Year) -> None:
    result = await run(sales_analysis, license_number=DISPENSARY, compare_previous=False)
    start, end = AS_OF - timedelta(days=30), AS_OF - timedelta(days=1)
    assert (result["parameters"]["start"], result["parameters"]["end"]) == (
        start.isoformat(),
        end.isoformat(),
    )
    kept = year.receipts(DISPENSARY, start, end)
    assert result["counts"]["receipts"] == len(kept)
    assert result["counts"]["revenue"] == pytest.approx(revenue(kept), abs=0.01)
    assert result["counts"]["days_without_sales"] == 0
    assert "previous_period" not in result["details"]


async def test_days_without_sales_claim_no_busiest_day(run: Run, year: Year) -> None:
    start = date(2025, 1, 6)  # before the seeded year
    assert not year.receipts(DISPENSARY, start, start + timedelta(days=1))
    result = await run(
        sales_analysis, license_number=DISPENSARY, start=start, end=start + timedelta(days=1)
    )
    assert result["counts"]["receipts"] == 0 and result["counts"]["days_without_sales"] == 2
    assert "busiest" not in result["summary"]
    closed = next(f for f in result["findings"] if f["check"] == "days_without_sales")
    assert closed["severity"] == "info" and "2025-01-06, 2025-01-07" in closed["message"]


async def test_a_grower_or_an_inverted_range_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="does not sell to consumers"):
        await run(sales_analysis, license_number=CULTIVATOR, start=MONDAY, end=MONDAY)
    with pytest.raises(ToolProblem, match="range is inverted"):
        await run(sales_analysis, license_number=DISPENSARY, start=MONDAY, end=date(2026, 11, 1))
