"""Plant tools: lists by phase, details, phase changes, moves, harvests, destruction, waste."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.cultivation import (
    PlantDestroy,
    PlantGrowthPhaseChange,
    PlantHarvest,
    PlantMove,
    PlantWaste,
)
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    GrowthPhase,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Names,
    Page,
    PageSize,
    Paging,
    PlantLabel,
    Reasons,
    UnitOfWeight,
    Written,
    compact,
    contains,
    count_by,
    find_each,
    modified_between,
    paged,
    plural,
    same,
    shape,
    written,
)

Record = dict[str, Any]
PLANT_FIELDS = (
    "Id",
    "Label",
    "GrowthPhase",
    "StrainName",
    "LocationName",
    "PlantBatchName",
    "PlantedDate",
    "VegetativeDate",
    "FloweringDate",
    "HarvestedDate",
    "HarvestedWetWeight",
    "HarvestedUnitOfWeightName",
    "DestroyedDate",
    "DestroyedNote",
)
DETAIL_FIELDS = (*PLANT_FIELDS, "State", "PlantBatchTypeName", "HarvestId", "LastModified")
PlantLabels = Annotated[
    list[PlantLabel],
    Field(min_length=1, max_length=100, description="The plant labels (1 to 100)."),
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only plants of this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only plants at this location.")
]
BatchFilter = Annotated[
    str | None,
    Field(max_length=100, description="Only plants whose plant batch name contains this."),
]
WasteMethod = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="A waste method from list_plant_waste_methods (e.g. Grinder, Compost).",
    ),
]
WasteReason = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="A waste reason from list_plant_waste_reasons (e.g. Pests, Male Plant).",
    ),
]
MixedMaterial = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="What the waste was mixed with to make it unusable (e.g. Soil, Kitty litter).",
    ),
]


class HarvestedPlant(BaseModel):
    """One plant to harvest and its wet weight."""

    label: PlantLabel
    weight: Annotated[float, Field(gt=0, description="The plant's harvested wet weight.")]


@shape
class Plant(TypedDict):
    """A tracked plant: phase, strain, where, its batch and its phase dates."""

    Id: NotRequired[int]
    Label: NotRequired[str]
    GrowthPhase: NotRequired[str]
    StrainName: NotRequired[str]
    LocationName: NotRequired[str]
    PlantBatchName: NotRequired[str]
    PlantedDate: NotRequired[str]
    VegetativeDate: NotRequired[str]
    FloweringDate: NotRequired[str]
    HarvestedDate: NotRequired[str]
    HarvestedWetWeight: NotRequired[float]
    HarvestedUnitOfWeightName: NotRequired[str]
    DestroyedDate: NotRequired[str]
    DestroyedNote: NotRequired[str]
    OnHold: NotRequired[Annotated[bool, Field(description="Present (true) when on hold.")]]


@shape
class PlantDetail(Plant):
    """A plant in full: also its state, batch type and harvest."""

    State: NotRequired[str]
    PlantBatchTypeName: NotRequired[str]
    HarvestId: NotRequired[int]
    LastModified: NotRequired[str]


@shape
class PlantPage(Paging):
    """A page of a facility's plants, with counts of all that match by strain and location."""

    license_number: str
    by_strain: Annotated[dict[str, int], Field(description="Matching plants per strain.")]
    by_location: Annotated[dict[str, int], Field(description="Matching plants per location.")]
    items: list[Plant]


@shape
class PlantFound(TypedDict):
    """One plant of a licence."""

    license_number: str
    plant: PlantDetail


def trim_plant(record: Mapping[str, Any], fields: Sequence[str] = PLANT_FIELDS) -> Record:
    """A plant as tools show it (empty fields left out, OnHold only when set)."""
    result = compact(record, fields)
    if record.get("IsOnHold") is True:
        result["OnHold"] = True
    return result


def unknown_plants(labels: Sequence[str], license_number: str) -> ToolProblem:
    """The problem of plant labels Metrc does not know at a licence."""
    return ToolProblem(
        f"{plural(len(labels), 'plant')} not found at licence {license_number}: "
        f"{', '.join(labels)}. Check the labels with list_vegetative_plants or "
        "list_flowering_plants."
    )


async def find_plants(
    metrc: MetrcAccess, license_number: str, labels: Sequence[str]
) -> dict[str, Record]:
    """Plants of the licence by label (each once, in the order given).

    Raises:
        ToolProblem: any label is not at this licence.
    """

    async def read(label: str) -> Record:
        return await metrc.client.plant(license_number, label=label, credentials=metrc.credentials)

    return await find_each(labels, read, lambda lost: unknown_plants(lost, license_number))


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


