"""The fifo skill (first in, first out) as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import fifo as fifo_skill
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class FifoParameters(TypedDict):
    """The limits fifo used."""

    lookback_days: int
    aged_after_days: int
    expiry_risk_days: int


@shape
class HeldPackage(TypedDict):
    """A usable package on hand: when it came, how much, where, and any expiry risk."""

    label: str
    arrived: Day | None
    days_on_hand: int | None
    quantity: float
    unit: str
    location: str | None
    risk: Annotated[str | None, Field(description="Why it may go to waste, if it may.")]


@shape
class NextPackage(HeldPackage):
    """The package of an item to draw on next (the oldest usable one)."""

    item: str


@shape
class DrawnPackage(TypedDict):
    """A newer package drawn on while older stock of its item waited."""

    label: str
    arrived: Day | None
    draws: int
    amount: float
    how: list[Literal["sale", "shipment", "processing", "repackaging"]]
    last: Day


@shape
class Violation(TypedDict):
    """An item whose older packages were bypassed for newer ones."""

    item: str
    bypassed: list[HeldPackage]
    newer_drawn: list[DrawnPackage]


@shape
class Window(TypedDict):
    """The days the draws were read over."""

    start: Day
    end: Day


@shape
class DrawsByKind(TypedDict):
    """How many draws of each kind were read."""

    sale: int
    shipment: int
    processing: int
    repackaging: int


@shape
class FifoDetails(TypedDict):
    """FIFO violations, aged stock, and what to draw on next."""

    window: Window
    draws_by_kind: DrawsByKind
    violations: list[Violation]
    aged: list[HeldPackage]
    pull_next: list[NextPackage]


@shape
class FifoAnswer(SkillAnswer):
    """A facility's first-in-first-out compliance."""

    parameters: FifoParameters
    details: FifoDetails


@tool("compliance", title="FIFO compliance", skill=True, returns=FifoAnswer)
async def fifo(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: Annotated[
        int,
        Field(
            ge=1,
            le=366,
            description="Days of sales, shipments and processing read, ending as_of.",
        ),
    ] = 30,
    aged_after_days: Annotated[
        int, Field(ge=1, le=1000, description="Days on hand after which stock is aged.")
    ] = 90,
    expiry_risk_days: Annotated[
        int,
        Field(ge=0, le=365, description="A bypassed package expiring within this is urgent."),
    ] = 30,
) -> dict[str, Any]:
    """First-in-first-out: are older packages of each item used before newer ones?

    Reads sales (stores), outgoing manifests (lab samples excepted), processing jobs and
    repackaging (packages made here from others) of the last lookback_days. An on-hand
    package is bypassed when it was not drawn at all while a package of the same item that
    came in later was. Only usable packages count (active, not on hold, passed testing, not
    empty). Expiry-first ordering is the fefo tool. Reports each item breaking FIFO with
    the older packages bypassed and the newer ones drawn (high when a bypassed package is
    near expiry), aged stock nothing moved, and the package to pull next for each item.
    """
    data = facility(license_number, as_of)
    result = await fifo_skill.fifo(
        data,
        lookback_days=lookback_days,
        aged_after_days=aged_after_days,
        expiry_risk_days=expiry_risk_days,
    )
    return result.as_tool_result()
