"""purchase_limit_check: sales weighed from their lines and held against the state's caps.

The rule's figures are checked against the knowledge-pack facts they cite; the weighing on
receipt lines in Metrc's documented transaction shape; the whole skill on the seeded year,
against amounts worked out from the store's own records."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import GRAMS, Year
from tests.support.sandbox import CULTIVATOR, DISPENSARY
from trichome.knowledge.packs import load_packs
from trichome.metrc.skills.purchases import Basket, limit_for, state_limits
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.compliance import purchase_limit_check
from trichome.tracking.metrc import mapping

WEEK = (date(2026, 11, 14), date(2026, 11, 20))
OUNCE = 28.349523125


def line(category: str, quantity: float, unit: str = "Grams", **item: Any) -> dict[str, Any]:
    """A receipt line in the documented transaction shape (the fields the weighing reads)."""
    return {
        "PackageId": 1,
        "PackageLabel": f"1A4FF03000000290000{len(category):05d}",
        "ProductName": category,
        "ProductCategoryName": category,
        "QuantitySold": quantity,
        "UnitOfMeasureName": unit,
        "TotalPrice": 10.0,
        "ItemUnitWeight": item.get("weight"),
        "ItemUnitWeightUnitOfMeasureName": "Grams" if item.get("weight") else None,
        "ItemUnitThcContent": item.get("thc"),
        "ItemUnitThcContentUnitOfMeasureName": "Milligrams" if item.get("thc") else None,
    }


def basket(*lines: dict[str, Any]) -> Basket:
    receipt = mapping.receipt(
        {
            "Id": 7,
            "ReceiptNumber": "0000000007",
            "SalesDateTime": "2026-06-14T14:05:00.000",
            "SalesCustomerType": "Consumer",
            "Transactions": list(lines),
        }
    )
    return Basket.of(receipt)


def test_every_state_s_figures_are_the_ones_its_cited_fact_gives() -> None:
    facts = {fact.id: fact for pack in load_packs() for fact in pack.facts}
    for code, limit in state_limits().items():
        fact = facts[limit.fact]
        assert fact.jurisdiction == code and fact.topic == "purchase-limits"
        assert fact.status == "current" and fact.value is not None and fact.unit
        headline = limit.total_grams or limit.caps["flower"]
        per = OUNCE if fact.unit.startswith("ounce") else 1.0
        assert headline == pytest.approx(fact.value * per), code
        stated = f"{fact.title} {fact.unit} {fact.text}"
        concentrate = f"{limit.caps['concentrate']:g}"
        if code != "MO":  # Missouri's concentrate figure is its MME equivalent of 3 oz
            assert f"{concentrate} g" in stated or f"{concentrate} grams" in stated, code
        assert limit.window in ("transaction", "day") and limit.not_checked


def test_colorado_counts_equivalents_against_one_ounce() -> None:
    colorado = limit_for("co")
    # 20 g of flower is 71% of an ounce, 4 g of concentrate half of 8 g: 120% in all.
    over = basket(line("Buds", 20), line("Concentrate", 4))
    assert over.breaches(colorado) == ["121% of the limit once its equivalents are added up"]
    # Half an ounce and 400 mg of gummies (4 packs of 100 mg) is exactly the limit.
    exact = basket(line("Buds", OUNCE / 2), line("Infused Edible", 4, "Each", thc=100.0))
    assert exact.amounts["infused"] == 400.0 and exact.breaches(colorado) == []
    # Nine 100 mg packs are 900 mg of THC, over the 800 mg equivalent.
    assert basket(line("Infused Edible", 9, "Each", thc=100.0)).breaches(colorado)
    # Topicals and immature plants are not weighed.
    free = basket(
        line("Infused Non-Edible", 5, "Each", thc=500.0), line("Immature Plants", 6, "Each")
    )
    assert free.amounts == {"flower": 0.0, "concentrate": 0.0, "infused": 0.0}
    assert free.unmeasured == []


def test_separate_caps_and_a_total_in_michigan() -> None:
    michigan = limit_for("MI")
    # Vape carts weigh what their item declares: 4 x 0.5 g.
    carts = basket(line("Vape Cartridge", 4, "Each", weight=0.5))
    assert carts.amounts["concentrate"] == 2.0 and carts.breaches(michigan) == []
    found = basket(line("Buds", 2, "Ounces"), line("Concentrate", 16)).breaches(michigan)
    assert found == [
        "16.0 g concentrate, over 15.0 g",
        "72.699 g of flower and concentrate together, over 70.874 g",
    ]


def test_lines_that_cannot_be_weighed_are_set_apart() -> None:
    # A pre-roll whose item declares no weight, an edible with no THC, an unknown category.
    found = basket(
        line("Pre-Roll Flower", 3, "Each"),
        line("Infused Edible", 2, "Each"),
        line("Merchandise", 1, "Each"),
        line("Buds", 3.5),
    )
    assert len(found.unmeasured) == 3 and found.amounts["flower"] == 3.5


def test_a_counted_line_takes_its_item_s_unit_weight_when_the_receipt_has_none() -> None:
    receipt = basket(line("Pre-Roll Flower", 3, "Each"), line("Buds", 3.5)).receipt
    by_item = Basket.of(receipt, {"Pre-Roll Flower": 1.0})
    on_line = Basket.of(
        basket(line("Pre-Roll Flower", 3, "Each", weight=0.5)).receipt, {"Pre-Roll Flower": 1.0}
    )
    assert by_item.unmeasured == [] and by_item.amounts["flower"] == 6.5
    assert on_line.amounts["flower"] == 1.5  # the receipt's own figure comes first


def test_a_state_without_recorded_caps_is_a_clear_problem() -> None:
    with pytest.raises(ToolProblem, match=r"No per-sale caps are recorded for 'NY'.*CO"):
        limit_for("NY")


def weighed(year: Year, receipt: Any) -> dict[str, float]:
    """A seeded receipt's flower and concentrate grams, from its packages' items."""
    amounts = {"flower": 0.0, "concentrate": 0.0, "infused": 0.0}
    for row in receipt.data["Transactions"]:
        item = year.packages_by_label[row["PackageLabel"]].data["Item"]
        category, quantity = item["ProductCategoryName"], row["QuantitySold"]
        if row["UnitOfMeasureName"] == "Each":
            if category == "Infused Edible":
                amounts["infused"] += quantity * item["UnitThcContent"]
                continue
            grams = quantity * item["UnitWeight"]
        else:
            grams = quantity * GRAMS[row["UnitOfMeasureName"]]
        kind = "concentrate" if category in ("Concentrate", "Vape Cartridge") else "flower"
        amounts[kind] += grams
    return amounts


@pytest.mark.anyio
async def test_the_store_s_week_against_colorado_s_caps(run: Run, year: Year) -> None:
    start, end = WEEK
    result = await run(
        purchase_limit_check, license_number=DISPENSARY, state="CO", start=start, end=end
    )

    receipts = year.receipts(DISPENSARY, start, end)
    adult = [r for r in receipts if r.data["SalesCustomerType"] == "Consumer"]
    assert result["counts"]["sales_checked"] == len(adult) > 0
    assert result["counts"]["patient_sales_left_out"] == len(receipts) - len(adult)
    assert result["counts"]["lines_unmeasured"] == 0  # every seeded item declares its unit
    expected_over = set()
    for receipt in adult:
        amounts = weighed(year, receipt)
        share = amounts["flower"] / OUNCE + amounts["concentrate"] / 8 + amounts["infused"] / 800
        if share > 1 + 1e-6:
            expected_over.add(receipt.data["ReceiptNumber"])
    assert {row["receipt"] for row in result["details"]["over_limit"]} == expected_over
    rule = result["details"]["rule"]
    assert rule["fact"] == "co-retail-sale-one-ounce" and rule["sources"]
    assert rule["caps"] == {"flower": 28.35, "concentrate": 8.0, "infused": 800.0}


@pytest.mark.anyio
async def test_a_grower_has_no_sales_to_check(run: Run) -> None:
    with pytest.raises(ToolProblem, match="does not sell to consumers"):
        await run(purchase_limit_check, license_number=CULTIVATOR, state="CO")
