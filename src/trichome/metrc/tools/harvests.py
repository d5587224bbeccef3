"""Harvest tools: lists and details, packages from harvests, waste, moves, renames, finishing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.cultivation import (
    HarvestFinish,
    HarvestIngredient,
    HarvestMove,
    HarvestPackage,
    HarvestRename,
    HarvestWaste,
)
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Names,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    QuantityTotals,
    UnitOfWeight,
    Written,
    compact,
    contains,
    modified_between,
    paged,
    plural,
    same,
    shape,
    totals_by_unit,
    written,
)

Record = dict[str, Any]
HARVEST_FIELDS = (
    "Id",
    "Name",
    "HarvestType",
    "SourceStrainNames",
    "DryingLocationName",
    "PlantCount",
    "TotalWetWeight",
    "CurrentWeight",
    "TotalWasteWeight",
    "TotalPackagedWeight",
    "PackageCount",
    "UnitOfWeightName",
    "HarvestStartDate",
    "FinishedDate",
    "LabTestingState",
)
WASTE_FIELDS = ("Id", "WasteTypeName", "WasteWeight", "UnitOfWeightName", "ActualDate")
GRAMS = {
    "Grams": 1.0,
    "Kilograms": 1000.0,
    "Milligrams": 0.001,
    "Ounces": 28.349523125,
    "Pounds": 453.59237,
}
WasteType = Literal["Plant Material", "Trim", "Stems"]
HarvestRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="The harvest's name (e.g. BD-20260227) or its numeric Id.",
    ),
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only harvests whose name contains this.")
]
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only harvests that include this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only harvests drying at this location.")
]
Which = Literal["active", "inactive", "any"]


class NewPackage(BaseModel):
    """One package to fill from the harvest."""

    tag: Annotated[PackageLabel, Field(description="An unused package tag.")]
    item: Annotated[
        str,
        Field(min_length=1, max_length=150, description="A weight-based item, e.g. Buds - Gelato."),
    ]
    weight: Annotated[float, Field(gt=0, description="The weight taken from the harvest.")]


@shape
class Harvest(TypedDict):
    """A harvest batch: its strains, where it dries, and its weights."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    HarvestType: NotRequired[str]
    SourceStrainNames: NotRequired[
        Annotated[str | list[str], Field(description="The strains harvested into it.")]
    ]
    DryingLocationName: NotRequired[str]
    PlantCount: NotRequired[int]
    TotalWetWeight: NotRequired[float]
    CurrentWeight: NotRequired[
        Annotated[float, Field(description="What is left to package or waste.")]
    ]
    TotalWasteWeight: NotRequired[float]
    TotalPackagedWeight: NotRequired[float]
    PackageCount: NotRequired[int]
    UnitOfWeightName: NotRequired[str]
    HarvestStartDate: NotRequired[str]
    FinishedDate: NotRequired[str]
    LabTestingState: NotRequired[str]
    OnHold: NotRequired[Annotated[bool, Field(description="Present (true) when on hold.")]]


@shape
class HarvestDetail(Harvest):
    """A harvest with when Metrc last changed it."""

    LastModified: str | None


@shape
class HarvestPage(Paging):
    """A page of a facility's harvests."""

    license_number: str
    items: list[Harvest]


@shape
class WasteRecord(TypedDict):
    """Waste recorded on a harvest; its Id is what delete_harvest_waste takes."""

    Id: NotRequired[int]
    WasteTypeName: NotRequired[str]
    WasteWeight: NotRequired[float]
    UnitOfWeightName: NotRequired[str]
    ActualDate: NotRequired[str]


@shape
class HarvestFound(TypedDict):
    """One harvest of a licence and the waste recorded on it."""

    license_number: str
    harvest: HarvestDetail
    waste: list[WasteRecord]


@shape
class HarvestWasteList(TypedDict):
    """The waste recorded on one harvest."""

    license_number: str
    harvest: Annotated[str | None, Field(description="The harvest's name.")]
    total: Count
    weight_totals: QuantityTotals
    items: list[WasteRecord]


def trim_harvest(record: Mapping[str, Any]) -> Record:
    """A harvest as tools show it."""
    result = compact(record, HARVEST_FIELDS)
    if record.get("IsOnHold") is True:
        result["OnHold"] = True
    return result


