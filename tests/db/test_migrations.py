"""The migrations run forwards and backwards, on SQLite and PostgreSQL, keeping data."""

from __future__ import annotations

import asyncio

from alembic import command
from sqlalchemy import text

from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.migrate import alembic_config, upgrade_database


def _query(settings: Settings, sql: str) -> list[tuple[object, ...]]:
    async def run() -> list[tuple[object, ...]]:
        engine = create_engine(settings)
        try:
            async with engine.begin() as connection:
                result = await connection.execute(text(sql))
                return [tuple(row) for row in result.all()] if result.returns_rows else []
        finally:
            await engine.dispose()

    return asyncio.run(run())


def test_an_existing_database_upgrades_with_its_data(database_url: str, tmp_path: object) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings, "0001")
    _query(
        settings,
        "INSERT INTO organizations (id, name, tier, created_at) "
        "VALUES ('org_old', 'Old Co', 'pro', '2026-01-02 03:04:05')",
    )
    upgrade_database(settings)
    assert _query(settings, "SELECT organization_id, name, is_default FROM endpoints") == [
        ("org_old", "default", True)
    ]
    assert len(_query(settings, "SELECT id FROM ads WHERE active")) >= 5
    config = alembic_config(settings)
    command.downgrade(config, "base")
    upgrade_database(settings)
    assert _query(settings, "SELECT count(*) FROM organizations") == [(0,)]
