"""The `trichome` command: serve, migrate, keys, endpoints, metrc, kb, billing, mcp, dev."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any
from urllib.parse import urlencode

from trichome.config import Settings
from trichome.sandbox.reference import DEFAULT_SEED

SERVICES = ("chat", "toolserver", "kb", "dashboard", "sandbox")
# The services built so far, each an importable module with `create_app(settings)`.
BUILT_SERVICES: dict[str, str] = {
    "chat": "trichome.services.chat.app",
    "toolserver": "trichome.services.toolserver.app",
    "kb": "trichome.services.kb.app",
    "dashboard": "trichome.services.dashboard.app",
    "sandbox": "trichome.services.sandbox.app",
}
DEV_ORGANIZATION = "Development"


@dataclass(frozen=True)
class Listener:
    """A service and where it listens."""

    service: str
    host: str
    port: int


def _port_of(settings: Settings, service: str) -> int:
    port: int = getattr(settings, f"{service}_port")
    return port


def _settings() -> Settings:
    try:
        return Settings()
    except Exception as error:  # pydantic's message names the variable at fault
        raise SystemExit(f"trichome: invalid configuration: {error}") from None


def _configure_logging(settings: Settings) -> None:
    logging.basicConfig(level=settings.log_level.upper())
    # Alembic narrates every migration step at INFO; its warnings and errors still show.
    logging.getLogger("alembic").setLevel(max(logging.WARNING, logging.root.level))
    # A line per Metrc request (httpx) and per MCP session manager start is noise at INFO.
    for chatty in ("httpx", "mcp"):
        logging.getLogger(chatty).setLevel(max(logging.WARNING, logging.root.level))


def _run_async(coroutine: Any) -> Any:
    # uvicorn.run sets up uvloop itself; servers started from our own loop need it here.
    try:
        import uvloop
    except ImportError:  # uvicorn[standard] brings it on every platform we deploy to
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


# ----------------------------------------------------------------------------- migrate


def migrate(settings: Settings) -> None:
    """Bring the database schema to the newest revision."""
    from trichome.db.migrate import upgrade_database

    upgrade_database(settings)


def cmd_migrate(_: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    print(f"database is up to date ({_describe_database(settings)})")
    return 0


def _describe_database(settings: Settings) -> str:
    if settings.uses_sqlite:
        return f"SQLite at {settings.data_dir.resolve() / 'trichome.db'}"
    from sqlalchemy.engine import make_url

    return f"{make_url(settings.resolved_database_url).render_as_string(hide_password=True)}"


# ----------------------------------------------------------------------------- keys


async def _create_key(
    settings: Settings, org: str, tier: str, name: str, endpoint: str | None
) -> tuple[str, str, str, bool]:
    from trichome.accounts.endpoints import find_endpoint
    from trichome.accounts.service import create_api_key, get_or_create_organization, set_tier
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.plans import Tier

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
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
    finally:
        await engine.dispose()


def cmd_keys_create(args: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    key_id, org, secret, created = _run_async(
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
    from trichome.db.engine import create_engine, create_sessionmaker

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            rows = await list_api_keys(session)
    finally:
        await engine.dispose()

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


def _print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=False)]
    for row in (header, *rows):
        print(
            "  ".join(
                str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)
            ).rstrip()
        )


def cmd_keys_list(_: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    rows = _run_async(_list_keys(settings))
    if not rows:
        print("no API keys yet; create one with: trichome keys create --org NAME --tier free")
        return 0
    header = ["ID", "ORGANISATION", "TIER", "NAME", "KEY", "CREATED", "LAST USED", "STATUS"]
    _print_table(header, rows)
    return 0


async def _revoke_key(settings: Settings, key_id: str) -> bool:
    from trichome.accounts.service import KeyNotFoundError, revoke_api_key
    from trichome.db.engine import create_engine, create_sessionmaker

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            try:
                await revoke_api_key(session, key_id)
            except KeyNotFoundError:
                return False
            await session.commit()
            return True
    finally:
        await engine.dispose()


def cmd_keys_revoke(args: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    if not _run_async(_revoke_key(settings, args.key_id)):
        print(f"trichome: no API key with id {args.key_id!r}", file=sys.stderr)
        return 1
    print(f"revoked {args.key_id}; every worker refuses it from its next request")
    return 0


# ----------------------------------------------------------------------------- endpoints


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
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.db.models import Organization

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
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
    finally:
        await engine.dispose()


def cmd_endpoints_add(args: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    endpoint_id = _run_async(_add_endpoint(settings, args))
    print(f"added endpoint {endpoint_id} ({args.name}) to {args.org!r}")
    return 0


async def _list_endpoints(settings: Settings, org: str | None) -> list[list[str]]:
    from sqlalchemy import select

    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.db.models import Endpoint, Organization

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            query = select(Endpoint, Organization.name).join(
                Organization, Organization.id == Endpoint.organization_id
            )
            if org is not None:
                query = query.where(Organization.name == org)
            rows = (await session.execute(query.order_by(Organization.name, Endpoint.name))).all()
    finally:
        await engine.dispose()
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
    settings = _settings()
    migrate(settings)
    rows = _run_async(_list_endpoints(settings, args.org))
    _print_table(["ID", "ORGANISATION", "NAME", "URL", "UPSTREAM MODELS"], rows)
    return 0


# ----------------------------------------------------------------------------- metrc


async def _seed(settings: Settings, seed: int, as_of: Any, only_if_empty: bool) -> Any:
    """Fill the sandbox with a simulated year; with `only_if_empty`, leave existing data."""
    from sqlalchemy import func, select

    from trichome.db.engine import create_engine
    from trichome.db.models import SandboxObject
    from trichome.sandbox.seed import seed_sandbox
    from trichome.sandbox.store import SandboxStore

    engine = create_engine(settings)
    try:
        if only_if_empty:
            async with engine.connect() as connection:
                if await connection.scalar(select(func.count(SandboxObject.id))):
                    return None
        return await seed_sandbox(SandboxStore(engine), seed, as_of)
    finally:
        await engine.dispose()


def cmd_metrc_seed(args: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    summary = _run_async(_seed(settings, args.seed, args.as_of, only_if_empty=False))
    print(
        f"seeded the sandbox with seed {summary.seed}: the year to {summary.as_of}, "
        f"{summary.total:,} objects in {summary.seconds:.1f} s ({_describe_database(settings)})"
    )
    _print_table(["KIND", "OBJECTS"], [[kind, f"{n:,}"] for kind, n in summary.counts.items()])
    return 0


def _read_metrc_keys(settings: Settings) -> Any:
    """The Metrc keys to store: from the environment, else asked for (never from arguments,
    which shell history and process listings keep)."""
    import getpass

    from trichome.metrc import MetrcCredentials

    vendor = settings.metrc_vendor_key.get_secret_value() if settings.metrc_vendor_key else ""
    user = settings.metrc_user_key.get_secret_value() if settings.metrc_user_key else ""
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
    from trichome.db.engine import create_engine, create_sessionmaker

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization = await find_organization(session, org)
            if organization is None:
                raise SystemExit(f"trichome: no organisation called {org!r}")
            await store_metrc_keys(
                session, SecretBox(settings), organization.id, credentials, base_url
            )
            await session.commit()
    finally:
        await engine.dispose()


def cmd_metrc_connect(args: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    credentials = _read_metrc_keys(settings)
    base_url = args.base_url.rstrip("/") if args.base_url else None
    _run_async(_connect(settings, args.org, credentials, base_url))
    print(
        f"stored Metrc keys for {args.org!r} (encrypted; vendor …{credentials.vendor_key[-4:]}, "
        f"user …{credentials.user_key[-4:]}) for {base_url or settings.metrc_url}"
    )
    return 0


async def _disconnect(settings: Settings, org: str) -> bool:
    from trichome.accounts.metrc_keys import forget_metrc_keys
    from trichome.accounts.service import find_organization
    from trichome.db.engine import create_engine, create_sessionmaker

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization = await find_organization(session, org)
            if organization is None:
                raise SystemExit(f"trichome: no organisation called {org!r}")
            forgotten = await forget_metrc_keys(session, organization.id)
            await session.commit()
            return forgotten
    finally:
        await engine.dispose()


def cmd_metrc_disconnect(args: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    if _run_async(_disconnect(settings, args.org)):
        print(f"deleted the stored Metrc keys of {args.org!r}")
        return 0
    print(f"trichome: {args.org!r} has no stored Metrc keys", file=sys.stderr)
    return 1


async def _connections(settings: Settings) -> list[list[str]]:
    from trichome.accounts.metrc_keys import list_metrc_keys
    from trichome.db.engine import create_engine, create_sessionmaker

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            rows = await list_metrc_keys(session)
    finally:
        await engine.dispose()
    return [
        [
            row.organization,
            row.base_url or f"(default) {settings.metrc_url}",
            f"…{row.vendor_key_last4}",
            f"…{row.user_key_last4}",
            row.updated_at.strftime("%Y-%m-%d %H:%M"),
        ]
        for row in rows
    ]


def cmd_metrc_connections(_: argparse.Namespace) -> int:
    settings = _settings()
    migrate(settings)
    rows = _run_async(_connections(settings))
    _print_table(["ORGANISATION", "METRC BASE URL", "VENDOR KEY", "USER KEY", "STORED"], rows)
    return 0


def cmd_mcp(_: argparse.Namespace) -> int:
    """Serve the tools over stdio. Nothing may be printed to stdout: it is the wire."""
    settings = _settings()
    logging.basicConfig(level=settings.log_level.upper(), stream=sys.stderr)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    from trichome.services.toolserver.mcp_server import SelectionError
    from trichome.services.toolserver.stdio import serve_stdio

    try:
        _run_async(serve_stdio(settings))
    except SelectionError as error:
        print(f"trichome mcp: {error}", file=sys.stderr)
        return 2
    return 0


def _a_date(text: str) -> Any:
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text!r}") from None


def _sandbox_banner(settings: Settings) -> None:
    from trichome.sandbox.reference import FACILITIES

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
    print("  For an editor over stdio: `trichome mcp` (see the README's tool server section).\n")


def _kb_banner(settings: Settings) -> None:
    base = f"http://{settings.host}:{settings.kb_port}"
    sample = " (the sample corpus loads at its first start)" if settings.kb_sample else ""
    print(f"Knowledge base at {base}{sample}, no key needed:")
    print(
        f"  curl -s '{base}/api/threads?q=winterization+filter&limit=3'\n"
        f"  curl -s {base}/api/chat -H 'Content-Type: application/json' \\\n"
        '    -d \'{"message": "How do I keep terpenes when pressing rosin?"}\'\n'
    )


# ----------------------------------------------------------------------------- serve


def _listeners(
    settings: Settings, service: str | None, host: str | None, port: int | None
) -> list[Listener]:
    bind = host or settings.host
    if service is not None:
        return [Listener(service, bind, port or _port_of(settings, service))]
    return [Listener(name, bind, _port_of(settings, name)) for name in BUILT_SERVICES]


def _uvicorn_options(settings: Settings) -> dict[str, Any]:
    return {
        "log_level": settings.log_level,
        "proxy_headers": False,  # client IPs come from TRICHOME_TRUSTED_PROXIES, not blind trust
        "server_header": False,
        "timeout_keep_alive": 30,
    }


async def _serve_together(settings: Settings, listeners: Sequence[Listener]) -> None:
    import uvicorn

    class _SharedSignalServer(uvicorn.Server):
        # Each server would otherwise take over SIGINT/SIGTERM from the one before it.
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield

    servers = []
    for listener in listeners:
        app = import_module(BUILT_SERVICES[listener.service]).create_app(settings)
        config = uvicorn.Config(
            app, host=listener.host, port=listener.port, **_uvicorn_options(settings)
        )
        servers.append(_SharedSignalServer(config))
    loop = asyncio.get_running_loop()

    def stop() -> None:
        for server in servers:
            server.should_exit = True

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    await asyncio.gather(*(server.serve() for server in servers))


def serve(
    settings: Settings, service: str | None, host: str | None, port: int | None, workers: int
) -> int:
    """Serve one service (optionally with many workers), or every built service in this process."""
    if service is not None and service not in BUILT_SERVICES:
        print(
            f"trichome: the {service} service is not available in this version "
            f"(available: {', '.join(BUILT_SERVICES)})",
            file=sys.stderr,
        )
        return 2
    if service is None and (port is not None or workers != 1):
        print("trichome: --port and --workers need a SERVICE", file=sys.stderr)
        return 2
    if service in (None, "toolserver"):
        from trichome.services.toolserver.mcp_server import SelectionError, offered_tools

        try:
            offered_tools(settings)
        except SelectionError as error:
            print(f"trichome: TRICHOME_MCP_TOOLSETS/TRICHOME_MCP_TOOLS: {error}", file=sys.stderr)
            return 2
    migrate(settings)
    listeners = _listeners(settings, service, host, port)
    for listener in listeners:
        print(f"  {listener.service:<11} http://{listener.host}:{listener.port}", flush=True)
    if service is not None and workers > 1:
        import uvicorn

        uvicorn.run(
            f"{BUILT_SERVICES[service]}:create_app",
            factory=True,
            host=listeners[0].host,
            port=listeners[0].port,
            workers=workers,
            **_uvicorn_options(settings),
        )
        return 0
    _run_async(_serve_together(settings, listeners))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    settings = _settings()
    _configure_logging(settings)
    return serve(settings, args.service, args.host, args.port, args.workers)


# ----------------------------------------------------------------------------- dev


async def _ensure_development_key(settings: Settings) -> tuple[str, str | None]:
    """The development organisation's name and, when it has no active key, a new key."""
    from trichome.accounts.service import (
        create_api_key,
        get_or_create_organization,
        list_api_keys,
    )
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.plans import Tier

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(
                session, DEV_ORGANIZATION, Tier.OPERATOR
            )
            keys = await list_api_keys(session, organization.id)
            if any(key.revoked_at is None for key, _ in keys):
                await session.commit()
                return organization.name, None
            key = await create_api_key(session, organization, "development key (make run)")
            await session.commit()
            return organization.name, key.secret
    finally:
        await engine.dispose()


