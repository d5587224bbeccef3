"""Each write action sends the manual's action name and fields and reads what comes back."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.tracking.biotrack.fake_biotrack import FakeBioTrack
from trichome.tracking.biotrack import BioTrackClient, Item, ManifestStop, Removal, Weight

pytestmark = pytest.mark.anyio
PLANT = "6033000000000401"
LOT = "6033000000000101"
MANIFEST = "7288000000000001"

Write = Callable[[BioTrackClient], Awaitable[Any]]
WRITES: list[tuple[str, Write]] = [
    ("plant_new", lambda c: c.plant_new("990010", "6033000000000099", "Blue Dream", 3, 7)),
    ("plant_move", lambda c: c.plant_move([PLANT], 8)),
    ("plant_harvest_schedule", lambda c: c.plant_harvest_schedule([PLANT])),
    (
        "plant_harvest",
        lambda c: c.plant_harvest(PLANT, [Weight(500, 29), Weight(80, 27)], 9, wet=True),
    ),
    ("plant_cure", lambda c: c.plant_cure(PLANT, [Weight(120, 6), Weight(15, 27)], 10)),
    ("plant_waste_weigh", lambda c: c.plant_waste_weigh("990010", 1.5, "kg")),
    ("plant_destroy_schedule", lambda c: c.plant_destroy_schedule([PLANT], "Male plant")),
    ("plant_destroy_schedule_undo", lambda c: c.plant_destroy_schedule_undo([PLANT])),
    ("plant_destroy", lambda c: c.plant_destroy([PLANT])),
    ("plant_convert_to_inventory", lambda c: c.plant_convert_to_inventory([PLANT])),
    ("inventory_move", lambda c: c.inventory_move([LOT], 2)),
    ("inventory_adjust", lambda c: c.inventory_adjust(LOT, 38, "g", 4, "Recount")),
    ("inventory_create_lot", lambda c: c.inventory_create_lot([Removal(LOT, 100)])),
    ("inventory_destroy_schedule", lambda c: c.inventory_destroy_schedule([LOT], "Mold")),
    ("inventory_destroy_schedule_undo", lambda c: c.inventory_destroy_schedule_undo([LOT])),
    ("inventory_destroy", lambda c: c.inventory_destroy(LOT)),
    ("inventory_qa_sample", lambda c: c.inventory_qa_sample(LOT, "990050", 2)),
    (
        "inventory_manifest",
        lambda c: c.inventory_manifest(
            "990010", "12", "3", [ManifestStop("990020", [LOT], 1767340800, 1767348000, "I-25")]
        ),
    ),
    ("inventory_manifest_void", lambda c: c.inventory_manifest_void(MANIFEST)),
    ("inventory_transfer_outbound", lambda c: c.inventory_transfer_outbound(MANIFEST, [(LOT, 150)])),
    ("inventory_transfer_inbound", lambda c: c.inventory_transfer_inbound("990020", [Item(LOT, 10, 150)])),
    ("sale_dispense", lambda c: c.sale_dispense([Item(LOT, 2, 40)], terminal_id="1")),
    ("sale_modify", lambda c: c.sale_modify(5001, LOT, 18.5)),
    ("sale_refund", lambda c: c.sale_refund(5001, [Item(LOT, 1, 20)])),
    ("sale_void", lambda c: c.sale_void(5001)),
]  # fmt: skip


@pytest.mark.parametrize(("action", "write"), WRITES, ids=[name for name, _ in WRITES])
async def test_each_write_sends_its_action_with_the_required_fields(
    client: BioTrackClient, fake: FakeBioTrack, action: str, write: Write
) -> None:
    result = await write(client)
    assert fake.actions() == ["login", action]
    assert result.transaction_id == fake.next_transaction
    # the fixture's teardown asserts the fake found nothing missing or malformed


async def test_new_plants_come_back_as_barcodes(client: BioTrackClient) -> None:
    result = await client.plant_new("990010", "6033000000000099", "Blue Dream", 3, 7)
    assert len(result.barcodes) == 3 and all(len(code) == 16 for code in result.barcodes)


async def test_a_sale_sends_its_items_and_time(client: BioTrackClient, fake: FakeBioTrack) -> None:
    await client.sale_dispense(
        [Item(LOT, 1, 20), Item("6033000000000102", 2, 35.499)], sold_at=1767236400
    )
    sent = fake.calls[-1]
    assert sent["sale_time"] == 1767236400 and "terminal_id" not in sent
    assert sent["data"] == [
        {"barcodeid": LOT, "quantity": 1.0, "price": 20.0},
        {"barcodeid": "6033000000000102", "quantity": 2.0, "price": 35.5},
    ]


async def test_a_manifest_numbers_its_stops(client: BioTrackClient, fake: FakeBioTrack) -> None:
    stops = [
        ManifestStop("990020", [LOT], 1767340800, 1767348000, "I-25 north"),
        ManifestStop("990030", ["6033000000000102"], 1767348000, 1767362400, "NM-68"),
    ]
    result = await client.inventory_manifest("990010", "12", "3", stops)
    assert result.barcodes == ("7288000000009999",)
    overview = fake.calls[-1]["stop_overview"]
    assert [stop["stop_number"] for stop in overview] == [1, 2]
    assert overview[1]["vendor_license"] == "990030"
    assert overview[1]["barcodeid"] == ["6033000000000102"]


async def test_harvest_weights_carry_type_and_unit(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    await client.plant_harvest(PLANT, [Weight(500, 29), Weight(1.1, 27, "lb")], 9, collected_at=5)
    sent = fake.calls[-1]
    assert sent["weights"] == [
        {"amount": 500.0, "invtype": 29, "uom": "g"},
        {"amount": 1.1, "invtype": 27, "uom": "lb"},
    ]
    assert sent["collectiontime"] == 5 and sent["new_room"] == 9
