"""The plant write tools on Metrc's documented request bodies (the fixture server refuses any
other body, writes.py): growth phase, moves, harvest, destruction and waste from growing
plants."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.plants import changes
from trichome.metrc.tools.plants import waste as plant_waste
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
FLOWERING, VEGETATIVE = "1A4FF0100000029000004502", "1A4FF0100000029000004510"
DAY = "2026-06-15"  # the fixtures' today


async def test_a_vegetative_plant_goes_to_flowering(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="cannot go back to vegetative"):
        await run(
            changes.change_plants_growth_phase, license_number=GROWER, labels=[FLOWERING],
            growth_phase="Vegetative", new_location="Veg Room 1",
        )  # fmt: skip
    result = await run(
        changes.change_plants_growth_phase, license_number=GROWER, labels=[VEGETATIVE],
        growth_phase="Flowering", new_location="Flower Room 4",
    )  # fmt: skip

    body = [{"Label": VEGETATIVE, "GrowthPhase": "Flowering", "NewLocation": "Flower Room 4",
             "GrowthDate": DAY}]  # fmt: skip
    assert sent(documented) == [("PUT", "/plants/v2/growthphase", body)]
    assert result["message"] == "Changed 1 plant to Flowering at Flower Room 4."


async def test_plants_already_there_are_not_moved(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        changes.move_plants, license_number=GROWER, labels=[FLOWERING, VEGETATIVE],
        location="Flower Room 4",
    )  # fmt: skip

    body = [{"Label": VEGETATIVE, "Location": "Flower Room 4", "ActualDate": DAY}]
    assert sent(documented) == [("PUT", "/plants/v2/location", body)]
    assert result["message"] == "Moved 1 plant to Flower Room 4."


async def test_only_flowering_plants_are_harvested(run: Run, documented: FakeMetrc) -> None:
    plants = [changes.HarvestedPlant(label=VEGETATIVE, weight=900)]
    with pytest.raises(ToolProblem, match="Only flowering plants"):
        await run(
            changes.harvest_plants, license_number=GROWER, plants=plants,
            unit_of_weight="Grams", drying_location="Dry Room 2",
        )  # fmt: skip
    result = await run(
        changes.harvest_plants, license_number=GROWER, unit_of_weight="Grams",
        plants=[changes.HarvestedPlant(label=FLOWERING, weight=1210.5)],
        drying_location="Dry Room 2", harvest_name="2026-06-15-Flower Room 4-H",
    )  # fmt: skip

    body = [
        {
            "Plant": FLOWERING, "Weight": 1210.5, "UnitOfWeight": "Grams",
            "DryingLocation": "Dry Room 2", "HarvestName": "2026-06-15-Flower Room 4-H",
            "ActualDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("PUT", "/plants/v2/harvest", body)]
    assert "1210.5 Grams wet" in result["message"]


async def test_destroyed_plants_record_their_waste(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        changes.destroy_plants, license_number=GROWER, labels=[FLOWERING], waste_method="Grinder",
        waste_material_mixed="Soil", waste_weight_each=350, unit_of_weight="Grams",
        waste_reason="Male Plants", reason_note="Hermaphrodite found at week 3",
    )  # fmt: skip

    body = [
        {
            "Label": FLOWERING, "WasteMethodName": "Grinder", "WasteMaterialMixed": "Soil",
            "WasteWeight": 350, "WasteUnitOfMeasureName": "Grams",
            "WasteReasonName": "Male Plants", "ReasonNote": "Hermaphrodite found at week 3",
            "ActualDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("DELETE", "/plants/v2", body)]
    assert result["message"] == "Destroyed 1 plant (Male Plants)."


async def test_waste_from_plants_or_a_whole_location(run: Run, documented: FakeMetrc) -> None:
    common = {"waste_method": "Compost", "mixed_material": "Soil", "waste_weight": 120,
              "unit_of_weight": "Grams", "reason": "Trimming"}  # fmt: skip
    await run(plant_waste.record_plant_waste, license_number=GROWER, labels=[FLOWERING], **common)
    result = await run(
        plant_waste.record_plant_waste, license_number=GROWER, location="Flower Room 4", **common
    )

    first, second = (body for _, _, body in sent(documented))
    documented_fields = {"WasteMethodName": "Compost", "MixedMaterial": "Soil", "WasteWeight": 120,
                         "UnitOfMeasureName": "Grams", "ReasonName": "Trimming", "WasteDate": DAY}  # fmt: skip
    assert first == [{**documented_fields, "PlantLabels": [FLOWERING]}]
    assert second == [{**documented_fields, "PlantLabels": [], "LocationName": "Flower Room 4"}]
    assert result["message"] == "Recorded 120 Grams of waste from the plants at Flower Room 4."
