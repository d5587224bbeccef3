"""Strain tools: the cultivars a facility grows, their potency and genetics."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.catalogue import StrainCreate, StrainUpdate
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
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

Record = dict[str, Any]
STRAIN_FIELDS = (
    "Id",
    "Name",
    "TestingStatus",
    "ThcLevel",
    "CbdLevel",
    "IndicaPercentage",
    "SativaPercentage",
    "Genetics",
    "IsUsed",
)
TestingStatus = Literal["None", "InHouse", "ThirdParty"]
NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only strains whose name contains this.")
]
Percentage = Annotated[float | None, Field(ge=0, le=100)]


@shape
class Strain(TypedDict):
    """A strain: its potency, who tested it, and its genetics."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    TestingStatus: NotRequired[str]
    ThcLevel: NotRequired[float]
    CbdLevel: NotRequired[float]
    IndicaPercentage: NotRequired[float]
    SativaPercentage: NotRequired[float]
    Genetics: NotRequired[str]
    IsUsed: NotRequired[bool]


@shape
class StrainPage(Paging):
    """A page of a facility's strains."""

    license_number: str
    items: list[Strain]


@shape
class StrainFound(TypedDict):
    """One strain of a licence."""

    license_number: str
    strain: Strain


def _strain(record: Mapping[str, Any]) -> Record:
    return compact(record, STRAIN_FIELDS)


def _genetics(indica: float | None, sativa: float | None) -> tuple[float, float]:
    if indica is None and sativa is None:
        return 50.0, 50.0
    if indica is None:
        indica = 100 - (sativa or 0)
    if sativa is None:
        sativa = 100 - indica
    if abs(indica + sativa - 100) > 0.001:
        raise ToolProblem(
            f"Indica ({indica:g}%) and sativa ({sativa:g}%) must add up to 100; give one and the "
            "other follows."
        )
    return indica, sativa


async def find_strain(
    metrc: MetrcAccess, license_number: str, name: str | None, strain_id: int | None
) -> Record:
    """A strain of the licence by name (active, then inactive) or by Id.

    Raises:
        ToolProblem: neither or both given, or no such strain.
    """
    if (name is None) == (strain_id is None):
        raise ToolProblem("Give the strain's name or its Id (one of them).")
    if strain_id is not None:
        try:
            return await metrc.client.strain(
                license_number, strain_id, credentials=metrc.credentials
            )
        except MetrcNotFound:
            raise ToolProblem(
                f"No strain with Id {strain_id} at licence {license_number}; find it with "
                "list_active_strains."
            ) from None
    wanted = str(name).strip().casefold()
    for read in (metrc.client.strains_active, metrc.client.strains_inactive):
        for strain in await read(license_number, credentials=metrc.credentials):
            if str(strain.get("Name")).casefold() == wanted:
                return strain
    raise ToolProblem(
        f"No strain named {name!r} at licence {license_number}; find it with "
        "list_active_strains, or create it with create_strain."
    )


