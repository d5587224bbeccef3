"""The track-and-trace tools and skills, independent of how they are served (MCP, agents)."""

from trichome.metrc.tools.registry import (
    CATEGORIES,
    SYSTEMS,
    TOOLS,
    Access,
    BioTrackAccess,
    MetrcAccess,
    ToolProblem,
    ToolSpec,
    access,
    biotrack,
    connection,
    load_all,
    set_process_access,
    tool,
    using,
)

__all__ = [
    "CATEGORIES",
    "SYSTEMS",
    "TOOLS",
    "Access",
    "BioTrackAccess",
    "MetrcAccess",
    "ToolProblem",
    "ToolSpec",
    "access",
    "biotrack",
    "connection",
    "load_all",
    "set_process_access",
    "tool",
    "using",
]
