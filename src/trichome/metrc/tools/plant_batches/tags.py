"""Replacing a plant batch's tag (Metrc v2 PlantBatches ReplacePlantBatchTags).

`PUT /plantbatches/v2/tag` takes `[{Id, Group, TagId, NewTag, ReplaceDate}]`: the batch by
its Id or its name (`Group`), the new tag by its Id or its label, and answers no body
(thunkier/ThunkMetrc specs/generated/bruno/PlantBatches/UpdatePlantBatchesTag.bru). The tag is
one of the facility's unused plant tags.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.plant_batches.lookup import BatchName, OptionalDay, find_batch
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import LicenseNumber, PlantLabel, Written, written


@tool("plant_batches", title="Put a new tag on a plant batch", read_only=False, returns=Written)
async def replace_plant_batch_tag(
    license_number: LicenseNumber,
    name: BatchName,
    new_tag: Annotated[
        PlantLabel, Field(description="An unused plant tag (list_available_plant_tags).")
    ],
    replace_date: OptionalDay = None,
) -> dict[str, Any]:
    """Replace the group tag of an active plant batch (a damaged or lost tag) with an unused
    plant tag; the batch keeps its name, plants and history."""
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    result = await metrc.client.replace_plant_batch_tags(
        license_number,
        [{"Id": int(batch["Id"]), "Group": None, "TagId": None, "NewTag": new_tag.strip(),
          "ReplaceDate": (replace_date or metrc.as_of()).isoformat()}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Plant batch {batch.get('Name')} is now tagged {new_tag.strip()}.")
