"""The plant batch write tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): planting, tagging plants into a growth phase, moves,
renames, strain, splits, count adjustments, packages, tags, waste and destruction."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.plant_batches import changes, reshape, tags
from trichome.metrc.tools.plant_batches import waste as batch_waste
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
BATCH = "SD-2026-06-01-Clones"  # 36 untracked Sour Diesel clones in Clone Room 1
DAY = "2026-06-15"  # the fixtures' today


async def test_a_planting_and_its_plants_tagged(run: Run, documented: FakeMetrc) -> None:
    made = await run(
        changes.create_plant_batch, license_number=GROWER, name="GD-2026-06-15-Seeds",
        batch_type="Seed", count=50, strain="Gelato 41", location="Clone Room 1",
    )  # fmt: skip
    with pytest.raises(ToolProblem, match="only 36 untracked"):
        await run(
            changes.change_plant_batch_growth_phase, license_number=GROWER, name=BATCH,
            count=40, starting_tag="1A4FF0100000029000004600", growth_phase="Vegetative",
            new_location="Veg Room 1",
        )  # fmt: skip
    await run(
        changes.change_plant_batch_growth_phase, license_number=GROWER, name=BATCH, count=12,
        starting_tag="1A4FF0100000029000004600", growth_phase="Vegetative",
        new_location="Veg Room 1",
    )  # fmt: skip

    assert sent(documented) == [
        ("POST", "/plantbatches/v2/plantings", [
            {"Name": "GD-2026-06-15-Seeds", "Type": "Seed", "Count": 50, "Strain": "Gelato 41",
             "Location": "Clone Room 1", "ActualDate": DAY},
        ]),
        ("POST", "/plantbatches/v2/growthphase", [
            {"Name": BATCH, "Count": 12, "StartingTag": "1A4FF0100000029000004600",
             "GrowthPhase": "Vegetative", "NewLocation": "Veg Room 1", "GrowthDate": DAY},
        ]),
    ]  # fmt: skip
    assert made["ids"] == [3410]


async def test_a_batch_is_moved_renamed_and_restrained(run: Run, documented: FakeMetrc) -> None:
    await run(changes.move_plant_batch, license_number=GROWER, name=BATCH, location="Veg Room 1")
    await run(reshape.rename_plant_batch, license_number=GROWER, name=BATCH, new_name="SD-June")
    await run(
        reshape.change_plant_batch_strain, license_number=GROWER, name=BATCH, strain="Gelato 41"
    )
    await run(
        tags.replace_plant_batch_tag, license_number=GROWER, name=BATCH,
        new_tag="1A4FF0100000029000004700",
    )  # fmt: skip

    assert sent(documented) == [
        ("PUT", "/plantbatches/v2/location", [{"Name": BATCH, "Location": "Veg Room 1", "MoveDate": DAY}]),
        ("PUT", "/plantbatches/v2/name", [{"Id": None, "Group": BATCH, "NewGroup": "SD-June"}]),
        ("PUT", "/plantbatches/v2/strain", [{"Id": 3402, "Name": None, "StrainName": "Gelato 41"}]),
        ("PUT", "/plantbatches/v2/tag", [
            {"Id": 3402, "Group": None, "TagId": None, "NewTag": "1A4FF0100000029000004700",
             "ReplaceDate": DAY},
        ]),
    ]  # fmt: skip


async def test_a_split_and_an_adjustment(run: Run, documented: FakeMetrc) -> None:
    await run(
        reshape.split_plant_batch, license_number=GROWER, name=BATCH, new_name="SD-split",
        count=10, location="Veg Room 1",
    )  # fmt: skip
    result = await run(
        reshape.adjust_plant_batch, license_number=GROWER, name=BATCH, change=-2,
        reason="Died", reason_note="Damping off",
    )  # fmt: skip

    (_, split), (_, adjust) = ((p, b) for _, p, b in sent(documented))
    assert split == [
        {"PlantBatch": BATCH, "GroupName": "SD-split", "Count": 10, "Location": "Veg Room 1",
         "Sublocation": None, "Strain": "Sour Diesel", "PatientLicenseNumber": None,
         "ActualDate": DAY}
    ]  # fmt: skip
    assert adjust == [
        {"PlantBatchName": BATCH, "Quantity": -2, "AdjustmentReason": "Died",
         "AdjustmentDate": DAY, "ReasonNote": "Damping off"}
    ]  # fmt: skip
    assert result["message"] == f"Adjusted plant batch {BATCH} by -2 (Died)."


@pytest.mark.parametrize("mother", [False, True])
async def test_plants_of_a_batch_packaged(run: Run, documented: FakeMetrc, mother: bool) -> None:
    await run(
        reshape.package_plant_batch, license_number=GROWER, name=BATCH, count=6,
        item="Blue Dream Clone", tag="1A4FF0300000029000000190", from_mother_plant=mother,
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert method == "POST"
    assert path == "/plantbatches/v2/packages" + ("/frommotherplant" if mother else "")
    assert body == [
        {"Id": None, "PlantBatch": BATCH, "Count": 6, "Item": "Blue Dream Clone",
         "Tag": "1A4FF0300000029000000190", "IsTradeSample": False, "IsDonation": False,
         "ActualDate": DAY}
    ]  # fmt: skip


async def test_waste_and_destruction_of_a_batch(run: Run, documented: FakeMetrc) -> None:
    await run(
        batch_waste.record_plant_batch_waste, license_number=GROWER, name=BATCH,
        waste_method="Compost", mixed_material="Soil", waste_weight=40, unit_of_weight="Grams",
        reason="Trimming",
    )  # fmt: skip
    result = await run(
        batch_waste.destroy_plant_batch_plants, license_number=GROWER, name=BATCH, count=4,
        reason="Disease", reason_note="Root rot",
    )  # fmt: skip

    assert sent(documented) == [
        ("POST", "/plantbatches/v2/waste", [
            {"PlantBatchName": BATCH, "WasteMethodName": "Compost", "MixedMaterial": "Soil",
             "WasteWeight": 40, "UnitOfMeasureName": "Grams", "ReasonName": "Trimming",
             "WasteDate": DAY},
        ]),
        ("DELETE", "/plantbatches/v2", [
            {"PlantBatch": BATCH, "Count": 4, "WasteReasonName": "Disease",
             "ReasonNote": "Root rot", "ActualDate": DAY},
        ]),
    ]  # fmt: skip
    assert result["message"] == f"Destroyed 4 plants of batch {BATCH}; 32 untracked left."
