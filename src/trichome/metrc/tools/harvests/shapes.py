"""The shapes of the harvest tools' results (MCP publishes them as outputSchemas)."""

from __future__ import annotations

from typing import Annotated, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.results import Count, Paging, QuantityTotals, shape


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
