"""The rest of the seeded sandbox against Metrc's documentation (as test_sandbox_records): the
registers a licence keeps besides its stock (sublocations, additives templates, drivers and
vehicles), what it archived (items, locations, strains, sublocations) and the payment types,
each with the fields and types of its documented fixture (tests/metrc/fixtures/documented),
no more and no fewer.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.metrc.documented.conftest import fixture
from tests.metrc.documented.test_sandbox_records import Read, _first, documented, same_types
from tests.metrc.documented.test_sandbox_shapes import (  # the same seeded year and helpers
    client,
    fields,
    year,
)
from tests.support.sandbox import CULTIVATOR, DISPENSARY, MANUFACTURER
from trichome.metrc import MetrcClient

pytestmark = pytest.mark.anyio
__all__ = ["client", "year"]


async def sublocation(c: MetrcClient) -> Any:
    place = await _first(c.sublocations_active(CULTIVATOR))
    return await c.sublocation(CULTIVATOR, place["Id"])


async def additives_template(c: MetrcClient) -> Any:
    template = await _first(c.additives_templates_active(CULTIVATOR))
    return await c.additives_template(CULTIVATOR, template["Id"])


async def driver(c: MetrcClient) -> Any:
    return await c.driver(CULTIVATOR, (await _first(c.drivers(CULTIVATOR)))["Id"])


async def vehicle(c: MetrcClient) -> Any:
    return await c.vehicle(CULTIVATOR, (await _first(c.vehicles(CULTIVATOR)))["Id"])


@pytest.mark.parametrize(
    ("read", "fixture_name"),
    [
        # bruno AdditivesTemplates/GetActiveAdditivesTemplates and GetAdditivesTemplateById
        # (Metrc's example answers a list of one; the sandbox answers the template itself).
        (lambda c: c.additives_templates_active(CULTIVATOR), "additivestemplates_active"),
        (additives_template, "additivestemplates_by_id"),
        # bruno Sublocations/GetActive, GetInactive and GetSublocationById.
        (lambda c: c.sublocations_active(CULTIVATOR), "sublocations_active"),
        (lambda c: c.sublocations_active(DISPENSARY), "sublocations_active"),
        (lambda c: c.sublocations_inactive(CULTIVATOR), "sublocations_inactive"),
        (sublocation, "sublocations_by_id"),
        # bruno Transporters/GetDrivers, GetDriverById, GetVehicles and GetVehicleById.
        (lambda c: c.drivers(CULTIVATOR), "transporters_drivers"),
        (lambda c: c.drivers(MANUFACTURER), "transporters_drivers"),
        (driver, "transporters_driver_by_id"),
        (lambda c: c.vehicles(MANUFACTURER), "transporters_vehicles"),
        (vehicle, "transporters_vehicle_by_id"),
        # bruno Items/GetInactiveItems, Locations/GetInactiveLocations, Strains/GetInactive.
        (lambda c: c.items_inactive(CULTIVATOR), "items_inactive"),
        (lambda c: c.locations_inactive(CULTIVATOR), "locations_inactive"),
        (lambda c: c.strains_inactive(CULTIVATOR), "strains_inactive"),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
async def test_registers_and_archives_have_the_documented_fields_and_types(
    client: MetrcClient, read: Read, fixture_name: str
) -> None:
    served = await read(client)
    rows = served if isinstance(served, list) else [served]

    assert fields(rows) == documented(fixture_name)
    assert same_types(rows, fixture_name) == []


async def test_archived_records_leave_the_active_lists(client: MetrcClient) -> None:
    for active, inactive in [
        (client.items_active, client.items_inactive),
        (client.locations_active, client.locations_inactive),
        (client.strains_active, client.strains_inactive),
        (client.sublocations_active, client.sublocations_inactive),
    ]:
        gone = {row["Id"] for row in await inactive(CULTIVATOR)}
        assert gone and not gone & {row["Id"] for row in await active(CULTIVATOR)}


async def test_the_licences_that_ship_have_its_drivers_and_vans_on_file(
    client: MetrcClient,
) -> None:
    for licence in (CULTIVATOR, MANUFACTURER):  # the store does not ship
        shipped = await _first(client.transfers_outgoing(licence))
        delivery = await _first(client.transfer_deliveries(licence, shipped["Id"]))
        [carrier] = await client.delivery_transporter_details(licence, delivery["Id"])
        drivers = {d["Name"] for d in await client.drivers(licence)}
        vans = {v["LicensePlateNumber"] for v in await client.vehicles(licence)}
        assert carrier["DriverName"] in drivers
        assert carrier["VehicleLicensePlateNumber"] in vans


async def test_payment_types_are_names_in_the_documented_envelope(client: MetrcClient) -> None:
    served = await client.get("/sales/v2/paymenttypes", DISPENSARY)
    example = fixture("sales_paymenttypes")["requests"][0]["response"]

    assert set(served) == set(example)
    assert served["Data"] and all(isinstance(name, str) for name in served["Data"])
    assert served["Total"] == len(served["Data"])
    assert await client.sales_payment_types(DISPENSARY) == served["Data"]
