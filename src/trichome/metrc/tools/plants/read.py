"""Plant tools that read: the lists by growth phase, and one plant."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.plants.lookup import PLANT_FIELDS, Record, find_plants, trim_plant
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Names,
    Page,
    PageSize,
    Paging,
    PlantLabel,
    contains,
    count_by,
    modified_between,
    paged,
    same,
    shape,
)

DETAIL_FIELDS = (*PLANT_FIELDS, "State", "PlantBatchTypeName", "HarvestId", "LastModified")
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only plants of this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only plants at this location.")
]
BatchFilter = Annotated[
    str | None,
    Field(max_length=100, description="Only plants whose plant batch name contains this."),
]


@shape
class Plant(TypedDict):
    """A tracked plant: phase, strain, where, its batch and its phase dates."""

    Id: NotRequired[int]
    Label: NotRequired[str]
    GrowthPhase: NotRequired[str]
    StrainName: NotRequired[str]
    LocationName: NotRequired[str]
    PlantBatchName: NotRequired[str]
    PlantedDate: NotRequired[str]
    VegetativeDate: NotRequired[str]
    FloweringDate: NotRequired[str]
    HarvestedDate: NotRequired[str]
    HarvestedWetWeight: NotRequired[float]
    HarvestedUnitOfWeightName: NotRequired[str]
    DestroyedDate: NotRequired[str]
    DestroyedNote: NotRequired[str]
    OnHold: NotRequired[Annotated[bool, Field(description="Present (true) when on hold.")]]


@shape
class PlantDetail(Plant):
    """A plant in full: also its state, batch type and harvest."""

    State: NotRequired[str]
    PlantBatchTypeName: NotRequired[str]
    HarvestId: NotRequired[int]
    LastModified: NotRequired[str]


@shape
class PlantPage(Paging):
    """A page of a facility's plants, with counts of all that match by strain and location."""

    license_number: str
    by_strain: Annotated[dict[str, int], Field(description="Matching plants per strain.")]
    by_location: Annotated[dict[str, int], Field(description="Matching plants per location.")]
    items: list[Plant]


@shape
class PlantFound(TypedDict):
    """One plant of a licence."""

    license_number: str
    plant: PlantDetail


# Metrc's plant lists: by growth phase, inactive and on hold, and the mother plants' three.
PlantList = Literal[
    "vegetative", "flowering", "inactive", "onhold", "mother", "mother_inactive", "mother_onhold"
]


async def _plant_list(
    which: PlantList,
    license_number: str,
    strain: str | None,
    location: str | None,
    batch_contains: str | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    read = {
        "vegetative": metrc.client.plants_vegetative,
        "flowering": metrc.client.plants_flowering,
        "inactive": metrc.client.plants_inactive,
        "onhold": metrc.client.plants_onhold,
        "mother": metrc.client.plants_mother,
        "mother_inactive": metrc.client.plants_mother_inactive,
        "mother_onhold": metrc.client.plants_mother_onhold,
    }[which]
    plants = await read(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = [
        plant
        for plant in plants
        if same(plant.get("StrainName"), strain)
        and same(plant.get("LocationName"), location)
        and contains(plant.get("PlantBatchName"), batch_contains)
    ]
    return paged(
        found,
        page,
        page_size,
        trim_plant,
        license_number=license_number,
        by_strain=count_by(found, "StrainName"),
        by_location=count_by(found, "LocationName"),
    )


@tool("plants", title="List vegetative plants", returns=PlantPage)
async def list_vegetative_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's tagged plants in the vegetative phase, with counts by strain and
    location.

    Each plant shows its label, strain, location, batch and phase dates. Move them to
    flowering with change_plants_growth_phase.
    """
    return await _plant_list(
        "vegetative", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List mother plants", returns=PlantPage)
async def list_mother_plants(
    license_number: LicenseNumber,
    status: Annotated[
        Literal["active", "inactive", "on_hold"],
        Field(
            description="active (growing), inactive (destroyed or retired) or on_hold "
            "(frozen by the state or the licensee)."
        ),
    ] = "active",
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's mother plants (the Mother growth phase, where the state has one):
    the active ones, or the inactive or on-hold ones, with counts by strain and location.

    Clones are taken from them with start_batch_from_plant or package_clones_from_plant.
    """
    which: dict[str, PlantList] = {
        "active": "mother",
        "inactive": "mother_inactive",
        "on_hold": "mother_onhold",
    }
    return await _plant_list(
        which[status], license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List flowering plants", returns=PlantPage)
async def list_flowering_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's plants in the flowering phase, with counts by strain and location.

    Only flowering plants can be harvested (harvest_plants). FloweringDate shows how long
    each has flowered.
    """
    return await _plant_list(
        "flowering", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List inactive plants", returns=PlantPage)
async def list_inactive_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's plants that are no longer growing: harvested or destroyed.

    HarvestedDate/HarvestedWetWeight or DestroyedDate/DestroyedNote say which. The list
    covers the facility's whole history; modified_from/modified_to narrow it to recent days.
    """
    return await _plant_list(
        "inactive", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="List plants on hold", returns=PlantPage)
async def list_on_hold_plants(
    license_number: LicenseNumber,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    batch_contains: BatchFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's plants on hold (frozen by the state; they cannot be moved, harvested or
    destroyed until released).
    """
    return await _plant_list(
        "onhold", license_number, strain, location, batch_contains, modified_from,
        modified_to, page, page_size,
    )  # fmt: skip


@tool("plants", title="Get a plant", returns=PlantFound)
async def get_plant(license_number: LicenseNumber, label: PlantLabel) -> dict[str, Any]:
    """Get one plant's details by its tag label: growth phase, strain, location, batch, phase
    dates, and its harvest or destruction if it has ended.
    """
    metrc = access()
    plants = await find_plants(metrc, license_number, [label])
    plant = next(iter(plants.values()))
    return {"license_number": license_number, "plant": trim_plant(plant, DETAIL_FIELDS)}


@tool("plants", title="List plant growth phases", returns=Names)
async def list_plant_growth_phases(license_number: LicenseNumber) -> dict[str, Any]:
    """List the growth phases a facility may put plants in (Plants GetGrowthPhases: e.g.
    Vegetative, Flowering, and Mother where the state has one)."""
    metrc = access()
    phases = await metrc.client.plant_growth_phases(license_number, credentials=metrc.credentials)
    return {"total": len(phases), "items": [{"Name": phase} for phase in phases]}
