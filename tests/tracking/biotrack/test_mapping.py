"""BioTrack rows (the manual-shaped fixtures) into our track-and-trace records."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from tests.tracking.biotrack.fake_biotrack import fixture
from trichome.tracking.biotrack import mapping, waste
from trichome.tracking.records import ReceiptStatus, ShipmentState, TransferStatus

DENVER = ZoneInfo("America/Denver")  # New Mexico's zone, UTC-7 in winter


def rows(name: str, key: str | None = None) -> list[dict[str, Any]]:
    answer = fixture(name)["answer"]
    found: list[dict[str, Any]] = answer[key or name.removeprefix("sync_")]
    return found


INVENTORY = {row["id"]: row for row in rows("sync_inventory")}


def test_sale_rows_group_into_receipts_on_the_local_day() -> None:
    receipts = {r.id: r for r in mapping.receipts(rows("sync_sale"), DENVER, INVENTORY)}
    assert sorted(receipts) == [5001, 5002, 5003, 5004]
    first = receipts[5001]
    # 03:00 UTC on 1 January is 20:00 on 31 December in New Mexico.
    assert first.sold_at == datetime(2025, 12, 31, 20, 0, tzinfo=DENVER)
    assert first.day == date(2025, 12, 31)
    assert first.total_price == 55.5 and first.total_packages == 2
    assert first.status is ReceiptStatus.FINALIZED and first.customer_type is None
    gummies = first.lines[1]
    assert (gummies.package_label, gummies.quantity, gummies.price) == (
        "6033000000000102", 2.0, 35.5,
    )  # fmt: skip
    assert gummies.category == "Solid Marijuana Infused Edible"
    assert gummies.product_name == "Sour Diesel Gummies" and gummies.unit is None


def test_modified_voided_and_refunded_sales() -> None:
    receipts = {r.id: r for r in mapping.receipts(rows("sync_sale"), DENVER, INVENTORY)}
    assert receipts[5002].lines[0].price == 12.0  # the modified price
    voided = receipts[5003]
    assert voided.status is ReceiptStatus.VOIDED and not voided.is_sale
    assert voided.archived == date(2026, 1, 1) and voided.lines == ()
    refunded = receipts[5004]
    assert [line.price for line in refunded.lines] == [10.0] and refunded.total_price == 10.0


def test_adjustments_are_signed_changes_with_their_reason() -> None:
    first, second = (
        mapping.adjustment(row, DENVER, INVENTORY) for row in rows("sync_inventory_adjust")
    )
    assert (first.quantity, first.reason, first.note) == (-2.0, "Correction", "Recount after audit")
    assert first.day == date(2025, 12, 31) and first.item_category == "Usable Marijuana"
    assert (second.quantity, second.reason) == (-9.5, "Moisture Loss")
    assert second.item_category == "Flower Lot" and second.adjusted_by is None


def test_manifests_become_one_transfer_per_stop() -> None:
    manifest = fixture("sync_manifest")["answer"]
    found = mapping.transfers(
        manifest["manifest"],
        manifest["manifest_stop_data"],
        manifest["manifest_stop_items"],
        DENVER,
        inbound=rows("sync_inventory_transfer_inbound"),
    )
    by_stop = {(t.manifest, t.delivery_id): t for t in found}
    assert sorted(by_stop) == [
        ("7288000000000001", 1), ("7288000000000001", 2), ("7288000000000002", 1),
    ]  # fmt: skip
    delivered = by_stop[("7288000000000001", 1)]
    assert delivered.shipper_license == "990010" and delivered.recipient_name == "Rio Dispensary"
    assert (delivered.package_count, delivered.received_package_count) == (2, 2)
    assert delivered.received == datetime(2026, 1, 2, 5, 0, tzinfo=DENVER)
    assert delivered.status(date(2026, 1, 3)) is TransferStatus.RECEIVED
    waiting = by_stop[("7288000000000001", 2)]
    assert waiting.pending and waiting.due_on == date(2026, 1, 2)
    assert waiting.status(date(2026, 1, 3)) is TransferStatus.OVERDUE
    assert waiting.actual_departure is None and waiting.shipment_type is None
    assert by_stop[("7288000000000002", 1)].status(date(2026, 1, 3)) is TransferStatus.VOIDED


def test_transferred_items_with_what_the_recipient_did() -> None:
    inbound = {row["inventoryid"]: row for row in rows("sync_inventory_transfer_inbound")}
    shipped = rows("sync_inventory_transfer")
    accepted = mapping.delivery_package(shipped[0], inbound[shipped[0]["inventoryid"]])
    assert accepted.state == ShipmentState.ACCEPTED and accepted.received_quantity == 10.0
    assert accepted.shipper_price == 150.0 and accepted.item_category == "Usable Marijuana"
    returned = mapping.delivery_package(shipped[1], inbound[shipped[1]["inventoryid"]])
    assert returned.state == ShipmentState.RETURNED and returned.refused
    in_transit = mapping.delivery_package(shipped[0])
    assert in_transit.state == ShipmentState.SHIPPED and in_transit.received_quantity is None


def test_a_qa_result_becomes_one_lab_result_per_value() -> None:
    results = mapping.lab_results(fixture("inventory_qa_check")["answer"], DENVER, "Mesa Labs")
    assert len(results) == 11
    by_test = {result.test_type: result for result in results}
    thca = by_test["Potency Analysis: THCA"]
    assert thca.level == 21.4 and thca.overall_passed is True and thca.test_passed is None
    assert thca.source_package_label == "6033000000000103" and thca.lab_license == "990050"
    assert thca.category == "Flower Lot" and thca.tested_on == date(2026, 1, 2)
    assert by_test["Moisture Content: moisture"].level == 11.5
    assert by_test["Microbiological Screening: yeast_and_mold"].level == 300.0


def test_qa_sample_results_as_lab_states() -> None:
    states = [mapping.qa_lab_state(row["result"]) for row in rows("sync_inventory_qa_sample")]
    assert states == ["TestPassed", "SubmittedForTesting", "TestFailed"]


def test_plant_destruction_as_plant_waste() -> None:
    found = [waste.plant_waste(row, DENVER) for row in rows("sync_plant")]
    assert found[0] is None and found[3] is None
    scheduled, destroyed = found[1], found[2]
    assert scheduled is not None and destroyed is not None
    assert (scheduled.number, scheduled.reason, scheduled.day) == (
        "6033000000000402", "Male plant", date(2025, 12, 31),
    )  # fmt: skip
    assert scheduled.missing() == ["method", "weight", "unit"]
    assert destroyed.reason == "Pests" and destroyed.day == date(2026, 1, 3)


def test_inventory_destruction_and_its_waiting_period() -> None:
    found = [waste.inventory_destruction(row, DENVER) for row in rows("sync_inventory")]
    assert found[:2] == [None, None]
    lot = found[2]
    assert lot is not None and lot.reason == "Failed QA: mold" and not lot.destroyed
    assert lot.inventory_type == "Flower Lot" and lot.quantity == 450.5
    assert lot.scheduled_at is not None and lot.scheduled_at.date() == date(2025, 12, 31)
    assert lot.may_destroy_on(3) == date(2026, 1, 3) and lot.may_destroy_on(0) == date(2025, 12, 31)


def test_harvest_and_cure_actions_as_harvests_and_their_waste() -> None:
    plants = {row["id"]: row for row in rows("sync_plant")}
    derivatives = rows("sync_plant_derivative")
    harvest, cure = waste.harvests(derivatives, DENVER, plants)
    assert (harvest.id, harvest.plant_count, harvest.wet_weight, harvest.waste_weight) == (
        7001, 2, 950.0, 100.0,
    )  # fmt: skip
    assert harvest.harvest_type == "Wet" and harvest.strains == ("Sour Diesel",)
    assert harvest.started == date(2026, 1, 1) and harvest.drying_location == "9"
    assert harvest.grams(harvest.wet_weight) == 950.0
    assert (cure.wet_weight, cure.waste_weight, cure.harvest_type) == (200.0, 30.0, None)
    wastes = [w for row in derivatives if (w := waste.harvest_waste(row, DENVER))]
    assert [(w.harvest_id, w.weight, w.waste_type) for w in wastes] == [
        (7001, 100.0, "Waste"), (7002, 30.0, "Waste"),
    ]  # fmt: skip


def test_missing_fields_read_as_empty_not_errors() -> None:
    [bare] = mapping.receipts([{"transactionid": "9"}], DENVER)
    assert bare.sold_at is None and bare.total_price == 0.0
    assert [(line.package_label, line.quantity) for line in bare.lines] == [("", 0.0)]
    assert mapping.adjustment({}, DENVER).quantity == 0.0
    assert mapping.lab_results({"result": "0", "test": ["junk"]}, DENVER) == []
    assert waste.harvests([{"inventorytype": "29"}], DENVER) == []
