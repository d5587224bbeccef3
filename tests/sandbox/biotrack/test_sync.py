"""Reads paged by transaction id, sync_check's sums, and the seeded year's tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sandbox.biotrack.conftest import (
    CULTIVATOR,
    DISPENSARY,
    LAB,
    BioTrack,
    biotrack_settings,
    sandbox,
)

pytestmark = pytest.mark.anyio


async def test_windows_of_transaction_ids_page_through_a_table(biotrack: BioTrack) -> None:
    everything = await biotrack.rows(CULTIVATOR, "inventory")
    ids = [row["transactionid"] for row in everything]
    assert len(everything) > 500 and ids == sorted(ids)
    first, last = ids[0], ids[-1]
    middle = ids[len(ids) // 2]
    head = await biotrack.rows(CULTIVATOR, "inventory", transaction_start=first, transaction_end=middle)  # fmt: skip
    tail = await biotrack.rows(CULTIVATOR, "inventory", transaction_start=middle + 1)
    assert head + tail == everything
    assert head[-1]["transactionid"] == middle  # both ends are inclusive
    assert await biotrack.rows(CULTIVATOR, "inventory", transaction_start=last + 1) == []


async def test_a_write_resurfaces_the_rows_it_changed_after_the_cursor(biotrack: BioTrack) -> None:
    plants = await biotrack.rows(CULTIVATOR, "plant", active=1)
    cursor = max(row["transactionid"] for row in plants)
    growing = [row for row in plants if row["state"] == 0 and not row["mother"]][:2]
    flower_b = next(r for r in await biotrack.rows(CULTIVATOR, "plant_room") if r["name"] == "Flower B")  # fmt: skip
    moved = await biotrack.ok(
        CULTIVATOR, "plant_move", room=flower_b["roomid"], barcodeid=[row["id"] for row in growing]
    )
    assert moved["transactionid"] > cursor
    changed = await biotrack.rows(CULTIVATOR, "plant", transaction_start=cursor + 1)
    assert [row["id"] for row in changed] == sorted(row["id"] for row in growing)
    for row in changed:
        assert row["room"] == flower_b["roomid"] and row["transactionid"] == moved["transactionid"]
        assert row["transactionid_original"] < row["transactionid"]


async def test_sync_check_matches_the_clients_sums_and_downloads_the_rest(
    biotrack: BioTrack,
) -> None:
    rooms = await biotrack.rows(CULTIVATOR, "plant_room")
    total = sum(row["transactionid"] for row in rooms)
    checked = await biotrack.ok(CULTIVATOR, "sync_check", download=1, data=[
        {"table": "plant_room", "sum": total}, {"table": "vehicle", "sum": 1},
    ])  # fmt: skip
    assert checked["summary"][0] == {"table": "plant_room", "sum": total, "match": 1}
    assert checked["summary"][1]["match"] == 0
    assert "plant_room" not in checked and checked["vehicle"] == await biotrack.rows(CULTIVATOR, "vehicle")  # fmt: skip
    every = await biotrack.ok(CULTIVATOR, "sync_check")
    assert {row["table"] for row in every["summary"]} >= {
        "inventory", "plant", "manifest", "sale", "vendor", "qa_lab", "inventory_adjust",
        "inventory_qa_sample", "plant_room", "inventory_room", "employee", "vehicle",
    }  # fmt: skip
    bad = await biotrack.refused(CULTIVATOR, "sync_check", data=[{"table": "passwords"}])
    assert "Unknown table" in bad["error"]


async def test_active_leaves_out_deleted_rows(biotrack: BioTrack) -> None:
    every = await biotrack.rows(CULTIVATOR, "plant")
    active = await biotrack.rows(CULTIVATOR, "plant", active=1)
    destroyed = [row for row in every if row["deleted"]]
    assert destroyed and len(active) == len(every) - len(destroyed)


async def test_the_seeded_year_fills_every_table_a_client_reads(biotrack: BioTrack) -> None:
    for table in ("inventory", "plant", "plant_derivative", "plant_room", "inventory_room",
                  "employee", "vehicle", "inventory_transfer", "inventory_adjust",
                  "inventory_qa_sample", "vendor", "qa_lab"):  # fmt: skip
        assert await biotrack.rows(CULTIVATOR, table), table
    for table in ("sale", "inventory_transfer_inbound", "inventory_adjust", "inventory_room"):
        assert await biotrack.rows(DISPENSARY, table), table
    manifests = await biotrack.ok(CULTIVATOR, "sync_manifest")
    assert manifests["manifest"] and manifests["manifest_stop_data"]
    assert manifests["manifest_stop_items"]
    refunds = [row for row in await biotrack.rows(DISPENSARY, "sale") if row["is_refund"]]
    assert refunds and all(row["quantity"].startswith("-") for row in refunds)
    assert await biotrack.rows(LAB, "inventory_room")
    kinds = {row["inventorytype"] for row in await biotrack.rows(CULTIVATOR, "inventory")}
    assert {6, 7, 9, 13, 14, 27, 28} <= kinds


async def test_the_year_is_the_same_on_every_start(tmp_path: Path, biotrack: BioTrack) -> None:
    async with sandbox(biotrack_settings(tmp_path / "again")) as again:
        for table in ("inventory", "plant", "manifest"):
            assert await again.rows(CULTIVATOR, table) == await biotrack.rows(CULTIVATOR, table)
        assert await again.rows(DISPENSARY, "sale") == await biotrack.rows(DISPENSARY, "sale")


async def test_barcodes_are_sixteen_digits_and_never_repeat(biotrack: BioTrack) -> None:
    barcodes = [row["id"] for row in await biotrack.rows(CULTIVATOR, "inventory")]
    barcodes += [row["id"] for row in await biotrack.rows(CULTIVATOR, "plant")]
    converted = {row["id"] for row in await biotrack.rows(CULTIVATOR, "inventory") if row["inventorytype"] == 12}  # fmt: skip
    assert all(len(code) == 16 and code.isdigit() for code in barcodes)
    assert len(set(barcodes)) == len(barcodes) - len(converted)