@tool("strains", title="List active strains", returns=StrainPage)
async def list_active_strains(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active strains with their testing status, THC/CBD levels and
    indica/sativa split.

    Strain names are what plantings and items take.
    """
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    strains = await metrc.client.strains_active(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = [s for s in strains if contains(s.get("Name"), name_contains)]
    return paged(found, page, page_size, _strain, license_number=license_number)


@tool("strains", title="List inactive strains", returns=StrainPage)
async def list_inactive_strains(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's inactive (archived) strains, which plantings and new items can no
    longer use. Same fields as list_active_strains.
    """
    metrc = access()
    strains = await metrc.client.strains_inactive(license_number, credentials=metrc.credentials)
    found = [s for s in strains if contains(s.get("Name"), name_contains)]
    return paged(found, page, page_size, _strain, license_number=license_number)


@tool("strains", title="Get a strain", returns=StrainFound)
async def get_strain(
    license_number: LicenseNumber,
    name: Annotated[
        str | None, Field(min_length=1, max_length=100, description="The strain's name.")
    ] = None,
    strain_id: Annotated[
        int | None, Field(ge=1, description="Or the strain's Id (e.g. an item's StrainId).")
    ] = None,
) -> dict[str, Any]:
    """Get one strain by name or Id: testing status, THC/CBD levels, indica/sativa split,
    genetics, and whether it is in use.
    """
    metrc = access()
    strain = await find_strain(metrc, license_number, name, strain_id)
    return {"license_number": license_number, "strain": _strain(strain)}


@tool("strains", title="Create a strain", read_only=False, returns=Written)
async def create_strain(
    license_number: LicenseNumber,
    name: Annotated[str, Field(min_length=1, max_length=100, description="The new strain's name.")],
    testing_status: Annotated[
        TestingStatus, Field(description="Who tested its potency: None, InHouse or ThirdParty.")
    ] = "None",
    thc_level: Annotated[
        float | None, Field(ge=0, le=100, description="Its THC level, in %.")
    ] = None,
    cbd_level: Annotated[
        float | None, Field(ge=0, le=100, description="Its CBD level, in %.")
    ] = None,
    indica_percentage: Annotated[
        Percentage, Field(description="Its indica share in %; sativa makes up the rest.")
    ] = None,
    sativa_percentage: Annotated[
        Percentage, Field(description="Its sativa share in %; indica makes up the rest.")
    ] = None,
) -> dict[str, Any]:
    """Create a strain at a facility, so that plantings and items can name it.

    Indica and sativa shares add up to 100 (50/50 when neither is given); Metrc shows them as
    the strain's genetics.
    """
    indica, sativa = _genetics(indica_percentage, sativa_percentage)
    metrc = access()
    result = await metrc.client.create_strains(
        license_number,
        [
            StrainCreate(
                name=name.strip(),
                testing_status=testing_status,
                thc_level=thc_level,
                cbd_level=cbd_level,
                indica_percentage=indica,
                sativa_percentage=sativa,
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result, f"Created the strain {name.strip()} ({indica:g}% indica, {sativa:g}% sativa)."
    )


@tool("strains", title="Update a strain", read_only=False, idempotent=True, returns=Written)
async def update_strain(
    license_number: LicenseNumber,
    name: Annotated[
        str, Field(min_length=1, max_length=100, description="The strain's current name.")
    ],
    new_name: Annotated[
        str | None, Field(min_length=1, max_length=100, description="A new name.")
    ] = None,
    testing_status: Annotated[
        TestingStatus | None, Field(description="A new testing status.")
    ] = None,
    thc_level: Annotated[
        float | None, Field(ge=0, le=100, description="A new THC level, in %.")
    ] = None,
    cbd_level: Annotated[
        float | None, Field(ge=0, le=100, description="A new CBD level, in %.")
    ] = None,
    indica_percentage: Annotated[
        Percentage, Field(description="A new indica share in % (sativa follows).")
    ] = None,
    sativa_percentage: Annotated[
        Percentage, Field(description="A new sativa share in % (indica follows).")
    ] = None,
) -> dict[str, Any]:
    """Change a strain's name, testing status, THC/CBD levels or indica/sativa split (which
    Metrc shows as its genetics).

    Only the fields given change; the others keep their current values.
    """
    changes = {
        "new name": new_name,
        "testing status": testing_status,
        "THC level": thc_level,
        "CBD level": cbd_level,
        "indica share": indica_percentage,
        "sativa share": sativa_percentage,
    }
    if all(value is None for value in changes.values()):
        raise ToolProblem("Nothing to change: give at least one new value.")
    metrc = access()
    current = await find_strain(metrc, license_number, name, None)
    if indica_percentage is None and sativa_percentage is None:
        indica = float(current.get("IndicaPercentage") or 50)
        sativa = float(current.get("SativaPercentage") or 50)
    else:
        indica, sativa = _genetics(indica_percentage, sativa_percentage)
    result = await metrc.client.update_strains(
        license_number,
        [
            StrainUpdate(
                id=int(current["Id"]),
                name=(new_name or str(current.get("Name"))).strip(),
                testing_status=testing_status or str(current.get("TestingStatus") or "None"),
                thc_level=current.get("ThcLevel") if thc_level is None else thc_level,
                cbd_level=current.get("CbdLevel") if cbd_level is None else cbd_level,
                indica_percentage=indica,
                sativa_percentage=sativa,
            )
        ],
        credentials=metrc.credentials,
    )
    changed = ", ".join(key for key, value in changes.items() if value is not None)
    return written(result, f"Updated the strain {current.get('Name')}: {changed}.")


@tool("strains", title="Archive a strain", read_only=False, destructive=True, returns=Written)
async def archive_strain(
    license_number: LicenseNumber,
    name: Annotated[
        str | None, Field(min_length=1, max_length=100, description="The strain's name.")
    ] = None,
    strain_id: Annotated[int | None, Field(ge=1, description="Or the strain's Id.")] = None,
) -> dict[str, Any]:
    """Archive a strain no longer grown (Metrc's Strains Archive, `DELETE /strains/v2/{id}`);
    it moves to list_inactive_strains and new plantings and items can no longer use it."""
    metrc = access()
    strain = await find_strain(metrc, license_number, name, strain_id)
    result = await metrc.client.archive_strain(
        license_number, int(strain["Id"]), credentials=metrc.credentials
    )
    return written(result, f"Archived the strain {strain.get('Name')!r}.")
