"""Writes that Metrc documents as answering no body (an empty 200) answer none in the
sandbox either, and still take effect: UpdateStrains, UpdateItems, UpdatePackagesLocation,
FinishPackages, UnfinishPackages and UpdateReceipts (the "Example Response: No response" of
github.com/thunkier/ThunkMetrc specs/generated/bruno/{Strains,Items,Packages,Sales}/*.bru).
The rows follow those documented requests, with the sandbox's records in place."""

from __future__ import annotations

import pytest

from tests.support.sandbox import CULTIVATOR, DISPENSARY, sandbox_client
from trichome.config import Settings

pytestmark = pytest.mark.anyio
TODAY = "2026-11-21"
NOTHING = {"Ids": [], "Warnings": None}


async def test_catalogue_updates_answer_no_body(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        strain = (await client.strains_active(CULTIVATOR))[0]
        item = next(
            i for i in await client.items_active(CULTIVATOR) if i["UnitOfMeasureName"] == "Grams"
        )
        renamed = await client.update_strains(
            CULTIVATOR,
            [{"Id": strain["Id"], "Name": "Spring Hill Kush", "TestingStatus": "InHouse",
              "ThcLevel": 0.1865, "CbdLevel": 0.1075, "IndicaPercentage": 25.0,
              "SativaPercentage": 75.0}],
        )  # fmt: skip
        changed = await client.update_items(
            CULTIVATOR,
            [{"Id": item["Id"], "Name": "Buds Item", "ItemCategory": item["ProductCategoryName"],
              "UnitOfMeasure": "Grams", "Strain": "Spring Hill Kush"}],
        )  # fmt: skip
        strain_after = await client.strain(CULTIVATOR, strain["Id"])
        item_after = await client.item(CULTIVATOR, item["Id"])
    assert renamed == changed == NOTHING
    assert strain_after["Name"] == "Spring Hill Kush"
    assert (item_after["Name"], item_after["StrainName"]) == ("Buds Item", "Spring Hill Kush")


async def test_package_moves_finishes_and_sales_edits_answer_no_body(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        shelf = [
            p for p in await client.packages_active(DISPENSARY)
            if p["UnitOfMeasureName"] == "Grams" and p["Quantity"] >= 5
            and p["LabTestingState"] == "TestPassed"
        ]  # fmt: skip
        target, other = shelf[0], shelf[1]
        room = next(
            loc["Name"] for loc in await client.locations_active(DISPENSARY)
            if loc["ForPackages"] and loc["Name"] != target["LocationName"]
        )  # fmt: skip
        moved = await client.move_packages(
            DISPENSARY, [{"Label": target["Label"], "Location": room, "MoveDate": TODAY}]
        )
        sold = await client.create_sales_receipts(
            DISPENSARY,
            [{"SalesDateTime": f"{TODAY}T16:47:24.000", "SalesCustomerType": "Consumer",
              "Transactions": [{"PackageLabel": other["Label"], "Quantity": 1.0,
                                "UnitOfMeasure": "Grams", "TotalAmount": 9.98}]}],
        )  # fmt: skip
        (receipt_id,) = sold["Ids"]
        edited = await client.update_sales_receipts(
            DISPENSARY,
            [{"Id": receipt_id, "SalesDateTime": f"{TODAY}T16:47:24.000",
              "ExternalReceiptNumber": "ABC-123", "SalesCustomerType": "Consumer",
              "Transactions": [{"PackageLabel": other["Label"], "Quantity": 2.0,
                                "UnitOfMeasure": "Grams", "TotalAmount": 9.99}]}],
        )  # fmt: skip
        receipt = await client.sales_receipt(DISPENSARY, receipt_id)
        await client.adjust_packages(
            DISPENSARY,
            [{"Label": target["Label"], "Quantity": -target["Quantity"], "UnitOfMeasure": "Grams",
              "AdjustmentReason": "Entry Error", "AdjustmentDate": TODAY,
              "ReasonNote": "Counted twice"}],
        )  # fmt: skip
        finished = await client.finish_packages(
            DISPENSARY, [{"Label": target["Label"], "ActualDate": TODAY}]
        )
        closed = await client.package(DISPENSARY, label=target["Label"])
        reopened = await client.unfinish_packages(DISPENSARY, [target["Label"]])
        back = await client.package(DISPENSARY, label=target["Label"])
    assert moved == edited == finished == reopened == NOTHING
    assert sold["Ids"]  # CreateReceipts answers {Ids, Warnings}
    assert receipt["ExternalReceiptNumber"] == "ABC-123"
    assert [t["QuantitySold"] for t in receipt["Transactions"]] == [2.0]
    assert closed["LocationName"] == room and closed["IsFinished"] is True
    assert back["IsFinished"] is False
