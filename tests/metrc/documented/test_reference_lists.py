"""Locations, sublocations, strains and units of measure: the tools a user reaches for to
name a place, a strain or a unit, run on fixtures in Metrc's documented shapes.
"""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run
from trichome.metrc.tools import ToolProblem, facilities, strains
from trichome.metrc.tools.facilities import locations, sublocations

pytestmark = pytest.mark.anyio


async def test_locations_show_what_each_may_hold(run: Run) -> None:
    listed = await run(facilities.list_locations, license_number=GROWER)

    assert listed["total"] == 3
    by_name = {row["Name"]: row for row in listed["items"]}
    assert by_name["Dry Room"] == {
        "Id": 12,
        "Name": "Dry Room",
        "LocationTypeName": "Drying",
        "ForPlantBatches": False,
        "ForPlants": False,
        "ForHarvests": True,
        "ForPackages": False,
    }
    assert "LocationTypeId" not in by_name["Vault"]


async def test_locations_filter_by_what_they_hold_type_and_name(run: Run) -> None:
    packages = await run(facilities.list_locations, license_number=GROWER, holds="packages")
    harvests = await run(facilities.list_locations, license_number=GROWER, holds="harvests")
    grow = await run(facilities.list_locations, license_number=GROWER, location_type="grow room")
    named = await run(facilities.list_locations, license_number=GROWER, name_contains="room")

    assert [row["Name"] for row in packages["items"]] == ["Vault"]
    assert [row["Name"] for row in harvests["items"]] == ["Flower Room A", "Dry Room"]
    assert [row["Id"] for row in grow["items"]] == [11]
    assert [row["Name"] for row in named["items"]] == ["Flower Room A", "Dry Room"]


async def test_each_licence_sees_its_own_locations(run: Run) -> None:
    store = await run(facilities.list_locations, license_number=STORE)

    assert [(row["Id"], row["Name"]) for row in store["items"]] == [(21, "Sales Floor")]


async def test_archived_locations_are_listed_apart(run: Run) -> None:
    archived = await run(locations.list_inactive_locations, license_number=GROWER)

    assert [(row["Id"], row["Name"]) for row in archived["items"]] == [(14, "Old Veg Tent")]
    assert archived["items"][0]["LocationTypeName"] == "Grow Room"


async def test_location_types_say_what_their_locations_may_hold(run: Run) -> None:
    types = await run(facilities.list_location_types, license_number=GROWER)

    assert types["total"] == 3
    assert types["items"][2] == {
        "Name": "Storage",
        "ForPlantBatches": False,
        "ForPlants": False,
        "ForHarvests": False,
        "ForPackages": True,
    }


async def test_sublocations_active_and_archived(run: Run) -> None:
    active = await run(sublocations.list_sublocations, license_number=GROWER)
    benches = await run(
        sublocations.list_sublocations, license_number=GROWER, name_contains="bench"
    )
    archived = await run(sublocations.list_sublocations, license_number=GROWER, archived=True)

    assert [(row["Id"], row["Name"]) for row in active["items"]] == [
        (31, "Bench 1"),
        (32, "Bench 2"),
        (33, "Vault Shelf A"),
    ]
    assert benches["total"] == 2 and active["archived"] is False
    assert [row["Name"] for row in archived["items"]] == ["Bench 0"] and archived["archived"]


async def test_a_strain_shows_its_levels_split_and_use(run: Run) -> None:
    active = await run(strains.list_active_strains, license_number=GROWER)

    blue = active["items"][0]
    assert (blue["Name"], blue["TestingStatus"], blue["IsUsed"]) == (
        "Blue Dream",
        "ThirdParty",
        True,
    )
    assert (blue["ThcLevel"], blue["CbdLevel"]) == (0.21, 0.001)
    assert (blue["IndicaPercentage"], blue["SativaPercentage"]) == (20.0, 80.0)
    assert blue["Genetics"] == "20% Indica / 80% Sativa"
    gelato = active["items"][1]
    assert gelato["Name"] == "Gelato 41" and gelato.get("ThcLevel") is None


async def test_inactive_strains_are_listed_and_found_by_name(run: Run) -> None:
    inactive = await run(strains.list_inactive_strains, license_number=GROWER)
    found = await run(strains.get_strain, license_number=GROWER, name="sour diesel")
    active = await run(strains.get_strain, license_number=GROWER, name="GELATO 41")

    assert [(s["Id"], s["Name"]) for s in inactive["items"]] == [(43, "Sour Diesel")]
    assert (found["strain"]["Id"], found["strain"]["TestingStatus"]) == (43, "None")
    assert active["strain"]["Id"] == 42
    with pytest.raises(ToolProblem, match="No strain named 'OG Kush'"):
        await run(strains.get_strain, license_number=GROWER, name="OG Kush")


async def test_units_of_measure_by_kind(run: Run) -> None:
    every = await run(facilities.list_units_of_measure)
    weights = await run(facilities.list_units_of_measure, quantity_type="WeightBased")
    counts = await run(facilities.list_units_of_measure, quantity_type="CountBased")

    assert every["total"] == 7
    assert {u["Name"]: u["Abbreviation"] for u in weights["items"]} == {
        "Grams": "g",
        "Ounces": "oz",
        "Pounds": "lb",
        "Milligrams": "mg",
        "Kilograms": "kg",
    }
    assert counts["items"] == [{"Name": "Each", "Abbreviation": "ea", "QuantityType": "CountBased"}]
