"""Plant batch tools that read: the active and inactive lists, one batch, the batch types."""

from __future__ import annotations

import contextlib
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.plant_batches.lookup import (
    WASTE_FIELDS,
    Record,
    find_batch,
    trim_batch,
)
from trichome.metrc.tools.plant_batches.shapes import BatchFound, BatchPage, PlantBatchTypes
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Page,
    PageSize,
    compact,
    contains,
    modified_between,
    paged,
    same,
)

StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only batches of this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only batches at this location.")
]
NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only batches whose name contains this.")
]


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


BatchRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="The plant batch's name, or its numeric Id (e.g. from a package's source).",
    ),
]


@tool("plant_batches", title="Get a plant batch", returns=BatchFound)
async def get_plant_batch(license_number: LicenseNumber, name: BatchRef) -> dict[str, Any]:
    """Get one plant batch by name or Id (active or inactive) with its plant counts and the
    waste recorded against it.
    """
    metrc = access()
    batch: Record | None = None
    if name.strip().isdigit():
        # Metrc reads one batch by Id (PlantBatches GetPlantBatchById); a name made of digits
        # that is no batch's Id is then looked up by name.
        with contextlib.suppress(MetrcNotFound):
            batch = await metrc.client.plant_batch(
                license_number, int(name.strip()), credentials=metrc.credentials
            )
    if batch is None:
        batch = await find_batch(metrc, license_number, name, active=False)
    waste = await metrc.client.plant_batch_waste(license_number, credentials=metrc.credentials)
    mine = [w for w in waste if w.get("PlantBatchName") == batch.get("Name")]
    return {
        "license_number": license_number,
        "plant_batch": {**trim_batch(batch), "LastModified": batch.get("LastModified")},
        "waste": [compact(w, WASTE_FIELDS) for w in mine],
    }


@tool("plant_batches", title="List plant batch types", returns=PlantBatchTypes)
async def list_plant_batch_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the plant batch types a facility may plant (Seed, Clone, Genetic Material), with
    whether each can be cloned and when Metrc last changed it."""
    metrc = access()
    types = await metrc.client.plant_batch_types(license_number, credentials=metrc.credentials)
    fields = ("Name", "CanBeCloned", "LastModified")  # bruno PlantBatches/GetPlantBatchesTypes
    return {"total": len(types), "items": [compact(t, fields) for t in types]}
