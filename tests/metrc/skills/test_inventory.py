"""inventory_snapshot on the seeded year: today's stock and a past day's, from the records."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import GRAMS, Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import inventory_snapshot

pytestmark = pytest.mark.anyio


def totals(held: list[tuple[Any, float]]) -> dict[str, float]:
    summed: dict[str, float] = defaultdict(float)
    for package, amount in held:
        summed[package.data["UnitOfMeasureName"]] += amount
    return summed


def grams(held: list[tuple[Any, float]]) -> float:
    return sum(amount * GRAMS.get(p.data["UnitOfMeasureName"], 0.0) for p, amount in held)


async def test_the_cultivator_s_stock_today_by_category_and_state(run: Run, year: Year) -> None:
    result = await run(inventory_snapshot, license_number=CULTIVATOR)

    held = [(p, p.data["Quantity"]) for p in year.on_hand(CULTIVATOR) if p.data["Quantity"] > 1e-9]
    counts = result["counts"]
    assert counts["packages"] == len(held) == 140
    assert counts["items"] == len({p.data["Item"]["Name"] for p, _ in held})
    assert counts["weight_grams"] == pytest.approx(grams(held), abs=0.01)
    assert counts["quantity_each"] == totals(held)["Each"]
    assert counts["on_hold"] == len(year.of("package", CULTIVATOR, "onhold")) == 42
    assert counts["in_transit"] == len(year.of("package", CULTIVATOR, "intransit")) == 16
    assert result["details"]["mode"] == "current"

    categories = Counter(p.data["Item"]["ProductCategoryName"] for p, _ in held)
    by_category = {g["name"]: g["packages"] for g in result["details"]["by_category"]}
    assert by_category == dict(categories)
    states = Counter(p.data["LabTestingState"] for p, _ in held)
    assert {g["name"]: g["packages"] for g in result["details"]["by_lab_state"]} == dict(states)
    vault = [(p, q) for p, q in held if p.data["LocationName"] == "Vault"]
    row = next(g for g in result["details"]["by_location"] if g["name"] == "Vault")
    assert row["packages"] == len(vault)
    assert row["quantity"]["Grams"] == pytest.approx(totals(vault)["Grams"], abs=0.001)

    hold = next(f for f in result["findings"] if f["check"] == "on_hold")
    assert hold["severity"] == "info"
    assert set(hold["packages"]) == {p.label for p in year.of("package", CULTIVATOR, "onhold")}
    assert set(result["details"]["in_transit"]["packages"]) == {
        p.label for p in year.of("package", CULTIVATOR, "intransit")
    }


async def test_the_store_s_empty_packages_are_a_finding(run: Run, year: Year) -> None:
    result = await run(inventory_snapshot, license_number=DISPENSARY, top_items=3)

    empty = {p.label for p in year.on_hand(DISPENSARY) if p.data["Quantity"] <= 1e-9}
    zero = next(f for f in result["findings"] if f["check"] == "zero_quantity_active")
    assert zero["severity"] == "low" and set(zero["packages"]) == empty
    assert result["counts"]["empty_packages"] == len(empty) == 13

    # top_items cuts each grouping to the largest groups.
    held = [p for p in year.on_hand(DISPENSARY) if p.data["Quantity"] > 1e-9]
    by_item = Counter(p.data["Item"]["Name"] for p in held)
    largest = sorted(by_item.items(), key=lambda entry: (-entry[1], entry[0]))[:3]
    assert [(g["name"], g["packages"]) for g in result["details"]["by_item"]] == largest
    assert len(result["details"]["by_location"]) <= 3
    assert result["parameters"] == {"top_items": 3}


async def test_a_past_day_is_rebuilt_from_later_sales_and_adjustments(run: Run, year: Year) -> None:
    then = AS_OF - timedelta(days=3)
    result = await run(inventory_snapshot, license_number=DISPENSARY, as_of=then)

    change: dict[str, float] = defaultdict(float)
    for adjustment in year.of("packageadjustment", DISPENSARY):
        if day(adjustment.data["AdjustmentDate"]) > then:
            change[adjustment.data["PackageLabel"]] += adjustment.data["AdjustmentQuantity"]
    for _, line in year.lines(year.receipts(DISPENSARY, then + timedelta(days=1), AS_OF)):
        change[line["PackageLabel"]] -= line["QuantitySold"]

    def came(package: Any) -> date:
        return day(package.data["ReceivedDateTime"]) or day(package.data["PackagedDate"])

    held = [
        (p, p.data["Quantity"] - change[p.label])
        for p in year.of("package", DISPENSARY)
        if came(p) <= then and not ((f := day(p.data["FinishedDate"])) and f <= then)
    ]
    stocked = [(p, amount) for p, amount in held if amount > 1e-9]
    assert len(stocked) != len(year.stock(DISPENSARY))
    counts = result["counts"]
    assert counts["packages"] == len(stocked) == 57
    assert counts["quantity_grams"] == pytest.approx(totals(stocked)["Grams"], abs=0.01)
    assert counts["quantity_each"] == pytest.approx(totals(stocked)["Each"])
    assert counts["empty_packages"] == len(held) - len(stocked)
    assert result["details"]["mode"] == "reconstructed"
    assert result["details"]["not_itemised"]["manifests"] == 0  # the store ships nothing
    assert [f["check"] for f in result["findings"]] == ["reconstructed"]
    assert result["summary"].startswith(f"{DISPENSARY} at the end of {then} (reconstructed)")


async def test_a_day_before_anything_came_in_holds_nothing(run: Run, year: Year) -> None:
    then = AS_OF - timedelta(days=366)  # the furthest back it goes, before the seeded year
    assert all(
        (day(p.data["ReceivedDateTime"]) or day(p.data["PackagedDate"])) > then
        for p in year.of("package", CULTIVATOR)
    )
    result = await run(inventory_snapshot, license_number=CULTIVATOR, as_of=then)
    assert result["counts"]["packages"] == 0
    assert "by category: none;" in result["summary"]


async def test_more_than_a_year_back_or_an_unknown_licence_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(ToolProblem, match="367 days ago, and at most 366 days back"):
        await run(inventory_snapshot, license_number=DISPENSARY, as_of=AS_OF - timedelta(days=367))
    with pytest.raises(ToolProblem, match="do not reach licence"):
        await run(inventory_snapshot, license_number="SF-SBX-CO-99-8002")
