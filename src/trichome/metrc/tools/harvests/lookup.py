"""Finding a licence's harvests by name or Id, and showing a harvest the way every tool does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.metrc.tools.results import compact, plural

Record = dict[str, Any]
HARVEST_FIELDS = (
    "Id",
    "Name",
    "HarvestType",
    "SourceStrainNames",
    "DryingLocationName",
    "PlantCount",
    "TotalWetWeight",
    "CurrentWeight",
    "TotalWasteWeight",
    "TotalPackagedWeight",
    "PackageCount",
    "UnitOfWeightName",
    "HarvestStartDate",
    "FinishedDate",
    "LabTestingState",
)
WASTE_FIELDS = ("Id", "WasteTypeName", "WasteWeight", "UnitOfWeightName", "ActualDate")
HarvestRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="The harvest's name (e.g. BD-20260227) or its numeric Id.",
    ),
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
Which = Literal["active", "inactive", "any"]


def trim_harvest(record: Mapping[str, Any]) -> Record:
    """A harvest as tools show it."""
    result = compact(record, HARVEST_FIELDS)
    if record.get("IsOnHold") is True:
        result["OnHold"] = True
    return result


async def find_harvests(
    metrc: MetrcAccess, license_number: str, refs: Sequence[str], which: Which = "active"
) -> dict[str, Record]:
    """Harvests of the licence by name or Id (in the order given), active, inactive or either.

    Raises:
        ToolProblem: a harvest is unknown, or not in the state needed.
    """
    active = await metrc.client.harvests_active(license_number, credentials=metrc.credentials)
    inactive = await metrc.client.harvests_inactive(license_number, credentials=metrc.credentials)
    states = [(h, "active") for h in active] + [(h, "inactive") for h in inactive]
    found: dict[str, Record] = {}
    lost: list[str] = []
    wrong: list[str] = []
    for ref in dict.fromkeys(ref.strip() for ref in refs):
        key = ref.casefold()
        match = next(
            (
                (h, state)
                for h, state in states
                if str(h.get("Name")).casefold() == key
                or (ref.isdigit() and h.get("Id") == int(ref))
            ),
            None,
        )
        if match is None:
            lost.append(ref)
        elif which != "any" and match[1] != which:
            wrong.append(f"{match[0].get('Name')} ({match[1]})")
        else:
            found[ref] = match[0]
    if lost:
        raise ToolProblem(
            f"{plural(len(lost), 'harvest')} not found at licence {license_number}: "
            f"{', '.join(lost)}. Find names with list_active_harvests or list_inactive_harvests."
        )
    if wrong:
        needed = "active (unfinished)" if which == "active" else "finished"
        raise ToolProblem(f"These harvests must be {needed} for this: {', '.join(wrong)}.")
    return found


async def find_harvest(
    metrc: MetrcAccess, license_number: str, ref: str, which: Which = "active"
) -> Record:
    """One harvest of the licence by name or Id.

    Raises:
        ToolProblem: unknown, or not in the state needed.
    """
    return next(iter((await find_harvests(metrc, license_number, [ref], which)).values()))
