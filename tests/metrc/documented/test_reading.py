"""The client and the mapping, fed Metrc's documented response shapes (our fixtures).

Each test reads through the real client from a server answering with the fixtures in
tests/metrc/fixtures/documented, and maps the records into our model.
"""

from __future__ import annotations

from datetime import date
from typing import get_args

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, records
from trichome.metrc.tools import MetrcAccess
from trichome.metrc.tools.results import LabTestingState
from trichome.tracking import (
    LAB_STATES,
    LabState,
    ReceiptStatus,
    TransferStatus,
    WasteSource,
    cleared,
    failed,
)
from trichome.tracking.metrc import mapping

pytestmark = pytest.mark.anyio


async def test_a_harvest_s_strain_names_are_one_string_not_letters(metrc: MetrcAccess) -> None:
    read = await metrc.client.harvests_active(GROWER)

    harvest = mapping.harvest(read[0])
    assert read[0]["SourceStrainNames"] == "Blue Dream"
    assert harvest.strains == ("Blue Dream",)
    assert harvest.strain == "Blue Dream"
    assert (harvest.plant_count, harvest.wet_weight, harvest.unit) == (48, 38400.0, "Grams")
    assert harvest.started == date(2026, 5, 28) and harvest.finished is None


def test_strain_names_read_from_a_string_a_list_or_nothing() -> None:
    assert mapping.harvest({"SourceStrainNames": "Blue Dream, Gelato 41"}).strains == (
        "Blue Dream",
        "Gelato 41",
    )
    assert mapping.harvest({"SourceStrainNames": None, "Strains": []}).strain == "(unknown)"
    assert mapping.harvest({"SourceStrainNames": None, "Strains": ["OG Kush"]}).strains == (
        "OG Kush",
    )


async def test_plant_and_batch_waste_records_read_complete(metrc: MetrcAccess) -> None:
    plants = [
        mapping.plant_waste(r, WasteSource.PLANT)
        for r in await metrc.client.list("/plants/v2/waste", GROWER)
    ]
    batches = [
        mapping.plant_waste(r, WasteSource.PLANT_BATCH)
        for r in await metrc.client.plant_batch_waste(GROWER)
    ]

    assert [w.missing() for w in [*plants, *batches]] == [[], [], []]
    first = plants[0]
    assert (first.number, first.method, first.reason) == ("0000004102", "Compost", "Contamination")
    assert (first.weight, first.unit, first.plant_count) == (2400.0, "Grams", 3)
    assert first.day == date(2026, 6, 3) and first.plant_batch_id is None
    assert (batches[0].plant_batch_name, batches[0].plant_count) == ("BD-2026-05-12-Clones", 14)


def test_a_waste_record_without_its_unit_or_reason_is_incomplete() -> None:
    record = dict(records("plants_waste", GROWER)[0])
    record.update({"WasteUnitOfMeasureName": None, "WasteReasonName": ""})

    assert mapping.plant_waste(record, WasteSource.PLANT).missing() == ["reason", "unit"]


async def test_a_package_adjustment_reads_its_documented_quantity_and_unit(
    metrc: MetrcAccess,
) -> None:
    read = await metrc.client.package_adjustments(STORE)

    adjustment = mapping.adjustment(read[0])
    assert (adjustment.quantity, adjustment.unit) == (-0.5, "Grams")
    assert adjustment.package_label == "1A4FF0300000029000000201"
    assert (adjustment.reason, adjustment.note) == (
        "Scale Variance",
        "Weekly count on the certified scale",
    )
    assert adjustment.day == date(2026, 6, 13)


async def test_seven_shipped_six_received_is_partly_rejected_not_received(
    metrc: MetrcAccess,
) -> None:
    rejected = [mapping.transfer(r) for r in await metrc.client.transfers_rejected(GROWER)]
    incoming = [mapping.transfer(r) for r in await metrc.client.transfers_incoming(STORE)]

    manifest = rejected[0]
    assert (manifest.package_count, manifest.received_package_count) == (7, 6)
    assert manifest.rejected_packages == 1
    assert manifest.status(date(2026, 6, 15)) is TransferStatus.PARTIALLY_REJECTED
    by_manifest = {t.manifest: t.status(date(2026, 6, 15)) for t in incoming}
    assert by_manifest == {
        "0000090011": TransferStatus.PARTIALLY_REJECTED,
        "0000090052": TransferStatus.RECEIVED,
    }


