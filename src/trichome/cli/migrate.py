"""`trichome migrate`: bring the database schema up to date."""

from __future__ import annotations

import argparse

from trichome.cli.common import Commands, describe_database, load_settings, migrate


def cmd_migrate(_: argparse.Namespace) -> int:
    """Migrate the database and say which one it is."""
    settings = load_settings()
    migrate(settings)
    print(f"database is up to date ({describe_database(settings)})")
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome migrate`."""
    migrate_parser = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate_parser.set_defaults(handler=cmd_migrate)
