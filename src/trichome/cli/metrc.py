"""`trichome metrc`: seed the track-and-trace sandbox, and store, forget and list the
Metrc keys of organisations."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from trichome.cli.common import (
    Commands,
    database,
    describe_database,
    load_settings,
    migrate,
    name_argument,
    print_table,
    run_async,
)
from trichome.config import Settings
from trichome.sandbox.reference import DEFAULT_SEED


async def seed_sandbox_data(settings: Settings, seed: int, as_of: Any, only_if_empty: bool) -> Any:
    """Fill the sandbox with a simulated year; with `only_if_empty`, leave existing data."""
    from sqlalchemy import func, select

    from trichome.db.models import SandboxObject
    from trichome.sandbox.seed import seed_sandbox
    from trichome.sandbox.store import SandboxStore

    async with database(settings) as db:
        if only_if_empty:
            async with db.engine.connect() as connection:
                if await connection.scalar(select(func.count(SandboxObject.id))):
                    return None
        return await seed_sandbox(SandboxStore(db.engine), seed, as_of)


def cmd_metrc_seed(args: argparse.Namespace) -> int:
    """Replace the sandbox's data with a simulated year and print what it holds."""
    settings = load_settings()
    migrate(settings)
    summary = run_async(seed_sandbox_data(settings, args.seed, args.as_of, only_if_empty=False))
    print(
        f"seeded the sandbox with seed {summary.seed}: the year to {summary.as_of}, "
        f"{summary.total:,} objects in {summary.seconds:.1f} s ({describe_database(settings)})"
    )
    print_table(["KIND", "OBJECTS"], [[kind, f"{n:,}"] for kind, n in summary.counts.items()])
    return 0


def _read_metrc_keys(settings: Settings) -> Any:
    """The Metrc keys to store: from the environment, else asked for (never from arguments,
    which shell history and process listings keep)."""
    import getpass

    from trichome.metrc import MetrcCredentials

    vendor = settings.metrc_vendor_key.get_secret_value() if settings.metrc_vendor_key else ""
    user = settings.metrc_user_key.get_secret_value() if settings.metrc_user_key else ""
    if not (vendor and user) and not sys.stdin.isatty():
        missing = "TRICHOME_METRC_VENDOR_KEY" if not vendor else "TRICHOME_METRC_USER_KEY"
        raise SystemExit(
            f"trichome: no terminal to ask for the Metrc keys: set {missing}"
            + (" and TRICHOME_METRC_USER_KEY" if not (vendor or user) else "")
            + " in the environment, or run the command in a terminal"
        )
    if not vendor:
        vendor = getpass.getpass("Metrc vendor key: ").strip()
    if not user:
        user = getpass.getpass("Metrc user key: ").strip()
    try:
        return MetrcCredentials(vendor, user)
    except ValueError as error:
        raise SystemExit(f"trichome: {error}") from None


async def _connect(settings: Settings, org: str, credentials: Any, base_url: str | None) -> None:
    from trichome.accounts.metrc_keys import store_metrc_keys
    from trichome.accounts.secrets import SecretBox
    from trichome.accounts.service import find_organization

    async with database(settings) as db, db.sessions() as session:
        organization = await find_organization(session, org)
        if organization is None:
            raise SystemExit(f"trichome: no organisation called {org!r}")
        await store_metrc_keys(session, SecretBox(settings), organization.id, credentials, base_url)
        await session.commit()


def cmd_metrc_connect(args: argparse.Namespace) -> int:
    """Store an organisation's Metrc keys, encrypted, for the tool server."""
    settings = load_settings()
    migrate(settings)
    credentials = _read_metrc_keys(settings)
    base_url = args.base_url.rstrip("/") if args.base_url else None
    run_async(_connect(settings, args.org, credentials, base_url))
    print(
        f"stored Metrc keys for {args.org!r} (encrypted; vendor …{credentials.vendor_key[-4:]}, "
        f"user …{credentials.user_key[-4:]}) for {base_url or settings.metrc_url}"
    )
    return 0


