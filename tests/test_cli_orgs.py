"""`trichome orgs delete`, run as a user runs it: the organisation and its keys go, and its
files' stored objects with them (on local disk and in an S3-compatible server), while
another organisation's stay; without --yes, or for an unknown name, nothing is deleted."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import anyio
import pytest

from tests.conftest import KeyMaker
from tests.documents.samples import pdf
from tests.services.chat.files_support import STORES, settings_on, stored_objects, stored_rows
from tests.support.s3server import CREDENTIALS
from tests.support.servers import trichome, trichome_env
from trichome.accounts.service import find_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.documents.service import Upload
from trichome.documents.wiring import open_file_service
from trichome.plans import Tier


@pytest.fixture(params=STORES)
def settings(
    request: pytest.FixtureRequest, migrated_database_url: str, tmp_path: Path
) -> Settings:
    return settings_on(request.param, request, migrated_database_url, tmp_path)


async def _upload(settings: Settings, org: str, count: int) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization = await find_organization(session, org)
        assert organization is not None
        organization_id = organization.id
    async with AsyncExitStack() as stack:
        files = open_file_service(settings, sessions, stack)
        for number in range(count):
            content = pdf(f"{org} procedure {number}: lock the vault.")
            upload = Upload(f"sop-{number}.pdf", content, "assistants")
            await files.upload(organization_id, Tier.PRO, upload)
    await engine.dispose()


def test_deleting_an_organisation_deletes_its_stored_files(
    settings: Settings, make_key: KeyMaker
) -> None:
    anyio.run(make_key, Tier.PRO, "Grower Co")
    anyio.run(make_key, Tier.PRO, "Rival Co")
    anyio.run(_upload, settings, "Grower Co", 3)
    anyio.run(_upload, settings, "Rival Co", 1)
    extra = {"storage_url": settings.storage_url} if settings.storage_url else {}
    env = trichome_env(settings.data_dir, settings.database_url, **extra) | CREDENTIALS
    unconfirmed = trichome("orgs", "delete", "--org", "Grower Co", env=env, check=False)
    unknown = trichome("orgs", "delete", "--org", "Nobody", "--yes", env=env, check=False)
    assert unconfirmed.returncode != 0 and "add --yes" in unconfirmed.stderr
    assert unknown.returncode != 0 and "no organisation is called 'Nobody'" in unknown.stderr
    assert len(stored_objects(settings)) == 4
    deleted = trichome("orgs", "delete", "--org", "Grower Co", "--yes", env=env, check=False)
    assert deleted.returncode == 0, deleted.stderr
    assert "deleted organisation 'Grower Co' and its 3 files" in deleted.stdout
    rows = anyio.run(stored_rows, settings)
    assert len(rows) == 1 and [key.split("/")[0] for key in stored_objects(settings)] == [
        rows[0].organization_id
    ]
    assert "Grower Co" not in trichome("keys", "list", env=env).stdout
