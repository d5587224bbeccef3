"""The shapes of the processing-job tools' results (MCP publishes them as outputSchemas)."""

from __future__ import annotations

from typing import Annotated, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.results import Count, Paging, shape


@shape
class ProcessingJob(TypedDict):
    """A processing job: its type, when it started and finished, and what it has drawn and
    wasted, totalled in the job's own weight, volume and count units."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    Number: NotRequired[str]
    JobTypeName: NotRequired[str]
    StartDate: NotRequired[str]
    TotalWeight: NotRequired[
        Annotated[float, Field(description="What it drew by weight, in its weight unit.")]
    ]
    WeightUnitOfMeasureName: NotRequired[str]
    TotalVolume: NotRequired[float]
    VolumeUnitOfMeasureName: NotRequired[str]
    TotalCount: NotRequired[float]
    CountUnitOfMeasureName: NotRequired[str]
    TotalWeightWaste: NotRequired[float | str]
    WasteWeightUnitOfMeasureName: NotRequired[str]
    TotalVolumeWaste: NotRequired[float | str]
    WasteVolumeUnitOfMeasureName: NotRequired[str]
    TotalCountWaste: NotRequired[float | str]
    WasteCountUnitOfMeasureName: NotRequired[str]
    IsFinished: NotRequired[bool]
    FinishedDate: NotRequired[str]
    FinishNote: NotRequired[str]


@shape
class JobPage(Paging):
    """A page of a facility's processing jobs."""

    license_number: str
    items: list[ProcessingJob]


@shape
class JobFound(TypedDict):
    """One processing job of a licence, and whether it is running or finished."""

    license_number: str
    job: ProcessingJob
    state: Annotated[str, Field(description="running or finished.")]


@shape
class JobAttribute(TypedDict):
    """An attribute a job type may carry (e.g. a hazard or a method)."""

    Id: NotRequired[int]
    Name: NotRequired[str]


@shape
class JobType(TypedDict):
    """A processing job type: its category, steps and attributes."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    Description: NotRequired[str | None]
    CategoryName: NotRequired[str]
    ProcessingSteps: NotRequired[str | None]
    Attributes: NotRequired[list[JobAttribute]]
    Archived: NotRequired[Annotated[bool, Field(description="Present (true) when archived.")]]


@shape
class JobTypes(TypedDict):
    """The job types a facility may start jobs of."""

    license_number: str
    total: Count
    items: list[JobType]


@shape
class JobCategory(TypedDict):
    """A category a job type may have."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    RequiresProcessingJobAttributes: NotRequired[bool]


@shape
class JobCategories(TypedDict):
    """The categories and attributes a new job type may name."""

    license_number: str
    categories: list[JobCategory]
    attributes: list[JobAttribute]
