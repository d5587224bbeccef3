"""The tool registry: every track-and-trace tool and skill, with what MCP and agents need.

A tool is a plain async function with typed, documented parameters (`Annotated[...,
Field(...)]`); its docstring is the description a model reads. It returns a JSON object.
`@tool(...)` records its category (the toolset it belongs to), the shape of its result
(`returns`, a TypedDict that MCP publishes as the tool's outputSchema), and whether it
reads or writes, which become MCP's `readOnlyHint`/`destructiveHint`/`idempotentHint`
annotations and drive read-only mode. Tools reach Metrc through `access()`, which the
server sets for each request (HTTP) or for the process (stdio); they never see credentials.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, ClassVar

from trichome.metrc.client import MetrcClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.tracking.biotrack.client import BioTrackClient

# Toolsets, in the order documentation and listings use. Reference look-ups (locations,
# units, tags, waste methods, adjustment reasons) belong to the category they serve.
CATEGORIES: dict[str, str] = {
    "facilities": "Facilities, employees, locations and sublocations, units of measure, tags, "
    "webhook subscriptions",
    "packages": "Packages: lists, details, creation, adjustment, moves, finishing, testing, "
    "Retail ID",
    "plants": "Plants: growth phases, moves, harvests, destruction, waste",
    "plant_batches": "Plant batches: plantings, growth phase, waste, destruction",
    "strains": "Strains",
    "harvests": "Harvests: lists, packages from harvests, waste, finishing",
    "transfers": "Transfers: incoming, outgoing, deliveries, templates, drivers and vehicles",
    "sales": "Sales receipts, customer types and medical patients",
    "lab_results": "Lab tests: results, types, batches, recording",
    "items": "Items (products), their categories, brands, files and photos",
    "processing": "Processing jobs: extractions and infusions, their types, packaging output",
    "compliance": "Compliance skills: what needs attention, audit readiness, FIFO, expiry",
    "analysis": "Analysis skills: inventory, transfers, yields, sales, strains, waste",
}

# The track-and-trace systems a connection may reach. A tool names the systems it runs on:
# Metrc's own tools only Metrc; the skills (which read our model) and the tools both systems
# share, both; BioTrack's own tools (manifest receiving, destroy schedules) only BioTrack.
SYSTEMS: dict[str, str] = {"metrc": "Metrc", "biotrack": "BioTrack"}
METRC_ONLY = frozenset({"metrc"})
EVERY_SYSTEM = frozenset(SYSTEMS)

ToolFunction = Callable[..., Awaitable[dict[str, Any]]]


class ToolProblem(Exception):
    """A failure the model can act on (a wrong licence, an unknown label, a Metrc refusal).

    Its message is what the model reads, so it says what was wrong and what to do.
    """


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A registered tool: its function and what clients are told about it."""

    name: str
    category: str
    title: str
    fn: ToolFunction
    read_only: bool
    destructive: bool
    idempotent: bool
    # The result's shape: a TypedDict that MCP publishes as the tool's outputSchema.
    returns: type
    skill: bool = False
    systems: frozenset[str] = METRC_ONLY
    # The result carries a file (files.py): MCP sends it as an embedded resource.
    attachment: bool = False

    @property
    def description(self) -> str:
        """The function's docstring, as the model reads it."""
        return inspect.cleandoc(self.fn.__doc__ or "")


TOOLS: dict[str, ToolSpec] = {}


def tool(
    category: str,
    *,
    title: str,
    returns: type,
    read_only: bool = True,
    destructive: bool = False,
    idempotent: bool | None = None,
    skill: bool = False,
    systems: Iterable[str] | None = None,
    attachment: bool = False,
) -> Callable[[ToolFunction], ToolFunction]:
    """Register an async function as a tool of a category (its name is the function's).

    `returns` is the TypedDict the tool's result has (MCP publishes it as the tool's
    outputSchema and checks every result against it). A write is `read_only=False`;
    `destructive=True` when it removes or closes something (destroying plants, finishing
    packages); `idempotent` when repeating it changes nothing more (defaults to true for
    reads). `systems` names the tracking systems it runs on (default: Metrc only; a skill,
    which reads our model, runs on every system). `attachment=True` when the result is a
    file (`returns` a `ToolFile`, files.py): MCP sends its content as an embedded resource.
    """
    if category not in CATEGORIES:
        raise ValueError(f"unknown tool category {category!r}")
    runs_on = frozenset(systems) if systems is not None else EVERY_SYSTEM if skill else METRC_ONLY
    if not runs_on or not runs_on <= EVERY_SYSTEM:
        raise ValueError(f"unknown tracking systems {sorted(runs_on - EVERY_SYSTEM)!r}")

    def register(fn: ToolFunction) -> ToolFunction:
        name = fn.__name__
        if name in TOOLS:
            raise ValueError(f"tool {name!r} is registered twice")
        if not inspect.iscoroutinefunction(fn):
            raise TypeError(f"tool {name!r} must be an async function")
        if not (fn.__doc__ or "").strip():
            raise ValueError(f"tool {name!r} needs a docstring: it is the model's description")
        TOOLS[name] = ToolSpec(
            name=name,
            category=category,
            title=title,
            fn=fn,
            read_only=read_only,
            destructive=destructive and not read_only,
            idempotent=read_only if idempotent is None else idempotent,
            returns=returns,
            skill=skill,
            systems=runs_on,
            attachment=attachment,
        )
        return fn

    return register


