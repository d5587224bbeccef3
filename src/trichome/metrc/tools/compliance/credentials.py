"""The credential_expiry skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import credentials
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class CredentialParameters(TypedDict):
    """The buckets' limits in days."""

    urgent_days: int
    notice_days: int


@shape
class Credential(TypedDict):
    """The facility's licence or an employee's credential, and how soon it ends."""

    kind: Literal["facility", "employee"]
    name: str | None
    license_number: str | None
    license_type: str | None
    start: Day | None
    end: Day | None
    days_left: Annotated[int | None, Field(description="Days from as_of to the end date.")]
    bucket: Literal["expired", "urgent", "notice", "later", "no_end_date"]


@shape
class CredentialDetails(TypedDict):
    """The facility's licence, and every credential soonest first."""

    facility: Credential
    credentials: list[Credential]


@shape
class CredentialAnswer(SkillAnswer):
    """When the licence and the employees' credentials expire."""

    parameters: CredentialParameters
    details: CredentialDetails


@tool("compliance", title="Licence and credential expiry", skill=True, returns=CredentialAnswer)
async def credential_expiry(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    urgent_days: Annotated[
        int, Field(ge=1, le=365, description="Ending within this many days is urgent.")
    ] = 30,
    notice_days: Annotated[
        int, Field(ge=1, le=730, description="Ending within this many days needs notice.")
    ] = 60,
) -> dict[str, Any]:
    """The facility's licence and each employee's credential by how soon it expires:
    expired or ending today, within urgent_days (30), within notice_days (60), or later.

    Reads the licence's start and end dates and the employee list. A lapsed facility licence
    is critical, one ending within 30 days high, within 60 medium; for an employee's
    credential one step lower. Credentials without an end date are listed for a check on
    the regulator's records.
    """
    data = facility(license_number, as_of)
    result = await credentials.credential_expiry(
        data, urgent_days=urgent_days, notice_days=notice_days
    )
    return result.as_tool_result()
