"""`trichome documents sync`, run as cron runs it, against the local Google: a connected
folder is synced into its organisation's documents, a revoked authorisation is reported
and exits 1, and without a Google OAuth client the command says what to set."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AsyncExitStack
from pathlib import Path

import anyio
import pytest

from tests.conftest import reconfigured
from tests.documents.test_drive_client import REDIRECT, VERIFIER, consent, drive_settings
from tests.support.google_drive import GoogleServer, google_server
from tests.support.servers import trichome, trichome_env
from trichome.accounts.secrets import SecretBox
from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.documents import drive_store
from trichome.documents.drive_client import GoogleDriveClient
from trichome.documents.service import FileService
from trichome.documents.wiring import open_file_service
from trichome.plans import Tier


@pytest.fixture
def google() -> Iterator[GoogleServer]:
    with google_server() as served:
        served.redirect_uris.add(REDIRECT)
        yield served


async def _connect(settings: Settings, name: str, folder: str) -> str:
    engine = create_engine(settings)
    client = GoogleDriveClient(settings)
    try:
        tokens = await client.exchange_code(consent(client)["code"], REDIRECT, VERIFIER)
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, name, Tier.PRO)
            await drive_store.store_tokens(session, SecretBox(settings), organization.id, tokens)
            await drive_store.choose_folder(session, organization.id, folder)
            await session.commit()
            return organization.id
    finally:
        await client.aclose()
        await engine.dispose()


async def _names(settings: Settings, organization_id: str) -> list[str]:
    engine = create_engine(settings)
    async with AsyncExitStack() as stack:
        files: FileService = open_file_service(settings, create_sessionmaker(engine), stack)
        listed, _ = await files.list(
            organization_id, purpose=None, limit=10, newest_first=False, after=None
        )
    await engine.dispose()
    return sorted(record.filename for record in listed)


def _env(settings: Settings) -> dict[str, str]:
    google = {
        name: str(getattr(settings, name))
        for name in (
            "google_auth_url",
            "google_token_url",
            "google_revoke_url",
            "google_drive_url",
        )
    }
    secret = settings.google_client_secret
    return trichome_env(
        settings.data_dir,
        settings.database_url,
        google_client_id=str(settings.google_client_id),
        google_client_secret=secret.get_secret_value() if secret else "",
        **google,
    )


def test_sync_copies_a_connected_folder_and_reports_a_revoked_one(
    settings: Settings, google: GoogleServer, tmp_path: Path
) -> None:
    configured = reconfigured(drive_settings(google, tmp_path), database_url=settings.database_url)
    folder = google.add_folder("SOPs")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    organization = anyio.run(_connect, configured, "Grower Co", folder)
    synced = trichome("documents", "sync", "--org", "Grower Co", env=_env(configured))
    assert synced.stdout.strip() == (
        "Grower Co: 1 added, 0 updated, 0 deleted, 0 unchanged (whole folder listed)"
    )
    assert anyio.run(_names, configured, organization) == ["rules.txt"]
    google.add_file(folder, "keys.txt", b"Two keys, two people.", "text/plain")
    again = trichome("documents", "sync", "--org", "Grower Co", env=_env(configured))
    assert again.stdout.strip() == (
        "Grower Co: 1 added, 0 updated, 0 deleted, 1 unchanged (changes only)"
    )

    google.revoke_everything()
    refused = trichome("documents", "sync", env=_env(configured), check=False)
    assert refused.returncode == 1
    assert "Grower Co: failed: Google refused the authorisation (invalid_grant)" in refused.stdout
    assert google.client_secret not in refused.stdout + refused.stderr


def test_sync_without_a_google_client_says_what_to_set(settings: Settings) -> None:
    env = trichome_env(settings.data_dir, settings.database_url)
    result = trichome("documents", "sync", env=env, check=False)
    assert result.returncode != 0
    assert "TRICHOME_GOOGLE_CLIENT_ID" in result.stderr
