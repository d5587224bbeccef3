"""Sales tools against the seeded sandbox: receipts by sale day, one receipt, sales and fixes."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY, NOWHERE, all_pages
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import MetrcAccess, ToolProblem, packages, using
from trichome.metrc.tools import sales as tools

pytestmark = pytest.mark.anyio
Record = dict[str, Any]


async def sold_on(
    metrc: MetrcAccess, first: date, last: date, inactive: bool = False
) -> list[Record]:
    """The receipts sold on the local days first..last, read with three days' margin."""
    read = metrc.client.sales_receipts_inactive if inactive else metrc.client.sales_receipts_active
    start = datetime.combine(first - timedelta(days=3), datetime.min.time(), UTC)
    end = datetime.combine(last + timedelta(days=3), datetime.min.time(), UTC)
    receipts = await read(DISPENSARY, last_modified_start=start, last_modified_end=end)
    return [r for r in receipts if first.isoformat() <= r["SalesDateTime"][:10] <= last.isoformat()]


async def test_the_last_week_of_receipts_by_default(reader: MetrcAccess) -> None:
    week = await sold_on(reader, date(2026, 11, 15), date(2026, 11, 21))
    with using(reader):
        result = await tools.list_active_sales_receipts(DISPENSARY, page_size=10)
    assert (result["from_date"], result["to_date"]) == ("2026-11-15", "2026-11-21")
    assert result["total"] == len(week) > 500
    assert result["total_sales"] == pytest.approx(sum(r["TotalPrice"] for r in week))
    assert result["by_customer_type"] == {"Consumer": len(week)}
    times = [r["SalesDateTime"] for r in result["items"]]
    assert times == sorted(times, reverse=True) and times[0][:10] == "2026-11-20"
    line = result["items"][0]["Lines"][0]
    assert {"PackageLabel", "Item", "Quantity", "Unit", "Price"} <= set(line)


async def test_receipts_of_a_day_filtered_by_what_they_sold(reader: MetrcAccess) -> None:
    day = date(2026, 11, 19)
    receipts = await sold_on(reader, day, day)
    label = receipts[0]["Transactions"][0]["PackageLabel"]
    with using(reader):
        whole_day = await all_pages(
            tools.list_active_sales_receipts, DISPENSARY, from_date=day, to_date=day
        )
        gummies = await tools.list_active_sales_receipts(
            DISPENSARY, from_date=day, to_date=day, item_contains="gummies"
        )
        one_jar = await all_pages(
            tools.list_active_sales_receipts,
            DISPENSARY,
            from_date=day,
            to_date=day,
            package_label=label,
        )
        patients = await tools.list_active_sales_receipts(
            DISPENSARY, from_date=day, to_date=day, customer_type="Patient"
        )
    assert len(whole_day) == len(receipts)
    assert {r["SalesDateTime"][:10] for r in whole_day} == {"2026-11-19"}
    with_gummies = [
        r for r in receipts if any("Gummies" in t["ProductName"] for t in r["Transactions"])
    ]
    assert gummies["total"] == len(with_gummies) > 0
    assert len(one_jar) == sum(
        any(t["PackageLabel"] == label for t in r["Transactions"]) for r in receipts
    )
    assert all(label in {line["PackageLabel"] for line in r["Lines"]} for r in one_jar)
    assert patients["total"] == 0 and patients["total_sales"] == 0


async def test_sale_days_that_cannot_work_are_explained(reader: MetrcAccess) -> None:
    with using(reader):
        with pytest.raises(ToolProblem, match="swap them"):
            await tools.list_active_sales_receipts(
                DISPENSARY, from_date=date(2026, 11, 10), to_date=date(2026, 11, 1)
            )
        with pytest.raises(ToolProblem, match="a month at a time"):
            await tools.list_inactive_sales_receipts(DISPENSARY, from_date=date(2026, 1, 1))
        # GET /sales/v2/customertypes takes no licence in Metrc's documentation (bruno
        # Sales/GetCustomerTypes): any keys read the state's list.
        assert "Consumer" in (await tools.list_customer_types(CULTIVATOR))["items"]


async def test_voided_receipts_one_receipt_and_customer_types(reader: MetrcAccess) -> None:
    first, last = date(2026, 11, 1), date(2026, 11, 21)
    voided = await sold_on(reader, first, last, inactive=True)
    with using(reader):
        result = await tools.list_inactive_sales_receipts(DISPENSARY, from_date=first)
        receipt = (await tools.get_sales_receipt(DISPENSARY, voided[0]["Id"]))["receipt"]
        with pytest.raises(ToolProblem, match="No sales receipt with Id 999999"):
            await tools.get_sales_receipt(DISPENSARY, 999999)
        types = await tools.list_customer_types(DISPENSARY)
    assert result["total"] == len(voided) > 0
    assert all(r["ArchivedDate"] for r in result["items"])
    assert receipt["Id"] == voided[0]["Id"] and receipt["ArchivedDate"]
    assert len(receipt["Lines"]) == len(voided[0]["Transactions"])
    assert types["items"] == [
        "Consumer", "Patient", "Caregiver", "ExternalPatient", "NonResidentConsumer",
    ]  # fmt: skip


