"""The waste_report skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import waste
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class WasteParameters(TypedDict):
    """The days and the unit of waste_report."""

    start: Day
    end: Day
    unit: str


@shape
class PlantsDestroyed(TypedDict):
    """Plants destroyed in the range, by their note."""

    count: int
    by_note: dict[str, int]


@shape
class WasteDetails(TypedDict):
    """Waste weight (in `unit`) by source, reason, method and month, and other losses."""

    unit: str
    by_source: dict[str, float]
    by_reason: dict[str, float]
    by_method: dict[str, float]
    by_month: Annotated[dict[str, float], Field(description="By month, YYYY-MM.")]
    unweighed_units_by_reason: dict[str, float]
    other_losses: Annotated[
        dict[str, dict[str, float]], Field(description="Quantity lost per reason and unit.")
    ]
    plants_destroyed: PlantsDestroyed
    packages_wasted: Annotated[list[str], Field(description="Package labels.")]


@shape
class WasteAnswer(SkillAnswer):
    """Waste and destruction records over a range."""

    parameters: WasteParameters
    details: WasteDetails


@tool("analysis", title="Waste report", skill=True, returns=WasteAnswer)
async def waste_report(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    unit: Annotated[
        Literal["Grams", "Kilograms", "Pounds", "Ounces"],
        Field(description="The unit every weight is converted to."),
    ] = "Kilograms",
) -> dict[str, Any]:
    """Waste and destruction over a range (default: the 90 days ending as_of), in one unit.

    Totals plant waste, plant-batch waste, harvest waste (stems, plant material) and package
    adjustments recording waste (Waste, Spoilage, Destruction...) by source, reason, method
    and month; counts destroyed plants and wasted packages; reports theft and moisture or
    scale adjustments apart (losses, not waste) and count-based waste that has no unit
    weight. Waste adjustments without notes and destroyed plants without waste records are
    findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=90)
    result = await waste.waste_report(data, start=first, end=last, unit=unit)
    return result.as_tool_result()
