"""`trichome mcp`: the track-and-trace tools for an AI editor, over stdio."""

from __future__ import annotations

import argparse
import logging
import sys

from trichome.cli.common import Commands, load_settings, run_async


def cmd_mcp(_: argparse.Namespace) -> int:
    """Serve the tools over stdio. Nothing may be printed to stdout: it is the wire."""
    settings = load_settings()
    logging.basicConfig(level=settings.log_level.upper(), stream=sys.stderr)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    from trichome.services.toolserver.mcp_server import SelectionError
    from trichome.services.toolserver.stdio import serve_stdio

    try:
        run_async(serve_stdio(settings))
    except SelectionError as error:
        print(f"trichome mcp: {error}", file=sys.stderr)
        return 2
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome mcp`."""
    mcp_parser = commands.add_parser(
        "mcp", help="serve the track-and-trace tools to an AI editor over stdio (MCP)"
    )
    mcp_parser.set_defaults(handler=cmd_mcp)
