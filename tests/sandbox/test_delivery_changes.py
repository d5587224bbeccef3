"""A sales delivery changed before it arrives: rewritten until it leaves, its transporter
changed by a hub, the recipient's identification checked with the payment type.

Bodies in Metrc's documented shapes (thunkier/ThunkMetrc specs/generated/bruno/Sales:
UpdateDeliveries, UpdateDeliveriesHub, UpdateDeliveriesHubVerifyID); the fixtures are in
tests/metrc/fixtures/sales_deliveries.
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
BASE = "/sales/v2/deliveries"
FIXTURES = Path(__file__).parents[1] / "metrc/fixtures/sales_deliveries"


def documented(name: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())["request"]
    return body


def delivery(label: str, grams: float) -> dict[str, Any]:
    body = documented("update_delivery")
    del body["Id"]
    body.update(
        TransporterFacilityLicenseNumber=DISPENSARY,
        SalesDateTime=f"{TODAY}T10:10:19",
        EstimatedDepartureDateTime=f"{TODAY}T11:00:00",
        EstimatedArrivalDateTime=f"{TODAY}T13:00:00",
    )
    body["Transactions"] = [
        {"PackageLabel": label, "Quantity": grams, "UnitOfMeasure": "Grams", "TotalAmount": 30.0}
    ]
    return body


async def quantity(client: httpx.AsyncClient, label: str) -> float:
    found = await package(client, DISPENSARY, label)
    assert found.status_code == 200, found.text
    return float(found.json()["Quantity"])


async def one(client: httpx.AsyncClient, delivery_id: int) -> dict[str, Any]:
    found = await client.get(f"{BASE}/{delivery_id}", params={"licenseNumber": DISPENSARY})
    assert found.status_code == 200, found.text
    record: dict[str, Any] = found.json()
    return record


async def test_a_delivery_is_rewritten_until_it_leaves(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        shelf = await jar(client, 10)
        label, before = shelf["Label"], float(shelf["Quantity"])
        recorded = await write(client, "POST", BASE, DISPENSARY, [delivery(label, 2)])
        assert recorded.status_code == 200, recorded.text
        delivery_id = recorded.json()["Ids"][0]
        changed = await write(
            client, "PUT", BASE, DISPENSARY, [{**delivery(label, 5), "Id": delivery_id}]
        )
        after_change = await quantity(client, label)
        record = await one(client, delivery_id)
        too_much = await write(
            client, "PUT", BASE, DISPENSARY, [{**delivery(label, before + 1), "Id": delivery_id}]
        )
        elsewhere = await write(
            client, "PUT", BASE, CULTIVATOR, [{**delivery(label, 1), "Id": delivery_id}]
        )
        await write(client, "PUT", f"{BASE}/hub/depart", DISPENSARY, [{"Id": delivery_id}])
        late = await write(
            client, "PUT", BASE, DISPENSARY, [{**delivery(label, 1), "Id": delivery_id}]
        )
        after_all = await quantity(client, label)
    assert changed.status_code == 200, changed.text
    # The first 2 g went back to the package and the new 5 g were taken.
    assert after_change == pytest.approx(before - 5)
    assert record["Transactions"][0]["QuantitySold"] == 5
    assert record["RecipientName"] == "Sam Ortiz"
    assert too_much.status_code == 400 and "holds only" in too_much.text
    assert elsewhere.status_code in (400, 401, 403)
    assert late.status_code == 400 and "can no longer change" in late.text
    assert after_all == pytest.approx(before - 5)


async def test_a_hub_changes_the_transporter_and_verifies_the_recipient(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        shelf = await jar(client, 10)
        recorded = await write(client, "POST", BASE, DISPENSARY, [delivery(shelf["Label"], 1)])
        delivery_id = recorded.json()["Ids"][0]
        hub = {**documented("hub_transporters"), "Id": delivery_id}
        unknown = await write(
            client, "PUT", f"{BASE}/hub", DISPENSARY, [{**hub, "TransporterFacilityId": "99"}]
        )
        moved = await write(client, "PUT", f"{BASE}/hub", DISPENSARY, [hub])
        bad_payment = await write(
            client, "PUT", f"{BASE}/hub/verifyID", DISPENSARY,
            [{"Id": delivery_id, "PaymentType": "Barter"}],
        )  # fmt: skip
        verified = await write(
            client, "PUT", f"{BASE}/hub/verifyID", DISPENSARY,
            [{"Id": delivery_id, "PaymentType": "cash"}],
        )  # fmt: skip
        record = await one(client, delivery_id)
        voided = await client.delete(f"{BASE}/{delivery_id}", params={"licenseNumber": DISPENSARY})
        after_void = await write(
            client, "PUT", f"{BASE}/hub/verifyID", DISPENSARY,
            [{"Id": delivery_id, "PaymentType": "Cash"}],
        )  # fmt: skip
    assert unknown.status_code == 400
    assert moved.status_code == 200, moved.text
    assert record["DriverName"] == "Lee Park" and record["VehicleMake"] == "Toyota"
    assert record["TransporterFacilityLicenseNumber"] == DISPENSARY
    assert record["EstimatedArrivalDateTime"] == "2026-11-21T13:30:00.000"
    assert bad_payment.status_code == 400
    # Kept, not shown: bruno Sales/GetActiveDeliveries has no PaymentType.
    assert verified.status_code == 200 and "PaymentType" not in record
    assert voided.status_code == 200
    assert after_void.status_code == 400
