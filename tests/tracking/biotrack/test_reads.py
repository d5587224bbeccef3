"""Named reads and lookups send their documented actions; their answers feed the mapping."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from tests.tracking.biotrack.fake_biotrack import FakeBioTrack
from trichome.tracking.biotrack import BioTrackClient, BioTrackInputError, mapping

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("method", "action", "rows"),
    [
        ("sync_sales", "sync_sale", 6),
        ("sync_inventory", "sync_inventory", 3),
        ("sync_plants", "sync_plant", 4),
        ("sync_plant_derivatives", "sync_plant_derivative", 5),
        ("sync_manifests", "sync_manifest", 9),
        ("sync_outbound_transfers", "sync_inventory_transfer", 2),
        ("sync_inbound_transfers", "sync_inventory_transfer_inbound", 2),
        ("sync_adjustments", "sync_inventory_adjust", 2),
        ("sync_qa_samples", "sync_inventory_qa_sample", 3),
        ("sync_vendors", "sync_vendor", 0),
        ("sync_employees", "sync_employee", 0),
    ],
)
async def test_each_sync_read_sends_its_action(
    client: BioTrackClient, fake: FakeBioTrack, method: str, action: str, rows: int
) -> None:
    page = await getattr(client, method)()
    assert fake.actions() == ["login", action] and len(page) == rows


async def test_a_qa_check_maps_to_lab_results(client: BioTrackClient, fake: FakeBioTrack) -> None:
    answer = await client.inventory_qa_check("6033000000000301")
    assert fake.calls[-1]["sample_id"] == "6033000000000301"
    results = mapping.lab_results(answer, client.tz)
    assert client.tz == ZoneInfo("America/Denver")
    assert {r.overall_passed for r in results} == {True} and len(results) == 11


async def test_lookups_and_replay_send_their_fields(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    fake.queue("inventory_transfer_lookup", {"success": 1, "data": [{"barcode_id": "1"}, 2]})
    assert await client.inventory_transfer_lookup("990020", "7288000000000001") == [
        {"barcode_id": "1"},
        2,
    ]
    fake.queue("inventory_qa_check_all", {"success": 1, "data": [{"result": 1}, "junk"]})
    assert await client.inventory_qa_check_all(["6033000000000103"]) == [{"result": 1}]
    written = await client.plant_destroy(["6033000000000402"])
    replayed = await client.nonce_replay(fake.calls[-1]["nonce"])
    assert replayed["transactionid"] == written.transaction_id
    assert fake.calls[-1]["action"] == "nonce_replay"
    with pytest.raises(BioTrackInputError, match="16 digits"):
        await client.inventory_transfer_lookup("990020", "7288")
