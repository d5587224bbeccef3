"""Licences, their employees and locations, units of measure, waste methods and tags."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.catalogue import LocationCreate
from trichome.metrc.tools.biotrack.facilities import biotrack_facilities
from trichome.metrc.tools.registry import SYSTEMS, BioTrackAccess, access, connection, tool
from trichome.metrc.tools.results import (
    Count,
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
    pick,
    same,
    shape,
    written,
)

LOCATION_FIELDS = (
    "Id",
    "Name",
    "LocationTypeName",
    "ForPlantBatches",
    "ForPlants",
    "ForHarvests",
    "ForPackages",
)
LOCATION_USES = {
    "plant_batches": "ForPlantBatches",
    "plants": "ForPlants",
    "harvests": "ForHarvests",
    "packages": "ForPackages",
}
LocationUse = Literal["plant_batches", "plants", "harvests", "packages"]


@shape
class Facility(TypedDict):
    """A licence these keys can use, and what it may do."""

    LicenseNumber: str | None
    Name: str | None
    LicenseType: str | None
    LicenseEndDate: str | None
    Capabilities: Annotated[
        list[str], Field(description="The facility type's flags that are set, e.g. CanGrowPlants.")
    ]


@shape
class Facilities(TypedDict):
    """The licences these keys can use."""

    total: Count
    items: list[Facility]


@shape
class Employee(TypedDict):
    """A Metrc user of a facility."""

    FullName: NotRequired[str]
    IsIndustryAdmin: NotRequired[bool]
    IsOwner: NotRequired[bool]
    IsManager: NotRequired[bool]
    EmployeeLicenseNumber: str | None
    LicenseEndDate: str | None


@shape
class EmployeePage(Paging):
    """A page of a facility's employees."""

    license_number: str
    items: list[Employee]


@shape
class Location(TypedDict):
    """A location and what it may hold."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    LocationTypeName: NotRequired[str]
    ForPlantBatches: NotRequired[bool]
    ForPlants: NotRequired[bool]
    ForHarvests: NotRequired[bool]
    ForPackages: NotRequired[bool]


@shape
class LocationPage(Paging):
    """A page of a facility's active locations."""

    license_number: str
    items: list[Location]


@shape
class LocationType(TypedDict):
    """A location type and what its locations may hold."""

    Name: NotRequired[str | None]
    ForPlantBatches: NotRequired[bool | None]
    ForPlants: NotRequired[bool | None]
    ForHarvests: NotRequired[bool | None]
    ForPackages: NotRequired[bool | None]


@shape
class LocationTypes(TypedDict):
    """The location types a facility may use."""

    total: Count
    items: list[LocationType]


@shape
class UnitOfMeasure(TypedDict):
    """A unit of measure."""

    Name: NotRequired[str | None]
    Abbreviation: NotRequired[str | None]
    QuantityType: NotRequired[
        Annotated[str | None, Field(description="WeightBased, CountBased or VolumeBased.")]
    ]


@shape
class UnitsOfMeasure(TypedDict):
    """Metrc's units of measure."""

    total: Count
    items: list[UnitOfMeasure]


@shape
class WasteMethod(TypedDict):
    """A waste method of the state."""

    Name: NotRequired[str | None]
    ForPlants: NotRequired[bool | None]
    ForProductDestruction: NotRequired[bool | None]


@shape
class WasteMethods(TypedDict):
    """The state's waste methods."""

    total: Count
    items: list[WasteMethod]


@shape
class Tag(TypedDict):
    """An unused tag."""

    Label: NotRequired[str]
    TagTypeName: NotRequired[str]
    TagInventoryTypeName: NotRequired[str]


@shape
class TagPage(Paging):
    """A page of a facility's unused tags; `total` is how many are left."""

    license_number: str
    items: list[Tag]


def _facility(record: Mapping[str, Any]) -> dict[str, Any]:
    licence = record.get("License") or {}
    flags = record.get("FacilityType") or {}
    return {
        "LicenseNumber": licence.get("Number"),
        "Name": record.get("DisplayName") or record.get("Name"),
        "LicenseType": licence.get("LicenseType"),
        "LicenseEndDate": licence.get("EndDate"),
        "Capabilities": sorted(flag for flag, allowed in flags.items() if allowed is True),
    }


def _employee(record: Mapping[str, Any]) -> dict[str, Any]:
    # License.EmployeeLicenseNumber in Metrc's current v2 example; License.Number in older ones.
    licence = record.get("License") or {}
    return {
        **compact(record, ("FullName", "IsIndustryAdmin", "IsOwner", "IsManager")),
        "EmployeeLicenseNumber": licence.get("EmployeeLicenseNumber") or licence.get("Number"),
        "LicenseEndDate": licence.get("EndDate"),
    }


def _location(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, LOCATION_FIELDS)


def _tag(record: Mapping[str, Any]) -> dict[str, Any]:
    # GET /tags/v2/*/available: TagTypeName is often null; TagInventoryTypeName says the kind.
    return compact(record, ("Label", "TagTypeName", "TagInventoryTypeName"))


@tool("facilities", title="List facilities", returns=Facilities, systems=SYSTEMS)
async def list_facilities() -> dict[str, Any]:
    """List the facilities (licences) this connection can use, with what each may do.

    Returns each licence number, name, licence type and its capability flags (e.g.
    CanGrowPlants, CanSellToConsumers, CanTestPackages). Call this first when the licence
    number is unknown; every other tool takes one of these licence numbers.
    """
    if isinstance(tracking := connection(), BioTrackAccess):
        return await biotrack_facilities(tracking)
    metrc = access()
    facilities = await metrc.client.facilities(credentials=metrc.credentials)
    return {"total": len(facilities), "items": [_facility(f) for f in facilities]}


