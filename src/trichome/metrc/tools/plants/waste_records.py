"""Plant waste lookups: the plants one plant waste record came from and the packages made
from it (Plants GetWastePlants and GetWastePackages; fields as thunkier/ThunkMetrc captured
Metrc's v2 documentation in `specs/generated/bruno/Plants/GetWasteById.bru` and
`GetWastePackageById.bru`)."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.packages.lookup import trim_package
from trichome.metrc.tools.packages.shapes import Package
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, compact, shape

WASTE_PLANT_FIELDS = (
    "Label",
    "StateName",
    "LocationName",
    "SublocationName",
    "WasteAmount",
    "WasteUnitOfMeasureAbbreviation",
)


@shape
class WastePlant(TypedDict):
    """A plant a waste record came from, and its share of the waste."""

    Label: NotRequired[str]
    StateName: NotRequired[str]
    LocationName: NotRequired[str]
    SublocationName: NotRequired[str]
    WasteAmount: NotRequired[float]
    WasteUnitOfMeasureAbbreviation: NotRequired[str]


@shape
class PlantWasteFound(TypedDict):
    """One plant waste record's plants and the packages made from it."""

    license_number: str
    waste_id: int
    plants: list[WastePlant]
    packages: Annotated[list[Package], Field(description="Packages made from the waste.")]


@tool("plants", title="Get a plant waste record's plants and packages", returns=PlantWasteFound)
async def get_plant_waste(
    license_number: LicenseNumber,
    waste_id: Annotated[
        int, Field(ge=1, description="The waste record's Id (record_plant_waste answers it).")
    ],
) -> dict[str, Any]:
    """Get which plants one plant waste record came from (with each plant's share of the
    weight) and the packages made from that waste, if any.
    """
    metrc = access()
    client, keys = metrc.client, metrc.credentials
    try:
        plants = await client.plant_waste_plants(license_number, waste_id, credentials=keys)
        packages = await client.plant_waste_packages(license_number, waste_id, credentials=keys)
    except MetrcNotFound as missing:
        raise ToolProblem(
            f"No plant waste record {waste_id} at licence {license_number}."
        ) from missing
    return {
        "license_number": license_number,
        "waste_id": waste_id,
        "plants": [compact(p, WASTE_PLANT_FIELDS) for p in plants],
        "packages": [trim_package(p) for p in packages],
    }