async def forget_connection(
    settings: Settings, org: str, forget: Callable[[Any, str], Awaitable[bool]]
) -> bool:
    """Run `forget` (a stored connection's delete) for the organisation called `org`."""
    from trichome.accounts.service import find_organization

    async with database(settings) as db, db.sessions() as session:
        organization = await find_organization(session, org)
        if organization is None:
            raise SystemExit(f"trichome: no organisation called {org!r}")
        forgotten = await forget(session, organization.id)
        await session.commit()
        return forgotten


async def _disconnect(settings: Settings, org: str) -> bool:
    from trichome.accounts.metrc_keys import forget_metrc_keys

    return await forget_connection(settings, org, forget_metrc_keys)


def cmd_metrc_disconnect(args: argparse.Namespace) -> int:
    """Delete an organisation's stored Metrc keys; 1 when it had none."""
    settings = load_settings()
    migrate(settings)
    if run_async(_disconnect(settings, args.org)):
        print(f"deleted the stored Metrc keys of {args.org!r}")
        return 0
    print(f"trichome: {args.org!r} has no stored Metrc keys", file=sys.stderr)
    return 1


async def connection_rows(settings: Settings) -> list[list[str]]:
    from trichome.accounts.metrc_keys import list_metrc_keys

    async with database(settings) as db, db.sessions() as session:
        rows = await list_metrc_keys(session)
    return [
        [
            row.organization,
            row.base_url or f"(default) {settings.metrc_url}",
            f"…{row.vendor_key_last4}",
            f"…{row.user_key_last4}",
            row.updated_at.strftime("%Y-%m-%d %H:%M"),
            last_call(row.last_used_at),
        ]
        for row in rows
    ]


def last_call(at: Any) -> str:
    """When the tool server last called the system successfully with a connection."""
    return at.strftime("%Y-%m-%d %H:%M") if at is not None else "never"


def cmd_metrc_connections(_: argparse.Namespace) -> int:
    """Print the organisations with stored Metrc keys (last four characters only)."""
    settings = load_settings()
    migrate(settings)
    rows = run_async(connection_rows(settings))
    print_table(
        ["ORGANISATION", "METRC BASE URL", "VENDOR KEY", "USER KEY", "STORED", "LAST CALL"], rows
    )
    return 0


def _a_date(text: str) -> Any:
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text!r}") from None


def add_commands(commands: Commands) -> None:
    """Add `trichome metrc` and its actions."""
    metrc_parser = commands.add_parser("metrc", help="the track-and-trace sandbox's data")
    metrc = metrc_parser.add_subparsers(dest="metrc_command", required=True, metavar="ACTION")
    seed = metrc.add_parser(
        "seed", help="replace the sandbox's data with a simulated year (deterministic)"
    )
    seed.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help="the random seed (default 8002)"
    )
    seed.add_argument(
        "--as-of",
        type=_a_date,
        default=None,
        metavar="YYYY-MM-DD",
        help="the day after the simulated year ends (default: today, UTC)",
    )
    seed.set_defaults(handler=cmd_metrc_seed)
    connect = metrc.add_parser(
        "connect",
        help="store an organisation's Metrc keys, encrypted, for the tool server "
        "(from TRICHOME_METRC_VENDOR_KEY and TRICHOME_METRC_USER_KEY, else asked for)",
    )
    connect.add_argument("--org", required=True, type=name_argument, help="organisation name")
    connect.add_argument(
        "--base-url", help="its Metrc base URL (default: TRICHOME_METRC_BASE_URL or the sandbox)"
    )
    connect.set_defaults(handler=cmd_metrc_connect)
    disconnect = metrc.add_parser("disconnect", help="delete an organisation's stored Metrc keys")
    disconnect.add_argument("--org", required=True, help="organisation name")
    disconnect.set_defaults(handler=cmd_metrc_disconnect)
    metrc.add_parser(
        "connections", help="organisations with stored Metrc keys (last four characters only)"
    ).set_defaults(handler=cmd_metrc_connections)