@tool("facilities", title="List employees", returns=EmployeePage)
async def list_employees(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only employees whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the employees (Metrc users) of a facility, with owner/manager flags.

    Returns each employee's full name, employee licence number and whether they own or
    manage the facility, one page at a time.
    """
    metrc = access()
    people = await metrc.client.employees(license_number, credentials=metrc.credentials)
    found = [p for p in people if contains(p.get("FullName"), name_contains)]
    return paged(found, page, page_size, _employee, license_number=license_number)


@tool("facilities", title="List locations", returns=LocationPage)
async def list_locations(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only locations whose name contains this.")
    ] = None,
    location_type: Annotated[
        str | None,
        Field(max_length=100, description="Only locations of this type (list_location_types)."),
    ] = None,
    holds: Annotated[
        LocationUse | None,
        Field(
            description="Only locations that may hold plant batches, plants, harvests or packages."
        ),
    ] = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active locations (rooms, vaults, drying areas) and what each may hold.

    Location names are what moves, plantings, harvests and new packages take. Use
    list_location_types to see which types exist, and create_location to add one.
    """
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    locations = await metrc.client.locations_active(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    flag = LOCATION_USES[holds] if holds else None
    found = [
        location
        for location in locations
        if contains(location.get("Name"), name_contains)
        and same(location.get("LocationTypeName"), location_type)
        and (flag is None or location.get(flag) is True)
    ]
    return paged(found, page, page_size, _location, license_number=license_number)


@tool("facilities", title="List location types", returns=LocationTypes)
async def list_location_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the location types a facility may use and what each may hold.

    A location's type decides whether it may hold plant batches, plants, harvests or
    packages; create_location takes one of these type names.
    """
    metrc = access()
    types = await metrc.client.location_types(license_number, credentials=metrc.credentials)
    fields = ("Name", "ForPlantBatches", "ForPlants", "ForHarvests", "ForPackages")
    return {"total": len(types), "items": [pick(t, fields) for t in types]}


@tool("facilities", title="Create a location", read_only=False, returns=Written)
async def create_location(
    license_number: LicenseNumber,
    name: Annotated[
        str, Field(min_length=1, max_length=100, description="The new location's name.")
    ],
    location_type: Annotated[
        str,
        Field(
            min_length=1,
            max_length=100,
            description="Its location type's name, from list_location_types "
            "(e.g. Default Location Type).",
        ),
    ],
) -> dict[str, Any]:
    """Create a location (a room, vault or drying area) at a facility.

    The location type decides what it may hold (see list_location_types). Metrc refuses a
    name the facility already uses. Returns the new location's Id.
    """
    metrc = access()
    result = await metrc.client.create_locations(
        license_number,
        [LocationCreate(name=name.strip(), location_type_name=location_type.strip())],
        credentials=metrc.credentials,
    )
    return written(result, f"Created the location {name.strip()!r} ({location_type.strip()}).")


@tool("facilities", title="List units of measure", returns=UnitsOfMeasure)
async def list_units_of_measure(
    quantity_type: Annotated[
        Literal["WeightBased", "CountBased", "VolumeBased"] | None,
        Field(description="Only units of this kind."),
    ] = None,
) -> dict[str, Any]:
    """List Metrc's units of measure (name, abbreviation, and whether weight, count or volume).

    A package's quantity must be in a unit of its item's kind: weight-based items in
    Grams, Ounces...; count-based items in Each.
    """
    metrc = access()
    units = await metrc.client.units_of_measure(credentials=metrc.credentials)
    found = [u for u in units if same(u.get("QuantityType"), quantity_type)]
    fields = ("Name", "Abbreviation", "QuantityType")
    return {"total": len(found), "items": [pick(u, fields) for u in found]}


@tool("facilities", title="List waste methods", returns=WasteMethods)
async def list_waste_methods() -> dict[str, Any]:
    """List the state's waste methods (e.g. Grinder, Compost) and whether each applies to plants
    or to product destruction.

    For the methods a facility may name when destroying plants or recording plant waste,
    list_plant_waste_methods gives the facility's own list.
    """
    metrc = access()
    methods = await metrc.client.waste_methods(credentials=metrc.credentials)
    fields = ("Name", "ForPlants", "ForProductDestruction")
    return {"total": len(methods), "items": [pick(m, fields) for m in methods]}


@tool("facilities", title="List available plant tags", returns=TagPage)
async def list_available_plant_tags(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List a facility's unused plant tags (how many are left, and their labels).

    Tagging batch plants into a growth phase (change_plant_batch_growth_phase) takes a
    starting tag from here and uses the tags after it. `total` is the number left; order
    more before it runs low.
    """
    metrc = access()
    tags = await metrc.client.plant_tags_available(license_number, credentials=metrc.credentials)
    tags = sorted(tags, key=lambda tag: str(tag.get("Label")))
    return paged(tags, page, page_size, _tag, license_number=license_number)


@tool("facilities", title="List available package tags", returns=TagPage)
async def list_available_package_tags(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List a facility's unused package tags (how many are left, and their labels).

    Every new package (from packages, from a harvest, or a testing sample) needs one of
    these tags. `total` is the number left; order more before it runs low.
    """
    metrc = access()
    tags = await metrc.client.package_tags_available(license_number, credentials=metrc.credentials)
    tags = sorted(tags, key=lambda tag: str(tag.get("Label")))
    return paged(tags, page, page_size, _tag, license_number=license_number)
