"""More of the sandbox against Metrc's documentation (as test_sandbox_shapes): the facilities
list, reads of one record by id or label, the lists under a template or a delivery, and the
plain lists of names, each with the fields and types of its documented fixture
(tests/metrc/fixtures/documented), no more and no fewer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.metrc.documented.conftest import fixture
from tests.metrc.documented.test_sandbox_shapes import (  # the same seeded year and helpers
    client,
    fields,
    kinds,
    year,
)
from tests.support.sandbox import CULTIVATOR, DISPENSARY, MANUFACTURER
from trichome.metrc import MetrcClient
from trichome.sandbox.facilities import FACILITIES

pytestmark = pytest.mark.anyio
__all__ = ["client", "year"]

Read = Callable[[MetrcClient], Awaitable[Any]]


def examples(name: str) -> list[dict[str, Any]]:
    """A fixture's records, whether it answers a list, a paged list or one record."""
    found: list[dict[str, Any]] = []
    for request in fixture(name)["requests"]:
        response = request["response"]
        if isinstance(response, dict):
            found += response.get("Data", [response])
        else:
            found += response
    return found


def documented(name: str) -> set[str]:
    """The fields of a fixture's records (every record of a fixture has the same ones)."""
    shapes = {frozenset(record) for record in examples(name)}
    assert len(shapes) == 1, name
    return set(next(iter(shapes)))


def same_types(served: list[dict[str, Any]], name: str) -> list[str]:
    """The fields whose types the sandbox and the fixture disagree on (both given)."""
    ours, theirs = kinds(served), kinds(examples(name))
    return [k for k in theirs if ours.get(k) and theirs[k] and not ours[k] <= theirs[k]]


async def _first(rows: Awaitable[list[dict[str, Any]]]) -> dict[str, Any]:
    return (await rows)[0]


async def package_by_id(c: MetrcClient) -> Any:
    return await c.package(
        CULTIVATOR, package_id=(await _first(c.packages_active(CULTIVATOR)))["Id"]
    )


async def package_by_label(c: MetrcClient) -> Any:
    label = (await _first(c.packages_active(CULTIVATOR)))["Label"]
    return await c.package(CULTIVATOR, label=label)


async def source_harvests(c: MetrcClient) -> Any:
    package = await _first(c.packages_active(CULTIVATOR))
    return await c.package_source_harvests(CULTIVATOR, package["Id"])


async def harvest(c: MetrcClient) -> Any:
    return await c.harvest(CULTIVATOR, (await _first(c.harvests_active(CULTIVATOR)))["Id"])


async def item(c: MetrcClient) -> Any:
    return await c.item(CULTIVATOR, (await _first(c.items_active(CULTIVATOR)))["Id"])


async def strain(c: MetrcClient) -> Any:
    return await c.strain(CULTIVATOR, (await _first(c.strains_active(CULTIVATOR)))["Id"])


async def location(c: MetrcClient) -> Any:
    return await c.location(CULTIVATOR, (await _first(c.locations_active(CULTIVATOR)))["Id"])


async def plant_batch(c: MetrcClient) -> Any:
    batch = await _first(c.plant_batches_active(CULTIVATOR))
    return await c.plant_batch(CULTIVATOR, batch["Id"])


async def plant_by_id(c: MetrcClient) -> Any:
    plant = await _first(c.plants_flowering(CULTIVATOR))
    return await c.plant(CULTIVATOR, plant_id=plant["Id"])


async def plant_by_label(c: MetrcClient) -> Any:
    plant = await _first(c.plants_flowering(CULTIVATOR))
    return await c.plant(CULTIVATOR, label=plant["Label"])


async def processing_job(c: MetrcClient) -> Any:
    job = await _first(c.processing_jobs_inactive(MANUFACTURER))
    return await c.processing_job_by_id(MANUFACTURER, job["Id"])


async def receipt(c: MetrcClient) -> Any:
    sold = await _first(c.sales_receipts_active(DISPENSARY))
    return await c.sales_receipt(DISPENSARY, sold["Id"])


async def lab_results(c: MetrcClient) -> Any:
    tested = next(
        p for p in await c.packages_active(CULTIVATOR) if p["LabTestingState"] == "TestPassed"
    )
    return await c.lab_test_results(CULTIVATOR, tested["Id"])


async def _template_delivery(c: MetrcClient) -> int:
    template = await _first(c.outgoing_templates(CULTIVATOR))
    return int((await _first(c.template_deliveries(CULTIVATOR, template["Id"])))["Id"])


async def template_deliveries(c: MetrcClient) -> Any:
    template = await _first(c.outgoing_templates(CULTIVATOR))
    return await c.template_deliveries(CULTIVATOR, template["Id"])


async def template_packages(c: MetrcClient) -> Any:
    return await c.template_delivery_packages(CULTIVATOR, await _template_delivery(c))


