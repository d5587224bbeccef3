"""Sublocation tools: the named places inside a facility's locations (a table, a shelf, a
bench), as Metrc v2's Sublocations operations keep them (`{Id, Name}`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.catalogue import SublocationCreate, SublocationUpdate
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    contains,
    modified_between,
    paged,
    shape,
    written,
)

SublocationName = Annotated[
    str, Field(min_length=1, max_length=100, description="The sublocation's name.")
]
SublocationId = Annotated[int, Field(ge=1, description="The sublocation's Id (list_sublocations).")]


@shape
class Sublocation(TypedDict):
    """A sublocation."""

    Id: NotRequired[int]
    Name: NotRequired[str]


@shape
class SublocationPage(Paging):
    """A page of a facility's sublocations."""

    license_number: str
    archived: bool
    items: list[Sublocation]


def _sublocation(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, ("Id", "Name"))


@tool("facilities", title="List sublocations", returns=SublocationPage)
async def list_sublocations(
    license_number: LicenseNumber,
    archived: Annotated[
        bool, Field(description="List archived sublocations instead of active ones.")
    ] = False,
    name_contains: Annotated[
        str | None,
        Field(max_length=100, description="Only sublocations whose name contains this."),
    ] = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's sublocations: named places inside its locations (a table, a shelf).

    Active ones by default; `archived` lists the archived ones (Metrc offers no date filter
    for those, so modified_from/modified_to apply to active ones only).
    """
    metrc = access()
    if archived:
        records = await metrc.client.sublocations_inactive(
            license_number, credentials=metrc.credentials
        )
    else:
        start, end = modified_between(modified_from, modified_to, metrc.as_of())
        records = await metrc.client.sublocations_active(
            license_number,
            last_modified_start=start,
            last_modified_end=end,
            credentials=metrc.credentials,
        )
    found = [record for record in records if contains(record.get("Name"), name_contains)]
    return paged(
        found, page, page_size, _sublocation, license_number=license_number, archived=archived
    )


@tool("facilities", title="Create a sublocation", read_only=False, returns=Written)
async def create_sublocation(
    license_number: LicenseNumber, name: SublocationName
) -> dict[str, Any]:
    """Create a sublocation (a named place inside a location, e.g. "Room 1 Table A").

    Returns the new sublocation's Id.
    """
    metrc = access()
    result = await metrc.client.create_sublocations(
        license_number, [SublocationCreate(name=name.strip())], credentials=metrc.credentials
    )
    return written(result, f"Created the sublocation {name.strip()!r}.")


@tool("facilities", title="Rename a sublocation", read_only=False, idempotent=True, returns=Written)
async def rename_sublocation(
    license_number: LicenseNumber, sublocation_id: SublocationId, name: SublocationName
) -> dict[str, Any]:
    """Give a sublocation (a named place inside a location) a new name; its Id stays the same.

    Metrc answers a rename with no Ids.
    """
    metrc = access()
    result = await metrc.client.update_sublocations(
        license_number,
        [SublocationUpdate(id=sublocation_id, name=name.strip())],
        credentials=metrc.credentials,
    )
    return written(result, f"Renamed sublocation {sublocation_id} to {name.strip()!r}.")


@tool(
    "facilities",
    title="Archive a sublocation",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def archive_sublocation(
    license_number: LicenseNumber, sublocation_id: SublocationId
) -> dict[str, Any]:
    """Archive a sublocation no longer in use; it moves to the archived list
    (list_sublocations with archived=true)."""
    metrc = access()
    result = await metrc.client.archive_sublocation(
        license_number, sublocation_id, credentials=metrc.credentials
    )
    return written(result, f"Archived sublocation {sublocation_id}.")
