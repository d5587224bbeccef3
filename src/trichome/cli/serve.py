"""`trichome serve`: one service (optionally with many workers), or every service in one
process; `serve` is also how `trichome dev` ends."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from trichome.cli.common import Commands, configure_logging, load_settings, migrate, run_async
from trichome.cli.errors import port_problem
from trichome.config import Settings

SERVICES = ("chat", "toolserver", "kb", "dashboard", "sandbox")
# The services built so far, each an importable module with `create_app(settings)`.
BUILT_SERVICES: dict[str, str] = {
    "chat": "trichome.services.chat.app",
    "toolserver": "trichome.services.toolserver.app",
    "kb": "trichome.services.kb.app",
    "dashboard": "trichome.services.dashboard.app",
    "sandbox": "trichome.services.sandbox.app",
}


@dataclass(frozen=True)
class Listener:
    """A service and where it listens."""

    service: str
    host: str
    port: int


def _port_of(settings: Settings, service: str) -> int:
    port: int = getattr(settings, f"{service}_port")
    return port


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
        # A deadline for each request's head (uvicorn has none): slow clients are bounded.
        "http": "trichome.http.protocol:BoundedHttpProtocol",
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


def ports_taken(settings: Settings) -> str | None:
    """Why `serve` with no service could not listen (a port in use...), or None."""
    return port_problem(_listeners(settings, None, None, None), port_given=False)


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
    listeners = _listeners(settings, service, host, port)
    problem = port_problem(listeners, port_given=port is not None)
    if problem:
        print(f"trichome: {problem}", file=sys.stderr)
        return 1
    migrate(settings)
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
    run_async(_serve_together(settings, listeners))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve what the arguments name, with logging set up."""
    settings = load_settings()
    configure_logging(settings)
    return serve(settings, args.service, args.host, args.port, args.workers)


def add_commands(commands: Commands) -> None:
    """Add `trichome serve`."""
    serve_parser = commands.add_parser("serve", help="serve one service, or every service")
    serve_parser.add_argument("service", nargs="?", choices=SERVICES, help="the service to serve")
    serve_parser.add_argument("--host", help="interface to bind (default TRICHOME_HOST)")
    serve_parser.add_argument("--port", type=int, help="port (default: the service's own)")
    serve_parser.add_argument("--workers", type=int, default=1, help="worker processes")
    serve_parser.set_defaults(handler=cmd_serve)
