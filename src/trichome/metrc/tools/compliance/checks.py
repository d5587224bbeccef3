"""The compliance_check skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from trichome.metrc.skills import compliance
from trichome.metrc.skills.base import SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.compliance.common import (
    ChecksDetails,
    FinishWithinDays,
    LookbackDays,
    MinTags,
    StaleHarvestDays,
)
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class ComplianceParameters(TypedDict):
    """The limits compliance_check used."""

    lookback_days: int
    min_tags: int
    stale_harvest_days: int
    finish_empty_within_days: int


@shape
class ComplianceAnswer(SkillAnswer):
    """A facility's compliance checks."""

    parameters: ComplianceParameters
    details: ChecksDetails


@tool("compliance", title="Compliance check", skill=True, returns=ComplianceAnswer)
async def compliance_check(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: LookbackDays = 30,
    min_tags: MinTags = 50,
    stale_harvest_days: StaleHarvestDays = 30,
    finish_empty_within_days: FinishWithinDays = 7,
) -> dict[str, Any]:
    """Named compliance validations on current data, each pass, fail or not applicable.

    Validations: no sale of untested or failed product, of expired product, or after the
    lab result expired (stores, over lookback_days); failed product is on hold; held
    product is not in transit; no expired product on hand unless on hold; active product
    has unexpired lab results; no negative quantities; finished packages are empty; empty
    packages are finished within finish_empty_within_days; manifests are not overdue;
    adjustments that need a note have one; waste records are complete and every destroyed
    plant has one; harvests are finished on time (growers); enough tags on hand.
    """
    data = facility(license_number, as_of)
    result = await compliance.compliance_check(
        data,
        lookback_days=lookback_days,
        min_tags=min_tags,
        stale_harvest_days=stale_harvest_days,
        finish_empty_within_days=finish_empty_within_days,
    )
    return result.as_tool_result()
