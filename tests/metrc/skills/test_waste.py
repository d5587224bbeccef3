"""waste_report on the seeded year, against plant, batch, harvest and package waste records."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import GRAMS, Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import waste_report

pytestmark = pytest.mark.anyio

APRIL = (date(2026, 4, 1), date(2026, 4, 30))  # the grower destroyed two failed lots


def within(records: list[Any], field: str, start: date, end: date) -> list[Any]:
    return [r for r in records if start <= day(r.data[field]) <= end]


def grams(records: list[Any], unit_field: str) -> float:
    return sum(r.data["WasteWeight"] * GRAMS[r.data[unit_field]] for r in records)


def grower_waste(year: Year, start: date, end: date) -> dict[str, float]:
    """Grams of waste by source, from the grower's waste records in the range."""
    plants = within(year.of("plantwaste", CULTIVATOR), "WasteDate", start, end)
    batches = within(year.of("plantbatchwaste", CULTIVATOR), "WasteDate", start, end)
    harvests = within(year.of("harvestwaste", CULTIVATOR), "ActualDate", start, end)
    return {
        "plant": grams(plants, "WasteUnitOfMeasureName"),
        "plant_batch": grams(batches, "WasteUnitOfMeasureName"),
        "harvest": grams(harvests, "UnitOfWeightName"),
    }


async def test_the_grower_s_last_90_days_of_waste_by_source(run: Run, year: Year) -> None:
    result = await run(waste_report, license_number=CULTIVATOR)

    start = AS_OF - timedelta(days=89)
    by_source = grower_waste(year, start, AS_OF)
    counts = result["counts"]
    for source, total in by_source.items():
        assert counts[f"{source}_kilograms"] == pytest.approx(total / 1000, abs=0.001)
    assert counts["total_kilograms"] == pytest.approx(sum(by_source.values()) / 1000, abs=0.001)
    records = (
        within(year.of("plantwaste", CULTIVATOR), "WasteDate", start, AS_OF)
        + within(year.of("plantbatchwaste", CULTIVATOR), "WasteDate", start, AS_OF)
        + within(year.of("harvestwaste", CULTIVATOR), "ActualDate", start, AS_OF)
    )
    assert counts["records"] == len(records) == 47
    destroyed = [
        p
        for p in year.of("plant", CULTIVATOR, "inactive")
        if p.data["DestroyedDate"] and start <= day(p.data["DestroyedDate"]) <= AS_OF
    ]
    assert counts["plants_destroyed"] == len(destroyed) == 17
    assert counts["packages_wasted"] == 0

    reasons: dict[str, float] = defaultdict(float)
    for record in records:
        unit = record.data.get("WasteUnitOfMeasureName") or record.data["UnitOfWeightName"]
        reason = record.data.get("WasteReasonName") or record.data["WasteTypeName"]
        reasons[reason] += record.data["WasteWeight"] * GRAMS[unit] / 1000
    assert result["details"]["by_reason"] == pytest.approx(dict(reasons), abs=0.001)
    # Every destroyed plant is on a waste record, and every waste record is complete.
    assert result["findings"] == []


async def test_the_unit_and_range_are_parameters(run: Run, year: Year) -> None:
    start, end = APRIL
    result = await run(waste_report, license_number=CULTIVATOR, start=start, end=end, unit="Grams")

    wasted = [
        a
        for a in within(year.of("packageadjustment", CULTIVATOR), "AdjustmentDate", start, end)
        if a.data["AdjustmentReasonName"] == "Waste"
    ]
    # Pre-rolls are counted in units; their item weighs 1 g each.
    package_grams = -sum(a.data["AdjustmentQuantity"] for a in wasted)
    by_source = grower_waste(year, start, end) | {"package": package_grams}
    counts = result["counts"]
    assert counts["package_grams"] == pytest.approx(package_grams, abs=0.01)
    assert counts["total_grams"] == pytest.approx(sum(by_source.values()), abs=0.01)
    assert counts["packages_wasted"] == len({a.data["PackageLabel"] for a in wasted}) == 74
    assert set(result["details"]["packages_wasted"]) == {a.data["PackageLabel"] for a in wasted}
    assert list(result["details"]["by_month"]) == ["2026-04"]
    assert result["details"]["unit"] == "Grams" and "total_kilograms" not in counts
    assert f"{counts['total_grams']:,.2f} grams of waste" in result["summary"]


async def test_the_store_reports_theft_apart_and_unweighed_spoilage(run: Run, year: Year) -> None:
    start, end = date(2026, 6, 1), date(2026, 6, 30)
    result = await run(waste_report, license_number=DISPENSARY, start=start, end=end)

    adjustments = within(year.of("packageadjustment", DISPENSARY), "AdjustmentDate", start, end)
    by_reason: dict[str, float] = defaultdict(float)
    for adjustment in adjustments:
        by_reason[adjustment.data["AdjustmentReasonName"]] -= adjustment.data["AdjustmentQuantity"]
    assert by_reason["Theft"] == 1 and by_reason["Spoilage"] == 1
    theft = next(f for f in result["findings"] if f["check"] == "theft")
    assert theft["severity"] == "info" and "1 Each" in theft["message"]
    assert result["details"]["other_losses"]["Theft"] == {"Each": by_reason["Theft"]}
    # The store sees no items, so a spoiled pre-roll has no weight: it is counted in units.
    assert result["details"]["unweighed_units_by_reason"] == {"Spoilage": by_reason["Spoilage"]}
    assert result["counts"]["total_kilograms"] == 0 and result["counts"]["packages_wasted"] == 1


async def test_an_inverted_range_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(
        ToolProblem, match="range is inverted: start 2026-04-30 is after end 2026-04-01"
    ):
        await run(waste_report, license_number=CULTIVATOR, start=APRIL[1], end=APRIL[0])
