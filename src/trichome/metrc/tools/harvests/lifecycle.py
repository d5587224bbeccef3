"""Harvest tools that move, rename, finish and reopen harvests."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.cultivation import HarvestFinish, HarvestMove, HarvestRename
from trichome.metrc.tools.harvests.lookup import (
    HarvestRef,
    OptionalDay,
    find_harvest,
    find_harvests,
)
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, Written, plural, same, written


@tool("harvests", title="Move a harvest", read_only=False, idempotent=True, returns=Written)
async def move_harvest(
    license_number: LicenseNumber,
    harvest: HarvestRef,
    drying_location: Annotated[
        str, Field(min_length=1, max_length=100, description="The new drying location.")
    ],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Move an active harvest to another drying location (e.g. from a dry room to the vault)."""
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
    if same(found.get("DryingLocationName"), drying_location):
        raise ToolProblem(f"Harvest {found.get('Name')} is already at {drying_location}.")
    result = await metrc.client.move_harvests(
        license_number,
        [
            HarvestMove(
                id=int(found["Id"]),
                drying_location=drying_location,
                actual_date=actual_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Moved harvest {found.get('Name')} to {drying_location}.")


@tool("harvests", title="Rename a harvest", read_only=False, idempotent=True, returns=Written)
async def rename_harvest(
    license_number: LicenseNumber,
    harvest: HarvestRef,
    new_name: Annotated[
        str, Field(min_length=1, max_length=100, description="The new, unused harvest name.")
    ],
) -> dict[str, Any]:
    """Rename an active harvest batch; its packages, waste and plants stay linked to it.

    Metrc refuses a name the facility already uses.
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
    if str(found.get("Name")) == new_name.strip():
        raise ToolProblem(f"The harvest is already named {new_name.strip()}.")
    result = await metrc.client.rename_harvests(
        license_number,
        [HarvestRename(id=int(found["Id"]), new_name=new_name.strip())],
        credentials=metrc.credentials,
    )
    return written(result, f"Renamed harvest {found.get('Name')} to {new_name.strip()}.")


@tool(
    "harvests",
    title="Finish harvests",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def finish_harvests(
    license_number: LicenseNumber,
    harvests: Annotated[
        list[str],
        Field(min_length=1, max_length=100, description="The harvests' names or Ids."),
    ],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Finish active harvests: declare that nothing more will be packaged or wasted from them;
    they move to the inactive list with whatever weight is left (normally record it as waste
    first). unfinish_harvests reopens them.
    """
    metrc = access()
    found = await find_harvests(metrc, license_number, harvests)
    result = await metrc.client.finish_harvests(
        license_number,
        [
            HarvestFinish(id=int(h["Id"]), actual_date=actual_date or metrc.as_of())
            for h in found.values()
        ],
        credentials=metrc.credentials,
    )
    names = ", ".join(str(h.get("Name")) for h in found.values())
    return written(result, f"Finished {plural(len(found), 'harvest')}: {names}.")


@tool("harvests", title="Unfinish harvests", read_only=False, idempotent=True, returns=Written)
async def unfinish_harvests(
    license_number: LicenseNumber,
    harvests: Annotated[
        list[str],
        Field(min_length=1, max_length=100, description="The finished harvests' names or Ids."),
    ],
) -> dict[str, Any]:
    """Reopen finished harvests (undo finish_harvests) so they can be packaged or wasted again."""
    metrc = access()
    found = await find_harvests(metrc, license_number, harvests, "inactive")
    result = await metrc.client.unfinish_harvests(
        license_number, [int(h["Id"]) for h in found.values()], credentials=metrc.credentials
    )
    names = ", ".join(str(h.get("Name")) for h in found.values())
    return written(result, f"Reopened {plural(len(found), 'harvest')}: {names}.")
