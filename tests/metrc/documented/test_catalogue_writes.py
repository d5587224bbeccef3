"""The strain, location and sublocation tools on Metrc's documented request bodies (the
fixture server refuses any other body, writes.py). A strain write carries no Genetics: Metrc
documents none on a write, and its reads derive it from the indica and sativa shares."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools import strains
from trichome.metrc.tools.facilities import facility, locations, sublocations
from trichome.metrc.tools.items import write as items_write

pytestmark = pytest.mark.anyio


async def test_a_new_strain_with_its_split(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        strains.create_strain, license_number=GROWER, name="Gary Payton ",
        testing_status="ThirdParty", thc_level=24.5, indica_percentage=60,
    )  # fmt: skip

    body = [
        {
            "Name": "Gary Payton", "TestingStatus": "ThirdParty", "ThcLevel": 24.5,
            "IndicaPercentage": 60, "SativaPercentage": 40,
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/strains/v2", body)]
    assert result["ids"] == [43]
    assert result["message"] == "Created the strain Gary Payton (60% indica, 40% sativa)."


async def test_an_update_keeps_what_is_not_given(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        strains.update_strain, license_number=GROWER, name="Blue Dream", thc_level=0.23
    )

    body = [
        {
            "Id": 41, "Name": "Blue Dream", "TestingStatus": "ThirdParty", "ThcLevel": 0.23,
            "CbdLevel": 0.001, "IndicaPercentage": 20.0, "SativaPercentage": 80.0,
        }
    ]  # fmt: skip
    assert sent(documented) == [("PUT", "/strains/v2", body)]
    assert result["message"] == "Updated the strain Blue Dream: THC level."


async def test_a_strain_is_archived_by_its_id(run: Run, documented: FakeMetrc) -> None:
    result = await run(strains.archive_strain, license_number=GROWER, name="Blue Dream")

    assert sent(documented) == [("DELETE", "/strains/v2/41", None)]
    assert result["message"] == "Archived the strain 'Blue Dream'."


async def test_locations_are_created_changed_and_archived(run: Run, documented: FakeMetrc) -> None:
    made = await run(
        facility.create_location, license_number=GROWER, name="Cure Room ",
        location_type="Drying",
    )  # fmt: skip
    await run(locations.update_location, license_number=GROWER, location_id=12, name="Dry Room A")
    await run(locations.archive_location, license_number=GROWER, location_id=12)

    assert sent(documented) == [
        ("POST", "/locations/v2", [{"Name": "Cure Room", "LocationTypeName": "Drying"}]),
        ("PUT", "/locations/v2", [{"Id": 12, "Name": "Dry Room A", "LocationTypeName": "Drying"}]),
        ("DELETE", "/locations/v2/12", None),
    ]
    assert made["ids"] == [31]


async def test_sublocations_are_created_renamed_and_archived(
    run: Run, documented: FakeMetrc
) -> None:
    made = await run(sublocations.create_sublocation, license_number=GROWER, name="Table A")
    await run(
        sublocations.rename_sublocation, license_number=GROWER, sublocation_id=71, name="Table B"
    )
    await run(sublocations.archive_sublocation, license_number=GROWER, sublocation_id=71)

    assert sent(documented) == [
        ("POST", "/sublocations/v2", [{"Name": "Table A"}]),
        ("PUT", "/sublocations/v2", [{"Id": 71, "Name": "Table B"}]),
        ("DELETE", "/sublocations/v2/71", None),
    ]
    assert made["ids"] == [71] and made["message"] == "Created the sublocation 'Table A'."


async def test_an_edible_item_with_its_thc_per_unit(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        items_write.create_item, license_number=GROWER, name="Gummies 10mg", category="Edible",
        unit_of_measure="Each", unit_thc_content=10,
    )  # fmt: skip

    body = [
        {
            "Name": "Gummies 10mg", "ItemCategory": "Edible", "UnitOfMeasure": "Each",
            "UnitThcContent": 10, "UnitThcContentUnitOfMeasure": "Milligrams",
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/items/v2", body)]
    assert result["ids"] == [305]


async def test_an_item_update_keeps_its_category_and_strain(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        items_write.update_item, license_number=GROWER, name="Blue Dream Pre-Roll 1g",
        unit_weight=1.2,
    )  # fmt: skip
    await run(items_write.archive_item, license_number=GROWER, name="Blue Dream Pre-Roll 1g")

    body = [
        {
            "Id": 304, "Name": "Blue Dream Pre-Roll 1g", "ItemCategory": "Pre-Roll Flower",
            "UnitOfMeasure": "Each", "Strain": "Blue Dream", "UnitWeight": 1.2,
            "UnitWeightUnitOfMeasure": "Grams",
        }
    ]  # fmt: skip
    assert sent(documented) == [("PUT", "/items/v2", body), ("DELETE", "/items/v2/304", None)]
