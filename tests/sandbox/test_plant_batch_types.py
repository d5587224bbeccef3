"""Plant batch types as Metrc documents them (bruno PlantBatches/GetPlantBatchesTypes: Seed can
be cloned, Clone cannot) and as the documented fixture has Colorado's Genetic Material; and a
batch of any type split, as Metrc's examples split both a Clone and a Seed batch (bruno
PlantBatches/CreateSplit of the batches CreatePlantBatchesPlantings plants).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.metrc.documented.conftest import records
from tests.sandbox.conftest import CULTIVATOR, everything, sandbox
from trichome.config import Settings

pytestmark = pytest.mark.anyio
TODAY = "2026-11-21"


async def post(client: httpx.AsyncClient, path: str, body: Any) -> httpx.Response:
    return await client.post(path, params={"licenseNumber": CULTIVATOR}, json=body)


async def test_the_types_say_what_the_documented_fixture_says(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        served = await everything(client, "/plantbatches/v2/types", licenseNumber=CULTIVATOR)

    documented = records("plantbatches_types")
    assert {t["Name"]: t["CanBeCloned"] for t in served} == {
        t["Name"]: t["CanBeCloned"] for t in documented
    }
    assert [t["Name"] for t in served if t["CanBeCloned"]] == ["Seed"]
    assert [set(t) for t in served] == [set(t) for t in documented]


@pytest.mark.parametrize("kind", ["Genetic Material", "Clone", "Seed"])
async def test_a_batch_of_any_type_splits_into_one_of_the_same_type(
    seeded: Settings, kind: str
) -> None:
    name = f"TEST-SPLIT-{kind.split()[0].upper()}"
    async with sandbox(seeded) as client:
        strain = (await everything(client, "/strains/v2/active", licenseNumber=CULTIVATOR))[0]
        rooms = await everything(client, "/locations/v2/active", licenseNumber=CULTIVATOR)
        room = next(r["Name"] for r in rooms if r["ForPlantBatches"])
        planting = {"Name": name, "Type": kind, "Count": 20, "Strain": strain["Name"],
                    "Location": None, "ActualDate": TODAY}  # fmt: skip
        planted = await post(client, "/plantbatches/v2/plantings", [planting])
        split = await post(
            client,
            "/plantbatches/v2/split",
            [{"PlantBatch": name, "GroupName": f"{name}-B", "Count": 8, "Location": room,
              "Strain": strain["Name"], "ActualDate": TODAY}],
        )  # fmt: skip
        batches = {
            b["Name"]: b
            for b in await everything(client, "/plantbatches/v2/active", licenseNumber=CULTIVATOR)
        }

    assert planted.status_code == 200, planted.text
    assert split.status_code == 200, split.text
    source, new = batches[name], batches[f"{name}-B"]
    assert (source["UntrackedCount"], new["UntrackedCount"]) == (12, 8)
    assert new["PlantBatchTypeName"] == source["PlantBatchTypeName"] == kind
    assert new["SourcePlantBatchNames"] == name
