"""Run the Alembic migrations from code, on whichever database the settings name."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from trichome.config import Settings

MIGRATIONS_DIR = Path(__file__).with_name("migrations")


def alembic_config(settings: Settings) -> Config:
    """An Alembic configuration pointing at the packaged migrations and the settings' database."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", settings.resolved_database_url.replace("%", "%%"))
    return config


def upgrade_database(settings: Settings, revision: str = "head") -> None:
    """Bring the database schema up to `revision` (the newest by default)."""
    if settings.uses_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(settings), revision)
