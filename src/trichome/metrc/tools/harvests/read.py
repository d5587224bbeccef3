"""Harvest tools that read: the active, inactive and on-hold lists, and one harvest."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.tools.harvests.lookup import (
    WASTE_FIELDS,
    HarvestRef,
    Record,
    find_harvest,
    trim_harvest,
)
from trichome.metrc.tools.harvests.shapes import HarvestFound, HarvestPage
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
from trichome.tracking.metrc.mapping import listed

NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only harvests whose name contains this.")
]
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only harvests that include this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only harvests drying at this location.")
]


async def _harvest_list(
    which: Literal["active", "inactive", "onhold"],
    license_number: str,
    name_contains: str | None,
    strain: str | None,
    location: str | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    read = {
        "active": metrc.client.harvests_active,
        "inactive": metrc.client.harvests_inactive,
        "onhold": metrc.client.harvests_onhold,
    }[which]
    harvests = await read(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = [
        harvest
        for harvest in harvests
        if contains(harvest.get("Name"), name_contains)
        and (
            strain is None or any(same(s, strain) for s in listed(harvest.get("SourceStrainNames")))
        )
        and same(harvest.get("DryingLocationName"), location)
    ]
    return paged(found, page, page_size, trim_harvest, license_number=license_number)


@tool("harvests", title="List active harvests", returns=HarvestPage)
async def list_active_harvests(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active (unfinished) harvests: strains, drying location, plant count,
    wet weight, current weight left to package, waste and packaged weights, start date.

    CurrentWeight is what can still be packaged (create_harvest_packages) or wasted.
    """
    return await _harvest_list(
        "active", license_number, name_contains, strain, location, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("harvests", title="List inactive harvests", returns=HarvestPage)
async def list_inactive_harvests(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's finished harvests (nothing more to package from them), with their
    totals: useful for yields. unfinish_harvests reopens one.
    """
    return await _harvest_list(
        "inactive", license_number, name_contains, strain, location, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("harvests", title="List harvests on hold", returns=HarvestPage)
async def list_on_hold_harvests(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's harvests on hold (frozen by the state until released)."""
    return await _harvest_list(
        "onhold", license_number, name_contains, strain, location, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("harvests", title="Get a harvest", returns=HarvestFound)
async def get_harvest(license_number: LicenseNumber, harvest: HarvestRef) -> dict[str, Any]:
    """Get one harvest (active or finished) by name or Id, with its weights and the waste
    recorded on it (each waste record's Id is what delete_harvest_waste takes).
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest, "any")
    waste = await metrc.client.harvest_waste(
        license_number, int(found["Id"]), credentials=metrc.credentials
    )
    return {
        "license_number": license_number,
        "harvest": {**trim_harvest(found), "LastModified": found.get("LastModified")},
        "waste": [compact(w, WASTE_FIELDS) for w in waste],
    }
