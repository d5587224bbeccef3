"""Plant tools that change plants: growth phase, moves, harvests, destruction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.bodies.cultivation import (
    PlantDestroy,
    PlantGrowthPhaseChange,
    PlantHarvest,
    PlantMove,
)
from trichome.metrc.tools.plants.lookup import find_plants
from trichome.metrc.tools.plants.params import (
    MixedMaterial,
    OptionalDay,
    PlantLabels,
    WasteMethod,
    WasteReason,
)
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PlantGrowthPhase,
    PlantLabel,
    UnitOfWeight,
    Written,
    plural,
    same,
    written,
)


class HarvestedPlant(BaseModel):
    """One plant to harvest and its wet weight."""

    label: PlantLabel
    weight: Annotated[float, Field(gt=0, description="The plant's harvested wet weight.")]


def _not_growing(plants: Mapping[str, Mapping[str, Any]]) -> None:
    gone = [
        f"{label} (harvested {plant['HarvestedDate']})"
        if plant.get("HarvestedDate")
        else f"{label} (destroyed {plant['DestroyedDate']})"
        for label, plant in plants.items()
        if plant.get("HarvestedDate") or plant.get("DestroyedDate")
    ]
    if gone:
        raise ToolProblem(f"These plants are no longer growing: {', '.join(gone)}.")


@tool(
    "plants", title="Change plants' growth phase", read_only=False, idempotent=True, returns=Written
)
async def change_plants_growth_phase(
    license_number: LicenseNumber,
    labels: PlantLabels,
    growth_phase: Annotated[
        PlantGrowthPhase,
        Field(
            description="The new phase; Flowering starts flowering (it cannot be undone); "
            "Mother keeps a plant as a mother, only where the licence tracks mothers "
            "(Metrc's CanTrackMotherPlantsAsGrowthPhase, Massachusetts)."
        ),
    ],
    new_location: Annotated[
        str,
        Field(
            min_length=1, max_length=100, description="The location the plants are in afterwards."
        ),
    ],
    growth_date: OptionalDay = None,
) -> dict[str, Any]:
    """Change tagged plants' growth phase, normally vegetative to flowering (the move to the
    flower room), recording the day and the location they are in afterwards.

    Flowering plants cannot go back to vegetative or become mothers; Mother is offered only
    where the licence tracks mother plants. To tag untracked plants of a batch, use
    change_plant_batch_growth_phase instead.
    """
    metrc = access()
    plants = await find_plants(metrc, license_number, labels)
    _not_growing(plants)
    if growth_phase != "Flowering":
        flowering = [label for label, p in plants.items() if p.get("GrowthPhase") == "Flowering"]
        if flowering:
            raise ToolProblem(
                f"Flowering plants cannot go back to {growth_phase.lower()}: "
                f"{', '.join(flowering)}."
            )
    changing = [
        label
        for label, p in plants.items()
        if p.get("GrowthPhase") != growth_phase or not same(p.get("LocationName"), new_location)
    ]
    if not changing:
        raise ToolProblem(f"These plants are already {growth_phase} at {new_location}.")
    result = await metrc.client.change_plants_growth_phase(
        license_number,
        [
            PlantGrowthPhaseChange(
                label=label,
                growth_phase=growth_phase,
                new_location=new_location,
                growth_date=growth_date or metrc.as_of(),
            )
            for label in changing
        ],
        credentials=metrc.credentials,
    )
    return written(
        result, f"Changed {plural(len(changing), 'plant')} to {growth_phase} at {new_location}."
    )


@tool("plants", title="Move plants", read_only=False, idempotent=True, returns=Written)
async def move_plants(
    license_number: LicenseNumber,
    labels: PlantLabels,
    location: Annotated[
        str, Field(min_length=1, max_length=100, description="The location to move them to.")
    ],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Move growing plants to another location without changing their growth phase.

    Plants already there are skipped. To move plants into flowering, use
    change_plants_growth_phase.
    """
    metrc = access()
    plants = await find_plants(metrc, license_number, labels)
    _not_growing(plants)
    moving = [label for label, p in plants.items() if not same(p.get("LocationName"), location)]
    if not moving:
        raise ToolProblem(f"All of these plants are already at {location}; nothing to move.")
    result = await metrc.client.move_plants(
        license_number,
        [
            PlantMove(label=label, location=location, actual_date=actual_date or metrc.as_of())
            for label in moving
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Moved {plural(len(moving), 'plant')} to {location}.")


@tool("plants", title="Harvest plants", read_only=False, returns=Written)
async def harvest_plants(
    license_number: LicenseNumber,
    plants: Annotated[
        list[HarvestedPlant],
        Field(min_length=1, max_length=100, description="The plants and their wet weights."),
    ],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of the weights.")],
    drying_location: Annotated[
        str, Field(min_length=1, max_length=100, description="Where the harvest dries.")
    ],
    harvest_name: Annotated[
        str | None,
        Field(
            max_length=100,
            description="The harvest batch name (an existing active harvest's name adds to it); "
            "leave out to let Metrc name it.",
        ),
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Harvest whole flowering plants into a harvest batch, recording each plant's wet weight;
    the plants become inactive and the harvest dries at the drying location.

    Only flowering plants can be harvested. Package the harvest later with
    create_harvest_packages, and record its waste with record_harvest_waste.
    """
    labels = [plant.label.strip() for plant in plants]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise ToolProblem(f"Each plant is harvested once; these appear twice: {', '.join(twice)}.")
    metrc = access()
    found = await find_plants(metrc, license_number, labels)
    _not_growing(found)
    vegetative = [label for label, p in found.items() if p.get("GrowthPhase") != "Flowering"]
    if vegetative:
        raise ToolProblem(
            f"Only flowering plants can be harvested; these are not: {', '.join(vegetative)}. "
            "Move them to flowering first with change_plants_growth_phase."
        )
    result = await metrc.client.harvest_plants(
        license_number,
        [
            PlantHarvest(
                plant=plant.label.strip(),
                weight=plant.weight,
                unit_of_weight=unit_of_weight,
                drying_location=drying_location,
                harvest_name=harvest_name,
                actual_date=actual_date or metrc.as_of(),
            )
            for plant in plants
        ],
        credentials=metrc.credentials,
    )
    total = sum(plant.weight for plant in plants)
    into = f"harvest {harvest_name!r}" if harvest_name else "a new harvest"
    return written(
        result,
        f"Harvested {plural(len(found), 'plant')} ({total:g} {unit_of_weight} wet) into {into}, "
        f"drying at {drying_location}.",
    )


@tool("plants", title="Destroy plants", read_only=False, destructive=True, returns=Written)
async def destroy_plants(
    license_number: LicenseNumber,
    labels: PlantLabels,
    waste_method: WasteMethod,
    waste_material_mixed: MixedMaterial,
    waste_weight_each: Annotated[
        float, Field(gt=0, description="The waste weight of each destroyed plant.")
    ],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of that weight.")],
    waste_reason: WasteReason,
    reason_note: Annotated[
        str, Field(min_length=1, max_length=500, description="Why the plants are destroyed.")
    ],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Destroy growing plants (disease, pests, males...), recording how their waste was made
    unusable. This is permanent: destroyed plants cannot be restored.

    For trim or leaves from plants that keep growing use record_plant_waste; for untagged
    plants of a batch use destroy_plant_batch_plants.
    """
    metrc = access()
    plants = await find_plants(metrc, license_number, labels)
    _not_growing(plants)
    result = await metrc.client.destroy_plants(
        license_number,
        [
            PlantDestroy(
                label=label,
                waste_method_name=waste_method,
                waste_material_mixed=waste_material_mixed,
                waste_weight=waste_weight_each,
                waste_unit_of_measure_name=unit_of_weight,
                waste_reason_name=waste_reason,
                reason_note=reason_note,
                actual_date=actual_date or metrc.as_of(),
            )
            for label in plants
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Destroyed {plural(len(plants), 'plant')} ({waste_reason}).")
