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


def test_0008_keeps_invitations_and_daily_usage(database_url: str, tmp_path: object) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings, "0007")
    _query(
        settings,
        "INSERT INTO organizations (id, name, tier, created_at) "
        "VALUES ('org_old', 'Old Co', 'team', '2026-01-02 03:04:05')",
    )
    _query(
        settings,
        "INSERT INTO invitations (id, organization_id, email, role, created_at) "
        "VALUES ('inv_old', 'org_old', 'a@example.com', 'member', '2026-01-02 03:04:05')",
    )
    _query(
        settings,
        "INSERT INTO usage_daily (organization_id, day, model, calls) "
        "VALUES ('org_old', '2026-01-05', 'team-agent', 7)",
    )
    upgrade_database(settings)
    [(token_hash, expires_at)] = _query(settings, "SELECT token_hash, expires_at FROM invitations")
    assert token_hash is None and str(expires_at).startswith("2026-01-09 03:04:05")
    [(starts_at, calls)] = _query(settings, "SELECT starts_at, calls FROM usage_days")
    assert str(starts_at).startswith("2026-01-05 00:00:00") and calls == 7
    command.downgrade(alembic_config(settings), "0007")
    assert _query(settings, "SELECT day, model, calls FROM usage_daily") == [
        ("2026-01-05", "team-agent", 7)
    ]
    assert _query(settings, "SELECT id FROM invitations") == [("inv_old",)]


def test_the_migrations_build_exactly_the_models_schema(
    database_url: str, tmp_path: object
) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from trichome.db.models import Base

    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings)

    async def differences() -> list[object]:
        engine = create_engine(settings)
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(
                    lambda sync: list(
                        compare_metadata(MigrationContext.configure(sync), Base.metadata)
                    )
                )
        finally:
            await engine.dispose()

    assert asyncio.run(differences()) == []


def test_0009_adds_and_removes_the_oauth_tables(database_url: str, tmp_path: object) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings, "0008")
    _query(
        settings,
        "INSERT INTO organizations (id, name, tier, created_at) "
        "VALUES ('org_old', 'Old Co', 'team', '2026-01-02 03:04:05')",
    )
    upgrade_database(settings)
    _query(
        settings,
        "INSERT INTO oauth_clients (id, redirect_uris, grant_types, token_endpoint_auth_method, "
        "client_metadata, created_at) VALUES ('mcpc_1', '[\"http://127.0.0.1:9/cb\"]', "
        "'[\"authorization_code\"]', 'none', '{}', '2026-01-02 03:04:05')",
    )
    assert _query(settings, "SELECT id FROM oauth_clients") == [("mcpc_1",)]
    command.downgrade(alembic_config(settings), "0008")
    assert _query(settings, "SELECT id FROM organizations") == [("org_old",)]
    upgrade_database(settings)
    assert _query(settings, "SELECT count(*) FROM oauth_grants") == [(0,)]


def test_0016_keeps_usage_without_a_key_and_sums_keys_going_back(
    database_url: str, tmp_path: object
) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings, "0015")
    _query(
        settings,
        "INSERT INTO organizations (id, name, tier, created_at) "
        "VALUES ('org_old', 'Old Co', 'team', '2026-01-02 03:04:05')",
    )
    _query(
        settings,
        "INSERT INTO usage_days (organization_id, starts_at, model, calls) "
        "VALUES ('org_old', '2026-01-05 00:00:00', 'operator-agent', 7)",
    )
    upgrade_database(settings)
    assert _query(settings, "SELECT key_id, calls FROM usage_days") == [(None, 7)]
    _query(
        settings,
        "INSERT INTO usage_days (organization_id, starts_at, model, key_id, calls) "
        "VALUES ('org_old', '2026-01-05 00:00:00', 'operator-agent', 'key_1', 2)",
    )
    command.downgrade(alembic_config(settings), "0015")
    assert _query(settings, "SELECT model, calls FROM usage_days") == [("operator-agent", 9)]


def test_0021_keeps_drive_connections_and_their_tokens(database_url: str, tmp_path: object) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings, "0020_drive_refusals")
    _query(
        settings,
        "INSERT INTO organizations (id, name, tier, created_at) "
        "VALUES ('org_old', 'Old Co', 'pro', '2026-01-02 03:04:05')",
    )
    _query(
        settings,
        "INSERT INTO drive_connections (organization_id, refresh_token_encrypted, folder_id, "
        "connected_at) VALUES ('org_old', 'sealed', '1Fkfolder0000', '2026-01-02 03:04:05')",
    )
    upgrade_database(settings)
    # The first sync after the upgrade lists the folder whole, then keeps a page token.
    assert _query(settings, "SELECT folder_id, page_token FROM drive_connections") == [
        ("1Fkfolder0000", None)
    ]
    _query(settings, "UPDATE drive_connections SET page_token = '42'")
    _query(
        settings,
        "INSERT INTO drive_folders (organization_id, drive_folder_id, path) "
        "VALUES ('org_old', '1Fkfolder0000', '')",
    )
    command.downgrade(alembic_config(settings), "0020_drive_refusals")
    assert _query(settings, "SELECT refresh_token_encrypted FROM drive_connections") == [
        ("sealed",)
    ]
    upgrade_database(settings)
    assert _query(settings, "SELECT count(*) FROM drive_folders") == [(0,)]


def test_0022_keeps_drive_connections_and_adds_their_channels(
    database_url: str, tmp_path: object
) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url)  # type: ignore[arg-type]
    upgrade_database(settings, "0021_drive_changes")
    _query(
        settings,
        "INSERT INTO organizations (id, name, tier, created_at) "
        "VALUES ('org_old', 'Old Co', 'pro', '2026-01-02 03:04:05')",
    )
    _query(
        settings,
        "INSERT INTO drive_connections (organization_id, refresh_token_encrypted, folder_id, "
        "connected_at, page_token) VALUES ('org_old', 'sealed', '1Fkfolder0000', "
        "'2026-01-02 03:04:05', '42')",
    )
    upgrade_database(settings)
    # My Drive until a full listing says otherwise; no channel until the upkeep opens one.
    assert _query(
        settings,
        "SELECT page_token, drive_id, last_sync_from_changes, channel_id, notified_at "
        "FROM drive_connections",
    ) == [("42", None, None, None, None)]
    _query(
        settings,
        "UPDATE drive_connections SET channel_id = 'c1', channel_token_hash = 'h', "
        "drive_id = '0Ashared', last_sync_from_changes = true",
    )
    command.downgrade(alembic_config(settings), "0021_drive_changes")
    assert _query(
        settings, "SELECT refresh_token_encrypted, page_token FROM drive_connections"
    ) == [("sealed", "42")]
    upgrade_database(settings)
    assert _query(settings, "SELECT channel_id FROM drive_connections") == [(None,)]
