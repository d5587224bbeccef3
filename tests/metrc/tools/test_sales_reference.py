"""Sales reference tools against the sandbox: counties, patient registration locations, and
a receipt found by the point of sale's number; with the other reference lists added beside
them (package types, growth phases, delivery package states, archived locations)."""

from __future__ import annotations

from datetime import datetime

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from tests.metrc.tools.test_delivery_changes import jars
from trichome.metrc.tools import (
    MetrcAccess,
    ToolProblem,
    facilities,
    load_all,
    packages,
    plants,
    transfers,
    using,
)
from trichome.metrc.tools import sales as tools
from trichome.metrc.tools.sales.recording import SaleLine

pytestmark = pytest.mark.anyio


async def test_a_receipt_is_found_by_its_external_number(writer: MetrcAccess) -> None:
    with using(writer):
        (jar,) = await jars(writer, 1)
        line = SaleLine(
            package_label=jar["Label"], quantity=1, unit_of_measure="Grams", total_amount=10
        )
        made = await tools.create_sales_receipt(
            DISPENSARY, datetime(2026, 11, 21, 12), "Consumer", [line],
            external_receipt_number="POS-7781",
        )  # fmt: skip
        found = await tools.get_sales_receipt_by_external_number(DISPENSARY, " POS-7781 ")
        with pytest.raises(ToolProblem, match="No sales receipt with external number 'POS-0'"):
            await tools.get_sales_receipt_by_external_number(DISPENSARY, "POS-0")
    TypeAdapter(load_all()["get_sales_receipt_by_external_number"].returns).validate_python(found)
    assert found["receipt"]["Id"] == made["ids"][0]
    assert found["receipt"]["Lines"][0]["PackageLabel"] == jar["Label"]


async def test_reference_lists(reader: MetrcAccess) -> None:
    with using(reader):
        counties = await tools.list_sales_counties(DISPENSARY)
        places = await tools.list_patient_registration_locations(DISPENSARY)
        kinds = await packages.list_package_types()
        phases = await plants.list_plant_growth_phases(CULTIVATOR)
        states = await transfers.list_delivery_package_states(CULTIVATOR)
        archived = await facilities.list_inactive_locations(CULTIVATOR)
    assert counties["total"] == len(counties["items"]) > 0
    assert all(set(county) == {"Id", "Name"} for county in counties["items"])
    assert places["total"] == len(places["items"])
    assert {"Name": "Product"} in kinds["items"]
    assert [phase["Name"] for phase in phases["items"]] == ["Vegetative", "Flowering"]
    assert {"Name": "Rejected"} in states["items"]
    assert archived["total"] == len(archived["items"])


async def test_an_archived_location_is_listed(writer: MetrcAccess) -> None:
    with using(writer):
        made = await facilities.create_location(
            CULTIVATOR, "Old Dry Room Z", "Default Location Type"
        )
        await facilities.archive_location(CULTIVATOR, made["ids"][0])
        archived = await facilities.list_inactive_locations(CULTIVATOR, name_contains="dry room z")
    assert [room["Id"] for room in archived["items"]] == made["ids"]
    assert archived["items"][0]["LocationTypeName"] == "Default Location Type"
