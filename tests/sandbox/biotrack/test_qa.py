"""QA samples go to a lab; only the lab files results, which pass or fail the item."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.sandbox.biotrack.conftest import CULTIVATOR, DISPENSARY, LAB, BioTrack

pytestmark = pytest.mark.anyio
CLEAN = [
    {"type": 1, "moisture": 11},
    {"type": 4, "aerobic_bacteria": 10, "yeast_and_mold": 10, "coliforms": 0,
     "bile_tolerant": 0, "e_coli_and_salmonella": 0},
]  # fmt: skip


async def untested_lot(biotrack: BioTrack) -> str:
    samples = {row["parentid"] for row in await biotrack.rows(CULTIVATOR, "inventory_qa_sample")}
    lots = [
        row for row in await biotrack.rows(CULTIVATOR, "inventory", active=1)
        if row["inventorytype"] == 14 and row["id"] not in samples
        and Decimal(row["remaining_quantity"]) > 10
    ]  # fmt: skip
    return str(lots[-1]["id"])


async def sample(biotrack: BioTrack, lot: str) -> str:
    answer = await biotrack.ok(CULTIVATOR, "inventory_qa_sample", barcodeid=lot, lab_id=LAB.location, quantity=2, quantity_uom="g")  # fmt: skip
    return str(answer["sample_id"])


async def test_a_lab_passes_a_sample_and_the_lot_may_then_be_converted(biotrack: BioTrack) -> None:
    lot = await untested_lot(biotrack)
    sample_id = await sample(biotrack, lot)
    pending = await biotrack.refused(CULTIVATOR, "inventory_qa_check", sample_id=sample_id)
    assert "not yet been filed" in pending["error"]
    grower = await biotrack.refused(CULTIVATOR, "inventory_qa_sample_results", sample_id=sample_id, test=CLEAN)  # fmt: skip
    assert (grower["errorcode"], grower["error"]) == (200, "Only QA Labs may enter results.")
    await biotrack.ok(LAB, "inventory_qa_sample_results", sample_id=sample_id, test=CLEAN)
    checked = await biotrack.ok(CULTIVATOR, "inventory_qa_check", sample_id=sample_id)
    assert checked["result"] == 1 and checked["test"][0] == {"type": 1, "moisture": "11"}
    again = await biotrack.refused(LAB, "inventory_qa_sample_results", sample_id=sample_id, test=CLEAN)  # fmt: skip
    assert "already been filed" in again["error"]
    retest = await biotrack.refused(CULTIVATOR, "inventory_qa_sample", barcodeid=lot, lab_id=LAB.location, quantity=1)  # fmt: skip
    assert "already been successfully tested" in retest["error"]
    await biotrack.ok(CULTIVATOR, "inventory_convert", derivative_type=24, derivative_quantity=2,
                      derivative_product="Cartridge",
                      data=[{"barcodeid": lot, "remove_quantity": 5, "remove_quantity_uom": "g"}])  # fmt: skip


async def test_a_failed_result_keeps_the_lot_from_leaving(biotrack: BioTrack) -> None:
    lot = await untested_lot(biotrack)
    sample_id = await sample(biotrack, lot)
    await biotrack.ok(LAB, "inventory_qa_sample_results", sample_id=sample_id,
                      test=[{"type": 1, "moisture": 18}])  # fmt: skip
    samples = {row["inventoryid"]: row for row in await biotrack.rows(CULTIVATOR, "inventory_qa_sample")}  # fmt: skip
    assert samples[sample_id]["result"] == 2 and samples[sample_id]["parentid"] == lot
    refused = await biotrack.refused(CULTIVATOR, "inventory_convert", derivative_type=28,
                                     derivative_quantity=1, derivative_quantity_uom="each",
                                     data=[{"barcodeid": lot, "remove_quantity": 3}])  # fmt: skip
    assert refused["errorcode"] == 202


async def test_a_sample_not_yet_tested_can_be_voided_and_its_amount_returns(
    biotrack: BioTrack,
) -> None:
    lot = await untested_lot(biotrack)
    before = await biotrack.item(CULTIVATOR, lot)
    taken = await biotrack.ok(CULTIVATOR, "inventory_qa_sample", barcodeid=lot, lab_id=LAB.location, quantity=2, quantity_uom="g")  # fmt: skip
    await biotrack.ok(CULTIVATOR, "inventory_qa_sample_void", transactionid=taken["transactionid"])
    await biotrack.refused(LAB, "inventory_qa_sample_results", sample_id=taken["sample_id"], test=CLEAN)  # fmt: skip
    after = await biotrack.item(CULTIVATOR, lot)
    assert before is not None and after is not None
    assert after["remaining_quantity"] == before["remaining_quantity"]


async def test_a_store_learns_the_result_of_a_received_lot_from_its_source(
    biotrack: BioTrack,
) -> None:
    held = [
        row for row in await biotrack.rows(DISPENSARY, "inventory", active=1)
        if Decimal(row["remaining_quantity"]) > 0
    ]  # fmt: skip
    answer = await biotrack.ok(DISPENSARY, "inventory_qa_check_all", barcodeid=[held[0]["id"]])
    [result] = answer["data"]
    assert result["barcode_id"] == held[0]["id"] and result["result"] == 1
    # the eighths were converted from a lot the grower sampled: the result is that lot's
    samples = await biotrack.rows(CULTIVATOR, "inventory_qa_sample")
    assert result["parent_id"] != held[0]["id"]
    assert any(s["parentid"] == result["parent_id"] and s["result"] == 1 for s in samples)
    other = await biotrack.refused(CULTIVATOR, "inventory_qa_check_all", barcodeid=[held[0]["id"]])
    assert "could not be found" in other["error"]
