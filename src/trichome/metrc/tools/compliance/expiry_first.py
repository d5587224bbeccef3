"""The fefo skill (first expired, first out) as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import fefo as fefo_skill
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.compliance.first_in_first_out import Window
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class FefoParameters(TypedDict):
    """The limits fefo used."""

    lookback_days: int
    expiry_risk_days: int


@shape
class DatedPackage(TypedDict):
    """A usable package with the day it stops being sellable."""

    label: str
    expires: Day | None
    expires_by: Annotated[
        Literal["expiration", "use_by", "sell_by", "lab_result"] | None,
        Field(description="Which date ends it: a product date or the lab result's expiry."),
    ]
    days_left: int | None
    arrived: Day | None
    quantity: float
    unit: str
    location: str | None


@shape
class FefoNext(DatedPackage):
    """The package of an item to draw on next by expiry, and fifo's choice beside it."""

    item: str
    fifo_would_pull: Annotated[str, Field(description="The oldest package's label.")]
    orders_differ: bool


@shape
class DrawnInstead(TypedDict):
    """A package that expires later, drawn while one expiring sooner waited."""

    label: str
    expires: Day


@shape
class FefoViolation(TypedDict):
    """An item whose sooner-expiring packages were passed over."""

    item: str
    bypassed: list[DatedPackage]
    drawn_instead: list[DrawnInstead]


@shape
class FefoDetails(TypedDict):
    """FEFO violations and what to pull next by expiry."""

    window: Window
    violations: list[FefoViolation]
    pull_next: list[FefoNext]


@shape
class FefoAnswer(SkillAnswer):
    """A facility's first-expired-first-out compliance."""

    parameters: FefoParameters
    details: FefoDetails


@tool("compliance", title="FEFO (expiry-first) compliance", skill=True, returns=FefoAnswer)
async def fefo(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: Annotated[
        int,
        Field(ge=1, le=366, description="Days of sales, shipments, processing and repackaging."),
    ] = 30,
    expiry_risk_days: Annotated[
        int,
        Field(ge=0, le=365, description="A bypassed package expiring within this is urgent."),
    ] = 30,
) -> dict[str, Any]:
    """First-expired-first-out: is stock that expires first drawn first?

    Orders each item's usable packages by the earliest of their expiration, use-by and
    sell-by dates and their lab result's expiry. Reads the same draws as fifo (sales,
    outgoing manifests, processing jobs and repackaging of the last lookback_days). A
    package is bypassed when it was not drawn while one of the same item expiring later
    was (high when it expires within expiry_risk_days). For each item gives the package to
    pull next by expiry beside the one fifo would pull.
    """
    data = facility(license_number, as_of)
    result = await fefo_skill.fefo(
        data, lookback_days=lookback_days, expiry_risk_days=expiry_risk_days
    )
    return result.as_tool_result()