def cmd_dev(args: argparse.Namespace) -> int:
    """Migrate, make sure a development key exists (printed once), and serve everything."""
    settings = _settings()
    _configure_logging(settings)
    migrate(settings)
    organization, secret = _run_async(_ensure_development_key(settings))
    base = settings.chat_base_url
    print(f"\nTrichome {_version()} — {_describe_database(settings)}, engine {settings.engine}\n")
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
            f"  trichome keys create --org {DEV_ORGANIZATION} --tier operator\n"
        )
    summary = _run_async(_seed(settings, DEFAULT_SEED, None, only_if_empty=True))
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


# ----------------------------------------------------------------------------- kb


@contextlib.asynccontextmanager
async def _knowledge_base(settings: Settings) -> AsyncIterator[Any]:
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.forum.service import ForumKnowledgeBase

    engine = create_engine(settings)
    try:
        yield ForumKnowledgeBase(settings, create_sessionmaker(engine))
    finally:
        await engine.dispose()


def _kb_settings() -> Settings:
    """The settings of a `trichome kb` command, logging set up and the schema current."""
    settings = _settings()
    _configure_logging(settings)
    migrate(settings)
    return settings


def _saved_line(saved: Any) -> str:
    return f"{saved.created} new, {saved.updated} updated, {saved.unchanged} unchanged"


