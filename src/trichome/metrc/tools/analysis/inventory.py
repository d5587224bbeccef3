"""The inventory_snapshot skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import inventory
from trichome.metrc.skills.base import SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class Group(TypedDict):
    """Packages sharing a category, item, strain, location or lab state."""

    name: Annotated[str, Field(description="The group's value; (none) when it has none.")]
    packages: int
    quantity: Annotated[dict[str, float], Field(description="Quantity per unit of measure.")]


@shape
class Held(TypedDict):
    """Packages on hold or in transit and their quantities."""

    totals: Annotated[dict[str, float], Field(description="Quantity per unit of measure.")]
    packages: Annotated[list[str], Field(description="Package labels.")]


@shape
class NotItemised(TypedDict):
    """What a reconstructed past inventory cannot itemise."""

    manifests: int
    packages: int
    receipts_read: int


@shape
class InventoryDetails(TypedDict):
    """Inventory grouped several ways; holds and transit now, or how a past day was rebuilt."""

    mode: Literal["current", "reconstructed"]
    totals: Annotated[dict[str, float], Field(description="Quantity per unit of measure.")]
    by_category: list[Group]
    by_item: list[Group]
    by_strain: list[Group]
    by_location: list[Group]
    by_lab_state: list[Group]
    on_hold: NotRequired[Held]
    in_transit: NotRequired[Held]
    not_itemised: NotRequired[NotItemised]
    method: NotRequired[str | None]
    limits: NotRequired[list[str]]


@shape
class InventoryParameters(TypedDict):
    """How many groups inventory_snapshot listed."""

    top_items: int


@shape
class InventoryAnswer(SkillAnswer):
    """A facility's inventory on a day."""

    parameters: InventoryParameters
    details: InventoryDetails


@tool("analysis", title="Inventory snapshot", skill=True, returns=InventoryAnswer)
async def inventory_snapshot(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    top_items: Annotated[
        int, Field(ge=1, le=500, description="Most groups listed per grouping.")
    ] = 25,
) -> dict[str, Any]:
    """Inventory on hand: counts and quantities by category, item, strain, location, lab state.

    Today (the default), it also lists what is on hold and in transit. For a past as_of (at
    most 366 days back) it reconstructs the end of that day from today's data: packages that
    had come in and were not yet finished, with today's quantity plus later sales less later
    adjustments (reading the receipts since that day). It cannot see packages since shipped
    to other licences (their manifests are counted), quantity drawn without an adjustment
    (samples, ingredients), past locations or past holds; the result lists these limits.
    """
    data = facility(license_number, as_of)
    result = await inventory.inventory_snapshot(data, top_items=top_items)
    return result.as_tool_result()
