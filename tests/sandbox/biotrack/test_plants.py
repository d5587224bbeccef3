"""Plant rules: new plants from a source, the destruction wait, harvest before cure."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.sandbox.biotrack.conftest import CULTIVATOR, DISPENSARY, BioTrack

pytestmark = pytest.mark.anyio


async def room(biotrack: BioTrack, table: str, name: str) -> str:
    rooms = await biotrack.rows(CULTIVATOR, table)
    return str(next(row["roomid"] for row in rooms if row["name"] == name))


async def new_plants(biotrack: BioTrack, quantity: int) -> list[str]:
    """Plants grown from fresh clones of a mother plant."""
    plants = await biotrack.rows(CULTIVATOR, "plant", active=1)
    mother = next(row for row in plants if row["mother"])
    clones = await biotrack.ok(CULTIVATOR, "inventory_new", data=[
        {"invtype": 7, "quantity": quantity, "strain": mother["strain"], "source_id": mother["id"]}
    ])  # fmt: skip
    made = await biotrack.ok(
        CULTIVATOR, "plant_new", room=await room(biotrack, "plant_room", "Veg"),
        quantity=quantity, strain=mother["strain"], source=clones["barcode_id"][0],
    )  # fmt: skip
    barcodes: list[str] = made["barcode_id"]
    clone = await biotrack.item(CULTIVATOR, clones["barcode_id"][0])
    assert clone is not None and Decimal(clone["remaining_quantity"]) == 0
    return barcodes


async def test_new_plants_get_new_sixteen_digit_barcodes(biotrack: BioTrack) -> None:
    before = {row["id"] for row in await biotrack.rows(CULTIVATOR, "plant")}
    made = await new_plants(biotrack, 5)
    assert len(set(made)) == 5 and not set(made) & before
    assert all(len(code) == 16 and code.isdigit() for code in made)
    plants = {row["id"]: row for row in await biotrack.rows(CULTIVATOR, "plant")}
    assert all(plants[code]["state"] == 0 for code in made)


async def test_plants_need_a_source_after_the_opening_days(biotrack: BioTrack) -> None:
    veg = await room(biotrack, "plant_room", "Veg")
    answer = await biotrack.refused(CULTIVATOR, "plant_new", room=veg, quantity=1, strain="X")
    assert "source" in answer["error"]
    lot = (await biotrack.passed_lot())["id"]
    answer = await biotrack.refused(CULTIVATOR, "plant_new", room=veg, quantity=1, strain="X", source=lot)  # fmt: skip
    assert "not a type plants can come from" in answer["error"]


async def test_a_retailer_may_not_grow(biotrack: BioTrack) -> None:
    answer = await biotrack.refused(DISPENSARY, "plant_new", room="1", quantity=1, strain="X")
    assert answer["errorcode"] == 200


async def test_destruction_waits_for_the_states_period(biotrack: BioTrack) -> None:
    plants = await new_plants(biotrack, 2)
    early = await biotrack.refused(CULTIVATOR, "plant_destroy", barcodeid=plants)
    assert "has not been scheduled" in early["error"]
    await biotrack.ok(CULTIVATOR, "plant_destroy_schedule", barcodeid=plants, reason="Mites")
    twice = await biotrack.refused(CULTIVATOR, "plant_destroy_schedule", barcodeid=plants, reason="Mites")  # fmt: skip
    assert "already been scheduled" in twice["error"]
    await biotrack.ok(CULTIVATOR, "plant_destroy_schedule", barcodeid=plants, reason="Mites", override=1)  # fmt: skip
    waiting = await biotrack.refused(CULTIVATOR, "plant_destroy", barcodeid=plants)
    assert "72-hour waiting period" in waiting["error"]
    alive = {row["id"] for row in await biotrack.rows(CULTIVATOR, "plant", active=1)}
    assert set(plants) <= alive


async def test_a_plant_scheduled_longer_ago_than_the_wait_can_be_destroyed(
    biotrack: BioTrack,
) -> None:
    scheduled = [
        row for row in await biotrack.rows(CULTIVATOR, "plant", active=1) if row["removescheduled"]
    ]
    assert len(scheduled) == 1  # the seeded year leaves one waiting (six days before its end)
    answer = await biotrack.ok(CULTIVATOR, "plant_destroy", barcodeid=[scheduled[0]["id"]])
    after = await biotrack.rows(CULTIVATOR, "plant", transaction_start=answer["transactionid"])
    assert [(row["id"], row["deleted"]) for row in after] == [(scheduled[0]["id"], 1)]


async def test_undo_cancels_a_scheduled_destruction(biotrack: BioTrack) -> None:
    plants = await new_plants(biotrack, 1)
    await biotrack.ok(CULTIVATOR, "plant_destroy_schedule", barcodeid=plants, reason="Error")
    await biotrack.ok(CULTIVATOR, "plant_destroy_schedule_undo", barcodeid=plants)
    answer = await biotrack.refused(CULTIVATOR, "plant_destroy", barcodeid=plants)
    assert "has not been scheduled" in answer["error"]


async def harvest(biotrack: BioTrack, plant: str, **extra: Any) -> dict[str, Any]:
    return await biotrack.call(CULTIVATOR, "plant_harvest", barcodeid=[plant], weights=[
        {"invtype": 6, "amount": 500, "uom": "g"}, {"invtype": 27, "amount": "0.2", "uom": "lb"},
    ], **extra)  # fmt: skip


async def test_harvest_then_cure_turns_a_plant_into_inventory(biotrack: BioTrack) -> None:
    (plant,) = await new_plants(biotrack, 1)
    early = await harvest(biotrack, plant)
    assert early["success"] == 0 and "scheduled for harvest" in early["error"]
    cure_first = await biotrack.refused(CULTIVATOR, "plant_cure", barcodeid=[plant], weights=[{"invtype": 6, "amount": 100}])  # fmt: skip
    assert "phase" in cure_first["error"]
    await biotrack.ok(CULTIVATOR, "plant_harvest_schedule", barcodeid=[plant])
    harvested = await harvest(
        biotrack, plant, new_room=await room(biotrack, "plant_room", "Drying")
    )
    assert harvested["success"] == 1
    (waste,) = harvested["derivatives"]
    assert waste["barcode_type"] == 27
    waste_item = await biotrack.item(CULTIVATOR, waste["barcode_id"])
    assert waste_item is not None and waste_item["remaining_quantity"] == "90.72"  # 0.2 lb
    cured = await biotrack.ok(CULTIVATOR, "plant_cure", barcodeid=[plant], weights=[
        {"invtype": 6, "amount": 110, "uom": "g"}, {"invtype": 9, "amount": 20, "uom": "g"},
    ])  # fmt: skip
    kinds = {d["barcode_type"]: d["barcode_id"] for d in cured["derivatives"]}
    flower = await biotrack.item(CULTIVATOR, kinds[6])
    assert flower is not None and flower["remaining_quantity"] == "110.00"
    assert flower["plantid"] == [plant]
    plants = {row["id"]: row for row in await biotrack.rows(CULTIVATOR, "plant")}
    assert plants[plant]["state"] == 2
    derivatives = await biotrack.rows(CULTIVATOR, "plant_derivative", transaction_start=harvested["transactionid"])  # fmt: skip
    assert {(row["inventorytype"], row["harvestcollect"]) for row in derivatives} == {
        (6, 1),
        (27, 1),
        (6, 0),
        (9, 0),
    }


async def test_weights_must_include_flower_and_known_units(biotrack: BioTrack) -> None:
    (plant,) = await new_plants(biotrack, 1)
    await biotrack.ok(CULTIVATOR, "plant_harvest_schedule", barcodeid=[plant])
    for weights in ([{"invtype": 9, "amount": 5}], [{"invtype": 6, "amount": 5, "uom": "stone"}],
                    [{"invtype": 28, "amount": 5}], [{"invtype": 6, "amount": -5}]):  # fmt: skip
        await biotrack.refused(CULTIVATOR, "plant_harvest", barcodeid=[plant], weights=weights)
    plants = {row["id"]: row for row in await biotrack.rows(CULTIVATOR, "plant")}
    assert plants[plant]["state"] == 0


async def test_moving_to_a_room_that_is_not_a_plant_room_is_refused(biotrack: BioTrack) -> None:
    (plant,) = await new_plants(biotrack, 1)
    answer = await biotrack.refused(CULTIVATOR, "plant_move", room=999, barcodeid=[plant])
    assert "valid plant room" in answer["error"]
    flower = await room(biotrack, "plant_room", "Flower A")
    await biotrack.ok(CULTIVATOR, "plant_move", room=flower, barcodeid=plant)
