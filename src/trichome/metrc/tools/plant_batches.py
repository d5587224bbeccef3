"""Plant batch tools: plantings, tagging into a growth phase, moves, waste and destruction."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.cultivation import (
    PlantBatchDestroy,
    PlantBatchGrowthPhaseChange,
    PlantBatchMove,
    PlantBatchPlanting,
    PlantBatchWaste,
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
    modified_between,
    paged,
    plural,
    same,
    shape,
    written,
)

Record = dict[str, Any]
BATCH_FIELDS = (
    "Id",
    "Name",
    "Type",
    "StrainName",
    "LocationName",
    "UntrackedCount",
    "TrackedCount",
    "PackagedCount",
    "HarvestedCount",
    "DestroyedCount",
    "PlantedDate",
    "SourcePackageLabel",
    "SourcePlantLabel",
)
WASTE_FIELDS = (
    "PlantBatchName",
    "WasteWeight",
    "UnitOfMeasureName",
    "WasteMethodName",
    "MixedMaterial",
    "ReasonName",
    "Note",
    "WasteDate",
)
BatchType = Literal["Seed", "Clone", "Genetic Material"]
BatchName = Annotated[
    str, Field(min_length=1, max_length=100, description="The plant batch's name.")
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only batches of this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only batches at this location.")
]
NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only batches whose name contains this.")
]
WasteReason = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="A reason from list_plant_batch_waste_reasons (e.g. Unhealthy).",
    ),
]


@shape
class PlantBatch(TypedDict):
    """A plant batch and how many of its plants went where."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    Type: NotRequired[str]
    StrainName: NotRequired[str]
    LocationName: NotRequired[str]
    UntrackedCount: NotRequired[int]
    TrackedCount: NotRequired[int]
    PackagedCount: NotRequired[int]
    HarvestedCount: NotRequired[int]
    DestroyedCount: NotRequired[int]
    PlantedDate: NotRequired[str]
    SourcePackageLabel: NotRequired[str]
    SourcePlantLabel: NotRequired[str]
    OnHold: NotRequired[Annotated[bool, Field(description="Present (true) when on hold.")]]


@shape
class PlantBatchDetail(PlantBatch):
    """A plant batch with when Metrc last changed it."""

    LastModified: str | None


@shape
class BatchPage(Paging):
    """A page of a facility's plant batches."""

    license_number: str
    untracked_plants: Annotated[
        int, Field(ge=0, description="Untracked plants of all the matching batches.")
    ]
    items: list[PlantBatch]


@shape
class BatchWaste(TypedDict):
    """Waste recorded against a plant batch."""

    PlantBatchName: NotRequired[str]
    WasteWeight: NotRequired[float]
    UnitOfMeasureName: NotRequired[str]
    WasteMethodName: NotRequired[str]
    MixedMaterial: NotRequired[str]
    ReasonName: NotRequired[str]
    Note: NotRequired[str]
    WasteDate: NotRequired[str]


@shape
class BatchFound(TypedDict):
    """One plant batch of a licence and the waste recorded against it."""

    license_number: str
    plant_batch: PlantBatchDetail
    waste: list[BatchWaste]


@shape
class BatchWastePage(Paging):
    """A page of the waste recorded against a facility's plant batches, newest first."""

    license_number: str
    items: list[BatchWaste]


def trim_batch(record: Mapping[str, Any]) -> Record:
    """A plant batch as tools show it."""
    result = compact(record, BATCH_FIELDS)
    if record.get("IsOnHold") is True:
        result["OnHold"] = True
    return result


async def find_batch(
    metrc: MetrcAccess, license_number: str, name: str, *, active: bool = True
) -> Record:
    """A plant batch of the licence by name (active ones only unless `active` is false).

    Raises:
        ToolProblem: no such batch, or it is inactive when an active one is needed.
    """
    wanted = name.strip().casefold()
    batches = await metrc.client.plant_batches_active(license_number, credentials=metrc.credentials)
    for batch in batches:
        if str(batch.get("Name")).casefold() == wanted:
            return batch
    inactive = await metrc.client.plant_batches_inactive(
        license_number, credentials=metrc.credentials
    )
    for batch in inactive:
        if str(batch.get("Name")).casefold() == wanted:
            if not active:
                return batch
            raise ToolProblem(
                f"Plant batch {batch.get('Name')} is inactive: none of its plants is left "
                "untracked (all were tagged, packaged or destroyed)."
            )
    raise ToolProblem(
        f"No plant batch named {name!r} at licence {license_number}. Find the name with "
        "list_active_plant_batches."
    )


