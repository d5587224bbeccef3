"""Reading by transaction id: everything after a stored id, ranges, and sync_check."""

from __future__ import annotations

import pytest

from tests.tracking.biotrack.fake_biotrack import FakeBioTrack
from trichome.tracking.biotrack import BioTrackClient, MemoryCursorStore

pytestmark = pytest.mark.anyio


def sale_row(transaction: int) -> dict[str, object]:
    return {
        "inventoryid": "6033000000000101", "itemnumber": "0", "price": "9.00", "quantity": "1",
        "sessiontime": "1767500000", "deleted": "0", "refunded": "0",
        "transactionid": str(transaction), "transactionid_original": str(transaction),
    }  # fmt: skip


async def test_the_cursor_reads_everything_then_only_what_changed(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    first = await client.cursor.read_new("sale")
    assert len(first) == 6 and first.last == 5012
    assert client.cursor.store.get(client.license_number, "sale") == 5012
    assert fake.calls[-1]["transaction_start"] == 1 and fake.calls[-1]["download"] == 1

    assert len(await client.cursor.read_new("sale")) == 0
    fake.add_row("sale", sale_row(5020))
    fake.add_row("sale", sale_row(5031))
    again = await client.cursor.read_new("sale")
    assert [row["transactionid"] for row in again.records] == ["5020", "5031"]
    assert fake.calls[-1]["transaction_start"] == 5013
    assert client.cursor.store.get(client.license_number, "sale") == 5031


async def test_a_stored_id_is_where_reading_resumes(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    client.cursor.store = MemoryCursorStore({(client.license_number, "sale"): 5004})
    page = await client.cursor.read_new("sale")
    assert sorted(int(row["transactionid"]) for row in page.records) == [5010, 5011, 5012]
    assert page.after == 5004 and page.last == 5012


async def test_an_inclusive_start_does_not_return_the_stored_row_twice(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    page = await client.sync("sale", after=5010)
    assert {row["transactionid"] for row in page.records} == {"5011", "5012"}


async def test_ranges_of_ids_up_to_a_known_transaction(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    page = await client.sync_sales(5000, until=5012, window=5)
    ranges = [(c["transaction_start"], c["transaction_end"]) for c in fake.calls[1:]]
    assert ranges == [(5001, 5005), (5006, 5010), (5011, 5012)]
    assert len(page) == 6 and page.last == 5012


async def test_too_many_ranges_are_refused(client: BioTrackClient) -> None:
    with pytest.raises(ValueError, match="use a larger window"):
        await client.sync_sales(0, until=10_000_000, window=10)


async def test_manifests_come_with_their_stops_and_items(client: BioTrackClient) -> None:
    page = await client.sync_manifests()
    assert len(page.records) == 2
    assert len(page.rows["manifest_stop_data"]) == 3
    assert len(page.rows["manifest_stop_items"]) == 4


async def test_sync_check_names_the_tables_that_changed(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    await client.cursor.read_new("sale")
    await client.cursor.read_new("plant")
    assert await client.cursor.changed(["sale", "plant", "inventory_adjust"]) == [
        "inventory_adjust"
    ]
    check = fake.calls[-1]
    assert check["action"] == "sync_check" and check["download"] == 0
    assert {"table": "sale", "transaction_start": 5013, "sum": 0} in check["data"]
    fake.add_row("plant", {"id": "6033000000000409", "transactionid": "3100"})
    assert await client.cursor.changed(["sale", "plant"]) == ["plant"]
