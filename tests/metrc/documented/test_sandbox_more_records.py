"""The rest of the seeded sandbox against Metrc's documentation (as test_sandbox_records): the
registers a licence keeps besides its stock (sublocations, additives templates, drivers and
vehicles), what it archived (items, locations, strains, sublocations) and the payment types,
each with the fields and types of its documented fixture (tests/metrc/fixtures/documented),
no more and no fewer.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest

from tests.metrc.documented.conftest import fixture
from tests.metrc.documented.test_sandbox_records import (
    Read,
    _first,
    documented,
    lab_results,
    same_types,
)
from tests.metrc.documented.test_sandbox_shapes import (  # the same seeded year and helpers
    client,
    fields,
    kinds,
    year,
)
from tests.support.sandbox import CULTIVATOR, DISPENSARY, LAB, MANUFACTURER
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


async def sales_delivery(c: MetrcClient) -> Any:
    delivery = await _first(c.sales_deliveries_inactive(DISPENSARY))
    return await c.sales_delivery(DISPENSARY, delivery["Id"])


async def receipt_by_pos_number(c: MetrcClient) -> Any:
    sold = await _first(c.sales_receipts_active(DISPENSARY))
    return await c.sales_receipt_by_external_number(DISPENSARY, sold["ExternalReceiptNumber"])


async def packages_in_other_states(c: MetrcClient) -> Any:
    """By label, a package used up and finished, one that failed testing, and a lab's sample."""
    finished = await _first(c.packages_inactive(CULTIVATOR))
    failed = next(
        p
        for p in await c.packages_inactive(CULTIVATOR) + await c.packages_onhold(CULTIVATOR)
        if p["LabTestingState"] in ("TestFailed", "RetestFailed")
    )
    sample = await _first(c.packages_active(LAB))
    return [
        await c.package(CULTIVATOR, label=finished["Label"]),
        await c.package(CULTIVATOR, label=failed["Label"]),
        await c.package(LAB, label=sample["Label"]),
    ]


async def vegetative_plant(c: MetrcClient) -> Any:
    return await c.plant(CULTIVATOR, label=(await _first(c.plants_vegetative(CULTIVATOR)))["Label"])


async def waste_plants(c: MetrcClient) -> Any:
    """The plants of the first plant waste record that names its plants."""
    for waste in await c.plant_waste(CULTIVATOR):
        plants = await c.plant_waste_plants(CULTIVATOR, int(waste["PlantWasteNumber"]))
        if plants:
            return plants
    return []


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
        # bruno Sales/GetActiveDeliveries, GetInactiveDeliveries and GetSalesDeliveryById:
        # one on the road, one completed and one voided on the year's last day.
        (lambda c: c.sales_deliveries_active(DISPENSARY), "sales_deliveries_active"),
        (lambda c: c.sales_deliveries_inactive(DISPENSARY), "sales_deliveries_inactive"),
        (sales_delivery, "sales_delivery_by_id"),
        # bruno Sales/GetReceiptsExternalByExternalNumber: the till's own receipt number.
        (receipt_by_pos_number, "sales_receipts_external"),
        # bruno Items/GetInactiveItems, Locations/GetInactiveLocations, Strains/GetInactive.
        (lambda c: c.items_inactive(CULTIVATOR), "items_inactive"),
        (lambda c: c.locations_inactive(CULTIVATOR), "locations_inactive"),
        (lambda c: c.strains_inactive(CULTIVATOR), "strains_inactive"),
        # bruno ProcessingJob/GetInactiveJobTypes: the manufacturer's retired method.
        (lambda c: c.processing_job_types_inactive(MANUFACTURER), "processing_jobtypes_inactive"),
        # bruno Plants/GetAdditives: feed on clone batches and a spray on veg rooms.
        (lambda c: c.plant_additives(CULTIVATOR), "plants_additives"),
        # bruno Packages/GetPackageByLabel and Plants/GetPlantsByLabel, in other states.
        (packages_in_other_states, "packages_by_label_states"),
        (vegetative_plant, "plants_by_label_states"),
        # bruno LabTests/GetResults: the rows of the fixture that names potency tests as
        # several states do have the same fields as the sandbox's Colorado rows.
        (lab_results, "labtests_results_potency_names"),
        # bruno Plants/GetWasteById (the plants one waste record names).
        (waste_plants, "plants_waste_plants"),
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
    for licence in (CULTIVATOR, MANUFACTURER):  # the store ships nothing; it delivers sales
        shipped = await _first(client.transfers_outgoing(licence))
        delivery = await _first(client.transfer_deliveries(licence, shipped["Id"]))
        [carrier] = await client.delivery_transporter_details(licence, delivery["Id"])
        drivers = {d["Name"] for d in await client.drivers(licence)}
        vans = {v["LicensePlateNumber"] for v in await client.vehicles(licence)}
        assert carrier["DriverName"] in drivers
        assert carrier["VehicleLicensePlateNumber"] in vans


