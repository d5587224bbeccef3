"""`trichome keys`: create, list and revoke API keys."""

from __future__ import annotations

import argparse
import sys
from typing import Any

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


async def _create_key(
    settings: Settings, org: str, tier: str, name: str, endpoint: str | None
) -> tuple[str, str, str, bool]:
    from trichome.accounts.endpoints import find_endpoint
    from trichome.accounts.service import create_api_key, get_or_create_organization, set_tier
    from trichome.plans import Tier

    async with database(settings) as db, db.sessions() as session:
        organization, created = await get_or_create_organization(session, org, Tier(tier))
        if not created and organization.tier != tier:
            await set_tier(session, organization, Tier(tier))
        endpoint_id = None
        if endpoint is not None:
            found = await find_endpoint(session, organization.id, endpoint)
            if found is None:
                raise SystemExit(f"trichome: {org!r} has no endpoint called {endpoint!r}")
            endpoint_id = found.id
        key = await create_api_key(session, organization, name, endpoint_id)
        await session.commit()
        return key.record.id, organization.name, key.secret, created


def cmd_keys_create(args: argparse.Namespace) -> int:
    """Create a key (and its organisation if new) and print its secret, once."""
    settings = load_settings()
    migrate(settings)
    key_id, org, secret, created = run_async(
        _create_key(settings, args.org, args.tier, args.name or "", args.endpoint)
    )
    if created:
        print(f"created organisation {org!r} on the {args.tier} tier")
    else:
        print(f"organisation {org!r} is on the {args.tier} tier")
    print(f"created key {key_id}; it is shown once and stored only as a hash:")
    print(secret)
    return 0


async def _list_keys(settings: Settings) -> list[list[str]]:
    from trichome.accounts.service import list_api_keys

    async with database(settings) as db, db.sessions() as session:
        rows = await list_api_keys(session)

    def when(value: Any) -> str:
        return value.strftime("%Y-%m-%d %H:%M") if value else "-"

    return [
        [
            key.id,
            organization.name,
            organization.tier,
            key.name or "-",
            f"{key.prefix}…{key.last4}",
            when(key.created_at),
            when(key.last_used_at),
            "revoked" if key.revoked_at else "active",
        ]
        for key, organization in rows
    ]


def cmd_keys_list(_: argparse.Namespace) -> int:
    """Print every key: its organisation, tier, label, visible ends, dates and status."""
    settings = load_settings()
    migrate(settings)
    rows = run_async(_list_keys(settings))
    if not rows:
        print(
            "no API keys yet; create one with: "
            ".venv/bin/trichome keys create --org NAME --tier free"
        )
        return 0
    header = ["ID", "ORGANISATION", "TIER", "NAME", "KEY", "CREATED", "LAST USED", "STATUS"]
    print_table(header, rows)
    return 0


async def _revoke_key(settings: Settings, key_id: str) -> bool:
    from trichome.accounts.service import KeyNotFoundError, revoke_api_key

    async with database(settings) as db, db.sessions() as session:
        try:
            await revoke_api_key(session, key_id)
        except KeyNotFoundError:
            return False
        await session.commit()
        return True


def cmd_keys_revoke(args: argparse.Namespace) -> int:
    """Revoke a key; 1 when there is no key with that id."""
    settings = load_settings()
    migrate(settings)
    if not run_async(_revoke_key(settings, args.key_id)):
        print(f"trichome: no API key with id {args.key_id!r}", file=sys.stderr)
        return 1
    print(f"revoked {args.key_id}; every worker refuses it from its next request")
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome keys` and its actions."""
    keys_parser = commands.add_parser("keys", help="create, list and revoke API keys")
    keys = keys_parser.add_subparsers(dest="keys_command", required=True, metavar="ACTION")
    create = keys.add_parser("create", help="create a key (and its organisation if new)")
    create.add_argument("--org", required=True, type=name_argument, help="organisation name")
    create.add_argument(
        "--tier", required=True, choices=["free", "pro", "operator", "team"], help="its tier"
    )
    create.add_argument("--name", help="a label for the key")
    create.add_argument("--endpoint", help="the endpoint that serves the key (default: default)")
    create.set_defaults(handler=cmd_keys_create)
    keys.add_parser("list", help="list keys").set_defaults(handler=cmd_keys_list)
    revoke = keys.add_parser("revoke", help="revoke a key at once, in every worker")
    revoke.add_argument("key_id", metavar="KEY_ID")
    revoke.set_defaults(handler=cmd_keys_revoke)
