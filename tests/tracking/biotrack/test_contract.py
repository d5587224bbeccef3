"""Contract tests: the BioTrack client against the BioTrack sandbox served by
`trichome serve sandbox` (its seeded New Mexico year), as a grower, a store and a lab would
use it. The write chain runs in order, each step building on what the one before made."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.tracking.biotrack.conftest import serve_sandbox
from trichome.tracking.biotrack import (
    BioTrackClient,
    BioTrackCredentials,
    BioTrackInputError,
    BioTrackLoginError,
    BioTrackPermissionDenied,
    BioTrackRejected,
    BioTrackSessionExpired,
    Item,
    ManifestStop,
    Removal,
    Weight,
)
from trichome.tracking.biotrack.cursors import SYNC_TABLES

pytestmark = pytest.mark.anyio

GROWER = ("990101", "grower@sandbox.test")
STORE = ("990202", "store@sandbox.test")
LAB = ("990303", "lab@sandbox.test")
PASSWORD = "sandbox-password"
Row = dict[str, Any]


@pytest.fixture(scope="module")
def expiring_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A sandbox whose sessions expire at once (every call must log in again)."""
    yield from serve_sandbox(
        tmp_path_factory.mktemp("expiring"), sandbox_biotrack_session_minutes="0"
    )


def connect(url: str, who: tuple[str, str], password: str = PASSWORD) -> BioTrackClient:
    return BioTrackClient.for_state(
        "NM", BioTrackCredentials(who[0], who[1], password), url=url, training=True
    )


@pytest.fixture
async def grower(sandbox_url: str) -> AsyncIterator[BioTrackClient]:
    client = connect(sandbox_url, GROWER)
    yield client
    await client.aclose()


@pytest.fixture
async def store(sandbox_url: str) -> AsyncIterator[BioTrackClient]:
    client = connect(sandbox_url, STORE)
    yield client
    await client.aclose()


async def test_login_and_a_wrong_password(sandbox_url: str) -> None:
    client = connect(sandbox_url, GROWER)
    session = await client.login()
    assert session.admin is True and session.opened
    await client.aclose()
    wrong = connect(sandbox_url, GROWER, password="not-the-password")
    with pytest.raises(BioTrackLoginError) as refused:
        await wrong.login()
    assert "not-the-password" not in str(refused.value)
    await wrong.aclose()


async def test_an_expired_session_logs_in_again(expiring_url: str) -> None:
    """Sessions of this sandbox die at once: the client logs in again once per call, then
    gives up with the typed error rather than looping."""
    client = connect(expiring_url, GROWER)
    with pytest.raises(BioTrackSessionExpired) as expired:
        await client.sync_plant_rooms()
    assert str(expired.value.errorcode) == "63"
    assert client.sessions.logins == 2  # the first login and one re-login
    with pytest.raises(BioTrackSessionExpired):
        await client.sync_plants()
    assert client.sessions.logins == 3
    await client.aclose()


async def test_every_sync_read(grower: BioTrackClient, store: BioTrackClient) -> None:
    pages = {table: await grower.sync(table) for table in SYNC_TABLES}
    assert {row["location"] for row in pages["vendor"].records} >= {"990101", "990202"}
    assert [row["location"] for row in pages["qa_lab"].records] == ["990303"]
    assert pages["employee"].records and pages["vehicle"].records
    assert {int(row["inventorytype"]) for row in pages["inventory"].records} >= {7, 13, 27, 28}
    assert any(row["removescheduled"] for row in pages["plant"].records)
    assert pages["plant_derivative"].records and pages["inventory_adjust"].records
    manifests = pages["manifest"]
    assert manifests.records and manifests.rows["manifest_stop_data"]
    assert manifests.rows["manifest_stop_items"]
    assert {int(row["result"]) for row in pages["inventory_qa_sample"].records} == {1, 2}
    assert pages["inventory_transfer"].records
    assert not pages["sale"].records  # a grower sells nothing to consumers
    shop = {table: await store.sync(table) for table in ("sale", "inventory_transfer_inbound")}
    assert len(shop["sale"].records) > 1000 and shop["inventory_transfer_inbound"].records
    assert not (await store.sync_plants()).records  # each licence sees its own rows only


async def test_reads_by_transaction_id(grower: BioTrackClient) -> None:
    everything = await grower.sync_inventory()
    middle = sorted(int(row["transactionid"]) for row in everything.records)[
        len(everything.records) // 2
    ]
    later = await grower.sync_inventory(middle)
    assert later.records and all(int(row["transactionid"]) > middle for row in later.records)
    ranged = await grower.sync_inventory(0, until=everything.last, window=500)
    assert {row["id"] for row in ranged.records} == {row["id"] for row in everything.records}
    first = await grower.cursor.read_new("plant_room")
    assert first.records and not (await grower.cursor.read_new("plant_room")).records
    assert "plant_room" not in await grower.cursor.changed(["plant_room"])


