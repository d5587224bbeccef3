"""The flower_trim_yield skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import harvest_split
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import ToolProblem, tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class SplitParameters(TypedDict):
    """The harvests' start days and the moisture-loss band."""

    start: Day
    end: Day
    min_moisture_loss: float
    max_moisture_loss: float


@shape
class HarvestSplit(TypedDict):
    """One harvest's weights in grams: wet, waste, dry, moisture, flower and trim."""

    harvest: str
    strain: str
    started: Day | None
    finished: Day | None
    wet_g: float
    waste_g: float
    dry_g: Annotated[float, Field(description="Packaged from it, less restored to it.")]
    remaining_g: float
    moisture_loss_g: Annotated[float | None, Field(description="Finished harvests only.")]
    moisture_loss_ratio: Annotated[
        float | None, Field(description="Moisture loss over wet less waste weight.")
    ]
    flower_g: float
    trim_g: float
    other_g: float
    unsplit_g: Annotated[float, Field(description="Dry weight in packages not seen here.")]
    flower_share: Annotated[float | None, Field(description="Flower over flower and trim.")]
    packages: list[str]


@shape
class StrainSplit(TypedDict):
    """Flower and trim of a strain's harvests, in grams."""

    flower_g: float
    trim_g: float


@shape
class SplitDetails(TypedDict):
    """Each harvest and the totals by strain."""

    flower_share: float | None
    moisture_loss_ratio: float | None
    harvests: list[HarvestSplit]
    by_strain: dict[str, StrainSplit]


@shape
class SplitAnswer(SkillAnswer):
    """Flower vs trim yield and moisture loss per harvest."""

    parameters: SplitParameters
    details: SplitDetails


@tool("analysis", title="Flower, trim and moisture loss", skill=True, returns=SplitAnswer)
async def flower_trim_yield(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    min_moisture_loss: Annotated[
        float, Field(ge=0, le=1, description="Below this share of plant weight is odd.")
    ] = 0.5,
    max_moisture_loss: Annotated[
        float, Field(ge=0, le=1, description="Above this share of plant weight is odd.")
    ] = 0.9,
) -> dict[str, Any]:
    """Per harvest started in a range (default: the 365 days ending as_of): flower vs trim
    yield and the weight lost to drying.

    Splits what each harvest packaged by its packages' item categories (flower: buds,
    flower; trim: trim, shake, leaf) at their original quantities; weight in packages the
    licence no longer sees stays unsplit. Moisture loss is wet weight less waste, packaged
    weight (net of restores) and weight still on the harvest, for finished harvests, and
    as a share of wet less waste weight; outside the band given it is a finding. Growers
    only.
    """
    if min_moisture_loss > max_moisture_loss:
        raise ToolProblem("min_moisture_loss must not exceed max_moisture_loss.")
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=365)
    result = await harvest_split.flower_trim_yield(
        data,
        start=first,
        end=last,
        min_moisture_loss=min_moisture_loss,
        max_moisture_loss=max_moisture_loss,
    )
    return result.as_tool_result()
