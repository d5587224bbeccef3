"""Failures a user can cause, told in one line that names the problem and the fix.

`main` hands every exception a command raises to `explain`: what a person can cure (an
unreachable or mistyped database, a data directory that cannot be written, a file that is
not there, a reader that stopped reading, a port already taken) becomes one line on stderr
and exit status 1; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# The variable that moves each service to another port.
PORT_VARIABLES = {
    "chat": "TRICHOME_CHAT_PORT",
    "toolserver": "TRICHOME_TOOLSERVER_PORT",
    "kb": "TRICHOME_KB_PORT",
    "dashboard": "TRICHOME_DASHBOARD_PORT",
    "sandbox": "TRICHOME_SANDBOX_PORT",
}


def one_line(text: str) -> str:
    """`text` with its lines joined, for a message that must stay on one line."""
    return " ".join(part.strip() for part in str(text).splitlines() if part.strip())


def _settings() -> Any:
    try:
        from trichome.config import Settings

        return Settings()
    except Exception:
        return None


def _database_problem(error: BaseException) -> str | None:
    from sqlalchemy import exc

    settings = _settings()
    where = "the database"
    if settings is not None:
        from trichome.cli.common import describe_database

        with contextlib.suppress(Exception):  # a URL that does not parse is named below
            where = f"the database ({describe_database(settings)})"
    if isinstance(error, exc.ArgumentError) and "URL" in str(error):
        return (
            f"TRICHOME_DATABASE_URL is not a database URL ({one_line(str(error))}): write it "
            "like postgresql+asyncpg://user@host/db, or unset it for SQLite in TRICHOME_DATA_DIR"
        )
    connection_errors: tuple[type[BaseException], ...] = (
        ConnectionError,
        socket.gaierror,
        TimeoutError,
        exc.OperationalError,
        exc.InterfaceError,
    )
    if isinstance(error, connection_errors) or type(error).__module__.startswith("asyncpg"):
        return (
            f"cannot reach {where}: {one_line(str(error)) or type(error).__name__}; "
            "start it, or fix TRICHOME_DATABASE_URL"
        )
    return None


def _path_problem(error: OSError) -> str:
    path = Path(os.fsdecode(error.filename))
    problem = error.strerror or type(error).__name__
    settings = _settings()
    if settings is not None:
        for variable, directory in (
            ("TRICHOME_KB_INDEX_DIR", settings.kb_index_dir),
            ("TRICHOME_DATA_DIR", settings.data_dir),
        ):
            if directory is None:
                continue
            directory = Path(directory).absolute()
            target = path.absolute()
            if target == directory or directory in target.parents or target in directory.parents:
                return (
                    f"{variable} ({directory}) cannot be used: {problem}: {path}; "
                    "point it at a directory this user can write"
                )
    return f"{problem}: {path}; check the path and its permissions"


def explain(error: BaseException) -> str | None:
    """One line telling what went wrong and what to do, or None for a bug."""
    if isinstance(error, BrokenPipeError):
        return (
            "the output was closed before the command finished (broken pipe); "
            "to keep all of it, write it to a file"
        )
    database = _database_problem(error)
    if database is not None:
        return database
    if isinstance(error, OSError) and error.filename is not None:
        return _path_problem(error)
    return None


def report(error: BaseException) -> int | None:
    """Print `error` as one line on stderr and give the exit status, or None for a bug."""
    message = explain(error)
    if message is None:
        return None
    if isinstance(error, BrokenPipeError):
        # Python flushes stdout at exit: point it at /dev/null so that fails no more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    print(f"trichome: {message}", file=sys.stderr)
    return 1


def port_problem(listeners: Sequence[Any], port_given: bool) -> str | None:
    """Why a service could not listen where it is asked to, or None when every port is free.

    Each address is bound and released as uvicorn binds it (SO_REUSEADDR), before anything
    starts, so a taken port is named with the setting that moves it.
    """
    for listener in listeners:
        try:
            infos = socket.getaddrinfo(
                listener.host, listener.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
            )
        except socket.gaierror as error:
            return (
                f"cannot listen on host {listener.host!r} ({error.strerror}): set "
                "TRICHOME_HOST (or --host) to an address of this machine, like 127.0.0.1"
            )
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as error:
                variable = "--port" if port_given else PORT_VARIABLES[listener.service]
                fix = f"give {variable}" if port_given else f"set {variable} to"
                where = f"{listener.host}:{listener.port}"
                if error.errno == errno.EADDRINUSE:
                    return (
                        f"port {listener.port} ({listener.service}, {where}) is already in "
                        f"use: stop what listens there, or {fix} a free port"
                    )
                if error.errno == errno.EACCES:
                    return (
                        f"no permission to listen on {where} ({listener.service}): "
                        f"{fix} a port from 1024 up"
                    )
                return (
                    f"cannot listen on {where} ({listener.service}): {error.strerror}; "
                    "set TRICHOME_HOST (or --host) to an address of this machine"
                )
    return None
