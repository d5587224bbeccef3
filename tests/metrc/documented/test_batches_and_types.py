"""Finished plant batches and the plant batch and package types, read by their tools from
fixtures in Metrc's documented shapes.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from tests.metrc.documented.conftest import GROWER, Run, records
from trichome.metrc.tools.packages import read as package_reads
from trichome.metrc.tools.plant_batches import read as batch_reads
from trichome.metrc.tools.registry import load_all

pytestmark = pytest.mark.anyio


async def test_inactive_batches_show_their_counts_strain_and_planting_day(run: Run) -> None:
    inactive = await run(batch_reads.list_inactive_plant_batches, license_number=GROWER)
    other = await run(
        batch_reads.list_inactive_plant_batches, license_number=GROWER, strain="Sour Diesel"
    )

    [batch] = inactive["items"]
    assert (batch["Name"], batch["StrainName"]) == ("BD-2026-04-02-Clones", "Blue Dream")
    assert (batch["TrackedCount"], batch["UntrackedCount"], batch["DestroyedCount"]) == (30, 0, 6)
    assert batch["PlantedDate"] == "2026-04-02" and batch["PlantBatchTypeName"] == "Clone"
    assert other["total"] == 0


async def test_a_finished_batch_is_found_by_name_with_its_waste(run: Run) -> None:
    found = await run(
        batch_reads.get_plant_batch, license_number=GROWER, name="BD-2026-04-02-Clones"
    )

    assert found["plant_batch"]["Name"] == "BD-2026-04-02-Clones"
    assert found["plant_batch"]["TrackedCount"] == 30
    assert found["waste"] == []  # the waste fixture is for BD-2026-05-12-Clones only


async def test_plant_batch_types_say_whether_they_clone_and_when_they_changed(run: Run) -> None:
    types = await run(batch_reads.list_plant_batch_types, license_number=GROWER)

    documented = records("plantbatches_types")
    assert types["total"] == 3
    assert types["items"] == [
        {key: t[key] for key in ("Name", "CanBeCloned", "LastModified")} for t in documented
    ]
    assert [(t["Name"], t["CanBeCloned"]) for t in types["items"][:2]] == [
        ("Seed", True), ("Clone", False),
    ]  # fmt: skip
    TypeAdapter(load_all()["list_plant_batch_types"].returns).validate_python(types)


async def test_package_types_are_metrc_s_list(run: Run) -> None:
    types = await run(package_reads.list_package_types)

    assert [t["Name"] for t in types["items"]] == [
        "Product",
        "ImmaturePlant",
        "VegetativePlant",
        "PlantWaste",
        "HarvestWaste",
        "MotherPlant",
    ]
