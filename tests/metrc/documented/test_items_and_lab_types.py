"""Archived items and the state's lab test types, read by their tools from fixtures in
Metrc's documented shapes.
"""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run
from trichome.metrc.tools import lab_results
from trichome.metrc.tools.items import read

pytestmark = pytest.mark.anyio


async def test_inactive_items_are_listed_with_their_unit_and_strain(run: Run) -> None:
    inactive = await run(read.list_inactive_items, license_number=GROWER)
    by_strain = await run(read.list_inactive_items, license_number=GROWER, strain="sour diesel")
    other = await run(read.list_inactive_items, license_number=GROWER, strain="Blue Dream")

    [item] = inactive["items"]
    assert (item["Id"], item["Name"]) == (309, "Sour Diesel Flower (retired)")
    assert (item["ProductCategoryName"], item["QuantityType"]) == ("Buds", "WeightBased")
    assert (item["UnitOfMeasureName"], item["StrainName"]) == ("Grams", "Sour Diesel")
    assert "StrainId" not in item and "DefaultLabTestingState" not in item
    assert by_strain["total"] == 1 and other["total"] == 0


async def test_an_archived_item_is_found_by_name_after_the_active_ones(run: Run) -> None:
    found = await run(read.get_item, license_number=GROWER, name="sour diesel flower (retired)")

    assert found["item"]["Id"] == 309


async def test_lab_test_types_show_their_limits_and_which_are_informational(run: Run) -> None:
    types = await run(lab_results.list_lab_test_types, license_number=STORE)
    thc = await run(lab_results.list_lab_test_types, license_number=STORE, name_contains="thc")

    assert types["total"] == 4
    moisture = types["items"][2]
    assert moisture["Name"] == "Moisture Content (%) Raw Plant Material"
    assert (moisture["LabTestResultMinimum"], moisture["LabTestResultMaximum"]) == (0.0, 15.0)
    assert moisture["RequiresTestResult"] is True and moisture["InformationalOnly"] is False
    assert types["items"][3]["InformationalOnly"] is True
    assert [t["Name"] for t in thc["items"]] == ["Total THC (%) Raw Plant Material"]
    assert all("DependencyMode" not in t for t in types["items"])
