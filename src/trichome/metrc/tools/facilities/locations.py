"""Location tools that change what exists: renaming a location or changing its type,
archiving one no longer in use, and listing the archived ones.

Bodies follow Metrc's v2 documentation of `Locations` as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Locations): Update takes `[{Id, Name, LocationTypeName}]`
(UpdateLocations.bru) and Archive is `DELETE /locations/v2/{id}` (DeleteLocationsById.bru);
both answer with no body; GetInactive (GetInactiveLocations.bru) lists archived locations
in the shape of the active ones. GetLocationById (GetLocationsById.bru) gives the location's
current name and type.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.catalogue import LocationUpdate
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.facilities.facility import LOCATION_FIELDS, Location
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    contains,
    paged,
    shape,
    written,
)

LocationId = Annotated[int, Field(ge=1, description="The location's Id (list_locations).")]


@shape
class ArchivedLocationPage(Paging):
    """A page of a facility's archived locations."""

    license_number: str
    items: list[Location]


@tool("facilities", title="Update a location", read_only=False, idempotent=True, returns=Written)
async def update_location(
    license_number: LicenseNumber,
    location_id: LocationId,
    name: Annotated[
        str | None, Field(min_length=1, max_length=100, description="A new name.")
    ] = None,
    location_type: Annotated[
        str | None,
        Field(
            min_length=1, max_length=100, description="A new location type (list_location_types)."
        ),
    ] = None,
) -> dict[str, Any]:
    """Rename a location or change its type (which decides what it may hold); what is not
    given stays. Its Id, and what it holds, stay the same."""
    if name is None and location_type is None:
        raise ToolProblem("Nothing to change: give a new name or a new location type.")
    metrc = access()
    try:
        record = await metrc.client.location(
            license_number, location_id, credentials=metrc.credentials
        )
    except MetrcNotFound:
        raise ToolProblem(
            f"No location with Id {location_id} at licence {license_number}; find it with "
            "list_locations."
        ) from None
    change = LocationUpdate(
        id=location_id,
        name=(name or str(record.get("Name"))).strip(),
        location_type_name=(location_type or str(record.get("LocationTypeName"))).strip(),
    )
    result = await metrc.client.update_locations(
        license_number, [change], credentials=metrc.credentials
    )
    return written(
        result, f"Updated location {location_id}: {change.name!r} ({change.location_type_name})."
    )


@tool(
    "facilities",
    title="Archive a location",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def archive_location(
    license_number: LicenseNumber, location_id: LocationId
) -> dict[str, Any]:
    """Archive a location no longer in use; it leaves list_locations."""
    metrc = access()
    result = await metrc.client.archive_location(
        license_number, location_id, credentials=metrc.credentials
    )
    return written(result, f"Archived location {location_id}.")


@tool("facilities", title="List archived locations", returns=ArchivedLocationPage)
async def list_inactive_locations(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only locations whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's archived locations (archive_location), with the type each had."""
    metrc = access()
    records = await metrc.client.locations_inactive(license_number, credentials=metrc.credentials)
    found = [r for r in records if contains(r.get("Name"), name_contains)]
    return paged(
        found,
        page,
        page_size,
        lambda record: compact(record, LOCATION_FIELDS),
        license_number=license_number,
    )
