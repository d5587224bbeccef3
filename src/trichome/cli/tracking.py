"""`trichome tracking`: store, forget and list an organisation's track-and-trace connection,
Metrc keys or a BioTrack login, for the tool server (`trichome metrc connect`,
`disconnect` and `connections` still work and stay Metrc's)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from trichome.cli import metrc
from trichome.cli.common import (
    Commands,
    database,
    load_settings,
    migrate,
    name_argument,
    print_table,
    run_async,
)
from trichome.config import Settings


def _read_biotrack_login(settings: Settings, args: argparse.Namespace) -> Any:
    """The BioTrack login to store: state and licence from the arguments or the environment,
    the username and password from the environment, else asked for (never from arguments)."""
    import getpass

    from trichome.accounts.biotrack_logins import StoredBioTrackLogin
    from trichome.tracking.biotrack import BioTrackCredentials
    from trichome.tracking.biotrack.states import state as biotrack_state

    code = args.state or settings.biotrack_state or ""
    licence = (args.license or settings.biotrack_license or "").strip()
    user = settings.biotrack_username or ""
    password = settings.biotrack_password.get_secret_value() if settings.biotrack_password else ""
    if not (user and password) and not sys.stdin.isatty():
        raise SystemExit(
            "trichome: no terminal to ask for the BioTrack login: set TRICHOME_BIOTRACK_USERNAME "
            "and TRICHOME_BIOTRACK_PASSWORD in the environment, or run the command in a terminal"
        )
    if not user:
        user = input("BioTrack username: ").strip()
    if not password:
        password = getpass.getpass("BioTrack password: ")
    try:
        known = biotrack_state(code)
        BioTrackCredentials(licence, user, password)
    except KeyError as unknown:
        raise SystemExit(f"trichome: {unknown.args[0]}") from None
    except ValueError as error:
        raise SystemExit(f"trichome: {error}") from None
    return StoredBioTrackLogin(known.code, licence, user, password)


async def _connect_biotrack(settings: Settings, org: str, login: Any) -> None:
    from trichome.accounts.biotrack_logins import store_biotrack_login
    from trichome.accounts.secrets import SecretBox
    from trichome.accounts.service import find_organization

    async with database(settings) as db, db.sessions() as session:
        organization = await find_organization(session, org)
        if organization is None:
            raise SystemExit(f"trichome: no organisation called {org!r}")
        await store_biotrack_login(session, SecretBox(settings), organization.id, login)
        await session.commit()


def cmd_tracking_connect(args: argparse.Namespace) -> int:
    """Store an organisation's Metrc keys or BioTrack login, encrypted, for the tool server."""
    if args.system == "metrc":
        return metrc.cmd_metrc_connect(args)
    settings = load_settings()
    migrate(settings)
    login = _read_biotrack_login(settings, args)
    run_async(_connect_biotrack(settings, args.org, login))
    print(
        f"stored a BioTrack login for {args.org!r} (encrypted; {login.state}, licence "
        f"{login.license_number}, user …{login.username[-4:]})"
    )
    return 0


async def _disconnect_biotrack(settings: Settings, org: str) -> bool:
    from trichome.accounts.biotrack_logins import forget_biotrack_login

    return await metrc.forget_connection(settings, org, forget_biotrack_login)


def cmd_tracking_disconnect(args: argparse.Namespace) -> int:
    """Delete an organisation's stored Metrc keys or BioTrack login; 1 when it had none."""
    if args.system == "metrc":
        return metrc.cmd_metrc_disconnect(args)
    settings = load_settings()
    migrate(settings)
    if run_async(_disconnect_biotrack(settings, args.org)):
        print(f"deleted the stored BioTrack login of {args.org!r}")
        return 0
    print(f"trichome: {args.org!r} has no stored BioTrack login", file=sys.stderr)
    return 1


async def _biotrack_rows(settings: Settings) -> list[list[str]]:
    from trichome.accounts.biotrack_logins import list_biotrack_logins

    async with database(settings) as db, db.sessions() as session:
        rows = await list_biotrack_logins(session)
    return [
        [
            row.organization,
            "biotrack",
            f"{row.state}, licence {row.license_number}",
            f"user …{row.username_last4}",
            row.updated_at.strftime("%Y-%m-%d %H:%M"),
            metrc.last_call(row.last_used_at),
        ]
        for row in rows
    ]


def cmd_tracking_connections(_: argparse.Namespace) -> int:
    """Print the organisations' stored connections (masked), Metrc and BioTrack."""
    settings = load_settings()
    migrate(settings)
    metrc_rows = [
        [org, "metrc", url, f"vendor {vendor}, user {user}", when, last]
        for org, url, vendor, user, when, last in run_async(metrc.connection_rows(settings))
    ]
    rows = sorted([*metrc_rows, *run_async(_biotrack_rows(settings))])
    print_table(["ORGANISATION", "SYSTEM", "WHERE", "LOGIN", "STORED", "LAST CALL"], rows)
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome tracking` and its actions."""
    parser = commands.add_parser(
        "tracking", help="organisations' track-and-trace connections (Metrc or BioTrack)"
    )
    actions = parser.add_subparsers(dest="tracking_command", required=True, metavar="ACTION")
    connect = actions.add_parser(
        "connect",
        help="store an organisation's Metrc keys (TRICHOME_METRC_VENDOR_KEY/USER_KEY) or "
        "BioTrack login (TRICHOME_BIOTRACK_USERNAME/PASSWORD), encrypted, else asked for",
    )
    connect.add_argument("--org", required=True, type=name_argument, help="organisation name")
    connect.add_argument("--system", choices=("metrc", "biotrack"), default="metrc")
    connect.add_argument("--base-url", help="Metrc: its base URL (default: the server's)")
    connect.add_argument("--state", help="BioTrack: the state, e.g. NM")
    connect.add_argument("--license", help="BioTrack: the licence number (or UBI)")
    connect.set_defaults(handler=cmd_tracking_connect)
    disconnect = actions.add_parser("disconnect", help="delete an organisation's stored connection")
    disconnect.add_argument("--org", required=True, help="organisation name")
    disconnect.add_argument("--system", choices=("metrc", "biotrack"), default="metrc")
    disconnect.set_defaults(handler=cmd_tracking_disconnect)
    actions.add_parser(
        "connections", help="organisations' stored connections (masked)"
    ).set_defaults(handler=cmd_tracking_connections)
