"""The MCP edge: the registered track-and-trace tools, served by the official `mcp` SDK.

The same server object answers over stdio (`trichome mcp`) and Streamable HTTP (the tool
server's `/api/mcp`), in every protocol version the SDK negotiates. It offers tools and
prompts (`mcp_prompts.py`) and nothing else, and advertises exactly that. Which tools
it offers is decided twice: once for the process, from `TRICHOME_MCP_TOOLSETS`,
`TRICHOME_MCP_TOOLS` and `TRICHOME_MCP_READ_ONLY` (tools outside the selection are never
registered), and per HTTP request, when the caller narrows it with `X-MCP-Toolsets`,
`X-MCP-Tools` or `X-MCP-Readonly` (the rest are hidden from `tools/list` and unknown to
`tools/call`). Every tool declares its result's shape (`outputSchema`) and returns
`structuredContent` of that shape; a tool that reads a file (a manifest PDF, a lab
document) also returns the file as an embedded resource. Failures a model can act on (a
Metrc refusal, a wrong label, invalid arguments) come back as tool errors carrying their
message.
"""

from __future__ import annotations

import functools
import inspect
import logging
import typing
from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from typing import Annotated, Any

import orjson
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    BlobResourceContents,
    CallToolRequestParams,
    CallToolResult,
    EmbeddedResource,
    GetPromptRequestParams,
    GetPromptResult,
    ListPromptsResult,
    ListToolsResult,
    PaginatedRequestParams,
    TextContent,
    ToolAnnotations,
)
from mcp.types import Tool as McpTool
from pydantic import ValidationError

from trichome import __version__
from trichome.config import Settings
from trichome.metrc.errors import MetrcError
from trichome.metrc.tools import SYSTEMS, ToolProblem, ToolSpec, load_all, tool_succeeded
from trichome.metrc.tools.files import CONTENT, without_content
from trichome.services.toolserver.mcp_prompts import PROMPTS, McpPrompt, unknown_prompt
from trichome.services.toolserver.selection import (
    SelectionError,
    ToolSelection,
    selection_from_headers,
    selection_from_settings,
    stdio_selection,
)
from trichome.tracking.biotrack.errors import BioTrackError

__all__ = [
    "SERVER_NAME",
    "SelectionError",
    "ToolSelection",
    "ToolServer",
    "build_mcp_server",
    "offered_tools",
    "selection_from_headers",
    "selection_from_settings",
    "set_request_selection",
]

SERVER_NAME = "trichome-metrc"

