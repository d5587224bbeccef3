"""`trichome documents sync`: sync organisations' connected Google Drive folders into their
documents now (one organisation with `--org`, else every one with a folder), as the
dashboard's `Sync now` button and its periodic task do."""

from __future__ import annotations

import argparse
from contextlib import AsyncExitStack

from trichome.cli.common import Commands, database, load_settings, migrate, name_argument, run_async
from trichome.config import Settings


async def _sync(settings: Settings, name: str | None) -> list[tuple[str, str]]:
    from trichome.accounts.service import find_organization
    from trichome.db.models import Organization, utcnow
    from trichome.documents.drive_errors import DriveError
    from trichome.documents.drive_sync import organizations_with_folders
    from trichome.documents.wiring import open_drive_sync, open_file_service

    outcomes: list[tuple[str, str]] = []
    async with database(settings) as db, AsyncExitStack() as stack:
        files = open_file_service(settings, db.sessions, stack)
        drive = open_drive_sync(settings, db.sessions, files, stack, utcnow)
        if drive is None:
            raise SystemExit(
                "trichome: Google Drive is not set up (set TRICHOME_GOOGLE_CLIENT_ID and "
                "TRICHOME_GOOGLE_CLIENT_SECRET)"
            )
        if name is not None:
            async with db.sessions() as session:
                organization = await find_organization(session, name)
            if organization is None:
                raise SystemExit(f"trichome: no organisation is called {name!r}")
            targets = [organization.id]
        else:
            targets = await organizations_with_folders(db.sessions)
        for organization_id in targets:
            async with db.sessions() as session:
                found = await session.get(Organization, organization_id)
                label = found.name if found is not None else organization_id
            try:
                report = await drive.sync_organization(organization_id)
            except DriveError as error:
                outcomes.append((label, f"failed: {error}"))
                continue
            summary = (
                f"{report.added} added, {report.updated} updated, {report.deleted} deleted, "
                f"{report.unchanged} unchanged "
                f"({'changes only' if report.from_changes else 'whole folder listed'})"
            )
            problem = report.problem(with_refused=True)
            outcomes.append((label, f"{summary}. {problem}" if problem else summary))
    return outcomes


def cmd_documents_sync(args: argparse.Namespace) -> int:
    """Sync the connected Drive folders now; 1 when any failed."""
    settings = load_settings()
    migrate(settings)
    outcomes = run_async(_sync(settings, args.org))
    if not outcomes:
        print("no organisation has a Google Drive folder to sync")
    for name, outcome in outcomes:
        print(f"{name}: {outcome}")
    return 1 if any(outcome.startswith("failed:") for _, outcome in outcomes) else 0


def add_commands(commands: Commands) -> None:
    """Add `documents sync`."""
    parser = commands.add_parser("documents", help="organisations' documents: Drive sync")
    actions = parser.add_subparsers(dest="documents_command", required=True, metavar="ACTION")
    sync = actions.add_parser(
        "sync", help="sync connected Google Drive folders into the organisations' documents now"
    )
    sync.add_argument(
        "--org", type=name_argument, help="only this organisation (default: every one)"
    )
    sync.set_defaults(handler=cmd_documents_sync)
