"""Finding a licence's plant batches by name, and showing a batch the way every tool does."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.metrc.tools.results import compact

Record = dict[str, Any]
BATCH_FIELDS = (
    "Id",
    "Name",
    "PlantBatchTypeName",
    "StrainName",
    "LocationName",
    "UntrackedCount",
    "TrackedCount",
    "PackagedCount",
    "DestroyedCount",
    "PlantedDate",
    "SourcePackageLabel",
    "SourcePlantLabel",
)
WASTE_FIELDS = (
    "PlantWasteNumber",
    "PlantBatchName",
    "WasteWeight",
    "WasteUnitOfMeasureName",
    "WasteMethodName",
    "WasteReasonName",
    "PlantCount",
    "WasteDate",
)
BatchName = Annotated[
    str, Field(min_length=1, max_length=100, description="The plant batch's name.")
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]


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