def cmd_kb_import(args: argparse.Namespace) -> int:
    """Load threads from a JSON Lines file (or stdin) and index them."""
    settings = _kb_settings()

    async def run() -> Any:
        async with _knowledge_base(settings) as knowledge:
            if args.file == "-":
                return await knowledge.import_jsonl(sys.stdin.buffer)
            with open(args.file, "rb") as stream:
                return await knowledge.import_jsonl(stream)

    try:
        report = _run_async(run())
    except OSError as error:
        print(f"trichome kb import: {error}", file=sys.stderr)
        return 1
    for bad in report.bad_lines[:20]:
        print(f"  line {bad.line}: {bad.reason}", file=sys.stderr)
    if len(report.bad_lines) > 20:
        print(f"  … and {len(report.bad_lines) - 20} more bad lines", file=sys.stderr)
    print(
        f"Imported {args.file}: {_saved_line(report.saved)}; {len(report.bad_lines)} bad "
        f"lines skipped; {report.indexed} threads indexed."
    )
    return 1 if report.bad_lines and not report.saved.changed_ids else 0


def cmd_kb_export(args: argparse.Namespace) -> int:
    """Write every thread as JSON Lines to a file (or stdout)."""
    settings = _kb_settings()

    async def run() -> int:
        async with _knowledge_base(settings) as knowledge:
            if args.output == "-":
                written = int(await knowledge.export_jsonl(sys.stdout.buffer))
                sys.stdout.buffer.flush()
                return written
            with open(args.output, "wb") as stream:
                return int(await knowledge.export_jsonl(stream))

    written = _run_async(run())
    print(f"Exported {written} threads to {args.output}.", file=sys.stderr)
    return 0


