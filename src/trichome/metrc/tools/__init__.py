"""The track-and-trace tools and skills, independent of how they are served (MCP, agents)."""

from trichome.metrc.tools.registry import (
    CATEGORIES,
    TOOLS,
    MetrcAccess,
    ToolProblem,
    ToolSpec,
    access,
    load_all,
    set_process_access,
    tool,
    using,
)

__all__ = [
    "CATEGORIES",
    "TOOLS",
    "MetrcAccess",
    "ToolProblem",
    "ToolSpec",
    "access",
    "load_all",
    "set_process_access",
    "tool",
    "using",
]
