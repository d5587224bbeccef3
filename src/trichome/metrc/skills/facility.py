"""What a skill asks of the facility before it reads: that the licence may have the data,
and that a named package exists."""

from __future__ import annotations

from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import Capability, Package
from trichome.tracking.source import FacilitySource


async def require(data: FacilitySource, capability: Capability, what: str) -> None:
    """Refuse a skill the facility type cannot have data for.

    Raises:
        ToolProblem: the facility lacks the capability.
    """
    facility = await data.facility()
    if not facility.can(capability):
        kind = facility.license_type or "this facility type"
        raise ToolProblem(
            f"Licence {data.license_number} ({kind}) does not {what}, so it has no data for "
            "this skill. Use a licence that does (list_facilities shows each one's type)."
        )


async def find_package(data: FacilitySource, label: str) -> Package:
    """A package of this facility by label.

    Raises:
        ToolProblem: no such package here.
    """
    found = await data.package(label)
    if found is None:
        raise ToolProblem(
            f"Package {label} was not found at licence {data.license_number}. "
            "Check the label, or ask the licence that holds it now."
        )
    return found
