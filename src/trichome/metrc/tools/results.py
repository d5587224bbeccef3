"""Parameter types and result shapes shared by the tools: trimmed records, pages, writes."""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any, Literal, NotRequired, TypeVar

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.names import UnitOfMeasure as UnitOfMeasure
from trichome.metrc.tools.names import UnitOfWeight as UnitOfWeight
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.writes import WriteResult

MAX_PAGE_SIZE = 100
T = TypeVar("T")

LicenseNumber = Annotated[
    str,
    Field(
        min_length=3,
        max_length=40,
        description=(
            "The facility's licence number, e.g. SF-SBX-CO-21-8002. "
            "list_facilities shows the licences these keys can use."
        ),
    ),
]
PackageLabel = Annotated[
    str,
    Field(
        pattern=r"^[0-9A-Za-z]{10,30}$",
        description="A package tag label, e.g. 1A4060300003C35000003812.",
    ),
]
PlantLabel = Annotated[
    str,
    Field(pattern=r"^[0-9A-Za-z]{10,30}$", description="A plant tag label."),
]
Day = Annotated[date, Field(description="A date, YYYY-MM-DD.")]
Page = Annotated[int, Field(ge=1, description="Which page of results, from 1.")]
PageSize = Annotated[
    int, Field(ge=1, le=MAX_PAGE_SIZE, description=f"Results per page (1-{MAX_PAGE_SIZE}).")
]


# Result shapes. Each tool declares the TypedDict its result has (`@tool(returns=...)`);
# MCP publishes it as the tool's outputSchema. `shape` forbids keys a shape does not name,
# so the schema says exactly which keys can come (additionalProperties: false). A key
# written `NotRequired[...]` is left out when Metrc has no value for it (`compact`); one
# typed `... | None` is always there and may be null (`pick`, `.get`).
shape = with_config(ConfigDict(extra="forbid"))

Count = Annotated[int, Field(ge=0)]
QuantityTotals = Annotated[
    dict[str, float],
    Field(description="The listed records' quantities summed per unit of measure."),
]


@shape
class Paging(TypedDict):
    """Where this page sits in the whole list."""

    total: Annotated[int, Field(ge=0, description="How many records match, on all pages.")]
    page: Annotated[int, Field(ge=1, description="This page's number, from 1.")]
    page_size: Annotated[int, Field(ge=1, le=MAX_PAGE_SIZE, description="Records per page.")]
    total_pages: Annotated[int, Field(ge=1, description="How many pages there are.")]
    has_more: Annotated[bool, Field(description="True when a later page exists.")]


@shape
class Written(TypedDict):
    """What a write returns: Metrc's answer and a sentence saying what was done."""

    ok: Annotated[bool, Field(description="Always true: a refused write is a tool error.")]
    message: Annotated[str, Field(description="What was done, in a sentence.")]
    ids: Annotated[
        list[int | str], Field(description="The Ids Metrc gave what it created, if any.")
    ]
    warnings: Annotated[list[str] | None, Field(description="Metrc's warnings, if any.")]


@shape
class Named(TypedDict):
    """A name from one of Metrc's reference lists."""

    Name: NotRequired[str]


@shape
class Names(TypedDict):
    """A reference list of names (types, methods)."""

    total: Count
    items: list[Named]


@shape
class Reason(TypedDict):
    """A reason Metrc accepts, and whether it needs a note."""

    Name: NotRequired[str]
    RequiresNote: NotRequired[bool]


@shape
class Reasons(TypedDict):
    """The reasons a facility may give."""

    total: Count
    items: list[Reason]


@shape
class PlantWasteReason(TypedDict):
    """A reason Metrc accepts for plant or plant batch waste: whether it needs a note, and
    which waste weights (overall, immature or mature plants) it needs."""

    Name: NotRequired[str]
    RequiresNote: NotRequired[bool]
    RequiresWasteWeight: NotRequired[bool]
    RequiresImmatureWasteWeight: NotRequired[bool]
    RequiresMatureWasteWeight: NotRequired[bool]


@shape
class PlantWasteReasons(TypedDict):
    """The reasons a facility may give for plant or plant batch waste."""

    total: Count
    items: list[PlantWasteReason]


# Every field of Metrc's documented GetPlantsWasteReasons record, in its order (bruno
# Plants/GetPlantsWasteReasons; OpenMetrc gives plant batch waste reasons the same fields).
PLANT_WASTE_REASON_FIELDS = tuple(PlantWasteReason.__annotations__)