async def find_harvests(
    metrc: MetrcAccess, license_number: str, refs: Sequence[str], which: Which = "active"
) -> dict[str, Record]:
    """Harvests of the licence by name or Id (in the order given), active, inactive or either.

    Raises:
        ToolProblem: a harvest is unknown, or not in the state needed.
    """
    active = await metrc.client.harvests_active(license_number, credentials=metrc.credentials)
    inactive = await metrc.client.harvests_inactive(license_number, credentials=metrc.credentials)
    states = [(h, "active") for h in active] + [(h, "inactive") for h in inactive]
    found: dict[str, Record] = {}
    lost: list[str] = []
    wrong: list[str] = []
    for ref in dict.fromkeys(ref.strip() for ref in refs):
        key = ref.casefold()
        match = next(
            (
                (h, state)
                for h, state in states
                if str(h.get("Name")).casefold() == key
                or (ref.isdigit() and h.get("Id") == int(ref))
            ),
            None,
        )
        if match is None:
            lost.append(ref)
        elif which != "any" and match[1] != which:
            wrong.append(f"{match[0].get('Name')} ({match[1]})")
        else:
            found[ref] = match[0]
    if lost:
        raise ToolProblem(
            f"{plural(len(lost), 'harvest')} not found at licence {license_number}: "
            f"{', '.join(lost)}. Find names with list_active_harvests or list_inactive_harvests."
        )
    if wrong:
        needed = "active (unfinished)" if which == "active" else "finished"
        raise ToolProblem(f"These harvests must be {needed} for this: {', '.join(wrong)}.")
    return found


async def find_harvest(
    metrc: MetrcAccess, license_number: str, ref: str, which: Which = "active"
) -> Record:
    """One harvest of the licence by name or Id.

    Raises:
        ToolProblem: unknown, or not in the state needed.
    """
    return next(iter((await find_harvests(metrc, license_number, [ref], which)).values()))


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
        and (strain is None or any(same(s, strain) for s in harvest.get("SourceStrainNames") or []))
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


@tool("harvests", title="Create packages from a harvest", read_only=False, returns=Written)
async def create_harvest_packages(
    license_number: LicenseNumber,
    harvest: HarvestRef,
    packages: Annotated[
        list[NewPackage],
        Field(
            min_length=1, max_length=100, description="The packages to fill (tag, item, weight)."
        ),
    ],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of the weights.")],
    location: Annotated[
        str,
        Field(min_length=1, max_length=100, description="Where the new packages are kept."),
    ],
    product_requires_remediation: Annotated[
        bool, Field(description="Mark the packages as needing remediation.")
    ] = False,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Package dried product from an active harvest: each new package takes its weight from the
    harvest's current weight, under a new tag and a weight-based item (e.g. Buds - Gelato).

    Tags come from list_available_package_tags. To repackage existing packages use
    create_package.
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
    unit = str(found.get("UnitOfWeightName") or "Grams")
    total = sum(p.weight for p in packages)
    if unit in GRAMS:
        left = float(found.get("CurrentWeight") or 0) * GRAMS[unit] / GRAMS[unit_of_weight]
        if total > left + 1e-6:
            raise ToolProblem(
                f"Harvest {found.get('Name')} has only {left:.4g} {unit_of_weight} left to "
                f"package; these packages take {total:g}."
            )
    result = await metrc.client.create_harvest_packages(
        license_number,
        [
            HarvestPackage(
                tag=p.tag,
                item=p.item,
                location=location,
                unit_of_weight=unit_of_weight,
                product_requires_remediation=product_requires_remediation or None,
                actual_date=actual_date or metrc.as_of(),
                ingredients=[
                    HarvestIngredient(
                        harvest_id=int(found["Id"]),
                        harvest_name=str(found.get("Name")),
                        weight=p.weight,
                        unit_of_weight=unit_of_weight,
                    )
                ],
            )
            for p in packages
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Created {plural(len(packages), 'package')} ({total:g} {unit_of_weight}) from harvest "
        f"{found.get('Name')}.",
    )


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
    """List the harvest waste types a facility may record (e.g. Plant Material, Stems, Trim)."""
    metrc = access()
    types = await metrc.client.harvest_waste_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": [compact(t, ("Name",)) for t in types]}


@tool("harvests", title="Record harvest waste", read_only=False, returns=Written)
async def record_harvest_waste(
    license_number: LicenseNumber,
    harvest: HarvestRef,
    waste_type: Annotated[WasteType, Field(description="What was wasted.")],
    waste_weight: Annotated[float, Field(gt=0, description="The waste weight.")],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of that weight.")],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record waste from an active harvest (stems, fan leaves, unusable material); it comes off
    the harvest's current weight. delete_harvest_waste undoes a wrong entry.
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
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
