"""Manifests, transfers out, and receiving them: the items move to the receiver."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.sandbox.biotrack.conftest import CULTIVATOR, DISPENSARY, BioTrack

pytestmark = pytest.mark.anyio


def stop(items: list[str], **extra: Any) -> dict[str, Any]:
    return {"stop_number": 1, "vendor_license": DISPENSARY.location, "barcodeid": items,
            "approximate_departure": 1, "approximate_arrival": 2, **extra}  # fmt: skip


async def manifest(biotrack: BioTrack, items: list[str]) -> dict[str, Any]:
    vehicle = (await biotrack.rows(CULTIVATOR, "vehicle"))[0]["vehicle_id"]
    employee = (await biotrack.rows(CULTIVATOR, "employee"))[0]["employee_id"]
    return await biotrack.call(CULTIVATOR, "inventory_manifest", employee_id=employee,
                               vehicle_id=vehicle, location=CULTIVATOR.location,
                               stop_overview=[stop(items)])  # fmt: skip


async def test_receiving_the_seeded_shipment_moves_it_to_the_dispensary(biotrack: BioTrack) -> None:
    waiting = await biotrack.ok(DISPENSARY, "inventory_manifest_lookup", location=DISPENSARY.location)  # fmt: skip
    (shipment,) = waiting["data"]
    (line,) = shipment["items"]
    barcode = line["inventoryid"]
    assert await biotrack.item(DISPENSARY, barcode) is None
    assert (await biotrack.item(CULTIVATOR, barcode) or {}).get("deleted") == 1
    received = await biotrack.ok(DISPENSARY, "inventory_transfer_inbound", location=DISPENSARY.location,
                                 data=[{"barcodeid": barcode, "quantity": line["quantity"], "uom": "each"}])  # fmt: skip
    item = await biotrack.item(DISPENSARY, barcode)
    assert item is not None and item["location"] == DISPENSARY.location and not item["deleted"]
    assert item["transactionid"] == received["transactionid"]
    inbound = await biotrack.rows(DISPENSARY, "inventory_transfer_inbound", transaction_start=received["transactionid"])  # fmt: skip
    assert [(row["inventoryid"], row["outbound_license"]) for row in inbound] == [(barcode, CULTIVATOR.location)]  # fmt: skip
    manifests = {row["manifestid"]: row for row in await biotrack.rows(CULTIVATOR, "manifest")}
    assert manifests[shipment["manifestid"]]["fulfilled"] == 1
    again = await biotrack.refused(DISPENSARY, "inventory_transfer_inbound", location=DISPENSARY.location,
                                   data=[{"barcodeid": barcode, "quantity": 1, "uom": "each"}])  # fmt: skip
    assert "already been received" in again["error"]
    empty = await biotrack.refused(DISPENSARY, "inventory_manifest_lookup", location=DISPENSARY.location)  # fmt: skip
    assert empty["errorcode"] == 602


async def test_a_shipment_from_manifest_to_sale(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    made = await biotrack.ok(CULTIVATOR, "inventory_convert", derivative_type=28,
                             derivative_quantity=6, derivative_quantity_uom="each",
                             derivative_product="Eighth",
                             data=[{"barcodeid": lot["id"], "remove_quantity": 21, "remove_quantity_uom": "g"}])  # fmt: skip
    eighths = made["barcode_id"]
    filed = await manifest(biotrack, [eighths])
    assert filed["success"] == 1 and len(filed["manifest_id"]) == 16
    busy = await biotrack.refused(CULTIVATOR, "inventory_split", data=[{"barcodeid": eighths, "remove_quantity": 1}])  # fmt: skip
    assert "on manifest" in busy["error"]
    early = await biotrack.refused(DISPENSARY, "inventory_transfer_inbound", location=DISPENSARY.location,
                                   data=[{"barcodeid": eighths, "quantity": 6, "uom": "each"}])  # fmt: skip
    assert early["errorcode"] == 602  # not sent yet
    await biotrack.ok(CULTIVATOR, "inventory_transfer_outbound", manifest_id=filed["manifest_id"],
                      data=[{"barcodeid": eighths, "price": "240.00"}])  # fmt: skip
    lookup = await biotrack.ok(DISPENSARY, "inventory_transfer_lookup", location=DISPENSARY.location, manifest_id=filed["manifest_id"])  # fmt: skip
    assert [row["inventoryid"] for row in lookup["data"]] == [eighths]
    await biotrack.ok(DISPENSARY, "inventory_transfer_inbound", location=DISPENSARY.location,
                      data=[{"barcodeid": eighths, "quantity": 6, "uom": "each"}])  # fmt: skip
    sale = await biotrack.ok(DISPENSARY, "sale_dispense", data=[{"barcodeid": eighths, "quantity": 2, "price": "80.00"}])  # fmt: skip
    refund = await biotrack.ok(DISPENSARY, "sale_refund", transactionid=sale["transactionid"],
                               data=[{"barcodeid": eighths, "quantity": 1, "price": "40.00"}])  # fmt: skip
    item = await biotrack.item(DISPENSARY, eighths)
    assert item is not None and Decimal(item["remaining_quantity"]) == 5
    lines = await biotrack.rows(DISPENSARY, "sale", transaction_start=sale["transactionid"])
    assert [(row["quantity"], row["is_refund"]) for row in lines] == [("2", 0), ("-1", 1)]
    assert lines[1]["transactionid"] == refund["transactionid"]
    over = await biotrack.refused(DISPENSARY, "sale_refund", transactionid=sale["transactionid"],
                                  data=[{"barcodeid": eighths, "quantity": 2}])  # fmt: skip
    assert "remain to be refunded" in over["error"]
    too_many = await biotrack.refused(DISPENSARY, "sale_dispense", data=[{"barcodeid": eighths, "quantity": 6, "price": 1}])  # fmt: skip
    assert "fewer than" in too_many["error"]
    selling = await biotrack.refused(CULTIVATOR, "sale_dispense", data=[{"barcodeid": eighths, "quantity": 1, "price": 1}])  # fmt: skip
    assert selling["errorcode"] == 200


async def test_untested_items_may_not_be_manifested(biotrack: BioTrack) -> None:
    lots = [row for row in await biotrack.rows(CULTIVATOR, "inventory", active=1) if row["inventorytype"] == 14]  # fmt: skip
    answer = await manifest(biotrack, [lots[-1]["id"]])
    assert answer["success"] == 0 and answer["errorcode"] == 202


async def test_voiding_a_manifest_frees_its_items(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    filed = await manifest(biotrack, [lot["id"]])
    assert filed["success"] == 1
    twice = await manifest(biotrack, [lot["id"]])
    assert twice["success"] == 0 and "on manifest" in twice["error"]
    await biotrack.ok(CULTIVATOR, "inventory_manifest_void", manifest_id=filed["manifest_id"])
    await biotrack.ok(CULTIVATOR, "inventory_split", data=[{"barcodeid": lot["id"], "remove_quantity": 1}])  # fmt: skip
    voided = await biotrack.ok(CULTIVATOR, "sync_manifest", active=0)
    gone = [row for row in voided["manifest"] if row["manifestid"] == filed["manifest_id"]]
    assert gone[0]["deleted"] == 1


async def test_a_stop_must_name_another_licensed_vendor(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    vehicle = (await biotrack.rows(CULTIVATOR, "vehicle"))[0]["vehicle_id"]
    employee = (await biotrack.rows(CULTIVATOR, "employee"))[0]["employee_id"]
    for vendor in ("000000", CULTIVATOR.location):
        await biotrack.refused(CULTIVATOR, "inventory_manifest", employee_id=employee, vehicle_id=vehicle,
                               stop_overview=[stop([lot["id"]], vendor_license=vendor)])  # fmt: skip
