"""strain_performance on the seeded year, against harvests, packages, manifests and lab results."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import strain_performance

pytestmark = pytest.mark.anyio

START = AS_OF - timedelta(days=89)  # the default range: 90 days ending AS_OF
FLOWER_THC = "THC (%) Raw Plant Material"
FAILED_FIRST = ("TestFailed", "RetestFailed", "Remediated", "Decontaminated", "RetestPassed")


def outcome(state: str) -> str | None:
    return "passed" if state == "TestPassed" else "failed" if state in FAILED_FIRST else None


def strain(package: Any) -> str | None:
    return package.data["Item"].get("StrainName")


def first_tests(year: Year, license: str, *, shipments: bool) -> dict[str, Counter[str]]:
    """First lab outcomes by strain: of packages packaged in the range that the licence still
    holds, and (with shipments) of those it shipped away in the range, as their manifest says."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    own = year.of("package", license)
    for package in own:
        packaged = day(package.data["PackagedDate"])
        result = outcome(package.data["LabTestingState"])
        if START <= packaged <= AS_OF and not package.data["IsTestingSample"] and result:
            found[str(strain(package))][result] += 1
    if shipments:
        items = {item.name: item.data["StrainName"] for item in year.of("item", license)}
        seen = {package.label for package in own}
        for transfer in year.transfers(shipper=license):
            left = day(transfer.data["EstimatedDepartureDateTime"])
            if "Sample" in transfer.data["ShipmentTypeName"] or not START <= left <= AS_OF:
                continue
            for row in year.delivery_of(transfer).data["_Packages"]:
                result = outcome(row["LabTestingState"])
                if row["PackageLabel"] not in seen and items.get(row["ItemName"]) and result:
                    found[items[row["ItemName"]]][result] += 1
    return found


def thc_levels(year: Year, license: str, test: str) -> dict[str, set[float]]:
    """The THC levels each strain's tested packages in the range show on one test."""
    tested = {
        p.id: str(strain(p))
        for p in year.of("package", license)
        if START <= day(p.data["PackagedDate"]) <= AS_OF
        and strain(p)
        and outcome(p.data["LabTestingState"])
        and not p.data["IsTestingSample"]
    }
    levels: dict[str, set[float]] = defaultdict(set)
    for result in year.by_kind["labresult"]:
        if result.data["PackageId"] in tested and result.data["TestTypeName"] == test:
            levels[tested[result.data["PackageId"]]].add(result.data["TestResultLevel"])
    return levels


async def test_the_grower_s_strains_on_harvests_lab_passes_and_potency(
    run: Run, year: Year
) -> None:
    result = await run(strain_performance, license_number=CULTIVATOR)

    rows = result["details"]["strains"]
    lab = first_tests(year, CULTIVATOR, shipments=True)
    assert {name: row["packages_tested"] for name, row in rows.items()} == {
        name: sum(c.values()) for name, c in lab.items()
    }
    assert {name: row["passed_first_test"] for name, row in rows.items()} == {
        name: c["passed"] for name, c in lab.items()
    }
    cake = rows["Wedding Cake"]
    assert cake["pass_rate"] == pytest.approx(lab["Wedding Cake"]["passed"] / 88, abs=1e-3)
    assert lab["Wedding Cake"]["failed"] == 42
    low = [f for f in result["findings"] if f["check"] == "low_pass_rate"]
    assert len(low) == 1 and low[0]["severity"] == "medium"
    assert low[0]["message"].startswith("Wedding Cake: 52% of 88 packages passed")

    grown = Counter(
        h.data["SourceStrainNames"]
        for h in year.of("harvest", CULTIVATOR)
        if START <= day(h.data["HarvestStartDate"]) <= AS_OF
    )
    assert {name: row["harvests"] for name, row in rows.items() if row["harvests"]} == grown

    flower = thc_levels(year, CULTIVATOR, FLOWER_THC)
    assert all(len(levels) == 1 for levels in flower.values())
    assert {name: row["thc_pct"] for name, row in rows.items()} == {
        name: levels.pop() for name, levels in flower.items()
    }
    assert "highest THC Gorilla Glue #4 (27.35% in Raw Plant Material)" in result["summary"]
    assert result["counts"]["packages_tested"] == 609 and result["counts"]["revenue"] == 0


async def test_the_pass_rate_floor_and_shipments_are_parameters(run: Run, year: Year) -> None:
    lenient = await run(strain_performance, license_number=CULTIVATOR, min_pass_rate=0.5)
    own = await run(strain_performance, license_number=CULTIVATOR, include_shipments=False)

    assert not any(f["check"] == "low_pass_rate" for f in lenient["findings"])
    held = first_tests(year, CULTIVATOR, shipments=False)
    assert own["counts"]["packages_tested"] == sum(sum(c.values()) for c in held.values())
    assert own["counts"]["packages_tested"] < lenient["counts"]["packages_tested"]
    assert own["details"]["strains"]["Wedding Cake"]["packages_tested"] == sum(
        held["Wedding Cake"].values()
    )


async def test_the_store_ranks_potency_on_flower_not_concentrate(run: Run, year: Year) -> None:
    result = await run(strain_performance, license_number=DISPENSARY)

    rows = result["details"]["strains"]
    flower = thc_levels(year, DISPENSARY, FLOWER_THC)
    concentrate = thc_levels(year, DISPENSARY, "THC (%) Concentrate")
    # The store had no Wedding Cake flower in the range, only concentrate (about 80 % THC).
    assert "Wedding Cake" not in flower and max(concentrate["Wedding Cake"]) > 80
    assert rows["Wedding Cake"]["thc_test"] == "THC (%) Concentrate"
    assert rows["Gorilla Glue #4"]["thc_test"] == FLOWER_THC
    strongest = max(flower, key=lambda name: max(flower[name]))
    level = max(flower[strongest])
    assert f"highest THC {strongest} ({level:g}% in Raw Plant Material)" in result["summary"]

    sold: dict[str, float] = defaultdict(float)
    for _, line in year.lines(year.receipts(DISPENSARY, START, AS_OF)):
        if line["ItemStrainName"]:  # gummies have no strain
            sold[line["ItemStrainName"]] += line["TotalPrice"]
    assert {name: row["sales"]["revenue"] for name, row in rows.items()} == pytest.approx(
        dict(sold), abs=0.01
    )
    assert result["counts"]["revenue"] == pytest.approx(sum(sold.values()), abs=0.01)


async def test_an_inverted_range_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="range is inverted"):
        await run(
            strain_performance,
            license_number=CULTIVATOR,
            start=date(2026, 11, 1),
            end=date(2026, 10, 1),
        )