def cmd_kb_reindex(_: argparse.Namespace) -> int:
    """Rebuild the search index from the database."""
    settings = _kb_settings()

    async def run() -> int:
        async with _knowledge_base(settings) as knowledge:
            return int(await knowledge.reindex())

    started = time.monotonic()
    count = _run_async(run())
    print(
        f"Indexed {count} threads in {time.monotonic() - started:.1f} s ({settings.kb_index_path})."
    )
    return 0


def cmd_kb_ingest_discourse(args: argparse.Namespace) -> int:
    """Crawl a Discourse forum's public JSON into the knowledge base, then index what changed."""
    settings = _kb_settings()
    from trichome.forum.discourse import CrawlError, crawl_discourse

    interval = settings.kb_crawl_interval if args.interval is None else args.interval

    async def run() -> tuple[Any, int, str | None]:
        async with _knowledge_base(settings) as knowledge:
            try:
                report = await crawl_discourse(
                    args.base_url,
                    knowledge.sessions,
                    min_interval=interval,
                    max_topics=args.max_topics,
                    progress=lambda line: print(f"  {line}", file=sys.stderr, flush=True),
                )
                problem = None
            except CrawlError as error:
                if error.report is None:
                    raise
                report, problem = error.report, str(error)
            # What was saved before a stop is searchable too.
            return report, await knowledge.index_threads(report.changed_ids), problem

    try:
        report, indexed, problem = _run_async(run())
    except CrawlError as error:
        print(f"trichome kb ingest: {error}", file=sys.stderr)
        return 1
    skipped = sum(report.skipped.values())
    print(
        f"Crawled {args.base_url}{' (resumed)' if report.resumed else ''}: "
        f"{report.topics_fetched} topics fetched in {report.requests} requests; "
        f"{report.created} new, {report.updated} updated, {report.unchanged} unchanged, "
        f"{skipped} skipped; {indexed} threads indexed."
    )
    for reason, count in sorted(report.skipped.items()):
        print(f"  skipped {count}: {reason}")
    if problem is not None:
        print(f"trichome kb ingest: {problem}", file=sys.stderr)
        return 1
    if not report.finished:
        print(f"{report.remaining} topics still queued: run the same command again to go on.")
    return 0


