"""compliance_check on the seeded year, against facts read from the year's records."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, LAB
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.compliance import compliance_check

pytestmark = pytest.mark.anyio

PASSED = ("TestPassed", "RetestPassed")
GROWING_RULES = {"waste_records_complete", "destroyed_plants_have_waste", "stale_harvests"}
SALES_RULES = {
    "no_sale_of_untested_product",
    "no_sale_of_expired_product",
    "no_sale_after_lab_expiry",
}


def statuses(result: dict[str, Any]) -> dict[str, str]:
    return {row["check"]: row["status"] for row in result["details"]["checks"]}


def finding(result: dict[str, Any], check: str) -> dict[str, Any] | None:
    return next((f for f in result["findings"] if f["check"] == check), None)


def product_expiry(package: Any) -> date | None:
    dates = [day(package.data[k]) for k in ("ExpirationDate", "UseByDate", "SellByDate")]
    return min((d for d in dates if d), default=None)


def overdue(year: Year, **direction: str) -> list[str]:
    return [
        t.data["ManifestNumber"]
        for t in year.transfers(**direction)
        if t.state == "pending" and day(t.data["EstimatedArrivalDateTime"]) < AS_OF
    ]


def stale(year: Year, days: int) -> set[str]:
    return {
        h.name
        for h in year.of("harvest", CULTIVATOR)
        if not h.data["FinishedDate"] and (AS_OF - day(h.data["HarvestStartDate"])).days > days
    }


async def test_the_store_fails_on_expired_stock_and_the_late_van_and_sold_nothing_wrong(
    run: Run, year: Year
) -> None:
    result = await run(compliance_check, license_number=DISPENSARY)

    expired = {
        p.label
        for p in year.stock(DISPENSARY)
        if (e := product_expiry(p)) and e < AS_OF and not p.data["IsOnHold"]
    }
    assert len(expired) == 3
    found = finding(result, "expired_product_on_hand")
    assert found is not None and found["severity"] == "high"
    assert set(found["packages"]) == expired
    late = finding(result, "overdue_manifests")
    assert late is not None and late["transfers"] == overdue(year, recipient=DISPENSARY)

    # The sales of the last 30 days, checked line by line against the packages sold.
    untested, expired_sales, lab_lapsed, lines = set(), set(), set(), 0
    for receipt, line in year.lines(year.receipts(DISPENSARY, AS_OF - timedelta(days=30), AS_OF)):
        sold = day(receipt.data["SalesDateTime"])
        package = year.packages_by_label[line["PackageLabel"]]
        lines += 1
        tested = day(package.data["LabTestingPerformedDate"])
        if package.data["LabTestingState"] not in PASSED or (tested and sold < tested):
            untested.add(package.label)
        if (ends := product_expiry(package)) and sold > ends:
            expired_sales.add(package.label)
        if (lab := day(package.data["LabTestResultExpirationDateTime"])) and sold > lab:
            lab_lapsed.add(package.label)
    assert lines > 4000 and not (untested or expired_sales or lab_lapsed)

    status = statuses(result)
    assert {name for name, s in status.items() if s == "fail"} == {
        "expired_product_on_hand",
        "overdue_manifests",
    }
    assert {name for name, s in status.items() if s == "not_applicable"} == GROWING_RULES
    assert all(status[name] == "pass" for name in SALES_RULES)
    assert result["counts"] == {
        "checks": 16,
        "passed": 11,
        "failed": 2,
        "not_applicable": 3,
        "expired_product_on_hand": 3,
        "overdue_manifests": 1,
    }
    assert result["summary"].startswith(f"{DISPENSARY} on {AS_OF}: 11 of 13 applicable checks")


async def test_the_cultivator_fails_on_stale_harvests_and_its_overdue_manifest(
    run: Run, year: Year
) -> None:
    result = await run(compliance_check, license_number=CULTIVATOR)

    status = statuses(result)
    assert {name for name, s in status.items() if s == "not_applicable"} == SALES_RULES
    assert {name for name, s in status.items() if s == "fail"} == {
        "stale_harvests",
        "overdue_manifests",
    }
    harvests = finding(result, "stale_harvests")
    assert harvests is not None and harvests["severity"] == "medium"
    assert set(harvests["harvests"]) == stale(year, 30) and len(stale(year, 30)) == 3
    left = sum(
        h.data["CurrentWeight"] for h in year.of("harvest", CULTIVATOR) if h.name in stale(year, 30)
    )
    assert f"{left:,.1f} Grams" in harvests["message"]
    van = finding(result, "overdue_manifests")
    assert van is not None and van["transfers"] == overdue(year, shipper=CULTIVATOR)
    # Every failed lot is on hold, so that rule holds.
    assert any(p.data["LabTestingState"] == "TestFailed" for p in year.stock(CULTIVATOR))
    assert status["failed_product_on_hold"] == "pass"


async def test_the_thresholds_change_what_fails(run: Run, year: Year) -> None:
    tags = year.of("tag", CULTIVATOR, "available")
    plant = sum(1 for t in tags if t.name == "plant")
    package = len(tags) - plant
    lenient = await run(compliance_check, license_number=CULTIVATOR, stale_harvest_days=200)
    strict = await run(compliance_check, license_number=CULTIVATOR, min_tags=plant + 1)

    harvests = finding(lenient, "stale_harvests")
    assert harvests is not None and set(harvests["harvests"]) == stale(year, 200)
    assert 0 < len(stale(year, 200)) < len(stale(year, 30))
    assert finding(lenient, "low_tags") is None
    low = finding(strict, "low_tags")
    assert low is not None and low["severity"] == "medium"
    assert low["message"].startswith(f"Only {plant} plant tags, {package} package tags left")


async def test_empty_packages_get_a_grace_period(run: Run, year: Year) -> None:
    def empty_for(days: int) -> set[str]:
        return {
            p.label
            for p in year.on_hand(DISPENSARY)
            if p.data["Quantity"] <= 1e-9 and (AS_OF - p.last_modified.date()).days >= days
        }

    default = await run(compliance_check, license_number=DISPENSARY)
    short = await run(compliance_check, license_number=DISPENSARY, finish_empty_within_days=3)
    assert empty_for(7) == set() and statuses(default)["empty_packages_unfinished"] == "pass"
    found = finding(short, "empty_packages_unfinished")
    assert found is not None and found["severity"] == "low"
    assert set(found["packages"]) == empty_for(3)
    assert 0 < len(empty_for(3)) < len(empty_for(0))


async def test_a_lab_has_no_sales_or_plants_to_check(run: Run) -> None:
    result = await run(compliance_check, license_number=LAB)
    assert {n for n, s in statuses(result).items() if s == "not_applicable"} == (
        SALES_RULES | GROWING_RULES
    )
    assert result["findings"] == [] and result["summary"].endswith("none fail.")


async def test_a_licence_the_keys_do_not_reach_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="do not reach licence SF-SBX-CO-99-8002"):
        await run(compliance_check, license_number="SF-SBX-CO-99-8002")
