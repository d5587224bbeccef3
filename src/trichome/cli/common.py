"""What every `trichome` command shares: settings, logging, the event loop, the database
(migrated, then opened and closed around the command's work) and table output."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from trichome.config import Settings

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

# What a command group adds its commands to: the subcommands of `trichome`.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

# The organisation `trichome dev` keys and `trichome dashboard login-link` signs in to.
DEV_ORGANIZATION = "Development"


def load_settings() -> Settings:
    """The settings from the environment; a bad value ends the command with its message."""
    try:
        return Settings()
    except Exception as error:  # pydantic's message names the variable at fault
        raise SystemExit(f"trichome: invalid configuration: {_config_problem(error)}") from None


def _config_problem(error: Exception) -> str:
    """Pydantic's complaint about the settings, on one line, each field named as its variable."""
    from pydantic import ValidationError

    if not isinstance(error, ValidationError):
        return " ".join(str(error).split())
    problems = []
    for problem in error.errors(include_url=False):
        field = ".".join(str(part) for part in problem["loc"])
        variable = f"TRICHOME_{field.upper()}" if field else "the settings"
        given = problem.get("input")
        secret = any(word in field for word in ("key", "secret", "url", "password"))
        shown = f" (got {given!r})" if isinstance(given, str | int) and not secret else ""
        problems.append(f"{variable}: {problem['msg']}{shown}")
    return "; ".join(problems) + "; fix the variable or unset it for the default"


def configure_logging(settings: Settings) -> None:
    """Log at the configured level, without the chattiest libraries' INFO lines."""
    logging.basicConfig(level=settings.log_level.upper())
    # Alembic narrates every migration step at INFO; its warnings and errors still show.
    logging.getLogger("alembic").setLevel(max(logging.WARNING, logging.root.level))
    # A line per Metrc request (httpx) and per MCP session manager start is noise at INFO.
    for chatty in ("httpx", "mcp"):
        logging.getLogger(chatty).setLevel(max(logging.WARNING, logging.root.level))


def run_async(coroutine: Any) -> Any:
    """Run a command's coroutine to completion on a fresh event loop (uvloop when installed)."""
    # uvicorn.run sets up uvloop itself; servers started from our own loop need it here.
    try:
        import uvloop
    except ImportError:  # uvicorn[standard] brings it on every platform we deploy to
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def migrate(settings: Settings) -> None:
    """Bring the database schema to the newest revision."""
    from trichome.db.migrate import upgrade_database

    upgrade_database(settings)


def describe_database(settings: Settings) -> str:
    """Where the database is, for a person (a PostgreSQL password is hidden)."""
    if settings.uses_sqlite:
        return f"SQLite at {settings.data_dir.resolve() / 'trichome.db'}"
    from sqlalchemy.engine import make_url

    return f"{make_url(settings.resolved_database_url).render_as_string(hide_password=True)}"


@dataclass(frozen=True)
class Database:
    """The database a command works on: its engine and its sessions."""

    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]


@contextlib.asynccontextmanager
async def database(settings: Settings) -> AsyncIterator[Database]:
    """The configured database, open for one command and closed (pool disposed) after it."""
    from trichome.db.engine import create_engine, create_sessionmaker

    engine = create_engine(settings)
    try:
        yield Database(engine, create_sessionmaker(engine))
    finally:
        await engine.dispose()


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Print rows under a header, each column as wide as its widest cell."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=False)]
    for row in (header, *rows):
        print(
            "  ".join(
                str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)
            ).rstrip()
        )


def command_name() -> str:
    """How to type the `trichome` command again: `trichome` when it is on PATH, else the path
    it was started by (`.venv/bin/trichome` under `make run`)."""
    import shutil
    import sys
    from pathlib import Path

    started = sys.argv[0] if sys.argv else ""
    on_path = shutil.which("trichome")
    if Path(started).name != "trichome" or (
        on_path and Path(on_path).resolve() == Path(started).resolve()
    ):
        return "trichome"
    return started


def name_argument(value: str) -> str:
    """An organisation's or endpoint's name as given: not blank (argparse reports the error)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be blank")
    return value.strip()


def email_argument(value: str) -> str:
    """An email address as given: something@somewhere, without spaces."""
    address = value.strip()
    local, at, domain = address.rpartition("@")
    if not (at and local and domain) or any(char.isspace() for char in address):
        raise argparse.ArgumentTypeError(f"not an email address: {value!r}")
    return address
