"""The yield_analysis skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import yields
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class YieldParameters(TypedDict):
    """The harvests' days and the limits yield_analysis used."""

    start: Day
    end: Day
    low_yield_ratio: float
    outlier_share: float


@shape
class Yields(TypedDict):
    """Weights (grams) and ratios over some harvests (ratios over the packaged ones)."""

    harvests: int
    packaged_harvests: int
    plants: int
    wet_g: float
    waste_g: float
    packaged_g: float
    remaining_g: float
    yield_ratio: float | None
    waste_ratio: float | None
    wet_g_per_plant: float | None
    packaged_g_per_plant: float | None


@shape
class HalfYields(TypedDict):
    """Yields of one half of the range."""

    harvests: int
    packaged_g_per_plant: float | None
    yield_ratio: float | None


@shape
class Trend(TypedDict):
    """Yields of the range's first half against its second."""

    first_half: HalfYields
    second_half: HalfYields
    packaged_per_plant_change_pct: float | None


@shape
class HarvestYield(TypedDict):
    """One harvest's weights (grams) and ratios."""

    harvest: str | None
    started: str | None
    finished: str | None
    strain: str
    plants: int
    wet_g: float
    waste_g: float
    packaged_g: float
    remaining_g: float
    packages: int
    packaged: bool
    yield_ratio: float | None
    waste_ratio: float | None
    wet_g_per_plant: float | None
    packaged_g_per_plant: float | None


@shape
class YieldDetails(TypedDict):
    """Yields in total, per strain, per month, their trend, and per harvest."""

    totals: Yields
    by_strain: dict[str, Yields]
    by_month: Annotated[dict[str, Yields], Field(description="By month, YYYY-MM.")]
    trend: Trend
    harvests: list[HarvestYield]


@shape
class YieldAnswer(SkillAnswer):
    """Yield metrics of a facility's harvests."""

    parameters: YieldParameters
    details: YieldDetails


@tool("analysis", title="Yield analysis", skill=True, returns=YieldAnswer)
async def yield_analysis(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    low_yield_ratio: Annotated[
        float,
        Field(ge=0, le=1, description="Flag harvests packaging less than this share of wet."),
    ] = 0.15,
    outlier_share: Annotated[
        float,
        Field(ge=0, le=1, description="Flag harvests under this share of their strain's g/plant."),
    ] = 0.8,
) -> dict[str, Any]:
    """Harvest yields over a range of start days (default: the 180 days ending as_of).

    For each harvest and in total, by strain and by month: plants, wet weight, waste,
    packaged weight and what remains, the yield ratio (packaged / wet, over packaged
    harvests), waste ratio, wet and packaged grams per plant; the trend between the first
    and second half of the harvests; low-yield and weak harvests as findings. Growers only.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=180)
    result = await yields.yield_analysis(
        data,
        start=first,
        end=last,
        low_yield_ratio=low_yield_ratio,
        outlier_share=outlier_share,
    )
    return result.as_tool_result()
