"""The late_sales skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import late_sales as late
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.compliance.purchases import RuleSource
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class LateParameters(TypedDict):
    """The days read, and the window and time zone applied."""

    start: Day
    end: Day
    state: str | None
    window_hours: float
    timezone: Annotated[str | None, Field(description="The zone sale times were read in.")]


@shape
class LateReceipt(TypedDict):
    """A receipt recorded later than the window."""

    receipt: str
    sold_at: str | None
    recorded_at: str | None
    delay_hours: float
    packages: list[str]
    total_price: float


@shape
class WindowRule(TypedDict):
    """Where the window is written (no fact when the caller gave the window)."""

    fact: Annotated[str | None, Field(description="The knowledge-pack fact stating it.")]
    sources: list[RuleSource]


@shape
class LateDetails(TypedDict):
    """The rule applied and the receipts recorded late, latest first."""

    rule: WindowRule
    late: list[LateReceipt]


@shape
class LateAnswer(SkillAnswer):
    """A store's sales recorded later than the state allows."""

    parameters: LateParameters
    details: LateDetails


@tool("compliance", title="Sales reported late", skill=True, returns=LateAnswer)
async def late_sales(
    license_number: LicenseNumber,
    state: Annotated[
        str | None,
        Field(
            description="Two letters; CA has a recorded window (24 hours). Others: window_hours.",
            min_length=2,
            max_length=2,
        ),
    ] = None,
    window_hours: Annotated[
        float | None,
        Field(gt=0, le=720, description="Hours a sale may wait to be recorded (overrides state)."),
    ] = None,
    timezone: Annotated[
        str | None,
        Field(description="The facility's IANA time zone (default: the state's, for CA)."),
    ] = None,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """Sales recorded in the track-and-trace system later than allowed (default: the 30
    days ending as_of).

    A receipt's delay runs from its sale time to the moment the system recorded it.
    California requires a sale to be recorded within 24 hours (4 CCR § 15049(b)(8)); for
    another state give window_hours from its rules. Receipts late by more than twice the
    window are high, the rest medium; the rule's sources come with the answer. Stores only.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=30)
    result = await late.late_sales(
        data, start=first, end=last, state=state, window_hours=window_hours, timezone=timezone
    )
    return result.as_tool_result()