async def test_a_sale_takes_quantity_and_a_correction_gives_it_back(writer: MetrcAccess) -> None:
    jars = [
        p
        for p in await writer.client.packages_active(DISPENSARY)
        if p["Item"]["ProductCategoryName"] == "Buds" and p["Quantity"] > 20
    ][:2]
    line = tools.SaleLine(
        package_label=jars[0]["Label"], quantity=3.5, unit_of_measure="Grams", total_amount=35
    )
    other = tools.SaleLine(
        package_label=jars[1]["Label"], quantity=7, unit_of_measure="Grams", total_amount=60
    )
    sold_at = datetime(2026, 11, 21, 14, 30)
    with using(writer):
        with pytest.raises(ToolProblem, match="needs the patient's licence"):
            await tools.create_sales_receipt(DISPENSARY, sold_at, "Patient", [line])
        with pytest.raises(ToolProblem, match=NOWHERE):
            await tools.create_sales_receipt(
                DISPENSARY,
                sold_at,
                "Consumer",
                [line.model_copy(update={"package_label": NOWHERE})],
            )
        made = await tools.create_sales_receipt(
            DISPENSARY, sold_at, "Consumer", [line, other], external_receipt_number="POS-77"
        )
        receipt_id = made["ids"][0]
        receipt = (await tools.get_sales_receipt(DISPENSARY, receipt_id))["receipt"]
        sold = (await packages.get_package(DISPENSARY, jars[0]["Label"]))["package"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_sales_receipt(DISPENSARY, receipt_id)
        fixed = await tools.update_sales_receipt(
            DISPENSARY, receipt_id, lines=[line.model_copy(update={"quantity": 1.0})]
        )
        moved = await tools.update_sales_receipt(
            DISPENSARY, receipt_id, sales_date_time=datetime(2026, 11, 21, 15, 0)
        )
        after = (await tools.get_sales_receipt(DISPENSARY, receipt_id))["receipt"]
        first_jar = (await packages.get_package(DISPENSARY, jars[0]["Label"]))["package"]
        second_jar = (await packages.get_package(DISPENSARY, jars[1]["Label"]))["package"]
    assert made["message"] == "Recorded a Consumer sale of 2 lines totalling 95.00."
    assert (receipt["ReceiptNumber"], receipt["TotalPrice"]) == ("POS-77", 95)
    assert receipt["SalesDateTime"].startswith("2026-11-21T14:30:00")
    assert sold["Quantity"] == pytest.approx(jars[0]["Quantity"] - 3.5)
    # UpdateReceipts answers no body (bruno Sales/UpdateReceipts), so no Ids.
    assert fixed["ids"] == moved["ids"] == []
    assert after["SalesDateTime"].startswith("2026-11-21T15:00:00")
    assert [(r["PackageLabel"], r["Quantity"]) for r in after["Lines"]] == [(jars[0]["Label"], 1)]
    assert first_jar["Quantity"] == pytest.approx(jars[0]["Quantity"] - 1)
    assert second_jar["Quantity"] == pytest.approx(jars[1]["Quantity"])


async def test_only_tested_packages_at_a_selling_licence_are_sold(writer: MetrcAccess) -> None:
    grown = await writer.client.packages_active(CULTIVATOR)
    untested = next(p for p in grown if p["LabTestingState"] == "SubmittedForTesting")
    tested = next(p for p in grown if p["LabTestingState"] == "TestPassed")
    sold_at = datetime(2026, 11, 21, 11, 0)

    def line(package: Record) -> tools.SaleLine:
        return tools.SaleLine(
            package_label=package["Label"],
            quantity=1,
            unit_of_measure=package["UnitOfMeasureName"],
            total_amount=10,
        )

    with using(writer):
        with pytest.raises(ToolProblem, match=r"cleared by testing.*SubmittedForTesting"):
            await tools.create_sales_receipt(CULTIVATOR, sold_at, "Consumer", [line(untested)])
        with pytest.raises(MetrcAuthError, match="CanSellToConsumers"):
            await tools.create_sales_receipt(CULTIVATOR, sold_at, "Consumer", [line(tested)])
