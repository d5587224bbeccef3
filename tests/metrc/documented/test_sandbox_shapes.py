"""The sandbox against Metrc's documentation, not against our client: for the records whose
field names we fixed, the seeded sandbox serves the fields of the documented fixtures
(tests/metrc/fixtures/documented), no more and no fewer, and our mapping reads them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.metrc.documented.conftest import fixture, records
from tests.support.sandbox import (
    AS_OF,
    CULTIVATOR,
    DISPENSARY,
    MANUFACTURER,
    remove_database,
    sandbox_client,
    seeded_database,
)
from trichome.config import Settings
from trichome.metrc import MetrcClient
from trichome.tracking import LAB_STATES, ReceiptStatus, TransferStatus, WasteSource
from trichome.tracking.metrc import mapping

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    settings = seeded_database(tmp_path_factory.mktemp("shapes"), template_dir)
    yield settings
    remove_database(settings)


@pytest.fixture
async def client(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year) as sandbox:
        yield sandbox


def documented(fixture: str) -> set[str]:
    """The fields of a fixture's records (every record of a fixture has the same ones)."""
    shapes = {frozenset(record) for record in records(fixture)}
    assert len(shapes) == 1, fixture
    return set(next(iter(shapes)))


def fields(served: list[dict[str, Any]]) -> set[str]:
    """The fields of the sandbox's records (all of them must have the same ones)."""
    assert served
    shapes = {frozenset(record) for record in served}
    assert len(shapes) == 1, shapes
    return set(next(iter(shapes)))


async def test_harvests_and_their_waste_have_the_documented_fields(client: MetrcClient) -> None:
    harvests = await client.harvests_inactive(CULTIVATOR)
    waste = await client.harvest_waste(CULTIVATOR, harvests[0]["Id"])

    assert fields(harvests) == documented("harvests_inactive")
    assert fields(waste) == documented("harvest_waste")
    assert all(isinstance(h["SourceStrainNames"], str) for h in harvests)
    mapped = mapping.harvest(harvests[0])
    assert mapped.strains == (harvests[0]["SourceStrainNames"],) and "," not in mapped.strain


async def test_plant_and_batch_waste_have_the_documented_fields(client: MetrcClient) -> None:
    plants = await client.plant_waste(CULTIVATOR)
    batches = await client.plant_batch_waste(CULTIVATOR)

    assert fields(plants) == documented("plants_waste")
    assert fields(batches) == documented("plantbatches_waste")
    for record, source in [(r, WasteSource.PLANT) for r in plants] + [
        (r, WasteSource.PLANT_BATCH) for r in batches
    ]:
        waste = mapping.plant_waste(record, source)
        assert waste.missing() == [] and waste.plant_count > 0, record


async def test_package_adjustments_have_the_documented_fields(client: MetrcClient) -> None:
    adjustments = await client.package_adjustments(DISPENSARY)

    assert fields(adjustments) == documented("packages_adjustments")
    mapped = [mapping.adjustment(a) for a in adjustments]
    assert all(a.quantity != 0 and a.unit and a.day for a in mapped)


async def test_transfers_and_deliveries_have_the_documented_fields(client: MetrcClient) -> None:
    outgoing = await client.transfers_outgoing(CULTIVATOR)
    rejected = await client.transfers_rejected(MANUFACTURER)
    partly = next(t for t in rejected if t["ReceivedPackageCount"] > 0)
    deliveries = await client.transfer_deliveries(MANUFACTURER, partly["Id"])
    lines = await client.delivery_packages(MANUFACTURER, partly["DeliveryId"])
    prices = await client.delivery_packages_wholesale(MANUFACTURER, partly["DeliveryId"])

    assert fields(outgoing) == fields(rejected) == documented("transfers_outgoing")
    assert fields(deliveries) == documented("transfers_deliveries")
    assert fields(lines) == documented("transfers_delivery_packages")
    assert fields(prices) == documented("transfers_delivery_packages_wholesale")
    assert mapping.transfer(partly).status(AS_OF) is TransferStatus.PARTIALLY_REJECTED
    refused = sum(mapping.delivery_package(line).refused for line in lines)
    assert refused == partly["PackageCount"] - partly["ReceivedPackageCount"] > 0


async def test_receipts_have_the_documented_fields_and_finalized_ones_are_sales(
    client: MetrcClient,
) -> None:
    active = await client.sales_receipts_active(DISPENSARY)
    inactive = await client.sales_receipts_inactive(DISPENSARY)

    assert fields(active) == fields(inactive) == documented("sales_receipts_active")
    line_fields = {key for receipt in active for line in receipt["Transactions"] for key in line}
    documented_lines = {
        key
        for receipt in records("sales_receipts_active")
        for line in receipt["Transactions"]
        for key in line
    }
    assert line_fields <= documented_lines, line_fields - documented_lines
    statuses = {mapping.receipt(r).status for r in inactive}
    assert statuses == {ReceiptStatus.FINALIZED, ReceiptStatus.VOIDED}
    assert {mapping.receipt(r).status for r in active} == {ReceiptStatus.OPEN}