@dataclass(frozen=True, slots=True)
class MetrcAccess:
    """How tools reach Metrc for the current caller: a client and the caller's keys."""

    system: ClassVar[str] = "metrc"
    client: MetrcClient
    credentials: MetrcCredentials | None = None
    # The day skills treat as today (tests and "as of" questions pin it).
    today: date | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def as_of(self, day: date | None = None) -> date:
        """The day a skill reports on: the one asked for, else this access's, else today."""
        return day or self.today or datetime.now(UTC).date()


@dataclass(frozen=True, slots=True)
class BioTrackAccess:
    """How tools reach BioTrack for the current caller: a state's system and one login.

    BioTrack opens a session per licence: `client(license_number)` is a client logged in
    (on first use) to that licence with the connection's username and password.
    """

    system: ClassVar[str] = "biotrack"
    state: str
    license_number: str  # the licence the connection names (list_facilities shows it)
    clients: Callable[[str], BioTrackClient] = field(repr=False)
    today: date | None = None

    def client(self, license_number: str) -> BioTrackClient:
        """The connection's client for a licence."""
        return self.clients(license_number.strip())

    def as_of(self, day: date | None = None) -> date:
        """The day a skill reports on: the one asked for, else this access's, else today."""
        return day or self.today or datetime.now(UTC).date()


Access = MetrcAccess | BioTrackAccess

_ACCESS: ContextVar[Access | None] = ContextVar("trichome_metrc_access", default=None)


def connection() -> Access:
    """The current caller's track-and-trace connection, whichever system it reaches.

    Raises:
        ToolProblem: no track-and-trace connection was set up for this call.
    """
    current = _ACCESS.get()
    if current is None:
        raise ToolProblem(
            "No track-and-trace connection: the server has no Metrc keys or BioTrack login "
            "for this caller."
        )
    return current


def access() -> MetrcAccess:
    """The current caller's Metrc access.

    Raises:
        ToolProblem: no connection, or the connection reaches BioTrack.
    """
    current = connection()
    if not isinstance(current, MetrcAccess):
        raise ToolProblem(
            f"This tool is Metrc's and this connection reaches BioTrack ({current.state}); "
            "tools/list shows the tools it offers."
        )
    return current


def biotrack() -> BioTrackAccess:
    """The current caller's BioTrack access.

    Raises:
        ToolProblem: no connection, or the connection reaches Metrc.
    """
    current = connection()
    if not isinstance(current, BioTrackAccess):
        raise ToolProblem(
            "This tool is BioTrack's and this connection reaches Metrc; tools/list shows the "
            "tools it offers."
        )
    return current


@contextlib.contextmanager
def using(tracking: Access) -> Iterator[Access]:
    """Make `tracking` the access of the tools called inside the block."""
    token = _ACCESS.set(tracking)
    try:
        yield tracking
    finally:
        _ACCESS.reset(token)


@dataclass(slots=True)
class ConnectionUse:
    """Whether a tool returned a result through the current connection during a request:
    the tool server notes a stored connection's last successful call from it."""

    succeeded: bool = False


_USE: ContextVar[ConnectionUse | None] = ContextVar("trichome_connection_use", default=None)


@contextlib.contextmanager
def watching_use() -> Iterator[ConnectionUse]:
    """Watch whether the tools called inside the block succeed (`tool_succeeded`)."""
    use = ConnectionUse()
    token = _USE.set(use)
    try:
        yield use
    finally:
        _USE.reset(token)


def tool_succeeded() -> None:
    """Note that a tool returned a result (the MCP server and the assistant call this)."""
    use = _USE.get()
    if use is not None:
        use.succeeded = True


def set_process_access(tracking: Access) -> None:
    """Make `tracking` the access of every tool call in this process (stdio serving)."""
    _ACCESS.set(tracking)


# The toolsets' modules, in tools/list order. A toolset split into a package (packages/,
# plants/...) imports its modules in their tools' order from its __init__. `biotrack` holds
# BioTrack's own tools, each in the toolset it serves (transfers, plants, packages).
MODULES = (
    "facilities",
    "packages",
    "plants",
    "plant_batches",
    "strains",
    "harvests",
    "transfers",
    "sales",
    "lab_results",
    "items",
    "processing",
    "compliance",
    "analysis",
    "biotrack",
)


_loaded = False


def load_all() -> dict[str, ToolSpec]:
    """Import every tool module (importing registers its tools) and return the registry in
    tools/list order: by toolset as `MODULES` lists them, then as each toolset registers its
    tools, whichever module the process happened to import first."""
    global _loaded
    if not _loaded:
        for module in MODULES:
            importlib.import_module(f"trichome.metrc.tools.{module}")
        position = {module: index for index, module in enumerate(MODULES)}
        ordered = sorted(  # stable: keeps each toolset's own order
            TOOLS.values(), key=lambda spec: position[spec.fn.__module__.split(".")[3]]
        )
        TOOLS.clear()
        TOOLS.update((spec.name, spec) for spec in ordered)
        _loaded = True
    return TOOLS