async def test_a_pending_manifest_is_pending_until_due_then_overdue(metrc: MetrcAccess) -> None:
    outgoing = [mapping.transfer(r) for r in await metrc.client.transfers_outgoing(GROWER)]
    pending = next(t for t in outgoing if t.manifest == "0000090093")

    assert pending.pending and pending.rejected_packages == 0
    assert pending.status(date(2026, 6, 15)) is TransferStatus.PENDING
    assert pending.status(date(2026, 6, 17)) is TransferStatus.OVERDUE


def test_every_package_refused_is_a_rejection_and_a_void_is_voided() -> None:
    document = dict(records("transfers_rejected", GROWER)[0])
    document["ReceivedPackageCount"] = 0
    assert mapping.transfer(document).status(date(2026, 6, 15)) is TransferStatus.REJECTED
    document["IsVoided"] = True
    assert mapping.transfer(document).status(date(2026, 6, 15)) is TransferStatus.VOIDED


async def test_delivery_packages_show_which_was_rejected(metrc: MetrcAccess) -> None:
    lines = [mapping.delivery_package(r) for r in await metrc.client.delivery_packages(STORE, 9101)]

    assert len(lines) == 7
    refused = [line for line in lines if line.refused]
    assert [(line.label, line.state, line.received_quantity) for line in refused] == [
        ("1A4FF0300000029000000207", "Rejected", 0.0)
    ]
    assert {line.state for line in lines if not line.refused} == {"Accepted"}


async def test_inactive_receipts_are_finalized_sales_or_voids(metrc: MetrcAccess) -> None:
    inactive = [mapping.receipt(r) for r in await metrc.client.sales_receipts_inactive(STORE)]
    active = [mapping.receipt(r) for r in await metrc.client.sales_receipts_active(STORE)]

    statuses = {r.number: r.status for r in inactive}
    assert statuses == {
        "0000061001": ReceiptStatus.FINALIZED,
        "0000061002": ReceiptStatus.FINALIZED,
        "0000061003": ReceiptStatus.FINALIZED,
        "0000061004": ReceiptStatus.VOIDED,
    }
    assert [r.is_sale for r in inactive] == [True, True, True, False]
    assert {r.status for r in active} == {ReceiptStatus.OPEN}
    finalized = inactive[1]
    assert finalized.total_price == 42.0 and finalized.day == date(2026, 6, 11)
    assert [(s.package_label[-3:], s.quantity, s.unit, s.price) for s in finalized.lines] == [
        ("205", 1.0, "Each", 12.0),
        ("301", 2.0, "Each", 30.0),
    ]


async def test_the_fourteen_documented_lab_states_and_what_each_allows(
    metrc: MetrcAccess,
) -> None:
    states = await metrc.client.lab_test_states()

    assert sorted(states) == sorted(LAB_STATES) and len(states) == 14
    assert {s for s in states if cleared(s)} == {"TestPassed", "RetestPassed", "NotRequired"}
    assert {s for s in states if failed(s)} == {"TestFailed", "RetestFailed"}
    assert not cleared(LabState.REMEDIATED) and not cleared(None)


async def test_lab_results_read_per_test(metrc: MetrcAccess) -> None:
    rows = [mapping.lab_result(r) for r in await metrc.client.lab_test_results(STORE, 7201)]

    assert [(r.test_type, r.test_passed, r.level) for r in rows][1] == (
        "Total THC (%) Raw Plant Material",
        True,
        21.4,
    )
    assert {r.overall_passed for r in rows} == {True}
    assert rows[0].tested_on == date(2026, 5, 4) and rows[0].expires is not None
    assert rows[0].lab_name == "Peak Analytical Labs"


def test_the_tools_lab_state_filter_takes_every_documented_state() -> None:
    assert list(get_args(LabTestingState)) == list(LAB_STATES)
