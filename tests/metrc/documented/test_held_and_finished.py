"""The lists of records out of the everyday flow, run on fixtures in Metrc's documented shapes
(the same record as the active lists, bruno Packages/GetInactivePackages, GetOnHoldPackages,
Harvests/GetOnHoldHarvests, Plants/GetOnHoldPlants, GetVegetativePlants): finished and held
packages, a held harvest, a held plant and vegetative plants at the second cultivator
(Foothills, 403R-00133), whose records no skill test reads.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.documented.conftest import GROWER, Run, records
from trichome.metrc.tools import harvests, packages, plants

pytestmark = pytest.mark.anyio
FOOTHILLS = "403R-00133"


async def test_a_finished_package_shows_its_finish_and_an_empty_quantity(run: Run) -> None:
    finished = await run(packages.list_inactive_packages, license_number=FOOTHILLS)
    none_at_the_grower = await run(packages.list_inactive_packages, license_number=GROWER)

    (package,) = finished["items"]
    assert (package["Label"], package["Item"], package["Strain"]) == (
        "1A4FF0400000029000000104", "Sour Diesel Flower", "Sour Diesel",
    )  # fmt: skip
    assert (package["Quantity"], package["FinishedDate"]) == (0.0, "2026-06-02")
    assert package["Flags"] == ["Finished"]
    assert finished["quantity_totals"] == {"Grams": 0.0}
    assert none_at_the_grower["total"] == 0


async def test_finished_packages_are_filtered_by_when_they_changed(run: Run) -> None:
    # Metrc's LastModified (2026-06-02) is what a last-modified window reads.
    in_june = await run(
        packages.list_inactive_packages, license_number=FOOTHILLS,
        modified_from=date(2026, 6, 1), modified_to=date(2026, 6, 10),
    )  # fmt: skip
    in_may = await run(
        packages.list_inactive_packages, license_number=FOOTHILLS,
        modified_from=date(2026, 5, 1), modified_to=date(2026, 5, 31),
    )  # fmt: skip

    assert [p["Label"] for p in in_june["items"]] == ["1A4FF0400000029000000104"]
    assert in_may["total"] == 0


async def test_a_held_package_is_flagged_and_counted(run: Run) -> None:
    held = await run(packages.list_on_hold_packages, license_number=FOOTHILLS)
    only_edibles = await run(
        packages.list_on_hold_packages, license_number=FOOTHILLS, category="Edible"
    )

    (package,) = held["items"]
    assert package["Label"] == "1A4FF0400000029000000105"
    assert package["Flags"] == ["OnHold"]
    assert held["quantity_totals"] == {"Grams": 900.0}
    assert only_edibles["total"] == 0


async def test_a_held_harvest_shows_its_weights(run: Run) -> None:
    held = await run(harvests.list_on_hold_harvests, license_number=FOOTHILLS)

    (harvest,) = held["items"]
    expected = records("harvests_onhold", FOOTHILLS)[0]
    assert harvest["Name"] == expected["Name"] == "2026-05-14-Foothills Flower 2-H"
    assert harvest["OnHold"] is True
    assert (harvest["TotalWetWeight"], harvest["TotalWasteWeight"], harvest["CurrentWeight"]) == (
        20850.0, 2100.0, 18750.0,
    )  # fmt: skip
    assert harvest["SourceStrainNames"] == "Sour Diesel"


async def test_held_and_vegetative_plants_are_counted_by_strain_and_room(run: Run) -> None:
    held = await run(plants.list_on_hold_plants, license_number=FOOTHILLS)
    vegetative = await run(plants.list_vegetative_plants, license_number=FOOTHILLS)
    none_at_the_grower = await run(plants.list_vegetative_plants, license_number=GROWER)

    (plant,) = held["items"]
    assert (plant["Label"], plant["GrowthPhase"], plant["OnHold"]) == (
        "1A4FF0200000029000004510", "Flowering", True,
    )  # fmt: skip
    assert held["by_strain"] == {"Sour Diesel": 1}
    assert vegetative["by_strain"] == {"Blue Dream": 2}
    assert vegetative["by_location"] == {"Foothills Veg Room": 2}
    assert {p["VegetativeDate"] for p in vegetative["items"]} == {"2026-06-01"}
    assert all("FloweringDate" not in p for p in vegetative["items"])  # null: left out
    assert none_at_the_grower["total"] == 0
