"""The wholesale_value skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import wholesale
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class WholesaleParameters(TypedDict):
    """The days read and whether lab samples counted."""

    start: Day
    end: Day
    include_samples: bool


@shape
class ManifestValue(TypedDict):
    """One manifest's wholesale value, and the packages that leave it in doubt."""

    manifest: str
    direction: Literal["incoming", "outgoing"]
    partner: str | None
    departed: Day | None
    shipment_type: str | None
    packages: int
    priced_packages: int
    shipper_value: float
    receiver_value: float
    value: Annotated[
        float, Field(description="Accepted packages: shipper's price, else receiver's.")
    ]
    refused_value: Annotated[float, Field(description="Rejected or returned packages.")]
    unpriced: Annotated[list[str], Field(description="Package labels priced by neither side.")]
    prices_differ: Annotated[list[str], Field(description="Labels the two sides priced apart.")]


@shape
class WholesaleDetails(TypedDict):
    """Each manifest by the day it left, and the value by trading partner."""

    manifests: list[ManifestValue]
    by_partner: dict[str, float]


@shape
class WholesaleAnswer(SkillAnswer):
    """Wholesale value per manifest."""

    parameters: WholesaleParameters
    details: WholesaleDetails


@tool("analysis", title="Wholesale value per manifest", skill=True, returns=WholesaleAnswer)
async def wholesale_value(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    include_samples: Annotated[bool, Field(description="Count lab-sample manifests too.")] = False,
) -> dict[str, Any]:
    """The wholesale value of each manifest in and out that left in a range (default: the
    30 days ending as_of), from its packages' wholesale prices.

    A package's price is the shipper's, else the recipient's; rejected and returned
    packages are valued apart. Totals in and out and by trading partner; packages without
    a price (medium) and packages the two sides priced differently (low) are findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=30)
    result = await wholesale.wholesale_value(
        data, start=first, end=last, include_samples=include_samples
    )
    return result.as_tool_result()
