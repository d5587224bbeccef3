"""`trichome orgs delete`: delete an organisation with everything it holds, its files'
stored bytes (on disk or in the S3-compatible store) first."""

from __future__ import annotations

import argparse
from contextlib import AsyncExitStack

from trichome.cli.common import Commands, database, load_settings, migrate, name_argument, run_async
from trichome.config import Settings


async def _delete(settings: Settings, name: str) -> int | None:
    from trichome.accounts.service import delete_organization, find_organization
    from trichome.documents.wiring import open_file_service

    async with database(settings) as db, AsyncExitStack() as stack:
        async with db.sessions() as session:
            organization = await find_organization(session, name)
            if organization is None:
                return None
            organization_id = organization.id
        # Bytes before rows: a store that fails stops here with the organisation whole,
        # and running the command again finishes the job.
        files = open_file_service(settings, db.sessions, stack)
        deleted = await files.delete_organization(organization_id)
        async with db.sessions() as session:
            organization = await find_organization(session, name)
            if organization is not None:
                await delete_organization(session, organization)
                await session.commit()
        return deleted


def cmd_orgs_delete(args: argparse.Namespace) -> int:
    """Delete an organisation (asked to confirm with --yes)."""
    if not args.yes:
        raise SystemExit(
            f"trichome: deleting {args.org!r} removes its keys, members' access, endpoints and "
            "files for good; add --yes to do it"
        )
    settings = load_settings()
    migrate(settings)
    deleted = run_async(_delete(settings, args.org))
    if deleted is None:
        raise SystemExit(f"trichome: no organisation is called {args.org!r}")
    print(f"deleted organisation {args.org!r} and its {deleted} files")
    return 0


def add_commands(commands: Commands) -> None:
    """Add `orgs delete`."""
    orgs_parser = commands.add_parser("orgs", help="delete organisations")
    orgs = orgs_parser.add_subparsers(dest="orgs_command", required=True, metavar="ACTION")
    delete = orgs.add_parser("delete", help="delete an organisation, its files' stored bytes first")
    delete.add_argument("--org", required=True, type=name_argument, help="its name")
    delete.add_argument("--yes", action="store_true", help="confirm the deletion")
    delete.set_defaults(handler=cmd_orgs_delete)
