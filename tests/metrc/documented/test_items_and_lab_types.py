"""Archived items and the state's lab test types, read by their tools from fixtures in
Metrc's documented shapes.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter
from starlette.responses import JSONResponse

from tests.metrc.documented.conftest import GROWER, STORE, Run, records
from tests.metrc.fake_metrc import Call, FakeMetrc, envelope
from trichome.metrc.tools import lab_results
from trichome.metrc.tools.items import read
from trichome.metrc.tools.registry import load_all

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


def published(result: dict[str, Any]) -> None:
    """Fails unless the result fits the shape the tool publishes as its outputSchema."""
    TypeAdapter(load_all()["list_lab_test_types"].returns).validate_python(result)


async def test_the_documented_numeric_result_mode_passes_through(run: Run) -> None:
    types = await run(lab_results.list_lab_test_types, license_number=STORE)

    published(types)
    documented = [t["LabTestResultMode"] for t in records("labtests_types")]
    assert [t["LabTestResultMode"] for t in types["items"]] == documented == [0, 0, 0, 0]


async def test_a_result_mode_given_by_name_passes_through(run: Run, fake: FakeMetrc) -> None:
    # A live server names the mode (ThunkMetrc's schema of captured answers types it as
    # text); the record is otherwise the documented one, with our values.
    heavy_metal = {
        **records("labtests_types")[2],
        "Id": 905, "Name": "Cadmium (ppm) Infused Edible", "MaxAllowedFailureCount": 2,
        "LabTestResultMode": "PassWithinMinMax", "LabTestResultMinimum": 0.0,
        "LabTestResultMaximum": 0.2, "DependencyMode": "RequiresAll",
    }  # fmt: skip

    def answer(call: Call) -> JSONResponse:
        assert call.path.rstrip("/") == "/labtests/v2/types"
        return JSONResponse(envelope([heavy_metal], 1, 1, 1))

    fake.script = answer
    types = await run(lab_results.list_lab_test_types, license_number=STORE)

    published(types)
    (cadmium,) = types["items"]
    assert cadmium["LabTestResultMode"] == "PassWithinMinMax"
    assert (cadmium["LabTestResultMinimum"], cadmium["LabTestResultMaximum"]) == (0.0, 0.2)
