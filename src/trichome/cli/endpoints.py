"""`trichome endpoints`: add and list the endpoints that serve an organisation's keys."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

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


def _model_assignments(pairs: Sequence[str]) -> dict[str, str]:
    assignments = {}
    for pair in pairs:
        public, _, upstream = pair.partition("=")
        if not public or not upstream:
            raise SystemExit(f"trichome: --model takes PUBLIC=UPSTREAM, got {pair!r}")
        assignments[public] = upstream
    return assignments


async def _add_endpoint(settings: Settings, args: argparse.Namespace) -> str:
    from sqlalchemy import select

    from trichome.accounts.endpoints import EndpointError, add_endpoint
    from trichome.db.models import Organization

    async with database(settings) as db, db.sessions() as session:
        organization = await session.scalar(
            select(Organization).where(Organization.name == args.org)
        )
        if organization is None:
            raise SystemExit(f"trichome: no organisation called {args.org!r}")
        try:
            endpoint = await add_endpoint(
                session, organization.id, args.name, args.url, _model_assignments(args.model)
            )
        except EndpointError as error:
            raise SystemExit(f"trichome: {error}") from None
        await session.commit()
        return endpoint.id


def cmd_endpoints_add(args: argparse.Namespace) -> int:
    """Add an endpoint, with its upstream models, to an organisation."""
    settings = load_settings()
    migrate(settings)
    endpoint_id = run_async(_add_endpoint(settings, args))
    print(f"added endpoint {endpoint_id} ({args.name}) to {args.org!r}")
    return 0


async def _list_endpoints(settings: Settings, org: str | None) -> list[list[str]]:
    from sqlalchemy import select

    from trichome.db.models import Endpoint, Organization

    async with database(settings) as db, db.sessions() as session:
        query = select(Endpoint, Organization.name).join(
            Organization, Organization.id == Endpoint.organization_id
        )
        if org is not None:
            query = query.where(Organization.name == org)
        rows = (await session.execute(query.order_by(Organization.name, Endpoint.name))).all()
    return [
        [
            endpoint.id,
            organization,
            endpoint.name + (" (default)" if endpoint.is_default else ""),
            endpoint.url or "-",
            ", ".join(f"{k}={v}" for k, v in sorted(endpoint.upstream_models.items())) or "-",
        ]
        for endpoint, organization in rows
    ]


def cmd_endpoints_list(args: argparse.Namespace) -> int:
    """Print the endpoints, of every organisation or of one."""
    settings = load_settings()
    migrate(settings)
    rows = run_async(_list_endpoints(settings, args.org))
    print_table(["ID", "ORGANISATION", "NAME", "URL", "UPSTREAM MODELS"], rows)
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome endpoints` and its actions."""
    endpoints_parser = commands.add_parser("endpoints", help="add and list endpoints")
    endpoint_actions = endpoints_parser.add_subparsers(
        dest="endpoints_command", required=True, metavar="ACTION"
    )
    add = endpoint_actions.add_parser("add", help="add an endpoint to an organisation")
    add.add_argument("--org", required=True, type=name_argument, help="organisation name")
    add.add_argument("--name", required=True, type=name_argument, help="the endpoint's name")
    add.add_argument("--url", help="the base URL its clients use (default: the chat API's)")
    add.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="PUBLIC=UPSTREAM",
        help="the upstream model serving a public model, e.g. operator-agent=gpt-4.1",
    )
    add.set_defaults(handler=cmd_endpoints_add)
    listing = endpoint_actions.add_parser("list", help="list endpoints")
    listing.add_argument("--org", help="only this organisation's")
    listing.set_defaults(handler=cmd_endpoints_list)
