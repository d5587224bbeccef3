"""Which tools a process or a request is offered: toolsets, an allow-list, read-only, and
the tracking system its connection reaches (Metrc or BioTrack)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from trichome.config import Settings
from trichome.metrc.tools import CATEGORIES, ToolSpec

HEADER_TOOLSETS = "x-mcp-toolsets"
HEADER_TOOLS = "x-mcp-tools"
HEADER_READ_ONLY = "x-mcp-readonly"


class SelectionError(ValueError):
    """A toolset or tool name that does not exist."""


@dataclass(frozen=True, slots=True)
class ToolSelection:
    """Which tools are offered: toolsets (None: all), an allow-list (None: all), read-only."""

    toolsets: frozenset[str] | None = None
    tools: frozenset[str] | None = None
    read_only: bool = False
    system: str | None = None  # the connection's tracking system (None: every system's)

    def allows(self, spec: ToolSpec) -> bool:
        """Whether a tool is offered. A tool of another tracking system never is; read-only
        beats the allow-list; the allow-list, when given, names the tools exactly; otherwise
        the toolsets decide."""
        if self.system is not None and self.system not in spec.systems:
            return False
        if self.read_only and not spec.read_only:
            return False
        if self.tools is not None:
            return spec.name in self.tools
        return self.toolsets is None or spec.category in self.toolsets


def _names(
    values: list[str] | str | None, known: Iterable[str], what: str
) -> frozenset[str] | None:
    if values is None:
        return None
    items = values.split(",") if isinstance(values, str) else values
    names = frozenset(item.strip() for item in items if item.strip())
    if not names or "all" in names:
        return None
    unknown = sorted(names - set(known))
    if unknown:
        raise SelectionError(
            f"unknown {what}{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)} "
            f"(known: {', '.join(sorted(known))})"
        )
    return names


def selection_from_settings(settings: Settings, tools: Mapping[str, ToolSpec]) -> ToolSelection:
    """The process's selection.

    Raises:
        SelectionError: a configured toolset or tool does not exist.
    """
    return ToolSelection(
        toolsets=_names(settings.mcp_toolsets or None, CATEGORIES, "toolset"),
        tools=_names(settings.mcp_tools or None, tools, "tool"),
        read_only=settings.mcp_read_only,
    )


def stdio_selection(settings: Settings, tools: Mapping[str, ToolSpec]) -> ToolSelection:
    """The selection of `trichome mcp`: the settings', on the one system it connects to.

    Raises:
        SelectionError: a configured toolset or tool does not exist.
    """
    selection = selection_from_settings(settings, tools)
    return ToolSelection(
        selection.toolsets, selection.tools, selection.read_only, settings.tracking_system
    )


def selection_from_headers(
    headers: Mapping[str, str], tools: Mapping[str, ToolSpec], system: str | None = None
) -> ToolSelection:
    """A request's narrowing, from `X-MCP-Toolsets`, `X-MCP-Tools` and `X-MCP-Readonly`, on
    the system its connection reaches.

    Raises:
        SelectionError: a header names a toolset or tool that does not exist.
    """
    read_only = headers.get(HEADER_READ_ONLY, "").strip().lower() in ("1", "true", "yes")
    return ToolSelection(
        toolsets=_names(headers.get(HEADER_TOOLSETS), CATEGORIES, "toolset"),
        tools=_names(headers.get(HEADER_TOOLS), tools, "tool"),
        read_only=read_only,
        system=system,
    )
