"""BioTrack's destruction: schedule plants or lots, wait out the state's period, destroy.

BioTrack starts the wait when something is scheduled (`plant_destroy_schedule`,
`inventory_destroy_schedule`) and refuses `plant_destroy` / `inventory_destroy` until it is
over; the wait is a state rule (`trichome.knowledge.waits`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.knowledge.waits import DestructionWait, destruction_wait
from trichome.metrc.tools.biotrack.common import Barcodes, biotrack_written
from trichome.metrc.tools.registry import ToolProblem, biotrack, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    paged,
    shape,
)
from trichome.tracking.biotrack import BioTrackRejected
from trichome.tracking.biotrack.codes import inventory_type_name
from trichome.tracking.biotrack.fields import flag, moment, number, text

BIOTRACK = ("biotrack",)
Kind = Annotated[
    Literal["plant", "inventory"],
    Field(description="plant (plants) or inventory (lots)."),
]
Reason = Annotated[
    str, Field(min_length=3, max_length=200, description="Why they are to be destroyed.")
]


@shape
class SourceRef(TypedDict):
    """Where a rule comes from."""

    title: str
    url: str
    section: str


@shape
class Wait(TypedDict):
    """The state's wait between scheduling destruction and destroying."""

    state: str
    hours: Annotated[float, Field(ge=0)]
    state_rule: Annotated[
        bool, Field(description="True: the state's own rule; false: BioTrack's general wait.")
    ]
    fact_id: str | None
    sources: list[SourceRef]


@shape
class Scheduled(TypedDict):
    """A plant or lot waiting to be destroyed."""

    barcode: str
    kind: Literal["plant", "inventory"]
    description: str | None
    quantity: float | None
    reason: str | None
    scheduled_at: Annotated[str | None, Field(description="When it was scheduled (local time).")]
    may_destroy_from: Annotated[
        str | None, Field(description="The first moment the wait allows destroying it.")
    ]
    ready: Annotated[bool, Field(description="True when the wait is over now.")]


@shape
class SchedulePage(Paging):
    """A page of what is scheduled for destruction, soonest first."""

    license_number: str
    wait: Wait
    ready_now: Annotated[int, Field(ge=0, description="How many, on all pages, are ready now.")]
    items: list[Scheduled]


def wait_of(wait: DestructionWait) -> dict[str, Any]:
    """A wait as the tools show it."""
    return {
        "state": wait.state,
        "hours": wait.hours,
        "state_rule": wait.from_pack,
        "fact_id": wait.fact_id,
        "sources": [dict(source) for source in wait.sources],
    }


def _scheduled(
    row: Mapping[str, Any], kind: str, wait: DestructionWait, now: datetime, tz: Any
) -> dict[str, Any]:
    when = moment(row.get("removescheduletime"), tz)
    ends = wait.ends(when) if when else None
    if kind == "plant":
        described = text(row.get("strain"))
        quantity = None
    else:
        described = text(row.get("productname")) or inventory_type_name(row.get("inventorytype"))
        quantity = number(row.get("remaining_quantity"))
    return {
        "barcode": text(row.get("id")) or "",
        "kind": kind,
        "description": described,
        "quantity": quantity,
        "reason": text(row.get("removereason")),
        "scheduled_at": when.isoformat() if when else None,
        "may_destroy_from": ends.isoformat() if ends else None,
        "ready": ends is not None and ends <= now,
    }