async def test_the_store_s_deliveries_are_driven_by_its_drivers_and_sold_once(
    client: MetrcClient,
) -> None:
    """On the road, completed or voided; each names a driver the store has on file, and no
    receipt repeats a delivery's sale (Metrc never records both for one transaction)."""
    active = await client.sales_deliveries_active(DISPENSARY)
    inactive = await client.sales_deliveries_inactive(DISPENSARY)
    drivers = {d["Name"]: d for d in await client.drivers(DISPENSARY)}
    receipts = await client.sales_receipts_active(DISPENSARY)
    sold = {
        (line["PackageLabel"], r["SalesDateTime"]) for r in receipts for line in r["Transactions"]
    }

    assert {d["SalesDeliveryState"] for d in active} == {"InTransit"}
    assert {d["SalesDeliveryState"] for d in inactive} == {"Delivered", "Voided"}
    for delivery in active + inactive:
        driver = drivers[delivery["DriverName"]]
        assert delivery["DriversLicenseNumber"] == driver["DriversLicenseNumber"]
        assert delivery["DriverEmployeeId"] == driver["EmployeeId"]
        assert delivery["TotalPackages"] == len(delivery["Transactions"]) > 0
        lines = {
            (line["PackageLabel"], delivery["SalesDateTime"]) for line in delivery["Transactions"]
        }
        assert not lines & sold


@pytest.mark.parametrize(
    ("read", "fixture_name"),
    [
        (lambda c: c.plant_additive_types(CULTIVATOR), "plants_additives_types"),
        (lambda c: c.lab_test_states(), "labtests_states"),
    ],
    ids=["plants_additives_types", "labtests_states"],
)
async def test_more_lists_of_names_are_metrc_s_documented_names(
    client: MetrcClient, read: Read, fixture_name: str
) -> None:
    assert await read(client) == fixture(fixture_name)["requests"][0]["response"]


async def test_employee_permissions_are_a_plain_list_of_names(client: MetrcClient) -> None:
    """bruno Employees/GetPermissions: a plain array of names (Metrc's are lower case)."""
    staff = await client.employees(CULTIVATOR)
    manager = next(p for p in staff if p["IsManager"] and not p["IsOwner"])
    served = await client.get(
        "/employees/v2/permissions",
        CULTIVATOR,
        {"employeeLicenseNumber": manager["License"]["EmployeeLicenseNumber"]},
    )

    assert isinstance(fixture("employees_permissions")["requests"][0]["response"], list)
    assert isinstance(served, list) and served
    assert all(isinstance(name, str) and name == name.lower() for name in served)


async def test_manifests_are_served_as_documented(client: MetrcClient) -> None:
    """bruno Transfers/GetManifestPdf answers the file in JSON (`FileContents` in base64 and
    its name); GetManifestHtml answers the page itself."""
    shipped = await _first(client.transfers_outgoing(CULTIVATOR))
    pdf = await client.get(f"/transfers/v2/manifest/{shipped['Id']}/pdf", CULTIVATOR)
    page = await client.transfer_manifest_html(CULTIVATOR, shipped["Id"])
    example = fixture("transfers_manifest_pdf")["requests"][0]["response"]

    assert set(pdf) == set(example)
    assert kinds([pdf]) == kinds([example])
    assert base64.b64decode(pdf["FileContents"]).startswith(b"%PDF")
    assert fixture("transfers_manifest_html")["requests"][0]["file"]["content_type"].startswith(
        "text/html"
    )
    assert "<html" in page.lower() and shipped["ManifestNumber"] in page


async def test_payment_types_are_names_in_the_documented_envelope(client: MetrcClient) -> None:
    served = await client.get("/sales/v2/paymenttypes", DISPENSARY)
    example = fixture("sales_paymenttypes")["requests"][0]["response"]

    assert set(served) == set(example)
    assert served["Data"] and all(isinstance(name, str) for name in served["Data"])
    assert served["Total"] == len(served["Data"])
    assert await client.sales_payment_types(DISPENSARY) == served["Data"]
