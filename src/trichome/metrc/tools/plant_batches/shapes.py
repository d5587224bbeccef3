"""The shapes of the plant batch tools' results (MCP publishes them as outputSchemas)."""

from __future__ import annotations

from typing import Annotated, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.results import Count, Paging, shape


@shape
class PlantBatch(TypedDict):
    """A plant batch and how many of its plants went where."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    PlantBatchTypeName: NotRequired[str]
    StrainName: NotRequired[str]
    LocationName: NotRequired[str]
    UntrackedCount: NotRequired[int]
    TrackedCount: NotRequired[int]
    PackagedCount: NotRequired[int]
    DestroyedCount: NotRequired[int]
    PlantedDate: NotRequired[str]
    SourcePackageLabel: NotRequired[str]
    SourcePlantLabel: NotRequired[str]
    OnHold: NotRequired[Annotated[bool, Field(description="Present (true) when on hold.")]]


@shape
class PlantBatchDetail(PlantBatch):
    """A plant batch with when Metrc last changed it."""

    LastModified: str | None


@shape
class BatchPage(Paging):
    """A page of a facility's plant batches."""

    license_number: str
    untracked_plants: Annotated[
        int, Field(ge=0, description="Untracked plants of all the matching batches.")
    ]
    items: list[PlantBatch]


@shape
class BatchWaste(TypedDict):
    """Waste recorded against a plant batch (GET /plantbatches/v2/waste)."""

    PlantWasteNumber: NotRequired[str]
    PlantBatchName: NotRequired[str]
    WasteWeight: NotRequired[float]
    WasteUnitOfMeasureName: NotRequired[str]
    WasteMethodName: NotRequired[str]
    WasteReasonName: NotRequired[str]
    PlantCount: NotRequired[Annotated[int, Field(description="Plants the waste came from.")]]
    WasteDate: NotRequired[str]


@shape
class BatchFound(TypedDict):
    """One plant batch of a licence and the waste recorded against it."""

    license_number: str
    plant_batch: PlantBatchDetail
    waste: list[BatchWaste]


@shape
class BatchWastePage(Paging):
    """A page of the waste recorded against a facility's plant batches, newest first."""

    license_number: str
    items: list[BatchWaste]


@shape
class PlantBatchType(TypedDict):
    """A plant batch type as Metrc lists it (GET /plantbatches/v2/types)."""

    Name: NotRequired[str]
    CanBeCloned: NotRequired[
        Annotated[bool, Field(description="Whether plants of a batch of this type can be cloned.")]
    ]
    LastModified: NotRequired[str]


@shape
class PlantBatchTypes(TypedDict):
    """The plant batch types a facility may plant."""

    total: Count
    items: list[PlantBatchType]