@tool("plants", title="List the destruction schedule", returns=SchedulePage, systems=BIOTRACK)
async def list_destruction_schedule(
    license_number: LicenseNumber,
    kind: Annotated[
        Literal["plant", "inventory"] | None,
        Field(description="Only plants or only lots (default: both)."),
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the plants and inventory lots scheduled for destruction (BioTrack), soonest first.

    Each shows when it was scheduled, why, and the first moment the state's waiting period
    lets it be destroyed (ready is true once it has passed); the wait and its source (the
    state's rule, or BioTrack's general 72 hours) come with the list. Destroy the ready ones
    with destroy_scheduled.
    """
    connected = biotrack()
    client = connected.client(license_number)
    wait = destruction_wait(connected.state)
    now = datetime.now(UTC).astimezone(client.tz)
    rows: list[dict[str, Any]] = []
    for which, read in (("plant", client.sync_plants), ("inventory", client.sync_inventory)):
        if kind not in (None, which):
            continue
        for row in (await read()).records:
            if flag(row.get("removescheduled")) and not flag(row.get("deleted")):
                rows.append(_scheduled(row, which, wait, now, client.tz))
    rows.sort(key=lambda r: (r["may_destroy_from"] or "", r["barcode"]))
    ready = sum(1 for r in rows if r["ready"])
    return paged(
        rows, page, page_size, dict, license_number=license_number, wait=wait_of(wait),
        ready_now=ready,
    )  # fmt: skip


@tool(
    "plants",
    title="Schedule destruction",
    returns=Written,
    read_only=False,
    systems=BIOTRACK,
)
async def schedule_destruction(
    license_number: LicenseNumber, kind: Kind, barcodes: Barcodes, reason: Reason
) -> dict[str, Any]:
    """Schedule plants or inventory lots for destruction (BioTrack), starting the state's wait.

    They are put on hold until destroyed; destroy_scheduled destroys them once the wait is
    over (list_destruction_schedule shows when), and undo_destruction_schedule takes them
    off the schedule.
    """
    connected = biotrack()
    client = connected.client(license_number)
    if kind == "plant":
        result = await client.plant_destroy_schedule(barcodes, reason)
    else:
        result = await client.inventory_destroy_schedule(barcodes, reason)
    wait = destruction_wait(connected.state)
    return biotrack_written(
        result,
        f"Scheduled {len(barcodes)} {kind} item(s) for destruction; the wait is "
        f"{wait.described()}.",
    )


@tool(
    "plants",
    title="Undo a destruction schedule",
    returns=Written,
    read_only=False,
    systems=BIOTRACK,
)
async def undo_destruction_schedule(
    license_number: LicenseNumber, kind: Kind, barcodes: Barcodes
) -> dict[str, Any]:
    """Take plants or inventory lots off the destruction schedule (BioTrack)."""
    client = biotrack().client(license_number)
    if kind == "plant":
        result = await client.plant_destroy_schedule_undo(barcodes)
    else:
        result = await client.inventory_destroy_schedule_undo(barcodes)
    return biotrack_written(result, f"Took {len(barcodes)} {kind} item(s) off the schedule.")


@tool(
    "plants",
    title="Destroy scheduled plants or lots",
    returns=Written,
    read_only=False,
    destructive=True,
    systems=BIOTRACK,
)
async def destroy_scheduled(
    license_number: LicenseNumber, kind: Kind, barcodes: Barcodes
) -> dict[str, Any]:
    """Destroy plants or inventory lots whose destruction wait is over (BioTrack).

    They must have been scheduled with schedule_destruction and have waited out the state's
    period (list_destruction_schedule shows when each may be destroyed); BioTrack refuses
    any that have not, and nothing is destroyed after the first refusal.
    """
    connected = biotrack()
    client = connected.client(license_number)
    try:
        if kind == "plant":
            results = [await client.plant_destroy(barcodes)]
        else:
            results = [await client.inventory_destroy(lot) for lot in barcodes]
    except BioTrackRejected as refused:
        raise ToolProblem(
            f"BioTrack refused the destruction: {refused}. The wait is "
            f"{destruction_wait(connected.state).described()}; list_destruction_schedule "
            "shows when each may be destroyed."
        ) from None
    ids = [i for result in results for i in biotrack_written(result, "")["ids"]]
    return {
        "ok": True,
        "message": f"Destroyed {len(barcodes)} {kind} item(s).",
        "ids": ids,
        "warnings": None,
    }
