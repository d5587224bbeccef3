"""The `trichome` command: its parser, assembled from one module per command group, and `main`.

Each group (serve, migrate, keys, orgs, documents, endpoints, metrc, kb, dashboard, billing, mcp,
dev) adds its commands with `add_commands`; `common` holds what they share, such as opening the
database.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from trichome.cli import (
    billing,
    dashboard,
    dev,
    documents,
    endpoints,
    kb,
    keys,
    mcp,
    metrc,
    migrate,
    orgs,
    serve,
    tracking,
)
from trichome.cli.errors import report

DESCRIPTION = (
    "The `trichome` command: serve, migrate, keys, orgs, documents, endpoints, metrc, tracking, "
    "kb, billing, mcp, dev."
)
# In the order `trichome --help` lists them.
COMMAND_GROUPS = (
    serve, migrate, keys, orgs, documents, endpoints, metrc, tracking, kb, dashboard, billing,
    mcp, dev,
)  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the `trichome` command."""
    parser = argparse.ArgumentParser(prog="trichome", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group in COMMAND_GROUPS:
        group.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `trichome` command."""
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        status = report(error)
        if status is None:
            raise
        return status
