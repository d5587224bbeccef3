"""The MCP edge: the registered track-and-trace tools served by the official `mcp` SDK.

The same server object answers over stdio (`trichome mcp`) and Streamable HTTP (the tool
server's `/api/mcp`). Which tools it offers is decided twice: once for the process, from
`TRICHOME_MCP_TOOLSETS`, `TRICHOME_MCP_TOOLS` and `TRICHOME_MCP_READ_ONLY` (tools outside
the selection are never registered), and per HTTP request, when the caller narrows it with
`X-MCP-Toolsets`, `X-MCP-Tools` or `X-MCP-Readonly` (a middleware hides the rest from
`tools/list` and refuses to run them). Failures a model can act on (a Metrc refusal, a
wrong label) come back as tool errors carrying their message; only `ToolError` messages
reach the client, so every anticipated failure is converted to one here.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import orjson
from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from trichome import __version__
from trichome.config import Settings
from trichome.metrc.errors import MetrcError
from trichome.metrc.tools import CATEGORIES, ToolProblem, ToolSpec, load_all

SERVER_NAME = "trichome-metrc"
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

    def allows(self, spec: ToolSpec) -> bool:
        """Whether a tool is offered. Read-only beats the allow-list; the allow-list, when
        given, names the tools exactly; otherwise the toolsets decide."""
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


def selection_from_headers(
    headers: Mapping[str, str], tools: Mapping[str, ToolSpec]
) -> ToolSelection:
    """A request's narrowing, from `X-MCP-Toolsets`, `X-MCP-Tools` and `X-MCP-Readonly`.

    Raises:
        SelectionError: a header names a toolset or tool that does not exist.
    """
    read_only = headers.get(HEADER_READ_ONLY, "").strip().lower() in ("1", "true", "yes")
    return ToolSelection(
        toolsets=_names(headers.get(HEADER_TOOLSETS), CATEGORIES, "toolset"),
        tools=_names(headers.get(HEADER_TOOLS), tools, "tool"),
        read_only=read_only,
    )


_REQUEST_SELECTION: ContextVar[ToolSelection | None] = ContextVar(
    "trichome_mcp_selection", default=None
)


def set_request_selection(selection: ToolSelection | None) -> None:
    """Narrow the tools for the current request (the HTTP edge calls this)."""
    _REQUEST_SELECTION.set(selection)


def guarded(spec: ToolSpec) -> Callable[..., Awaitable[CallToolResult]]:
    """The tool's function as the MCP server runs it.

    Every anticipated failure becomes a `ToolError` (the only message that reaches the
    client). The result goes out as `structuredContent` and, for clients that read only
    text, as compact JSON (the SDK's default indents it, which costs a model tokens).
    """

    @functools.wraps(spec.fn)
    async def call(**arguments: Any) -> CallToolResult:
        try:
            result = await spec.fn(**arguments)
        # ValueError: the client refusing a bad date range or page size.
        except (ToolProblem, MetrcError, ValueError) as problem:
            raise ToolError(str(problem)) from problem
        text = orjson.dumps(result, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
        return CallToolResult(
            content=[TextContent(type="text", text=text)], structured_content=result
        )

    # The SDK reads the parameters from the signature: the tool's own, resolved, returning
    # the result as built here.
    signature = inspect.signature(spec.fn, eval_str=True)
    call.__signature__ = signature.replace(return_annotation=CallToolResult)  # type: ignore[attr-defined]
    call.__annotations__ = {
        **typing.get_type_hints(spec.fn, include_extras=True),
        "return": CallToolResult,
    }
    return call


def annotations_of(spec: ToolSpec) -> ToolAnnotations:
    """MCP's hints for a tool; Metrc is an external system, so the world is open."""
    return ToolAnnotations(
        title=spec.title,
        read_only_hint=spec.read_only,
        destructive_hint=spec.destructive if not spec.read_only else None,
        idempotent_hint=spec.idempotent if not spec.read_only else None,
        open_world_hint=True,
    )


def _instructions(selection: ToolSelection) -> str:
    lines = [
        "Tools for Metrc, the cannabis track-and-trace system. Every tool takes the "
        "facility's licence_number; list_facilities shows the licences these keys can use.",
        "Lists are paged (page, page_size); ask for the next page when has_more is true.",
        "For questions about what needs doing, prefer the skills (needs_attention, "
        "audit_ready, compliance_check, expiration_tracker, ...): they compute the answer.",
        "Finishing a package closes an empty package: adjust it to zero first.",
    ]
    if selection.read_only:
        lines.append("This server is read-only: tools that change Metrc are not offered.")
    return "\n".join(lines)


async def _narrow(ctx: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
    selection = _REQUEST_SELECTION.get()
    if selection is None or ctx.method not in ("tools/list", "tools/call"):
        return await call_next(ctx)
    tools = load_all()
    if ctx.method == "tools/call":
        name = (ctx.params or {}).get("name")
        spec = tools.get(name) if isinstance(name, str) else None
        if spec is not None and not selection.allows(spec):
            reason = (
                "this connection is read-only"
                if selection.read_only and not spec.read_only
                else "it is outside the toolsets or tools this connection asked for"
            )
            refusal = CallToolResult(
                content=[
                    TextContent(type="text", text=f"The tool {name} is not offered: {reason}.")
                ],
                is_error=True,
            )
            return refusal.model_dump(by_alias=True, mode="json", exclude_none=True)
        return await call_next(ctx)
    result = await call_next(ctx)
    if isinstance(result, dict) and isinstance(result.get("tools"), list):
        result["tools"] = [
            entry
            for entry in result["tools"]
            if entry.get("name") not in tools or selection.allows(tools[entry["name"]])
        ]
    return result


def offered_tools(settings: Settings) -> list[ToolSpec]:
    """The tools the process offers, in registry order.

    Raises:
        SelectionError: the settings name a toolset or tool that does not exist.
    """
    tools = load_all()
    selection = selection_from_settings(settings, tools)
    return [spec for spec in tools.values() if selection.allows(spec)]


def build_mcp_server(settings: Settings) -> MCPServer:
    """The MCP server with every tool the process's selection allows.

    Raises:
        SelectionError: the settings name a toolset or tool that does not exist.
    """
    tools = load_all()
    selection = selection_from_settings(settings, tools)
    server = MCPServer(
        SERVER_NAME,
        title="Trichome track-and-trace tools",
        version=__version__,
        instructions=_instructions(selection),
        log_level="WARNING",
        middleware=[_narrow],
    )
    for spec in tools.values():
        if selection.allows(spec):
            server.add_tool(
                guarded(spec),
                name=spec.name,
                title=spec.title,
                description=spec.description,
                annotations=annotations_of(spec),
            )
    return server
