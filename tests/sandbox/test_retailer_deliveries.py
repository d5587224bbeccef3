"""Retailer deliveries: stock loaded onto a dispensary's vehicle, sold from it, brought back.

Bodies in Metrc's documented shapes (thunkier/ThunkMetrc specs/generated/bruno/Sales:
CreateSalesDeliveriesRetailer, CreateDeliveriesRetailerDepart, CreateDeliveriesRetailerRestock,
CreateDeliveriesRetailerEnd, DeleteDeliveryRetailerById; the sale from the SDK's
SalesCreateSaleDeliveriesRetailerRequest model).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.sandbox.conftest import CULTIVATOR, DISPENSARY, sandbox
from tests.sandbox.test_state_changes import TODAY, jar, package, write
from trichome.config import Settings

pytestmark = pytest.mark.anyio
BASE = "/sales/v2/deliveries/retailer"
FIXTURE = (
    Path(__file__).parents[1] / "metrc/fixtures/sales_deliveries/record_retailer_delivery.json"
)


def trip(label: str, grams: float) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(FIXTURE.read_text())["request"]
    body["DateTime"] = f"{TODAY}T10:10:19"
    body["EstimatedDepartureDateTime"] = f"{TODAY}T11:00:00"
    body["Packages"] = [
        {"PackageLabel": label, "Quantity": grams, "UnitOfMeasure": "Grams", "TotalPrice": 90.0}
    ]
    return body


def sale(trip_id: int, label: str, grams: float) -> dict[str, Any]:
    return {
        "RetailerDeliveryId": trip_id,
        "SalesDateTime": f"{TODAY}T12:30:00",
        "SalesCustomerType": "Consumer",
        "ConsumerId": "456DEF",
        "RecipientAddressStreet1": "1 Someplace Road",
        "Transactions": [
            {
                "PackageLabel": label,
                "Quantity": grams,
                "UnitOfMeasure": "Grams",
                "TotalAmount": 30.0,
            }
        ],
    }


async def quantity(client: httpx.AsyncClient, label: str) -> float:
    found = await package(client, DISPENSARY, label)
    assert found.status_code == 200, found.text
    return float(found.json()["Quantity"])


async def one(client: httpx.AsyncClient, trip_id: int, licence: str = DISPENSARY) -> httpx.Response:
    return await client.get(f"{BASE}/{trip_id}", params={"licenseNumber": licence})


async def test_a_trip_loads_sells_and_ends_with_what_came_back(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        shelf = await jar(client, 10)
        label, before = shelf["Label"], float(shelf["Quantity"])
        loaded = await write(client, "POST", BASE, DISPENSARY, [trip(label, 6)])
        assert loaded.status_code == 200, loaded.text
        trip_id = loaded.json()["Ids"][0]
        on_truck = await quantity(client, label)
        early_sale = await write(
            client, "POST", f"{BASE}/sale", DISPENSARY, [sale(trip_id, label, 1)]
        )
        departed = await write(
            client, "POST", f"{BASE}/depart", DISPENSARY, [{"RetailerDeliveryId": trip_id}]
        )
        oversold = await write(
            client, "POST", f"{BASE}/sale", DISPENSARY, [sale(trip_id, label, 7)]
        )
        sold = await write(client, "POST", f"{BASE}/sale", DISPENSARY, [sale(trip_id, label, 2)])
        other = await one(client, trip_id, CULTIVATOR)
        too_much_back = await write(client, "POST", f"{BASE}/end", DISPENSARY, [{
            "RetailerDeliveryId": trip_id, "ActualArrivalDateTime": f"{TODAY}T13:00:00",
            "Packages": [{"Label": label, "EndQuantity": 5, "EndUnitOfMeasure": "Grams"}],
        }])  # fmt: skip
        voided_late = await client.delete(f"{BASE}/{trip_id}", params={"licenseNumber": DISPENSARY})
        ended = await write(client, "POST", f"{BASE}/end", DISPENSARY, [{
            "RetailerDeliveryId": trip_id, "ActualArrivalDateTime": f"{TODAY}T13:00:00",
            "Packages": [{"Label": label, "EndQuantity": 4, "EndUnitOfMeasure": "Grams"}],
        }])  # fmt: skip
        after = await quantity(client, label)
        record = (await one(client, trip_id)).json()
        inactive = await client.get(f"{BASE}/inactive", params={"licenseNumber": DISPENSARY})
    assert on_truck == pytest.approx(before - 6)
    assert early_sale.status_code == 400 and "not departed" in early_sale.text
    assert departed.status_code == 200
    assert oversold.status_code == 400 and "carries only 6" in oversold.text
    assert sold.status_code == 200 and sold.json()["Ids"] == [trip_id]
    assert other.status_code in (401, 403, 404)
    assert too_much_back.status_code == 400
    assert voided_late.status_code == 400
    assert ended.status_code == 200, ended.text
    # 2 g were sold from the vehicle; the 4 g left came back to the shelf.
    assert after == pytest.approx(before - 2)
    assert record["RetailerDeliveryState"] == "Completed"
    assert record["TotalPriceSold"] == 30.0
    destination = record["Destinations"][0]
    assert destination["ConsumerId"] == "456DEF"
    assert destination["Transactions"][0]["PackageLabel"] == label
    assert destination["Transactions"][0]["QuantitySold"] == 2
    assert trip_id in {row["Id"] for row in inactive.json()["Data"]}


async def test_loading_is_checked_and_a_void_before_departure_unloads(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        shelf = await jar(client, 10)
        label, before = shelf["Label"], float(shelf["Quantity"])
        too_much = await write(client, "POST", BASE, DISPENSARY, [trip(label, before + 1)])
        twice = await write(
            client, "POST", BASE, DISPENSARY, [trip(label, before * 0.6), trip(label, before * 0.6)]
        )
        eleven = await write(client, "POST", BASE, DISPENSARY, [trip(label, 0.1)] * 11)
        elsewhere = await write(client, "POST", BASE, CULTIVATOR, [trip(label, 1)])
        loaded = await write(client, "POST", BASE, DISPENSARY, [trip(label, 3)])
        trip_id = loaded.json()["Ids"][0]
        changed = await write(client, "PUT", BASE, DISPENSARY, [{**trip(label, 5), "Id": trip_id}])
        after_change = await quantity(client, label)
        active = await client.get(f"{BASE}/active", params={"licenseNumber": DISPENSARY})
        voided = await client.delete(f"{BASE}/{trip_id}", params={"licenseNumber": DISPENSARY})
        after_void = await quantity(client, label)
        departed = await write(
            client, "POST", f"{BASE}/depart", DISPENSARY, [{"RetailerDeliveryId": trip_id}]
        )
        record = (await one(client, trip_id)).json()
    assert too_much.status_code == 400 and "holds only" in too_much.text
    assert twice.status_code == 400
    assert eleven.status_code == 413
    assert elsewhere.status_code in (400, 401, 403)
    assert changed.status_code == 200, changed.text
    assert after_change == pytest.approx(before - 5)
    listed = next(row for row in active.json()["Data"] if row["Id"] == trip_id)
    assert listed["Packages"][0]["Quantity"] == 5 and listed["RetailerDeliveryState"] == "Loaded"
    assert voided.status_code == 200
    assert after_void == pytest.approx(before)
    assert departed.status_code == 400
    assert record["RetailerDeliveryState"] == "Voided" and record["VoidedDate"]


async def test_a_restock_takes_a_package_off_and_loads_more(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        shelf = await jar(client, 10)
        label, before = shelf["Label"], float(shelf["Quantity"])
        trip_id = (await write(client, "POST", BASE, DISPENSARY, [trip(label, 4)])).json()["Ids"][0]
        await write(client, "POST", f"{BASE}/depart", DISPENSARY, [{"RetailerDeliveryId": trip_id}])
        await write(client, "POST", f"{BASE}/sale", DISPENSARY, [sale(trip_id, label, 1)])
        removed = await write(client, "POST", f"{BASE}/restock", DISPENSARY, [{
            "RetailerDeliveryId": trip_id, "DateTime": f"{TODAY}T14:00:00",
            "Packages": [{"PackageLabel": label, "Quantity": 3, "UnitOfMeasure": "Grams",
                          "TotalPrice": 0, "RemoveCurrentPackage": True}],
        }])  # fmt: skip
        after_removal = await quantity(client, label)
        reloaded = await write(client, "POST", f"{BASE}/restock", DISPENSARY, [{
            "RetailerDeliveryId": trip_id, "DateTime": f"{TODAY}T14:30:00",
            "Packages": [{"PackageLabel": label, "Quantity": 2, "UnitOfMeasure": "Grams",
                          "TotalPrice": 20.0, "RemoveCurrentPackage": False}],
        }])  # fmt: skip
        record = (await one(client, trip_id)).json()
        after_reload = await quantity(client, label)
        uncounted = await write(client, "POST", f"{BASE}/end", DISPENSARY, [{
            "RetailerDeliveryId": trip_id, "ActualArrivalDateTime": f"{TODAY}T16:00:00",
            "Packages": [],
        }])  # fmt: skip
    assert removed.status_code == 200, removed.text
    assert after_removal == pytest.approx(before - 1)
    assert reloaded.status_code == 200, reloaded.text
    assert after_reload == pytest.approx(before - 3)
    assert [line["Quantity"] for line in record["Packages"]] == [2]
    assert record["RestockDateTime"]
    assert uncounted.status_code == 400 and "missing" in uncounted.text


async def test_a_sold_out_trip_ends_with_nothing_to_count(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        shelf = await jar(client, 10)
        label, before = shelf["Label"], float(shelf["Quantity"])
        trip_id = (await write(client, "POST", BASE, DISPENSARY, [trip(label, 2)])).json()["Ids"][0]
        await write(client, "POST", f"{BASE}/depart", DISPENSARY, [{"RetailerDeliveryId": trip_id}])
        await write(client, "POST", f"{BASE}/sale", DISPENSARY, [sale(trip_id, label, 2)])
        ended = await write(client, "POST", f"{BASE}/end", DISPENSARY, [{
            "RetailerDeliveryId": trip_id, "ActualArrivalDateTime": f"{TODAY}T13:00:00",
            "Packages": [],
        }])  # fmt: skip
        after = await quantity(client, label)
    assert ended.status_code == 200, ended.text
    assert after == pytest.approx(before - 2)
