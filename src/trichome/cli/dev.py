"""`trichome dev`, what `make run` does: migrate, make sure a development key exists, seed
the sandbox when empty, print how to try each service, and serve them all."""

from __future__ import annotations

import argparse
import sys

from trichome.cli.common import (
    DEV_ORGANIZATION,
    Commands,
    command_name,
    configure_logging,
    database,
    describe_database,
    load_settings,
    migrate,
    run_async,
)
from trichome.cli.metrc import seed_sandbox_data
from trichome.cli.serve import ports_taken, serve
from trichome.config import Settings
from trichome.sandbox.reference import DEFAULT_SEED


def _version() -> str:
    from trichome import __version__

    return __version__


def _sandbox_banner(settings: Settings) -> None:
    from trichome.sandbox.facilities import FACILITIES

    base = f"http://{settings.host}:{settings.sandbox_port}"
    vendor = settings.sandbox_vendor_key.get_secret_value()
    user = settings.sandbox_user_key.get_secret_value()
    print(f"Track-and-trace sandbox (Metrc v2) at {base}, HTTP Basic:")
    print(f"  vendor key (user name): {vendor}")
    print(f"  user key (password):    {user}")
    for facility in FACILITIES.values():
        print(f"  {facility.license_number}  {facility.name}")
    cultivator = next(iter(FACILITIES))
    print(
        f"\n  curl -s -u {vendor}:{user} '{base}/packages/v2/active?licenseNumber={cultivator}'\n"
    )


def _toolserver_banner(settings: Settings, secret: str | None) -> None:
    base = f"http://{settings.host}:{settings.toolserver_port}"
    metrc = "the sandbox's keys" if settings.uses_sandbox else "X-Metrc-Vendor-Key/X-Metrc-User-Key"
    key = secret or "<your Operator key>"
    print(f"Tool server (MCP, Streamable HTTP) at {base}/api/mcp, Metrc via {metrc}:")
    print(
        f"  curl -s {base}/api/chat -H 'Authorization: Bearer {key}' \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"message": "What needs attention at SF-SBX-CO-24-8002?"}\''
    )
    print(
        f"  For an editor by URL: add {settings.toolserver_base_url}/api/mcp as a remote MCP "
        f"server; it signs in through the dashboard ({settings.dashboard_base_url})."
    )
    print(
        f"  For an editor over stdio: `{command_name()} mcp` "
        "(see the README's tool server section).\n"
    )


def _kb_banner(settings: Settings) -> None:
    base = f"http://{settings.host}:{settings.kb_port}"
    sample = " (the sample corpus loads at its first start)" if settings.kb_sample else ""
    print(f"Knowledge base at {base}{sample}, no key needed:")
    print(
        f"  curl -s '{base}/api/threads?q=winterization+filter&limit=3'\n"
        f"  curl -s {base}/api/chat -H 'Content-Type: application/json' \\\n"
        '    -d \'{"message": "How do I keep terpenes when pressing rosin?"}\'\n'
    )


async def _ensure_development_key(settings: Settings) -> tuple[str, str | None]:
    """The development organisation's name and, when it has no active key, a new key."""
    from trichome.accounts.service import (
        create_api_key,
        get_or_create_organization,
        list_api_keys,
    )
    from trichome.plans import Tier

    async with database(settings) as db, db.sessions() as session:
        organization, _ = await get_or_create_organization(session, DEV_ORGANIZATION, Tier.OPERATOR)
        keys = await list_api_keys(session, organization.id)
        if any(key.revoked_at is None for key, _ in keys):
            await session.commit()
            return organization.name, None
        key = await create_api_key(session, organization, "development key (make run)")
        await session.commit()
        return organization.name, key.secret


def cmd_dev(args: argparse.Namespace) -> int:
    """Migrate, make sure a development key exists (printed once), and serve everything."""
    settings = load_settings()
    configure_logging(settings)
    # Before the key is printed: a key shown by a run that then fails is easily lost.
    problem = ports_taken(settings)
    if problem:
        print(f"trichome: {problem}", file=sys.stderr)
        return 1
    migrate(settings)
    organization, secret = run_async(_ensure_development_key(settings))
    base = settings.chat_base_url
    print(f"\nTrichome {_version()} — {describe_database(settings)}, engine {settings.engine}\n")
    print(f"Development organisation {organization!r} is on the Operator tier.")
    if secret:
        print("Its API key, shown this once and stored only as a hash:\n")
        print(f"  {secret}\n")
        print("Try it:\n")
        print(
            f"  curl -s {base}/v1/chat/completions \\\n"
            f'    -H "Authorization: Bearer {secret}" -H "Content-Type: application/json" \\\n'
            '    -d \'{"model": "operator-agent", "stream": false, "messages": '
            '[{"role": "user", "content": "What is the decarboxylation factor for THCA?"}]}\'\n'
        )
    else:
        print(
            "Its key was printed when it was created. For another one:\n"
            f"  {command_name()} keys create --org {DEV_ORGANIZATION} --tier operator\n"
        )
    summary = run_async(seed_sandbox_data(settings, DEFAULT_SEED, None, only_if_empty=True))
    if summary is not None:
        print(
            f"Seeded the track-and-trace sandbox: a year to {summary.as_of}, "
            f"{summary.total:,} objects in {summary.seconds:.1f} s."
        )
    _sandbox_banner(settings)
    _toolserver_banner(settings, secret)
    _kb_banner(settings)
    if settings.search_provider:
        print(f"Web search for /v1/responses: {settings.search_provider}.\n")
    else:
        print(
            "Web search for /v1/responses is not configured: answers come from the knowledge "
            "packs. Set TRICHOME_SEARCH_PROVIDER (searxng, brave or tavily) to search.\n"
        )
    print("Services:")
    return serve(settings, None, None, None, 1)


def add_commands(commands: Commands) -> None:
    """Add `trichome dev`."""
    dev_parser = commands.add_parser(
        "dev", help="what `make run` does: migrate, development key, serve everything"
    )
    dev_parser.set_defaults(handler=cmd_dev)
