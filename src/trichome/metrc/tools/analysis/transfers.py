"""The transfer_summary skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import transfers
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class DayRange(TypedDict):
    """The days a skill read."""

    start: Day
    end: Day


@shape
class Partner(TypedDict):
    """Manifests exchanged with one partner."""

    incoming: int
    outgoing: int
    packages: int


@shape
class ManifestSizes(TypedDict):
    """Packages per manifest."""

    min: int
    max: int
    average: float


ManifestStatus = Literal[
    "received", "partially_rejected", "rejected", "pending", "overdue", "voided"
]


@shape
class ManifestRow(TypedDict):
    """A manifest in a transfer summary."""

    manifest: str
    direction: Literal["incoming", "outgoing"]
    status: ManifestStatus
    type: str | None
    partner_license: str | None
    partner: str | None
    departed: str
    due: str
    received: Day | None
    days_late: int
    packages: int
    rejected_packages: int


@shape
class TransferDetails(TypedDict):
    """Manifests in and out by status, type and partner, their sizes and rejections."""

    by_status: dict[ManifestStatus, int]
    by_type: dict[str, int]
    by_partner: Annotated[
        dict[str, Partner], Field(description="By 'partner name (licence)', most packages first.")
    ]
    packages_per_manifest: ManifestSizes
    refused_packages_by_state: Annotated[
        dict[str, int],
        Field(description="Packages of refused deliveries by state (Rejected, Returned)."),
    ]
    manifests: Annotated[list[ManifestRow], Field(description="The most recent ones.")]


@shape
class TransferAnswer(SkillAnswer):
    """A facility's transfer activity over a range."""

    parameters: DayRange
    details: TransferDetails


@tool("analysis", title="Transfer summary", skill=True, returns=TransferAnswer)
async def transfer_summary(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """Manifests in and out over a range of days (default: the 30 days ending as_of).

    Counts incoming, outgoing, fully and partly rejected, pending, overdue and voided
    manifests (by departure day), with packages per manifest, partners, transfer types, late
    arrivals and the refused packages by state. A received manifest whose recipient accepted
    fewer packages than were shipped is partly rejected (none accepted: rejected). Overdue
    manifests (not received after their estimated arrival) are high-severity findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=30)
    result = await transfers.transfer_summary(data, start=first, end=last)
    return result.as_tool_result()