logger = logging.getLogger(__name__)


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
    text, as compact JSON (the SDK's default indents it, which costs a model tokens). The
    return annotation names the tool's result model, so the SDK publishes it as the tool's
    `outputSchema` and checks every result against it. A file tool's content goes out once,
    as an embedded resource (`BlobResourceContents`: its URI, media type and Base64 blob),
    its `content_base64` null in the structured result and the text.
    """

    @functools.wraps(spec.fn)
    async def call(**arguments: Any) -> CallToolResult:
        try:
            result = await spec.fn(**arguments)
        # ValueError: the client refusing a bad date range or page size.
        except (ToolProblem, MetrcError, BioTrackError, ValueError) as problem:
            raise ToolError(str(problem)) from problem
        tool_succeeded()
        attached = _attachment(result) if spec.attachment else None
        if attached is not None:
            result = without_content(result)
        text = orjson.dumps(result, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
        content: list[TextContent | EmbeddedResource] = [TextContent(type="text", text=text)]
        if attached is not None:
            content.append(attached)
        return CallToolResult(content=content, structured_content=result)

    # The SDK reads the parameters from the signature: the tool's own, resolved, returning
    # the result as built here, validated against the declared result model.
    returns: Any = Annotated[CallToolResult, spec.returns]
    signature = inspect.signature(spec.fn, eval_str=True)
    call.__signature__ = signature.replace(return_annotation=returns)  # type: ignore[attr-defined]
    call.__annotations__ = {
        **typing.get_type_hints(spec.fn, include_extras=True),
        "return": returns,
    }
    return call


def _attachment(result: Mapping[str, Any]) -> EmbeddedResource | None:
    """A file tool's content as MCP's embedded resource (None when it has none)."""
    blob = result.get(CONTENT)
    if not isinstance(blob, str):
        return None
    contents = BlobResourceContents(uri=result["uri"], mime_type=result["mime_type"], blob=blob)
    return EmbeddedResource(type="resource", resource=contents)


def annotations_of(spec: ToolSpec) -> ToolAnnotations:
    """MCP's hints for a tool; Metrc and BioTrack are external systems: the world is open."""
    return ToolAnnotations(
        title=spec.title,
        read_only_hint=spec.read_only,
        destructive_hint=spec.destructive if not spec.read_only else None,
        idempotent_hint=spec.idempotent if not spec.read_only else None,
        open_world_hint=True,
    )


def _instructions(selection: ToolSelection) -> str:
    systems = [selection.system] if selection.system else list(SYSTEMS)
    names = " and ".join(SYSTEMS[system] for system in systems)
    lines = [
        f"Tools for {names}, the cannabis track-and-trace "
        f"system{'s' if len(systems) > 1 else ''}. Every tool takes the facility's "
        "licence_number; list_facilities shows the licences this connection can use.",
        "Lists are paged (page, page_size); ask for the next page when has_more is true.",
        "For questions about what needs doing, prefer the skills (needs_attention, "
        "audit_ready, compliance_check, expiration_tracker, ...): they compute the answer.",
    ]
    if "metrc" in systems:
        lines.append("Metrc: finishing a package closes an empty package: adjust it to zero first.")
    if "biotrack" in systems:
        lines.append(
            "BioTrack: destruction is scheduled first (schedule_destruction) and done after the "
            "state's wait (list_destruction_schedule says when); receive_manifest receives."
        )
    if selection.read_only:
        lines.append("This server is read-only: tools that change records are not offered.")
    return "\n".join(lines)


def offered_tools(settings: Settings) -> list[ToolSpec]:
    """The tools the process offers, in registry order.

    Raises:
        SelectionError: the settings name a toolset or tool that does not exist.
    """
    tools = load_all()
    selection = selection_from_settings(settings, tools)
    return [spec for spec in tools.values() if selection.allows(spec)]


class ToolServer(Server[Any]):
    """The MCP server of the track-and-trace tools: tools and prompts, nothing else advertised.

    Built on the SDK's low-level server so that what `initialize` (and, from protocol
    2026-07-28, `server/discover`) advertises is exactly what is served: `tools` and
    `prompts`, whose lists never change while the process runs. Resources, completions,
    logging and subscriptions are not offered, so their methods answer JSON-RPC -32601
    (method not found). An unknown tool or prompt, or one this connection is not offered,
    is -32602 (invalid params), as the MCP specification's tools and prompts pages name it;
    a tool that runs and fails is a result with `isError` and the failure's message for
    the model to read. A prompt is offered only with every tool it asks the model to run.
    """

    def __init__(self, tools: Mapping[str, Tool], instructions: str) -> None:
        super().__init__(
            SERVER_NAME,
            version=__version__,
            title="Trichome track-and-trace tools",
            instructions=instructions,
            get_tool_input_schema=self._input_schema,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            on_list_prompts=self._list_prompts,
            on_get_prompt=self._get_prompt,
        )
        self.tools = dict(tools)

    def _input_schema(self, name: str) -> dict[str, Any] | None:
        tool = self.tools.get(name)
        return None if tool is None else tool.parameters

    def offered(self) -> list[Tool]:
        """The tools of this process that the current request may see, in registry order."""
        selection = _REQUEST_SELECTION.get()
        specs = load_all()
        return [
            tool
            for tool in self.tools.values()
            if selection is None or selection.allows(specs[tool.name])
        ]

    async def _list_tools(
        self, ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return ListToolsResult(
            tools=[
                McpTool(
                    name=tool.name,
                    title=tool.title,
                    description=tool.description,
                    input_schema=tool.parameters,
                    output_schema=tool.output_schema,
                    annotations=tool.annotations,
                )
                for tool in self.offered()
            ]
        )

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: CallToolRequestParams
    ) -> CallToolResult:
        tool = self.tools.get(params.name)
        if tool is None:
            raise MCPError(
                code=INVALID_PARAMS,
                message=f"Unknown tool: {params.name}. tools/list shows the tools offered.",
                data={"name": params.name},
            )
        selection = _REQUEST_SELECTION.get()
        spec = load_all()[tool.name]
        if selection is not None and not selection.allows(spec):
            if selection.system is not None and selection.system not in spec.systems:
                reason = (
                    f"it is a tool of {' and '.join(SYSTEMS[s] for s in sorted(spec.systems))} "
                    f"and this connection reaches {SYSTEMS[selection.system]}"
                )
            elif selection.read_only and not spec.read_only:
                reason = "this connection is read-only"
            else:
                reason = "it is outside the toolsets or tools this connection asked for"
            raise MCPError(
                code=INVALID_PARAMS,
                message=f"The tool {tool.name} is not offered: {reason}.",
                data={"name": tool.name},
            )
        return await run_tool(tool, params.arguments or {})

    def offered_prompts(self) -> list[McpPrompt]:
        """The prompts whose tools are all offered to the current request."""
        names = {tool.name for tool in self.offered()}
        return [prompt for prompt in PROMPTS.values() if prompt.tools <= names]

    async def _list_prompts(
        self, ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListPromptsResult:
        return ListPromptsResult(prompts=[prompt.listed() for prompt in self.offered_prompts()])

    async def _get_prompt(
        self, ctx: ServerRequestContext[Any], params: GetPromptRequestParams
    ) -> GetPromptResult:
        prompt = next((p for p in self.offered_prompts() if p.name == params.name), None)
        if prompt is None:
            raise unknown_prompt(params.name)
        return prompt.render(params.arguments)

    async def run_stdio_async(self) -> None:
        """Serve over stdin/stdout until the client closes them."""
        async with stdio_server() as (read_stream, write_stream):
            await self.run(read_stream, write_stream, self.create_initialization_options())


async def run_tool(tool: Tool, arguments: dict[str, Any]) -> CallToolResult:
    """Run a tool; a failure comes back as a result with `isError` and a message to act on."""
    try:
        result = await tool.run(arguments, Context(), convert_result=True)
    except UnexpectedToolError:
        logger.exception("tool %s failed unexpectedly", tool.name)
        return _tool_error(f"The tool {tool.name} failed unexpectedly; try again later.")
    except ToolError as error:
        if isinstance(error.__cause__, ValidationError):
            return _tool_error(_invalid_arguments(tool.name, error.__cause__))
        cause = error.__cause__
        return _tool_error(str(cause) if isinstance(cause, ToolError) else str(error))
    assert isinstance(result, CallToolResult)  # our tools never ask for input mid-call
    return result


def _tool_error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _invalid_arguments(name: str, error: ValidationError) -> str:
    """Pydantic's errors as one line a model can act on (without its documentation links)."""
    problems = [
        f"{'.'.join(str(part) for part in item['loc']) or 'arguments'}: {item['msg']}"
        for item in error.errors(include_url=False)
    ]
    return f"Invalid arguments for {name}: {'; '.join(problems)}."


def build_mcp_server(settings: Settings, *, stdio: bool = False) -> ToolServer:
    """The MCP server with every tool the process's selection allows: over HTTP, every
    system's (each request sees its connection's); over stdio, the configured system's.

    Raises:
        SelectionError: the settings name a toolset or tool that does not exist.
    """
    specs = load_all()
    choose = stdio_selection if stdio else selection_from_settings
    selection = choose(settings, specs)
    tools = {
        spec.name: Tool.from_function(
            guarded(spec),
            name=spec.name,
            title=spec.title,
            description=spec.description,
            annotations=annotations_of(spec),
        )
        for spec in specs.values()
        if selection.allows(spec)
    }
    return ToolServer(tools, _instructions(selection))