def pick(record: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """The fields of a Metrc record a model needs, in that order (absent ones skipped)."""
    return {key: record[key] for key in keys if key in record}


def paged(
    records: Sequence[Mapping[str, Any]],
    page: int,
    page_size: int,
    trim: Callable[[Mapping[str, Any]], dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
    """One page of trimmed records with what a model needs to ask for the next."""
    total = len(records)
    pages = max(1, math.ceil(total / page_size))
    start = (page - 1) * page_size
    items = [trim(record) for record in records[start : start + page_size]]
    return {
        **extra,
        "total": total,
        "page": page,
        "page_size": page_size,
        "total_pages": pages,
        "has_more": page < pages,
        "items": items,
    }


def written(result: WriteResult, did: str) -> dict[str, Any]:
    """What a write returns: Metrc's ids and warnings and a sentence saying what happened."""
    ids = list(result.get("Ids") or [])
    # Metrc's warnings are sentences; any other shape is passed on as its JSON text.
    found = result.get("Warnings")
    warnings = (
        None if found is None else [w if isinstance(w, str) else json.dumps(w) for w in found]
    )
    return {"ok": True, "message": did, "ids": ids, "warnings": warnings}


def count_by(records: Iterable[Mapping[str, Any]], key: str) -> dict[str, int]:
    """How many records have each value of a field, most common first."""
    counts: dict[str, int] = {}
    for record in records:
        value = str(record.get(key))
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


# Added for the track-and-trace tools ------------------------------------------------------------

# GET /labtests/v2/states (trichome.tracking.lab.LabState; a test checks they agree)
LabTestingState = Literal[
    "NotSubmitted",
    "SubmittedForTesting",
    "TestFailed",
    "TestPassed",
    "TestingInProgress",
    "AwaitingConfirmation",
    "RetestFailed",
    "RetestPassed",
    "Remediated",
    "SelectedForRandomTesting",
    "NotRequired",
    "ProcessValidated",
    "Decontaminated",
    "RandDCompleted",
]
GrowthPhase = Literal["Vegetative", "Flowering"]
# A plant may also become a mother where the licence tracks mothers as a growth phase
# (`CanTrackMotherPlantsAsGrowthPhase`: Massachusetts licences in Metrc's sandbox, per
# F8ai/metrc-mcp scripts/facility-capabilities.json); plant batches have only the two.
PlantGrowthPhase = Literal["Vegetative", "Flowering", "Mother"]

# Metrc accepts last-modified ranges of 24 hours; the client sends one request per day, so
# longer spans are cheaper as the whole list.
MAX_MODIFIED_DAYS = 31
ModifiedFrom = Annotated[
    date | None,
    Field(
        description=(
            "Only records Metrc changed on or after this day (UTC), YYYY-MM-DD; at most "
            f"{MAX_MODIFIED_DAYS} days before modified_to. Leave out to read the whole list."
        )
    ),
]
ModifiedTo = Annotated[
    date | None,
    Field(
        description=(
            "Only records changed on or before this day (UTC), YYYY-MM-DD; defaults to today "
            "when modified_from is given."
        )
    ),
]


def modified_between(
    modified_from: date | None, modified_to: date | None, today: date
) -> tuple[datetime | None, datetime | None]:
    """Whole UTC days as the aware datetimes of Metrc's last-modified filter (None: no filter).

    Raises:
        ToolProblem: an end without a start, an end before the start, or too long a span.
    """
    if modified_from is None:
        if modified_to is not None:
            raise ToolProblem(
                "modified_to needs modified_from as well; give both days, or neither to read "
                "the whole list."
            )
        return None, None
    last = modified_to or today
    if last < modified_from:
        raise ToolProblem(
            f"modified_to ({last}) is before modified_from ({modified_from}); swap them."
        )
    if (last - modified_from).days + 1 > MAX_MODIFIED_DAYS:
        raise ToolProblem(
            f"{modified_from}..{last} spans more than {MAX_MODIFIED_DAYS} days; narrow it, or "
            "leave both days out to read the whole list and filter it."
        )
    start = datetime.combine(modified_from, time.min, UTC)
    return start, datetime.combine(last + timedelta(days=1), time.min, UTC)


def compact(record: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """Like `pick`, but without the fields Metrc left empty (None)."""
    return {key: record[key] for key in keys if record.get(key) is not None}


def contains(value: Any, needle: str | None) -> bool:
    """Whether a text field contains `needle`, ignoring case (always true without a needle)."""
    if not needle:
        return True
    return needle.strip().casefold() in str(value or "").casefold()


def same(value: Any, wanted: str | None) -> bool:
    """Whether a field equals `wanted`, ignoring case (always true without a wanted value)."""
    if not wanted:
        return True
    return str(value or "").strip().casefold() == wanted.strip().casefold()


def totals_by_unit(
    records: Iterable[Mapping[str, Any]],
    quantity: str = "Quantity",
    unit: str = "UnitOfMeasureName",
) -> dict[str, float]:
    """The sum of a quantity field per unit, e.g. {"Grams": 1234.5, "Each": 40}."""
    totals: dict[str, float] = {}
    for record in records:
        name = str(record.get(unit))
        totals[name] = round(totals.get(name, 0.0) + float(record.get(quantity) or 0), 4)
    return totals


def plural(count: int, noun: str) -> str:
    """'1 package', '3 packages'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


async def find_each(
    keys: Sequence[str],
    find: Callable[[str], Awaitable[T]],
    missing: Callable[[list[str]], ToolProblem],
) -> dict[str, T]:
    """Look up each key (labels, names) at once, in the order given, each only once.

    Raises:
        ToolProblem: from `missing`, naming every key Metrc did not find (MetrcNotFound).
        MetrcError: any other failure of a look-up.
    """
    wanted = list(dict.fromkeys(key.strip() for key in keys))
    answers = await asyncio.gather(*(find(key) for key in wanted), return_exceptions=True)
    found: dict[str, T] = {}
    lost: list[str] = []
    for key, answer in zip(wanted, answers, strict=True):
        if isinstance(answer, MetrcNotFound):
            lost.append(key)
        elif isinstance(answer, BaseException):
            raise answer
        else:
            found[key] = answer
    if lost:
        raise missing(lost)
    return found