# ----------------------------------------------------------------------------- dashboard


async def _login_link(settings: Settings, org: str, email: str | None) -> str | None:
    from trichome.accounts.service import find_organization, get_or_create_organization
    from trichome.accounts.sessions import create_login_link, owner_of
    from trichome.accounts.users import user_for_email
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.db.models import utcnow
    from trichome.plans import Tier

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            if email is not None:
                user = await user_for_email(session, email)
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
    finally:
        await engine.dispose()


def cmd_dashboard_login_link(args: argparse.Namespace) -> int:
    """Print a one-time, 15-minute sign-in link for an organisation's owner or a user."""
    settings = _settings()
    _configure_logging(settings)
    migrate(settings)
    token = _run_async(_login_link(settings, args.org, args.email))
    if token is None:
        print(f"trichome: no organisation called {args.org!r}", file=sys.stderr)
        return 1
    print(f"{settings.dashboard_base_url}/login/link?{urlencode({'token': token})}")
    return 0


async def _cleanup_dashboard(settings: Settings) -> tuple[Any, Any]:
    from trichome.accounts.oauth_grants import purge_expired_oauth
    from trichome.accounts.sessions import purge_expired
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.db.models import utcnow

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session, session.begin():
            now = utcnow()
            return await purge_expired(session, now), await purge_expired_oauth(session, now)
    finally:
        await engine.dispose()


