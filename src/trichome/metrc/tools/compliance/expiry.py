"""The expiration_tracker skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import expiry
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class ExpiryParameters(TypedDict):
    """The bucket limits expiration_tracker used."""

    soon_days: int
    within_days: int
    horizon_days: int


@shape
class ExpiringPackage(TypedDict):
    """A package in an expiry bucket."""

    label: str
    item: str
    quantity: float
    unit: str
    location: str | None
    expires: Day
    days_left: Annotated[int, Field(description="Negative once expired.")]
    on_hold: bool


Buckets = Annotated[
    dict[str, list[ExpiringPackage]],
    Field(
        description="Packages per bucket: expired, within_<soon_days>_days, "
        "within_<within_days>_days, within_<horizon_days>_days; soonest first."
    ),
]


@shape
class ExpiryDetails(TypedDict):
    """Stock by days to product expiry and to lab-result expiry."""

    product: Buckets
    lab_result: Buckets


@shape
class ExpiryAnswer(SkillAnswer):
    """A facility's stock nearing product or lab-result expiry."""

    parameters: ExpiryParameters
    details: ExpiryDetails


@tool("compliance", title="Expiration tracker", skill=True, returns=ExpiryAnswer)
async def expiration_tracker(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    soon_days: Annotated[
        int, Field(ge=0, le=365, description="The first bucket: expiring within this many days.")
    ] = 7,
    within_days: Annotated[
        int, Field(ge=1, le=730, description="The second bucket (more than soon_days).")
    ] = 30,
    horizon_days: Annotated[
        int, Field(ge=2, le=1095, description="The last bucket (more than within_days).")
    ] = 90,
) -> dict[str, Any]:
    """On-hand stock bucketed by product expiry and by lab-result expiry.

    Product expiry is the earliest of ExpirationDate, UseByDate and SellByDate; lab expiry
    is LabTestResultExpirationDateTime. Buckets: expired (before as_of), within soon_days,
    within within_days, within horizon_days; each bucket lists its packages with item,
    quantity, location and days left. Empty packages and lab samples are left out.
    """
    data = facility(license_number, as_of)
    result = await expiry.expiration_tracker(
        data, soon_days=soon_days, within_days=within_days, horizon_days=horizon_days
    )
    return result.as_tool_result()