async def template_transporters(c: MetrcClient) -> Any:
    return await c.template_delivery_transporters(CULTIVATOR, await _template_delivery(c))


async def template_transporter_details(c: MetrcClient) -> Any:
    return await c.template_delivery_transporter_details(CULTIVATOR, await _template_delivery(c))


async def _delivery(c: MetrcClient) -> int:
    shipped = await _first(c.transfers_outgoing(CULTIVATOR))
    return int((await _first(c.transfer_deliveries(CULTIVATOR, shipped["Id"])))["Id"])


async def delivery_transporters(c: MetrcClient) -> Any:
    return await c.delivery_transporters(CULTIVATOR, await _delivery(c))


async def delivery_transporter_details(c: MetrcClient) -> Any:
    return await c.delivery_transporter_details(CULTIVATOR, await _delivery(c))


async def required_batches(c: MetrcClient) -> Any:
    line = await _first(c.delivery_packages(CULTIVATOR, await _delivery(c)))
    return await c.delivery_package_required_lab_test_batches(CULTIVATOR, line["PackageId"])


@pytest.mark.parametrize(
    ("read", "fixture_name"),
    [
        (package_by_id, "packages_by_id"),
        (package_by_label, "packages_by_label"),
        (source_harvests, "packages_source_harvests"),
        (harvest, "harvests_by_id"),
        (item, "items_by_id"),
        (strain, "strains_by_id"),
        (location, "locations_by_id"),
        (plant_batch, "plantbatches_by_id"),
        (plant_by_id, "plants_by_id"),
        (plant_by_label, "plants_by_label"),
        (processing_job, "processing_by_id"),
        (receipt, "sales_receipts_by_id"),
        # bruno LabTests/GetResults: a row is known by its LabTestResultId, with no Id and no
        # LastModified.
        (lab_results, "labtests_results"),
        (template_deliveries, "transfers_template_deliveries"),
        (template_packages, "transfers_template_delivery_packages"),
        (template_transporters, "transfers_template_delivery_transporters"),
        (template_transporter_details, "transfers_template_delivery_transporter_details"),
        (delivery_transporters, "transfers_delivery_transporters"),
        (delivery_transporter_details, "transfers_delivery_transporter_details"),
        (required_batches, "transfers_delivery_package_requiredlabtestbatches"),
        (lambda c: c.employees(CULTIVATOR), "employees"),
        (lambda c: c.packages_onhold(CULTIVATOR), "packages_onhold"),
        (lambda c: c.transfers_rejected(CULTIVATOR), "transfers_rejected"),
        (lambda c: c.processing_job_attributes(MANUFACTURER), "processing_jobtypes_attributes"),
        (lambda c: c.processing_job_categories(MANUFACTURER), "processing_jobtypes_categories"),
        (lambda c: c.sales_receipts_inactive(DISPENSARY), "sales_receipts_inactive"),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
async def test_reads_of_records_have_the_documented_fields_and_types(
    client: MetrcClient, read: Read, fixture_name: str
) -> None:
    served = await read(client)
    rows = served if isinstance(served, list) else [served]

    assert fields(rows) == documented(fixture_name)
    assert same_types(rows, fixture_name) == []


@pytest.mark.parametrize(
    ("read", "fixture_name"),
    [
        (lambda c: c.package_types(), "packages_types"),
        (lambda c: c.plant_growth_phases(CULTIVATOR), "plants_growthphases"),
        (lambda c: c.delivery_package_states(CULTIVATOR), "transfers_delivery_package_states"),
    ],
    ids=["packages_types", "plants_growthphases", "transfers_delivery_package_states"],
)
async def test_lists_of_names_are_metrc_s_documented_names(
    client: MetrcClient, read: Read, fixture_name: str
) -> None:
    assert await read(client) == fixture(fixture_name)["requests"][0]["response"]


async def test_facilities_have_the_documented_fields_and_flags(client: MetrcClient) -> None:
    served = await client.facilities()
    example = examples("facilities")[0]

    assert fields(served) == documented("facilities")
    assert same_types(served, "facilities") == []
    assert {frozenset(f["FacilityType"]) for f in served} == {frozenset(example["FacilityType"])}
    assert {frozenset(f["License"]) for f in served} == {frozenset(example["License"])}
    # Every flag the sandbox enforces is served as the facility type has it.
    for facility in served:
        flags = facility["FacilityType"]
        own = FACILITIES[facility["License"]["Number"]]
        assert {name for name, on in flags.items() if on is True} == own.capabilities
    # The user is each facility's manager, listed among its employees under the same number.
    for facility in served:
        number = facility["License"]["EmployeeLicenseNumber"]
        staff = await client.employees(facility["License"]["Number"])
        [user] = [p for p in staff if p["License"]["EmployeeLicenseNumber"] == number]
        assert user["IsManager"] is True and user["IsOwner"] is False