def cmd_dashboard_cleanup(_: argparse.Namespace) -> int:
    """Delete expired dashboard sessions, login links, long-expired invitations, and
    expired OAuth codes, tokens and grants of MCP clients."""
    settings = _settings()
    _configure_logging(settings)
    migrate(settings)
    purged, oauth = _run_async(_cleanup_dashboard(settings))
    print(
        f"deleted {purged.sessions} expired sessions, {purged.login_links} login links "
        f"and {purged.invitations} invitations"
    )
    print(
        f"deleted {oauth.codes} OAuth codes, {oauth.tokens} tokens, {oauth.grants} grants "
        f"and {oauth.clients} unused client registrations"
    )
    return 0


# ----------------------------------------------------------------------------- billing


async def _sweep_billing(settings: Settings) -> tuple[list[Any], int]:
    from sqlalchemy import func, select

    from trichome.billing.events import lock_billing
    from trichome.billing.subscriptions import BillingPolicy, sweep_subscriptions
    from trichome.db.engine import create_engine, create_sessionmaker
    from trichome.db.models import Subscription, utcnow

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session, session.begin():
            await lock_billing(session)
            changes = await sweep_subscriptions(
                session, BillingPolicy.from_settings(settings), utcnow()
            )
            subscribers = await session.scalar(
                select(func.count(func.distinct(Subscription.organization_id)))
            )
            return changes, int(subscribers or 0)
    finally:
        await engine.dispose()


def cmd_billing_sweep(_: argparse.Namespace) -> int:
    """Re-derive every subscribing organisation's tier now (grace periods, period ends)."""
    settings = _settings()
    _configure_logging(settings)
    migrate(settings)
    changes, subscribers = _run_async(_sweep_billing(settings))
    for change in changes:
        print(f"{change.organization_name}: {change.before} -> {change.after.value}")
    print(f"checked {subscribers} organisations with subscriptions; {len(changes)} tier changes")
    return 0


def _version() -> str:
    from trichome import __version__

    return __version__


