"""`trichome dashboard`: one-time sign-in links, and the cleanup of expired sign-in records."""

from __future__ import annotations

import argparse
import sys
from typing import Any
from urllib.parse import urlencode

from trichome.cli.common import (
    DEV_ORGANIZATION,
    Commands,
    configure_logging,
    database,
    email_argument,
    load_settings,
    migrate,
    run_async,
)
from trichome.config import Settings


async def _login_link(
    settings: Settings, org: str, email: str | None, name: str | None = None
) -> str | None:
    from trichome.accounts.service import find_organization, get_or_create_organization
    from trichome.accounts.sessions import create_login_link, owner_of
    from trichome.accounts.users import user_for_email
    from trichome.db.models import utcnow
    from trichome.plans import Tier

    async with database(settings) as db, db.sessions() as session:
        if email is not None:
            user = await user_for_email(session, email, name)
            organization_id = user.default_organization_id
        else:
            if org == DEV_ORGANIZATION:
                organization, _ = await get_or_create_organization(session, org, Tier.OPERATOR)
            else:
                found = await find_organization(session, org)
                if found is None:
                    return None
                organization = found
            user = await owner_of(session, organization)
            organization_id = organization.id
        token = await create_login_link(session, user.id, organization_id, utcnow())
        await session.commit()
        return token


def cmd_dashboard_login_link(args: argparse.Namespace) -> int:
    """Print a one-time, 15-minute sign-in link for an organisation's owner or a user."""
    settings = load_settings()
    configure_logging(settings)
    migrate(settings)
    if args.name and args.email is None:
        print("trichome: --name goes with --email (the user it names)", file=sys.stderr)
        return 2
    token = run_async(_login_link(settings, args.org, args.email, args.name))
    if token is None:
        print(f"trichome: no organisation called {args.org!r}", file=sys.stderr)
        return 1
    print(f"{settings.dashboard_base_url}/login/link?{urlencode({'token': token})}")
    return 0


async def _cleanup_dashboard(settings: Settings) -> tuple[Any, Any, int]:
    from trichome.accounts.oauth_grants import purge_expired_oauth
    from trichome.accounts.sessions import purge_expired
    from trichome.db.models import utcnow
    from trichome.documents.drive_authorizations import purge_expired_authorizations

    async with database(settings) as db, db.sessions() as session, session.begin():
        now = utcnow()
        purged = await purge_expired(session, now), await purge_expired_oauth(session, now)
        verifiers = 0
        while batch := await purge_expired_authorizations(session, now):
            verifiers += batch
        return *purged, verifiers


def cmd_dashboard_cleanup(_: argparse.Namespace) -> int:
    """Delete expired dashboard sessions, login links, long-expired invitations, expired
    OAuth codes, tokens and grants of MCP clients, and expired Drive PKCE verifiers."""
    settings = load_settings()
    configure_logging(settings)
    migrate(settings)
    purged, oauth, verifiers = run_async(_cleanup_dashboard(settings))
    print(
        f"deleted {purged.sessions} expired sessions, {purged.login_links} login links "
        f"and {purged.invitations} invitations"
    )
    print(
        f"deleted {oauth.codes} OAuth codes, {oauth.tokens} tokens, {oauth.grants} grants "
        f"and {oauth.clients} unused client registrations"
    )
    print(f"deleted {verifiers} expired Google Drive PKCE verifiers")
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome dashboard` and its actions."""
    dashboard_parser = commands.add_parser("dashboard", help="the dashboard's sign-in")
    dashboard = dashboard_parser.add_subparsers(
        dest="dashboard_command", required=True, metavar="ACTION"
    )
    link = dashboard.add_parser(
        "login-link", help="print a one-time sign-in link (15 minutes) for an owner or a user"
    )
    who = link.add_mutually_exclusive_group()
    who.add_argument(
        "--org",
        default=DEV_ORGANIZATION,
        help=f"organisation whose owner signs in (default: {DEV_ORGANIZATION!r})",
    )
    who.add_argument(
        "--email",
        type=email_argument,
        help="the user with this address signs in, to their own organisation "
        "(created, with a personal Free organisation, if new)",
    )
    link.add_argument("--name", help="with --email: the user's name, as the team page shows it")
    link.set_defaults(handler=cmd_dashboard_login_link)
    dashboard.add_parser(
        "cleanup",
        help="delete expired sessions and login links, and invitations expired 30 days (for cron)",
    ).set_defaults(handler=cmd_dashboard_cleanup)
