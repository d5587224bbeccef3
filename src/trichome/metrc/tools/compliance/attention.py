"""The needs_attention skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import attention
from trichome.metrc.skills.base import SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.compliance.common import ChecksDetails, MinTags, StaleHarvestDays
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class AttentionParameters(TypedDict):
    """The limits needs_attention used."""

    expiring_within_days: int
    lab_pending_days: int
    stale_harvest_days: int
    flowering_days: int
    min_tags: int


@shape
class AttentionAnswer(SkillAnswer):
    """What needs attention at a facility."""

    parameters: AttentionParameters
    details: ChecksDetails


@tool("compliance", title="What needs attention", skill=True, returns=AttentionAnswer)
async def needs_attention(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    expiring_within_days: Annotated[
        int,
        Field(ge=0, le=365, description="Flag product and lab results expiring within this."),
    ] = 14,
    lab_pending_days: Annotated[
        int, Field(ge=1, le=90, description="Days a sample may wait for lab results.")
    ] = 7,
    stale_harvest_days: StaleHarvestDays = 30,
    flowering_days: Annotated[
        int, Field(ge=1, le=365, description="Days of flowering after which to flag plants.")
    ] = 75,
    min_tags: MinTags = 50,
) -> dict[str, Any]:
    """What needs action now at a facility, most urgent first.

    Checks: failed lab product (critical when not on hold), manifests overdue past their
    estimated arrival (in or out), expired product and expired lab results on hand, low
    plant/package tags, packages on hold, product and lab results expiring soon, samples
    waiting too long for results, harvests open too long (with their unaccounted weight),
    plants on hold or flowering too long, and empty packages not yet finished. Each finding
    lists the packages, plants, harvests or manifests involved.
    """
    data = facility(license_number, as_of)
    result = await attention.needs_attention(
        data,
        expiring_within_days=expiring_within_days,
        lab_pending_days=lab_pending_days,
        stale_harvest_days=stale_harvest_days,
        flowering_days=flowering_days,
        min_tags=min_tags,
    )
    return result.as_tool_result()
