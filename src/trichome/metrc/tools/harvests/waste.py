"""Harvest waste tools: listing, recording and deleting it, and the waste types."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.cultivation import HarvestWaste
from trichome.metrc.tools.harvests.lookup import WASTE_FIELDS, HarvestRef, OptionalDay, find_harvest
from trichome.metrc.tools.harvests.shapes import HarvestWasteList
from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Names,
    UnitOfWeight,
    Written,
    compact,
    totals_by_unit,
    written,
)

WasteType = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="What was wasted: one of the facility's harvest waste types, any case "
        "(list_harvest_waste_types; Metrc documents Plant Material, Fibrous, Root Ball).",
    ),
]


@tool("harvests", title="List a harvest's waste", returns=HarvestWasteList)
async def list_harvest_waste(license_number: LicenseNumber, harvest: HarvestRef) -> dict[str, Any]:
    """List the waste recorded on one harvest (Id, type, weight, unit, date) and its total.

    Each record's Id is what delete_harvest_waste takes.
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest, "any")
    waste = await metrc.client.harvest_waste(
        license_number, int(found["Id"]), credentials=metrc.credentials
    )
    return {
        "license_number": license_number,
        "harvest": found.get("Name"),
        "total": len(waste),
        "weight_totals": totals_by_unit(waste, "WasteWeight", "UnitOfWeightName"),
        "items": [compact(w, WASTE_FIELDS) for w in waste],
    }


@tool("harvests", title="List harvest waste types", returns=Names)
async def list_harvest_waste_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the harvest waste types a facility may record (e.g. Plant Material, Fibrous)."""
    metrc = access()
    types = await metrc.client.harvest_waste_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": [compact(t, ("Name",)) for t in types]}


@tool("harvests", title="Record harvest waste", read_only=False, returns=Written)
async def record_harvest_waste(
    license_number: LicenseNumber,
    harvest: HarvestRef,
    waste_type: WasteType,
    waste_weight: Annotated[float, Field(gt=0, description="The waste weight.")],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of that weight.")],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record waste from an active harvest (stems, fan leaves, unusable material); it comes off
    the harvest's current weight. delete_harvest_waste undoes a wrong entry.
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
    waste_type = await listed_name(
        waste_type,
        lambda: metrc.client.harvest_waste_types(license_number, credentials=metrc.credentials),
        "harvest waste types",
        "list_harvest_waste_types",
    )
    result = await metrc.client.record_harvest_waste(
        license_number,
        [
            HarvestWaste(
                id=int(found["Id"]),
                waste_type=waste_type,
                waste_weight=waste_weight,
                unit_of_weight=unit_of_weight,
                actual_date=actual_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Recorded {waste_weight:g} {unit_of_weight} of {waste_type} waste on harvest "
        f"{found.get('Name')}.",
    )


@tool(
    "harvests",
    title="Delete harvest waste",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def delete_harvest_waste(
    license_number: LicenseNumber,
    waste_id: Annotated[
        int, Field(ge=1, description="The waste record's Id (list_harvest_waste).")
    ],
) -> dict[str, Any]:
    """Delete a harvest waste record entered by mistake; its weight goes back to the harvest
    (which must be active: unfinish it first).
    """
    metrc = access()
    result = await metrc.client.delete_harvest_waste(
        license_number, waste_id, credentials=metrc.credentials
    )
    return written(result, f"Deleted harvest waste record {waste_id}.")
