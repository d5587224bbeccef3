"""Metrc's documented package, plant, item, facility and adjustment-reason shapes read into
our records: the fields the skills use, with their units, lab states and dates typed."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from typing import Any

from tests.metrc.documented.conftest import FIXTURES, GROWER, STORE, fixture
from trichome.tracking import Capability, PlantPhase, UnitKind
from trichome.tracking.metrc import inventory


def documents(fixture: str, license_number: str | None = None) -> list[dict[str, Any]]:
    """The records a fixture's response lists (for one licence when named)."""
    file = json.loads((FIXTURES / f"{fixture}.json").read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = []
    for request in file["requests"]:
        if license_number and request["query"].get("licenseNumber") != license_number:
            continue
        response = request["response"]
        found += response["Data"] if isinstance(response, dict) else response
    return found


def by_label(fixture: str, license_number: str) -> dict[str, Any]:
    return {
        record.label: record
        for record in map(inventory.package, documents(fixture, license_number))
    }


def test_a_package_reads_its_item_quantity_lab_state_and_dates() -> None:
    jar = by_label("packages_active", GROWER)["1A4FF0300000029000000101"]

    assert (jar.item.name, jar.item.category, jar.item.strain) == (
        "Blue Dream Flower",
        "Buds",
        "Blue Dream",
    )
    assert (jar.quantity, jar.unit, jar.unit_kind) == (1360.0, "Grams", UnitKind.WEIGHT)
    assert (jar.lab_state, jar.lab_cleared, jar.lab_passed) == ("TestPassed", True, True)
    assert jar.lab_expires == date(2027, 5, 4)
    assert jar.lab_tested == date(2026, 5, 4)
    assert jar.packaged == date(2026, 5, 1) == jar.arrived_on  # made here: no receipt
    assert jar.source_harvests == ("2026-04-02-Flower Room 1-H",)
    assert (jar.location_name, jar.on_hold, jar.finished) == ("Finished Goods Vault", False, False)


def test_a_received_count_package_and_a_clone_that_needs_no_test() -> None:
    store = by_label("packages_active", STORE)
    pre_roll = store["1A4FF0300000029000000204"]
    clones = store["1A4FF0300000029000000301"]

    assert (pre_roll.unit_kind, pre_roll.item.unit_weight_grams) == (UnitKind.COUNT, 1.0)
    assert pre_roll.source_packages == ("1A4FF0300000029000000102",)
    assert pre_roll.received == datetime(
        2026, 6, 8, 11, 42, 10, tzinfo=timezone(-timedelta(hours=6))
    )
    assert pre_roll.arrived_on == date(2026, 6, 8)
    assert (clones.lab_state, clones.lab_cleared, clones.lab_passed) == ("NotRequired", True, False)


def test_a_destroyed_plant_keeps_its_day_and_note() -> None:
    plants = [inventory.plant_of(d) for d in documents("plants_inactive", GROWER)]
    flowering = [inventory.plant_of(d) for d in documents("plants_flowering", GROWER)]

    first = plants[0]
    assert (first.phase, first.destroyed, first.destroyed_note) == (
        PlantPhase.DESTROYED,
        date(2026, 6, 3),
        "Hermaphrodite: pollen sacs found",
    )
    assert (first.strain, first.batch_name) == ("Blue Dream", "BD-2026-03-18-Clones")
    assert {p.phase for p in flowering} == {PlantPhase.FLOWERING}
    assert flowering[0].flowering_since == date(2026, 5, 20)


def test_facilities_items_and_adjust_reasons() -> None:
    grower = next(
        inventory.facility(d) for d in documents("facilities") if inventory.license_of(d) == GROWER
    )
    items = {i.name: i for i in map(inventory.item, documents("items_active", GROWER))}
    reasons = {
        r.name: r.requires_note
        for r in map(inventory.adjust_reason, documents("packages_adjust_reasons", GROWER))
    }

    assert grower.license_type == "Retail Marijuana Cultivation Facility"
    assert grower.can(Capability.GROW_PLANTS)
    assert not grower.can(Capability.SELL_TO_CONSUMERS)
    assert items["Blue Dream Pre-Roll 1g"].unit_weight_grams == 1.0
    assert items["Blue Dream Flower"].unit_weight_grams is None
    assert (reasons["Theft"], reasons["Drying"]) == (True, False)


def test_missing_fields_read_as_nothing_not_an_error() -> None:
    bare = inventory.package({"Label": "X"})
    job = inventory.processing_job(
        {"Id": 1, "Name": "brownies", "StartDate": "2026-02-07", "Packages": []}
    )

    assert (bare.quantity, bare.unit, bare.lab_state, bare.lab_expires) == (
        0.0,
        None,
        "NotSubmitted",
        None,
    )
    assert bare.item.name is None
    assert (job.started, job.inputs, job.outputs) == (date(2026, 2, 7), (), ())


def test_a_processing_job_reads_its_documented_totals() -> None:
    """GET /processing/v2/{id} (bruno ProcessingJob/GetProcessingJobById): the number, type
    and totals in the job's units; the documented Packages array is empty, so no inputs."""
    document = fixture("processing_by_id")["requests"][0]["response"]
    job = inventory.processing_job(document)

    assert (job.id, job.name, job.number) == (5101, "RSO-2026-06-10", "PJ005101")
    assert job.job_type == "Extraction - Ethanol"
    assert (job.total_weight, job.weight_unit, job.total_count) == (1250.0, "Grams", 0.0)
    assert (job.waste_weight, job.finished, job.inputs, job.outputs) == (None, None, (), ())
    made = inventory.package({"Label": "X", "SourceProcessingJobCount": 1})
    assert made.made_by_processing and not inventory.package({"Label": "Y"}).made_by_processing