async def _batch_list(
    which: Literal["active", "inactive"],
    license_number: str,
    strain: str | None,
    location: str | None,
    name_contains: str | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    read = (
        metrc.client.plant_batches_active
        if which == "active"
        else metrc.client.plant_batches_inactive
    )
    batches = await read(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = [
        batch
        for batch in batches
        if same(batch.get("StrainName"), strain)
        and same(batch.get("LocationName"), location)
        and contains(batch.get("Name"), name_contains)
    ]
    untracked = sum(int(batch.get("UntrackedCount") or 0) for batch in found)
    return paged(
        found,
        page,
        page_size,
        trim_batch,
        license_number=license_number,
        untracked_plants=untracked,
    )


@tool("plant_batches", title="List active plant batches", returns=BatchPage)
async def list_active_plant_batches(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    name_contains: NameFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active plant batches (groups of untagged seedlings or clones), with
    how many plants each still holds untracked and how many were tagged, packaged or destroyed.

    `untracked_plants` totals the untracked plants of the filtered batches.
    """
    return await _batch_list(
        "active", license_number, strain, location, name_contains, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("plant_batches", title="List inactive plant batches", returns=BatchPage)
async def list_inactive_plant_batches(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    name_contains: NameFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's inactive plant batches: those with no untracked plants left (all
    tagged into growth phases, packaged or destroyed).
    """
    return await _batch_list(
        "inactive", license_number, strain, location, name_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plant_batches", title="Get a plant batch", returns=BatchFound)
async def get_plant_batch(license_number: LicenseNumber, name: BatchName) -> dict[str, Any]:
    """Get one plant batch by name (active or inactive) with its plant counts and the waste
    recorded against it.
    """
    metrc = access()
    batch = await find_batch(metrc, license_number, name, active=False)
    waste = await metrc.client.plant_batch_waste(license_number, credentials=metrc.credentials)
    mine = [w for w in waste if w.get("PlantBatchName") == batch.get("Name")]
    return {
        "license_number": license_number,
        "plant_batch": {**trim_batch(batch), "LastModified": batch.get("LastModified")},
        "waste": [compact(w, WASTE_FIELDS) for w in mine],
    }


@tool("plant_batches", title="List plant batch types", returns=Names)
async def list_plant_batch_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the plant batch types a facility may plant (Seed, Clone, Genetic Material)."""
    metrc = access()
    types = await metrc.client.plant_batch_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": [compact(t, ("Name",)) for t in types]}


@tool("plant_batches", title="Create a plant batch", read_only=False, returns=Written)
async def create_plant_batch(
    license_number: LicenseNumber,
    name: Annotated[
        str, Field(min_length=1, max_length=100, description="A new, unused batch name.")
    ],
    batch_type: Annotated[BatchType, Field(description="What was planted.")],
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


@tool("plant_batches", title="Record plant batch waste", read_only=False, returns=Written)
async def record_plant_batch_waste(
    license_number: LicenseNumber,
    name: BatchName,
    waste_method: Annotated[
        str,
        Field(
            min_length=1,
            max_length=100,
            description="A waste method from list_plant_waste_methods.",
        ),
    ],
    mixed_material: Annotated[
        str,
        Field(
            min_length=1, max_length=100, description="What the waste was mixed with (e.g. Soil)."
        ),
    ],
    waste_weight: Annotated[float, Field(gt=0, description="The waste weight.")],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of that weight.")],
    reason: WasteReason,
    note: Annotated[str | None, Field(max_length=500, description="A note.")] = None,
    waste_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record waste from a plant batch (culled weak clones, trimmings) without changing its plant
    count. To remove plants from the batch use destroy_plant_batch_plants.
    """
    metrc = access()
    batch = await find_batch(metrc, license_number, name, active=False)
    result = await metrc.client.record_plant_batch_waste(
        license_number,
        [
            PlantBatchWaste(
                plant_batch_name=str(batch.get("Name")),
                waste_method_name=waste_method,
                mixed_material=mixed_material,
                waste_weight=waste_weight,
                unit_of_measure_name=unit_of_weight,
                reason_name=reason,
                note=note,
                waste_date=waste_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Recorded {waste_weight:g} {unit_of_weight} of waste from batch {batch.get('Name')}.",
    )


@tool("plant_batches", title="List plant batch waste", returns=BatchWastePage)
async def list_plant_batch_waste(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None,
        Field(max_length=100, description="Only waste of batches whose name contains this."),
    ] = None,
    reason: Annotated[
        str | None, Field(max_length=100, description="Only waste with this reason.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the waste recorded against a facility's plant batches (including destroyed batch
    plants), newest first: batch, weight and unit, method, reason, note and date.
    """
    metrc = access()
    waste = await metrc.client.plant_batch_waste(license_number, credentials=metrc.credentials)
    found = [
        w
        for w in waste
        if contains(w.get("PlantBatchName"), name_contains) and same(w.get("ReasonName"), reason)
    ]
    found.sort(key=lambda w: (str(w.get("WasteDate")), w.get("Id") or 0), reverse=True)
    return paged(
        found, page, page_size, lambda w: compact(w, WASTE_FIELDS), license_number=license_number
    )


@tool("plant_batches", title="List plant batch waste reasons", returns=Reasons)
async def list_plant_batch_waste_reasons(license_number: LicenseNumber) -> dict[str, Any]:
    """List the reasons a facility may give for plant batch waste and destroyed batch plants."""
    metrc = access()
    reasons = await metrc.client.plant_batch_waste_reasons(
        license_number, credentials=metrc.credentials
    )
    return {
        "total": len(reasons),
        "items": [compact(r, ("Name", "RequiresNote")) for r in reasons],
    }


@tool(
    "plant_batches",
    title="Destroy plants of a batch",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def destroy_plant_batch_plants(
    license_number: LicenseNumber,
    name: BatchName,
    count: Annotated[
        int, Field(ge=1, le=10000, description="How many untracked plants to destroy.")
    ],
    reason: WasteReason,
    reason_note: Annotated[
        str, Field(min_length=1, max_length=500, description="Why they are destroyed.")
    ],
    waste_method: Annotated[
        str | None,
        Field(max_length=100, description="The waste method (list_plant_waste_methods), if any."),
    ] = None,
    waste_material_mixed: Annotated[
        str | None, Field(max_length=100, description="What the waste was mixed with, if any.")
    ] = None,
    waste_weight: Annotated[
        float | None, Field(gt=0, description="The total waste weight, if weighed.")
    ] = None,
    unit_of_weight: Annotated[
        UnitOfWeight | None, Field(description="The unit of the waste weight.")
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Destroy untracked plants of a batch, permanently lowering its count (a batch with none
    left becomes inactive). This cannot be undone.

    For tagged plants use destroy_plants.
    """
    if (waste_weight is None) != (unit_of_weight is None):
        raise ToolProblem("Give the waste weight and its unit together, or neither.")
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    untracked = int(batch.get("UntrackedCount") or 0)
    if count > untracked:
        raise ToolProblem(
            f"Plant batch {batch.get('Name')} has only {untracked} untracked plants; destroy "
            f"at most {untracked}."
        )
    result = await metrc.client.destroy_plant_batches(
        license_number,
        [
            PlantBatchDestroy(
                plant_batch=str(batch.get("Name")),
                count=count,
                waste_reason_name=reason,
                reason_note=reason_note,
                waste_method_name=waste_method,
                waste_material_mixed=waste_material_mixed,
                waste_weight=waste_weight,
                waste_unit_of_measure=unit_of_weight,
                actual_date=actual_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Destroyed {plural(count, 'plant')} of batch {batch.get('Name')}; "
        f"{untracked - count} untracked left.",
    )