async def _plant_list(
    which: Literal["vegetative", "flowering", "inactive", "onhold"],
    license_number: str,
    strain: str | None,
    location: str | None,
    batch_contains: str | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    read = {
        "vegetative": metrc.client.plants_vegetative,
        "flowering": metrc.client.plants_flowering,
        "inactive": metrc.client.plants_inactive,
        "onhold": metrc.client.plants_onhold,
    }[which]
    plants = await read(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = [
        plant
        for plant in plants
        if same(plant.get("StrainName"), strain)
        and same(plant.get("LocationName"), location)
        and contains(plant.get("PlantBatchName"), batch_contains)
    ]
    return paged(
        found,
        page,
        page_size,
        trim_plant,
        license_number=license_number,
        by_strain=count_by(found, "StrainName"),
        by_location=count_by(found, "LocationName"),
    )


@tool("plants", title="List vegetative plants", returns=PlantPage)
async def list_vegetative_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's tagged plants in the vegetative phase, with counts by strain and
    location.

    Each plant shows its label, strain, location, batch and phase dates. Move them to
    flowering with change_plants_growth_phase.
    """
    return await _plant_list(
        "vegetative", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List flowering plants", returns=PlantPage)
async def list_flowering_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's plants in the flowering phase, with counts by strain and location.

    Only flowering plants can be harvested (harvest_plants). FloweringDate shows how long
    each has flowered.
    """
    return await _plant_list(
        "flowering", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List inactive plants", returns=PlantPage)
async def list_inactive_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's plants that are no longer growing: harvested or destroyed.

    HarvestedDate/HarvestedWetWeight or DestroyedDate/DestroyedNote say which. The list
    covers the facility's whole history; modified_from/modified_to narrow it to recent days.
    """
    return await _plant_list(
        "inactive", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List plants on hold", returns=PlantPage)
async def list_on_hold_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's plants on hold (frozen by the state; they cannot be moved, harvested or
    destroyed until released).
    """
    return await _plant_list(
        "onhold", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="Get a plant", returns=PlantFound)
async def get_plant(license_number: LicenseNumber, label: PlantLabel) -> dict[str, Any]:
    """Get one plant's details by its tag label: growth phase, strain, location, batch, phase
    dates, and its harvest or destruction if it has ended.
    """
    metrc = access()
    plants = await find_plants(metrc, license_number, [label])
    plant = next(iter(plants.values()))
    return {"license_number": license_number, "plant": trim_plant(plant, DETAIL_FIELDS)}


@tool(
    "plants", title="Change plants' growth phase", read_only=False, idempotent=True, returns=Written
)
async def change_plants_growth_phase(
    license_number: LicenseNumber,
    labels: PlantLabels,
    growth_phase: Annotated[
        GrowthPhase,
        Field(description="The new phase; Flowering starts flowering (it cannot be undone)."),
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

    Flowering plants cannot go back to vegetative. To tag untracked plants of a batch, use
    change_plant_batch_growth_phase instead.
    """
    metrc = access()
    plants = await find_plants(metrc, license_number, labels)
    _not_growing(plants)
    if growth_phase == "Vegetative":
        flowering = [label for label, p in plants.items() if p.get("GrowthPhase") == "Flowering"]
        if flowering:
            raise ToolProblem(
                f"Flowering plants cannot go back to vegetative: {', '.join(flowering)}."
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


@tool("plants", title="Record plant waste", read_only=False, returns=Written)
async def record_plant_waste(
    license_number: LicenseNumber,
    waste_method: WasteMethod,
    mixed_material: MixedMaterial,
    waste_weight: Annotated[float, Field(gt=0, description="The total waste weight.")],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of that weight.")],
    reason: WasteReason,
    labels: Annotated[
        list[PlantLabel] | None,
        Field(max_length=100, description="The plants the waste came from (or give location)."),
    ] = None,
    location: Annotated[
        str | None,
        Field(max_length=100, description="The location whose plants it came from (or labels)."),
    ] = None,
    note: Annotated[str | None, Field(max_length=500, description="A note.")] = None,
    waste_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record waste from growing plants (pruned leaves, trimmed branches) for given plants or a
    whole location; the plants keep growing.

    Give labels or a location, not both. To destroy whole plants use destroy_plants.
    """
    if bool(labels) == bool(location):
        raise ToolProblem(
            "Give either the plants' labels or their location (for all plants there), not both."
        )
    metrc = access()
    if labels:
        await find_plants(metrc, license_number, labels)
    result = await metrc.client.record_plant_waste(
        license_number,
        [
            PlantWaste(
                waste_method_name=waste_method,
                mixed_material=mixed_material,
                waste_weight=waste_weight,
                unit_of_measure_name=unit_of_weight,
                reason_name=reason,
                waste_date=waste_date or metrc.as_of(),
                plant_labels=[label.strip() for label in labels or []],
                location_name=location,
                note=note,
            )
        ],
        credentials=metrc.credentials,
    )
    source = plural(len(labels), "plant") if labels else f"the plants at {location}"
    return written(result, f"Recorded {waste_weight:g} {unit_of_weight} of waste from {source}.")


@tool("plants", title="List plant waste reasons", returns=Reasons)
async def list_plant_waste_reasons(license_number: LicenseNumber) -> dict[str, Any]:
    """List the reasons a facility may give for plant waste and destroyed plants (e.g. Pests,
    Disease, Male Plant), and which need a note.
    """
    metrc = access()
    reasons = await metrc.client.plant_waste_reasons(license_number, credentials=metrc.credentials)
    return {
        "total": len(reasons),
        "items": [compact(r, ("Name", "RequiresNote")) for r in reasons],
    }


@tool("plants", title="List plant waste methods", returns=Names)
async def list_plant_waste_methods(license_number: LicenseNumber) -> dict[str, Any]:
    """List the waste methods a facility may use when destroying plants or recording plant
    waste (e.g. Grinder, Compost).
    """
    metrc = access()
    methods = await metrc.client.plant_waste_methods(license_number, credentials=metrc.credentials)
    return {"total": len(methods), "items": [compact(m, ("Name",)) for m in methods]}
