"""Undoing a harvest of some plants (Metrc v2 Harvests RestoreHarvestedPlants).

`PUT /harvests/v2/restore/harvestedplants` takes `[{HarvestId, PlantTags: [label]}]` and
answers `{Ids, Warnings}` (thunkier/ThunkMetrc specs/generated/bruno/Harvests/
UpdateRestoreHarvestedPlants.bru: it "restores previously harvested plants to their original
state"; it needs the View Harvests and Finish/Discontinue Harvests permissions).
"""

from __future__ import annotations

from typing import Any

from trichome.metrc.tools.harvests.lookup import HarvestRef, find_harvest
from trichome.metrc.tools.plants.params import PlantLabels
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import LicenseNumber, Written, plural, written


@tool("harvests", title="Restore harvested plants", read_only=False, returns=Written)
async def restore_harvested_plants(
    license_number: LicenseNumber, harvest: HarvestRef, plant_labels: PlantLabels
) -> dict[str, Any]:
    """Undo the harvest of plants harvested by mistake: they are flowering plants again and
    leave the harvest, which gives back their wet weight. Only while the harvest is unfinished
    and still holds that weight (not yet packaged or wasted).
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
    labels = list(dict.fromkeys(label.strip() for label in plant_labels))
    result = await metrc.client.restore_harvested_plants(
        license_number, int(found["Id"]), labels, credentials=metrc.credentials
    )
    return written(
        result,
        f"Restored {plural(len(labels), 'plant')} from harvest {found.get('Name')} to flowering.",
    )