async def test_the_lab_states_are_metrc_s_fourteen(client: MetrcClient) -> None:
    assert sorted(await client.lab_test_states()) == sorted(LAB_STATES)


async def test_plant_batches_and_tags_have_the_documented_fields(client: MetrcClient) -> None:
    batches = await client.plant_batches_active(CULTIVATOR)
    tags = await client.package_tags_available(CULTIVATOR)

    assert fields(batches) == documented("plantbatches_active")
    assert fields(tags) == documented("tags_package_available")
    assert {b["PlantBatchTypeName"] for b in batches} <= {"Seed", "Clone", "Genetic Material"}


async def test_packages_in_transit_are_listed_not_flagged(client: MetrcClient) -> None:
    moving = await client.packages_intransit(CULTIVATOR)
    active = await client.packages_active(CULTIVATOR)

    assert active and not {p["Label"] for p in moving} & {p["Label"] for p in active}
    assert all("IsInTransit" not in p for p in [*moving, *active])


async def test_transfers_carry_an_integer_licence_type(client: MetrcClient) -> None:
    outgoing = await client.transfers_outgoing(CULTIVATOR)

    assert {t["ShipmentLicenseType"] for t in outgoing} == {0}


def kinds(rows: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Each field's JSON types across the records, a null counting as no type."""
    found: dict[str, set[str]] = {}
    for row in rows:
        for key, value in row.items():
            kind = {bool: "bool", int: "number", float: "number", str: "string"}.get(
                type(value), "null" if value is None else type(value).__name__
            )
            found.setdefault(key, set()).update({kind} - {"null"})
    return found


def same_types(served: list[dict[str, Any]], fixture: str) -> list[str]:
    """The fields whose types the sandbox and the fixture disagree on (both given)."""
    ours, theirs = kinds(served), kinds(records(fixture))
    return [k for k in theirs if ours.get(k) and theirs[k] and not ours[k] <= theirs[k]]


@pytest.mark.parametrize(
    ("read", "fixture"),
    [
        ("locations_active", "locations_active"),
        ("location_types", "locations_types"),
        ("strains_active", "strains_active"),
    ],
)
async def test_reference_lists_have_the_documented_fields_and_types(
    client: MetrcClient, read: str, fixture: str
) -> None:
    served = await getattr(client, read)(CULTIVATOR)

    assert fields(served) == documented(fixture)
    assert same_types(served, fixture) == []


async def test_units_of_measure_have_the_documented_fields_and_types(client: MetrcClient) -> None:
    served = await client.units_of_measure()

    assert fields(served) == documented("unitsofmeasure_active")
    assert same_types(served, "unitsofmeasure_active") == []


# Where the sandbox differs from the documented example on purpose: a lab test type's
# LabTestResultMode is a number in Metrc's example (0) and a name on live servers
# (PassWithinMinMax); the sandbox serves both, so clients meet both (docs/metrc-coverage.md).
# Metrc's examples disagree on a transfer's ShipmentTransactionType: a name ("Standard") in
# GetOutgoingTransfers and GetIncomingTransfers, a number (0) in GetHub (bruno Transfers/
# GetHub.bru); the sandbox names it in every list.
SANDBOX_OTHER_TYPES = {
    "labtests_types": ["LabTestResultMode"],
    "transfers_hub": ["ShipmentTransactionType"],
}


@pytest.mark.parametrize(
    ("read", "licence", "fixture"),
    [
        ("lab_test_types", DISPENSARY, "labtests_types"),
        ("plant_batch_types", CULTIVATOR, "plantbatches_types"),
        ("plant_batches_inactive", CULTIVATOR, "plantbatches_inactive"),
    ],
)
async def test_more_reads_have_the_documented_fields_and_types(
    client: MetrcClient, read: str, licence: str, fixture: str
) -> None:
    served = await getattr(client, read)(licence)

    assert fields(served) == documented(fixture)
    assert same_types(served, fixture) == SANDBOX_OTHER_TYPES.get(fixture, [])


@pytest.mark.parametrize(
    ("read", "licence", "fixture"),
    [
        ("lab_test_batches", DISPENSARY, "labtests_batches"),
        ("item_categories", CULTIVATOR, "items_categories"),
        ("waste_methods", None, "wastemethods"),
        ("plant_waste_methods", CULTIVATOR, "plants_waste_methods_all"),
        ("plant_waste_reasons", CULTIVATOR, "plants_waste_reasons"),
        ("harvest_waste_types", CULTIVATOR, "harvests_waste_types"),
        ("transfer_types", CULTIVATOR, "transfers_types"),
        ("sales_counties", DISPENSARY, "sales_counties"),
        ("sales_patient_registration_locations", DISPENSARY, "sales_patientregistration_locations"),
        ("sales_delivery_return_reasons", DISPENSARY, "sales_delivery_return_reasons"),
        ("packages_transferred", CULTIVATOR, "packages_transferred"),
        ("package_lab_samples", CULTIVATOR, "packages_labsamples"),
        ("processing_jobs_inactive", MANUFACTURER, "processing_inactive"),
        ("processing_job_types", MANUFACTURER, "processing_jobtypes_active"),
        ("outgoing_templates", CULTIVATOR, "transfers_templates_outgoing"),
        ("patient_checkin_locations", None, "patient_checkins_locations"),
        ("units_of_measure_inactive", None, "unitsofmeasure_inactive"),
        # Plants (bruno Plants/GetFloweringPlants, GetVegetativePlants, GetInactivePlants):
        # tag type limits, batch type id, location type, sublocation, investigation flags,
        # mother and clone counts, served as Metrc's example has them.
        ("plants_flowering", CULTIVATOR, "plants_flowering"),
        ("plants_vegetative", CULTIVATOR, "plants_vegetative"),
        ("plants_inactive", CULTIVATOR, "plants_inactive"),
        # Already served as documented; now held to it.
        ("packages_inactive", CULTIVATOR, "packages_inactive"),
        ("packages_intransit", CULTIVATOR, "packages_intransit"),
        ("harvests_active", CULTIVATOR, "harvests_active"),
        ("package_adjust_reasons", CULTIVATOR, "packages_adjust_reasons"),
        ("plant_batch_waste_reasons", CULTIVATOR, "plantbatches_waste_reasons"),
        ("plant_tags_available", CULTIVATOR, "tags_plant_available"),
        ("transfer_hub", CULTIVATOR, "transfers_hub"),
        ("transfers_incoming", DISPENSARY, "transfers_incoming"),
        # Items carry every field of bruno Items/GetActiveItems and, like it, no LastModified.
        ("items_active", CULTIVATOR, "items_active"),
    ],
)
async def test_the_newly_documented_reads_match_the_sandbox(
    client: MetrcClient, read: str, licence: str | None, fixture: str
) -> None:
    served = await getattr(client, read)(*([licence] if licence else []))

    assert fields(served) == documented(fixture)
    assert same_types(served, fixture) == SANDBOX_OTHER_TYPES.get(fixture, [])


async def test_lab_test_batches_list_their_test_types_as_metrc_documents(
    client: MetrcClient,
) -> None:
    batches = await client.lab_test_batches(DISPENSARY)
    types = {t["Name"]: t for t in await client.lab_test_types(DISPENSARY)}

    assert all(b["LabTestTypeCount"] == len(b["LabTestTypes"]) > 0 for b in batches)
    assert all(t == types[t["Name"]] for b in batches for t in b["LabTestTypes"])
    assert {key for b in batches for t in b["LabTestTypes"] for key in t} == {
        key for b in records("labtests_batches") for t in b["LabTestTypes"] for key in t
    }


async def test_customer_types_are_metrc_s_documented_names(client: MetrcClient) -> None:
    documented_names = fixture("sales_customertypes")["requests"][0]["response"]
    assert await client.sales_customer_types(DISPENSARY) == documented_names


async def test_packages_have_the_documented_fields_held_or_not(client: MetrcClient) -> None:
    active = await client.packages_active(DISPENSARY)
    held = await client.packages_onhold(DISPENSARY)

    assert fields(active) == fields(held) == documented("packages_active")
    assert {p["IsOnHoldCombined"] for p in held} == {True}
    assert {p["IsOnHoldCombined"] for p in active} == {False}


async def test_item_categories_name_the_sandbox_s_lab_test_batches(client: MetrcClient) -> None:
    categories = {c["Name"]: c for c in await client.item_categories(CULTIVATOR)}
    batches = {b["Name"] for b in await client.lab_test_batches(DISPENSARY)}

    assert all(set(c["LabTestBatchNames"]) <= batches for c in categories.values())
    assert "Moisture" in categories["Buds"]["LabTestBatchNames"]
    assert "Moisture" not in categories["Infused Edible"]["LabTestBatchNames"]
    assert categories["Immature Plants"]["LabTestBatchNames"] == []
    assert categories["Immature Plants"]["CanContainSeeds"] is True
    # The rules the sandbox enforces when an item is created are the ones it publishes.
    assert categories["Infused Edible"]["RequiresUnitThcContent"] is True
    assert categories["Infused Edible"]["RequiresStrain"] is False
