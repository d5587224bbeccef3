"""The everyday read tools whose Metrc reads already had documented fixtures, now run on them
too: facilities, plants by phase, harvests, transfers, receipts, items, reference lists, and
one package, plant, harvest or receipt looked up by label, name or Id.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run, records
from trichome.metrc.tools.registry import load_all

pytestmark = pytest.mark.anyio


async def call(run: Run, name: str, **arguments: object) -> Any:
    """A tool by its registered name (the name the coverage guard counts)."""
    return await run(load_all()[name].fn, **arguments)


async def test_facilities_with_their_licences(run: Run) -> None:
    listed = await call(run, "list_facilities")

    assert listed["total"] == len(records("facilities")) == 4
    first = listed["items"][0]
    assert (first["LicenseNumber"], first["LicenseEndDate"]) == (GROWER, "2027-01-14")
    assert "CanGrowPlants" in first["Capabilities"]


async def test_plants_by_phase_and_state(run: Run) -> None:
    flowering = await call(run, "list_flowering_plants", license_number=GROWER)
    mothers = await call(run, "list_mother_plants", license_number=GROWER)
    gone = await call(run, "list_inactive_plants", license_number=GROWER)
    phases = await call(run, "list_plant_growth_phases", license_number=GROWER)

    assert flowering["by_strain"] == {"Sour Diesel": 2}
    assert mothers["by_location"] == {"Mother Room": 1}
    assert gone["by_strain"] == {"Blue Dream": 3}
    assert phases["items"] == [{"Name": "Vegetative"}, {"Name": "Flowering"}]


async def test_one_plant_by_label(run: Run) -> None:
    found = await call(run, "get_plant", license_number=GROWER, label="1A4FF0100000029000004502")

    plant = found["plant"]
    assert plant["GrowthPhase"] == "Flowering"
    assert plant["PlantBatchName"] == "SD-2026-04-01-Clones"


async def test_additives_and_batch_waste(run: Run) -> None:
    applied = await call(run, "list_plant_additives", license_number=GROWER)
    types = await call(run, "list_additive_types", license_number=GROWER)
    waste = await call(run, "list_plant_batch_waste", license_number=GROWER)

    assert applied["total"] == 2
    assert [t["Name"] for t in types["items"]] == ["Fertilizer", "Pesticide", "Other"]
    only = waste["items"][0]
    assert (only["PlantBatchName"], only["WasteWeight"]) == ("BD-2026-05-12-Clones", 120.0)


async def test_harvests_listed_and_one_with_its_waste(run: Run) -> None:
    active = await call(run, "list_active_harvests", license_number=GROWER)
    finished = await call(run, "list_inactive_harvests", license_number=GROWER)
    by_id = await call(run, "get_harvest", license_number=GROWER, harvest="5101")
    by_name = await call(
        run, "get_harvest", license_number=GROWER, harvest="2026-05-28-Flower Room 2-H"
    )
    waste = await call(
        run, "list_harvest_waste", license_number=GROWER, harvest="2026-04-02-Flower Room 1-H"
    )

    assert [h["Id"] for h in active["items"]] == [5101]
    assert finished["total"] == 2
    assert by_id == by_name
    assert by_id["harvest"]["TotalWasteWeight"] == 6200.0
    assert waste["weight_totals"] == {"Grams": 5400.0}


async def test_transfers_in_and_rejected_and_a_delivery_s_packages(run: Run) -> None:
    incoming = await call(run, "list_incoming_transfers", license_number=STORE)
    rejected = await call(run, "list_rejected_transfers", license_number=GROWER)
    lines = await call(run, "list_delivery_packages", license_number=STORE, delivery_id=9101)
    states = await call(run, "list_delivery_package_states", license_number=STORE)

    assert incoming["by_status"] == {"pending": 0, "received": 2}
    assert [t["ManifestNumber"] for t in rejected["items"]] == ["0000090011"]
    assert lines["by_state"] == {"Accepted": 6, "Rejected": 1}
    assert [s["Name"] for s in states["items"]] == ["Shipped", "Rejected", "Accepted", "Returned"]


async def test_receipts_listed_and_one_by_id(run: Run) -> None:
    listed = await call(run, "list_active_sales_receipts", license_number=STORE)
    one = await call(run, "get_sales_receipt", license_number=STORE, receipt_id=61005)
    types = await call(run, "list_customer_types", license_number=STORE)

    assert listed["by_customer_type"] == {"Consumer": 2}
    receipt = one["receipt"]
    assert receipt["ReceiptNumber"] == "0000061005"
    assert [line["Price"] for line in receipt["Lines"]] == [45.0, 15.0]
    assert "NonResidentConsumer" in types["items"]


async def test_a_package_its_lab_results_and_the_reference_lists(run: Run) -> None:
    label = "1A4FF0300000029000000201"
    package = await call(run, "get_package", license_number=STORE, label=label)
    results = await call(run, "list_package_lab_results", license_number=STORE, label=label)
    states = await call(run, "list_lab_testing_states", license_number=STORE)
    reasons = await call(run, "list_package_adjustment_reasons", license_number=STORE)
    items = await call(run, "list_active_items", license_number=GROWER)
    categories = await call(run, "list_processing_job_categories", license_number=GROWER)

    assert package["package"]["Quantity"] == 435.6
    assert (results["lab_testing_state"], results["failed_tests"]) == ("TestPassed", [])
    assert states["total"] == 14 and "NotRequired" in states["items"]
    assert reasons["total"] == len(records("packages_adjust_reasons", STORE))
    assert items["total"] == 4
    assert categories["categories"] == [
        {"Id": 4, "Name": "Extraction", "RequiresProcessingJobAttributes": False}
    ]
