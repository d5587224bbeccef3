"""The harvest write tools on Metrc's documented request bodies (the fixture server refuses
any other body, writes.py): moving, renaming, finishing and reopening harvests, packaging
(ordinary and lab samples), waste and restoring harvested plants."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.harvests import lifecycle, packaging, restore, waste
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
ACTIVE, FINISHED = "2026-05-28-Flower Room 2-H", "2026-04-02-Flower Room 1-H"
DAY = "2026-06-15"  # the fixtures' today


async def test_a_harvest_is_moved_renamed_and_finished(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="already at Dry Room 2"):
        await run(
            lifecycle.move_harvest,
            license_number=GROWER,
            harvest=ACTIVE,
            drying_location="Dry Room 2",
        )
    await run(
        lifecycle.move_harvest, license_number=GROWER, harvest=ACTIVE, drying_location="Vault"
    )
    await run(lifecycle.rename_harvest, license_number=GROWER, harvest=ACTIVE, new_name="FR2 May")
    done = await run(lifecycle.finish_harvests, license_number=GROWER, harvests=[ACTIVE])

    assert sent(documented) == [
        (
            "PUT",
            "/harvests/v2/location",
            [{"Id": 5101, "DryingLocation": "Vault", "ActualDate": DAY}],
        ),
        ("PUT", "/harvests/v2/rename", [{"Id": 5101, "NewName": "FR2 May"}]),
        ("PUT", "/harvests/v2/finish", [{"Id": 5101, "ActualDate": DAY}]),
    ]
    assert done["message"] == f"Finished 1 harvest: {ACTIVE}."


async def test_a_finished_harvest_is_reopened(run: Run, documented: FakeMetrc) -> None:
    result = await run(lifecycle.unfinish_harvests, license_number=GROWER, harvests=[FINISHED])

    assert sent(documented) == [("PUT", "/harvests/v2/unfinish", [{"Id": 5087}])]
    assert result["ids"] == [5087]


@pytest.mark.parametrize("testing", [False, True])
async def test_packages_from_a_harvest(run: Run, documented: FakeMetrc, testing: bool) -> None:
    new = [
        packaging.NewPackage(tag="1A4FF0300000029000000180", item="Blue Dream Flower", weight=450),
        packaging.NewPackage(tag="1A4FF0300000029000000181", item="Blue Dream Flower", weight=450),
    ]
    result = await run(
        packaging.create_harvest_packages, license_number=GROWER, harvest=ACTIVE, packages=new,
        unit_of_weight="Grams", location="Vault", testing_sample=testing,
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("POST", "/harvests/v2/packages" + ("/testing" if testing else ""))
    assert body[1] == {
        "Tag": "1A4FF0300000029000000181", "Item": "Blue Dream Flower", "UnitOfWeight": "Grams",
        "ActualDate": DAY, "Location": "Vault",
        "Ingredients": [
            {"Weight": 450, "UnitOfWeight": "Grams", "HarvestId": 5101, "HarvestName": ACTIVE}
        ],
    }  # fmt: skip
    assert result["ids"] == ([7303] if testing else [7301, 7302])


async def test_waste_is_recorded_and_deleted(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        waste.record_harvest_waste, license_number=GROWER, harvest=ACTIVE,
        waste_type="stems and roots", waste_weight=820, unit_of_weight="Grams",
    )  # fmt: skip
    await run(waste.delete_harvest_waste, license_number=GROWER, waste_id=9201)

    body = [
        {"Id": 5101, "WasteType": "Stems and Roots", "WasteWeight": 820, "UnitOfWeight": "Grams",
         "ActualDate": DAY}
    ]  # fmt: skip
    assert sent(documented) == [
        ("POST", "/harvests/v2/waste", body),
        ("DELETE", "/harvests/v2/waste/9201", None),
    ]
    assert result["ids"] == [9201]


async def test_harvested_plants_are_restored(run: Run, documented: FakeMetrc) -> None:
    labels = ["1A4FF0100000029000004501", "1A4FF0100000029000004502"]
    result = await run(
        restore.restore_harvested_plants, license_number=GROWER, harvest=ACTIVE,
        plant_labels=labels,
    )  # fmt: skip

    body = [{"HarvestId": 5101, "PlantTags": labels}]
    assert sent(documented) == [("PUT", "/harvests/v2/restore/harvestedplants", body)]
    assert "Restored 2 plants" in result["message"]
