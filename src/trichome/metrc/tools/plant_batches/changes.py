"""Plant batch tools that plant batches, change their growth phase and move them."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.cultivation import (
    PlantBatchGrowthPhaseChange,
    PlantBatchMove,
    PlantBatchPlanting,
)
from trichome.metrc.tools.names import PlantBatchType
from trichome.metrc.tools.plant_batches.lookup import BatchName, OptionalDay, find_batch
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    GrowthPhase,
    LicenseNumber,
    PlantLabel,
    Written,
    plural,
    same,
    written,
)


@tool("plant_batches", title="Create a plant batch", read_only=False, returns=Written)
async def create_plant_batch(
    license_number: LicenseNumber,
    name: Annotated[
        str, Field(min_length=1, max_length=100, description="A new, unused batch name.")
    ],
    batch_type: Annotated[PlantBatchType, Field(description="What was planted.")],
    count: Annotated[int, Field(ge=1, le=10000, description="How many plants.")],
    strain: Annotated[
        str,
        Field(min_length=1, max_length=100, description="The strain's name (list_active_strains)."),
    ],
    location: Annotated[
        str,
        Field(min_length=1, max_length=100, description="A location that may hold plant batches."),
    ],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Create a plant batch: a planting of seeds or clones, counted but not yet tagged.

    Tag plants out of it later with change_plant_batch_growth_phase.
    """
    metrc = access()
    result = await metrc.client.create_plant_batch_plantings(
        license_number,
        [
            PlantBatchPlanting(
                name=name.strip(),
                type=batch_type,
                count=count,
                strain=strain,
                location=location,
                actual_date=actual_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result, f"Planted batch {name.strip()}: {count} {batch_type.lower()} plants of {strain}."
    )


@tool(
    "plant_batches",
    title="Tag plants of a batch into a growth phase",
    read_only=False,
    returns=Written,
)
async def change_plant_batch_growth_phase(
    license_number: LicenseNumber,
    name: BatchName,
    count: Annotated[int, Field(ge=1, le=1000, description="How many plants to tag.")],
    starting_tag: Annotated[
        PlantLabel,
        Field(
            description="The first of `count` consecutive unused plant tags "
            "(list_available_plant_tags)."
        ),
    ],
    growth_phase: Annotated[GrowthPhase, Field(description="The phase the plants enter.")],
    new_location: Annotated[
        str, Field(min_length=1, max_length=100, description="Where the tagged plants go.")
    ],
    growth_date: OptionalDay = None,
) -> dict[str, Any]:
    """Tag untracked plants of a batch as individual plants in the vegetative (or flowering)
    phase, using consecutive plant tags from starting_tag on; the batch's untracked count
    drops by `count`.

    Tagged plants are then handled with the plant tools (change_plants_growth_phase...).
    """
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    untracked = int(batch.get("UntrackedCount") or 0)
    if count > untracked:
        raise ToolProblem(
            f"Plant batch {batch.get('Name')} has only {untracked} untracked plants; tag at "
            f"most {untracked}."
        )
    result = await metrc.client.change_plant_batch_growth_phase(
        license_number,
        [
            PlantBatchGrowthPhaseChange(
                name=str(batch.get("Name")),
                count=count,
                starting_tag=starting_tag,
                growth_phase=growth_phase,
                new_location=new_location,
                growth_date=growth_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Tagged {plural(count, 'plant')} of batch {batch.get('Name')} as {growth_phase} at "
        f"{new_location}, from tag {starting_tag}.",
    )


@tool(
    "plant_batches", title="Move a plant batch", read_only=False, idempotent=True, returns=Written
)
async def move_plant_batch(
    license_number: LicenseNumber,
    name: BatchName,
    location: Annotated[
        str, Field(min_length=1, max_length=100, description="The location to move it to.")
    ],
    move_date: OptionalDay = None,
) -> dict[str, Any]:
    """Move an active plant batch's untracked plants to another location."""
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    if same(batch.get("LocationName"), location):
        raise ToolProblem(f"Plant batch {batch.get('Name')} is already at {location}.")
    result = await metrc.client.move_plant_batches(
        license_number,
        [
            PlantBatchMove(
                name=str(batch.get("Name")),
                location=location,
                move_date=move_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Moved plant batch {batch.get('Name')} to {location}.")
