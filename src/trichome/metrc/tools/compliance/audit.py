"""The audit_ready skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import audit
from trichome.metrc.skills.base import CheckRow, SeverityName, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.compliance.common import (
    FinishWithinDays,
    LookbackDays,
    MinTags,
    StaleHarvestDays,
)
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class AuditParameters(TypedDict):
    """The limits audit_ready used."""

    lookback_days: int
    min_tags: int
    stale_harvest_days: int
    finish_empty_within_days: int
    lab_pending_days: int
    untested_after_days: int


@shape
class Deduction(TypedDict):
    """Points a failed check took off the audit score."""

    check: str
    area: str
    severity: SeverityName
    points: int
    count: int


@shape
class AuditDetails(TypedDict):
    """The audit's grade, its deductions and every check's verdict."""

    grade: Literal["A", "B", "C", "D", "F"]
    ready: Annotated[bool, Field(description="True for grades A and B.")]
    deductions: list[Deduction]
    areas: Annotated[
        dict[str, Literal["ok", "gap"]], Field(description="Each audited area's state.")
    ]
    checks: list[CheckRow]


@shape
class AuditAnswer(SkillAnswer):
    """A facility's audit readiness."""

    parameters: AuditParameters
    details: AuditDetails


@tool("compliance", title="Audit readiness", skill=True, returns=AuditAnswer)
async def audit_ready(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: LookbackDays = 30,
    min_tags: MinTags = 50,
    stale_harvest_days: StaleHarvestDays = 30,
    finish_empty_within_days: FinishWithinDays = 7,
    lab_pending_days: Annotated[
        int, Field(ge=1, le=90, description="Days a sample may wait for lab results.")
    ] = 7,
    untested_after_days: Annotated[
        int,
        Field(ge=1, le=365, description="Days after packaging by which stock must be tested."),
    ] = 14,
) -> dict[str, Any]:
    """How ready a facility is for a state audit: a score out of 100, a grade and the gaps.

    Runs every compliance_check validation plus record-keeping checks (samples waiting for
    results, stock never submitted for testing, tested stock without a lab-result expiry,
    packaged harvests without waste records). Each open gap costs points by severity
    (critical 25, high 12, medium 6, low 2); any critical gap caps the score at 59. Grades:
    A 90+, B 80+, C 70+, D 60+, F below; A and B count as audit-ready.
    """
    data = facility(license_number, as_of)
    result = await audit.audit_ready(
        data,
        lookback_days=lookback_days,
        min_tags=min_tags,
        stale_harvest_days=stale_harvest_days,
        finish_empty_within_days=finish_empty_within_days,
        lab_pending_days=lab_pending_days,
        untested_after_days=untested_after_days,
    )
    return result.as_tool_result()