async def test_typed_errors(grower: BioTrackClient, store: BioTrackClient) -> None:
    with pytest.raises(BioTrackInputError):
        await grower.plant_destroy(["123"])  # not 16 digits: refused before sending
    with pytest.raises(BioTrackRejected) as unknown:
        await grower.plant_destroy(["1234567890123456"])
    assert str(unknown.value.errorcode) == "602"
    shelf = next(r["id"] for r in (await store.sync_inventory()).records if not r["deleted"])
    with pytest.raises(BioTrackPermissionDenied):  # a retailer may not destroy
        await store.inventory_destroy_schedule([shelf], "Damaged")
    with pytest.raises(BioTrackPermissionDenied):  # only labs enter results
        await store.call("inventory_qa_sample_results", {"sample_id": shelf, "test": []})


def _rows(page: Any, **where: Any) -> list[Row]:
    return [r for r in page.records if all(r.get(k) == v for k, v in where.items())]


async def test_a_chain_of_writes(sandbox_url: str, grower: BioTrackClient,
                                 store: BioTrackClient) -> None:  # fmt: skip
    rooms = {row["name"]: int(row["roomid"]) for row in (await grower.sync_plant_rooms()).records}
    vault = int((await grower.sync_inventory_rooms()).records[0]["roomid"])
    clones = next(
        row for row in (await grower.sync_inventory()).records
        if int(row["inventorytype"]) == 7 and float(row["remaining_quantity"]) >= 1
        and not row["deleted"]
    )  # fmt: skip
    planted = await grower.plant_new("990101", clones["id"], clones["strain"], 1, rooms["Veg"])
    plant = planted.barcodes[0]
    await grower.plant_move([plant], rooms["Flower A"])
    await grower.plant_harvest_schedule([plant])
    await grower.plant_harvest(plant, [Weight(500, 6), Weight(80, 27)], rooms["Drying"])
    cured = await grower.plant_cure(plant, [Weight(110, 6), Weight(30, 9)], vault)
    flower = next(code for code, kind in cured.derivatives if kind == 6)
    lot = (await grower.inventory_create_lot([Removal(flower, 110)])).barcodes[0]
    sample = await grower.inventory_qa_sample(lot, "990303", 4)
    lab = connect(sandbox_url, LAB)
    await lab.call("inventory_qa_sample_results", {
        "sample_id": sample.answer["sample_id"],
        "test": [{"type": 1, "moisture": 10}, {"type": 2, "THC": 20.5, "THCA": 0.3, "CBD": 0.1,
                 "Total": 21.0}],
    })  # fmt: skip
    await lab.aclose()
    eighths = await grower.call("inventory_convert", {
        "derivative_type": 28, "derivative_quantity": 10, "derivative_quantity_uom": "each",
        "derivative_product": "Eighth",
        "data": [{"barcodeid": lot, "remove_quantity": 35.0, "remove_quantity_uom": "g"}],
    })  # fmt: skip
    package = eighths["barcode_id"]
    package = package[0] if isinstance(package, list) else package
    now = int(time.time())
    stop = ManifestStop("990202", [package], now + 3600, now + 7200, "I-25 north")
    manifest = await grower.inventory_manifest("990101", "990101-1", "1", [stop])
    manifest_id = manifest.barcodes[0]
    await grower.inventory_transfer_outbound(manifest_id, [(package, 40.0)])
    waiting = await store.inventory_transfer_lookup("990202", manifest_id)
    assert [str(row.get("barcodeid") or row.get("inventoryid")) for row in waiting] == [package]
    await store.inventory_transfer_inbound("990202", [Item(package, 10, 40.0)])
    with pytest.raises(BioTrackRejected):  # receiving twice
        await store.inventory_transfer_inbound("990202", [Item(package, 10, 40.0)])
    sale = await store.sale_dispense([Item(package, 2, 76.0)], terminal_id="1")
    assert sale.transaction_id
    sold = await store.sync_sales(sale.transaction_id - 1)
    assert [(r["inventoryid"], float(r["quantity"])) for r in sold.records] == [(package, 2.0)]
    await store.sale_refund(sale.transaction_id, [Item(package, 1, 38.0)])
    held = _rows(await store.sync_inventory(sale.transaction_id), id=package)
    assert float(held[-1]["remaining_quantity"]) == 9.0


async def test_destruction_waits(grower: BioTrackClient) -> None:
    plant = next(
        row["id"] for row in (await grower.sync_plants()).records
        if not row["deleted"] and not row["removescheduled"] and row["state"] == 0
        and not row["mother"] and not row["harvestscheduled"]
    )  # fmt: skip
    scheduled = await grower.plant_destroy_schedule([plant], "Male plant")
    row = _rows(await grower.sync_plants(scheduled.transaction_id - 1), id=plant)[-1]
    assert row["removescheduled"] == 1 and row["removereason"] == "Male plant"
    with pytest.raises(BioTrackRejected) as early:
        await grower.plant_destroy([plant])
    assert str(early.value.errorcode) == "602"
    await grower.plant_destroy_schedule_undo([plant])
    waste = await grower.plant_waste_weigh("990101", 250)
    await grower.inventory_destroy_schedule(waste.barcodes, "Weekly waste")
    with pytest.raises(BioTrackRejected):
        await grower.inventory_destroy(waste.barcodes[0])
