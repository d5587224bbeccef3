"""Inventory rules: split, adjust, lots, conversion after QA, destruction after the wait."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.sandbox.biotrack.conftest import CULTIVATOR, DISPENSARY, BioTrack

pytestmark = pytest.mark.anyio


async def test_split_makes_a_new_item_and_takes_from_the_old(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    held = Decimal(lot["remaining_quantity"])
    split = await biotrack.ok(CULTIVATOR, "inventory_split", data=[
        {"barcodeid": lot["id"], "remove_quantity": "10", "remove_quantity_uom": "g"}
    ])  # fmt: skip
    (barcode,) = split["barcode_id"]
    part = await biotrack.item(CULTIVATOR, barcode)
    whole = await biotrack.item(CULTIVATOR, lot["id"])
    assert part is not None and whole is not None
    assert (part["remaining_quantity"], part["parentid"], part["inventorytype"]) == ("10.00", lot["id"], 13)  # fmt: skip
    assert Decimal(whole["remaining_quantity"]) == held - 10
    too_much = await biotrack.refused(CULTIVATOR, "inventory_split", data=[
        {"barcodeid": barcode, "remove_quantity": "11", "remove_quantity_uom": "g"}
    ])  # fmt: skip
    assert "holds less" in too_much["error"]


async def test_an_adjustment_is_recorded_with_its_reason(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    answer = await biotrack.ok(CULTIVATOR, "inventory_adjust", data=[
        {"barcodeid": lot["id"], "quantity": "40", "quantity_uom": "g", "type": 1, "reason": "Audit"}
    ])  # fmt: skip
    (record,) = await biotrack.rows(CULTIVATOR, "inventory_adjust", transaction_start=answer["transactionid"])  # fmt: skip
    assert record["inventoryid"] == lot["id"] and record["atype"] == 1
    assert (record["previous_quantity"], record["new_quantity"]) == (lot["remaining_quantity"], "40.00")  # fmt: skip
    for node in ({"type": 9, "quantity": 1}, {"type": 1}, {"type": 1, "remove_quantity": 41}):
        await biotrack.refused(CULTIVATOR, "inventory_adjust", data=[{"barcodeid": lot["id"], "reason": "x", **node}])  # fmt: skip


async def test_a_lot_combines_one_kind_only(biotrack: BioTrack) -> None:
    waste = [row for row in await biotrack.rows(CULTIVATOR, "inventory", active=1) if row["inventorytype"] == 27]  # fmt: skip
    answer = await biotrack.refused(CULTIVATOR, "inventory_create_lot", data=[
        {"barcodeid": waste[-1]["id"], "remove_quantity": 1, "remove_quantity_uom": "g"}
    ])  # fmt: skip
    assert "type 6 only" in answer["error"]


async def test_only_tested_material_becomes_a_consumer_product(biotrack: BioTrack) -> None:
    lots = [row for row in await biotrack.rows(CULTIVATOR, "inventory", active=1) if row["inventorytype"] == 14]  # fmt: skip
    untested = next(row for row in lots if Decimal(row["remaining_quantity"]) > 10)
    body = {"derivative_type": 24, "derivative_quantity": 5, "derivative_quantity_uom": "g",
            "derivative_product": "Vape"}  # fmt: skip
    refused = await biotrack.refused(CULTIVATOR, "inventory_convert", **body, data=[
        {"barcodeid": untested["id"], "remove_quantity": 10, "remove_quantity_uom": "g"}
    ])  # fmt: skip
    assert refused["errorcode"] == 202
    lot = await biotrack.passed_lot()
    made = await biotrack.ok(CULTIVATOR, "inventory_convert", derivative_type=28,
                             derivative_quantity=4, derivative_quantity_uom="each",
                             derivative_product="Eighth", waste=1, waste_uom="g", data=[
        {"barcodeid": lot["id"], "remove_quantity": 15, "remove_quantity_uom": "g"}
    ])  # fmt: skip
    packaged = await biotrack.item(CULTIVATOR, made["barcode_id"])
    assert packaged is not None and (packaged["inventorytype"], packaged["remaining_quantity"]) == (28, "4.00")  # fmt: skip
    scrap = await biotrack.item(CULTIVATOR, made["waste_barcode_id"])
    assert scrap is not None and scrap["inventorytype"] == 27


async def test_inventory_destruction_waits_and_retailers_may_not(biotrack: BioTrack) -> None:
    fresh = await biotrack.ok(CULTIVATOR, "plant_waste_weigh", weight=2, uom="kg", location=CULTIVATOR.location)  # fmt: skip
    barcode = fresh["barcode_id"]
    await biotrack.ok(CULTIVATOR, "inventory_destroy_schedule", barcodeid=[barcode], reason="Waste")
    waiting = await biotrack.refused(CULTIVATOR, "inventory_destroy", barcodeid=barcode)
    assert "waiting period" in waiting["error"]
    item = await biotrack.item(CULTIVATOR, barcode)
    assert item is not None and item["remaining_quantity"] == "2000.00" and item["removescheduled"]
    shelf = [row for row in await biotrack.rows(DISPENSARY, "inventory", active=1)]
    refused = await biotrack.refused(DISPENSARY, "inventory_destroy_schedule", barcodeid=[shelf[0]["id"]], reason="Open")  # fmt: skip
    assert refused["errorcode"] == 200
    destroyed = [row for row in await biotrack.rows(CULTIVATOR, "inventory") if row["deleted"] and row["inventorytype"] == 27]  # fmt: skip
    assert destroyed  # the seeded year destroyed its waste after the wait


async def test_items_move_between_inventory_rooms_only(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    rooms = {row["name"]: row["roomid"] for row in await biotrack.rows(CULTIVATOR, "inventory_room")}  # fmt: skip
    await biotrack.ok(CULTIVATOR, "inventory_move", data=[{"barcodeid": lot["id"], "room": rooms["Quarantine"]}])  # fmt: skip
    moved = await biotrack.item(CULTIVATOR, lot["id"])
    assert moved is not None and moved["currentroom"] == rooms["Quarantine"]
    plant_rooms = {row["roomid"] for row in await biotrack.rows(CULTIVATOR, "plant_room")}
    stray = next(str(n) for n in range(1, 50) if str(n) not in rooms.values() and str(n) not in plant_rooms)  # fmt: skip
    await biotrack.refused(CULTIVATOR, "inventory_move", data=[{"barcodeid": lot["id"], "room": stray}])  # fmt: skip


async def test_a_request_naming_an_item_twice_changes_nothing(biotrack: BioTrack) -> None:
    lot = await biotrack.passed_lot()
    node = {"barcodeid": lot["id"], "remove_quantity": 1, "type": 4, "reason": "Scale"}
    answer = await biotrack.refused(CULTIVATOR, "inventory_adjust", data=[node, node])
    assert "more than once" in answer["error"]
    after = await biotrack.item(CULTIVATOR, lot["id"])
    assert after is not None and after["remaining_quantity"] == lot["remaining_quantity"]


async def test_new_inventory_after_the_opening_days_needs_a_mother_plant(
    biotrack: BioTrack,
) -> None:
    plants = await biotrack.rows(CULTIVATOR, "plant", active=1)
    mother = next(row for row in plants if row["mother"])
    daughter = next(row for row in plants if not row["mother"])
    for node in ({"invtype": 7, "quantity": 5, "strain": "X"},
                 {"invtype": 12, "quantity": 1, "strain": "X", "source_id": mother["id"]},
                 {"invtype": 28, "quantity": 1, "strain": "X", "source_id": mother["id"]},
                 {"invtype": 7, "quantity": 5, "strain": "X", "source_id": daughter["id"]}):  # fmt: skip
        await biotrack.refused(CULTIVATOR, "inventory_new", data=[node])
    made = await biotrack.ok(CULTIVATOR, "inventory_new", data=[
        {"invtype": 10, "quantity": 12, "strain": mother["strain"], "source_id": mother["id"]}
    ])  # fmt: skip
    seeds = await biotrack.item(CULTIVATOR, made["barcode_id"][0])
    assert seeds is not None and (seeds["inventorytype"], seeds["remaining_quantity"]) == (10, "12.00")  # fmt: skip
    refused = await biotrack.refused(DISPENSARY, "inventory_new", data=[{"invtype": 10, "quantity": 1, "strain": "X"}])  # fmt: skip
    assert refused["errorcode"] == 200


async def test_untested_flower_cannot_be_packaged_for_sale(biotrack: BioTrack) -> None:
    drying = [
        row for row in await biotrack.rows(CULTIVATOR, "plant", active=1) if row["state"] == 1
    ]
    assert drying  # the seeded year ends with a harvest still drying
    cured = await biotrack.ok(CULTIVATOR, "plant_cure", barcodeid=[drying[0]["id"]],
                              weights=[{"invtype": 6, "amount": 100, "uom": "g"}])  # fmt: skip
    (flower,) = cured["derivatives"]
    refused = await biotrack.refused(CULTIVATOR, "inventory_convert", derivative_type=28,
                                     derivative_quantity=1, derivative_quantity_uom="each",
                                     data=[{"barcodeid": flower["barcode_id"], "remove_quantity": "3.5"}])  # fmt: skip
    assert refused["errorcode"] == 202