# ----------------------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the `trichome` command."""
    parser = argparse.ArgumentParser(prog="trichome", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve_parser = commands.add_parser("serve", help="serve one service, or every service")
    serve_parser.add_argument("service", nargs="?", choices=SERVICES, help="the service to serve")
    serve_parser.add_argument("--host", help="interface to bind (default TRICHOME_HOST)")
    serve_parser.add_argument("--port", type=int, help="port (default: the service's own)")
    serve_parser.add_argument("--workers", type=int, default=1, help="worker processes")
    serve_parser.set_defaults(handler=cmd_serve)

    migrate_parser = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate_parser.set_defaults(handler=cmd_migrate)

    keys_parser = commands.add_parser("keys", help="create, list and revoke API keys")
    keys = keys_parser.add_subparsers(dest="keys_command", required=True, metavar="ACTION")
    create = keys.add_parser("create", help="create a key (and its organisation if new)")
    create.add_argument("--org", required=True, help="organisation name")
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

    endpoints_parser = commands.add_parser("endpoints", help="add and list endpoints")
    endpoint_actions = endpoints_parser.add_subparsers(
        dest="endpoints_command", required=True, metavar="ACTION"
    )
    add = endpoint_actions.add_parser("add", help="add an endpoint to an organisation")
    add.add_argument("--org", required=True, help="organisation name")
    add.add_argument("--name", required=True, help="the endpoint's name")
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
    connect.add_argument("--org", required=True, help="organisation name")
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

    kb_parser = commands.add_parser("kb", help="the knowledge base's forum threads and index")
    kb = kb_parser.add_subparsers(dest="kb_command", required=True, metavar="ACTION")
    ingest = kb.add_parser("ingest", help="crawl a forum into the knowledge base")
    sources = ingest.add_subparsers(dest="kb_source", required=True, metavar="SOURCE")
    discourse = sources.add_parser(
        "discourse",
        help="a Discourse forum through its public JSON (robots.txt honoured; resumes after "
        "an interruption; later runs fetch only what changed)",
    )
    discourse.add_argument(
        "base_url", metavar="BASE_URL", help="the forum, e.g. https://forum.example.com"
    )
    discourse.add_argument(
        "--interval",
        type=float,
        default=None,
        help="seconds between requests (default TRICHOME_KB_CRAWL_INTERVAL)",
    )
    discourse.add_argument(
        "--max-topics", type=int, default=None, help="stop after this many topics (resumable)"
    )
    discourse.set_defaults(handler=cmd_kb_ingest_discourse)
    kb_import = kb.add_parser("import", help="load threads from a JSON Lines file and index them")
    kb_import.add_argument("file", metavar="FILE.jsonl", help="the file, or - for stdin")
    kb_import.set_defaults(handler=cmd_kb_import)
    kb_export = kb.add_parser("export", help="write every thread as JSON Lines")
    kb_export.add_argument(
        "output", nargs="?", default="-", metavar="FILE.jsonl", help="the file (default stdout)"
    )
    kb_export.set_defaults(handler=cmd_kb_export)
    kb.add_parser("reindex", help="rebuild the search index from the database").set_defaults(
        handler=cmd_kb_reindex
    )

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
        help="the user with this address signs in, to their own organisation "
        "(created, with a personal Free organisation, if new)",
    )
    link.set_defaults(handler=cmd_dashboard_login_link)
    dashboard.add_parser(
        "cleanup",
        help="delete expired sessions and login links, and invitations expired 30 days (for cron)",
    ).set_defaults(handler=cmd_dashboard_cleanup)

    billing_parser = commands.add_parser("billing", help="Stripe subscriptions and tiers")
    billing = billing_parser.add_subparsers(dest="billing_command", required=True, metavar="ACTION")
    billing.add_parser(
        "sweep",
        help="apply ended grace periods and period-end cancellations to tiers now (for cron)",
    ).set_defaults(handler=cmd_billing_sweep)

    mcp_parser = commands.add_parser(
        "mcp", help="serve the track-and-trace tools to an AI editor over stdio (MCP)"
    )
    mcp_parser.set_defaults(handler=cmd_mcp)

    dev_parser = commands.add_parser(
        "dev", help="what `make run` does: migrate, development key, serve everything"
    )
    dev_parser.set_defaults(handler=cmd_dev)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `trichome` command."""
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)


if __name__ == "__main__":
    raise SystemExit(main())
