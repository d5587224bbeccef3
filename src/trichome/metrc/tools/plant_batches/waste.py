"""Plant batch waste tools: recording and listing it, its reasons, and destroying plants."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.cultivation import PlantBatchDestroy, PlantBatchWaste
from trichome.metrc.tools.plant_batches.lookup import (
    WASTE_FIELDS,
    BatchName,
    OptionalDay,
    find_batch,
)
from trichome.metrc.tools.plant_batches.shapes import BatchWastePage
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    PLANT_WASTE_REASON_FIELDS,
    LicenseNumber,
    Page,
    PageSize,
    PlantWasteReasons,
    UnitOfWeight,
    Written,
    compact,
    contains,
    paged,
    plural,
    same,
    written,
)

WasteReason = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="A reason from list_plant_batch_waste_reasons (e.g. Unhealthy).",
    ),
]


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
    plants), newest first: its number, batch, weight and unit, method, reason, plant count
    and date.
    """
    metrc = access()
    waste = await metrc.client.plant_batch_waste(license_number, credentials=metrc.credentials)
    found = [
        w
        for w in waste
        if contains(w.get("PlantBatchName"), name_contains)
        and same(w.get("WasteReasonName"), reason)
    ]
    found.sort(
        key=lambda w: (str(w.get("WasteDate")), str(w.get("PlantWasteNumber"))), reverse=True
    )
    return paged(
        found, page, page_size, lambda w: compact(w, WASTE_FIELDS), license_number=license_number
    )


@tool("plant_batches", title="List plant batch waste reasons", returns=PlantWasteReasons)
async def list_plant_batch_waste_reasons(license_number: LicenseNumber) -> dict[str, Any]:
    """List the reasons a facility may give for plant batch waste and destroyed batch plants,
    and which need a note or a waste weight (overall, immature or mature plants)."""
    metrc = access()
    reasons = await metrc.client.plant_batch_waste_reasons(
        license_number, credentials=metrc.credentials
    )
    return {
        "total": len(reasons),
        "items": [compact(r, PLANT_WASTE_REASON_FIELDS) for r in reasons],
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
