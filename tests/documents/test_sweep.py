"""The files sweep and deleting an organisation's files, on local disk and on an
S3-compatible server (moto's): an organisation deleted leaves no stored object behind once
the sweep has run, a half-stored upload is taken back with its quota, each run looks at no
more than its batch, and an index cached for an organisation without files is dropped."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import delete, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.documents.samples import pdf
from tests.services.chat.files_support import STORES, settings_on, stored_objects, used_bytes
from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Organization, StoredFile, utcnow
from trichome.documents.index import DocumentIndexes, content_link
from trichome.documents.service import PENDING, PENDING_TTL, FileService, Upload
from trichome.documents.sweep import FileSweeper
from trichome.documents.wiring import open_file_service
from trichome.plans import Tier

pytestmark = pytest.mark.anyio


@pytest.fixture(params=STORES)
def settings(
    request: pytest.FixtureRequest, migrated_database_url: str, tmp_path: Path
) -> Settings:
    return settings_on(request.param, request, migrated_database_url, tmp_path)


@dataclass
class Files:
    sessions: async_sessionmaker[AsyncSession]
    service: FileService
    organizations: dict[str, str]

    async def upload(self, org: str, name: str) -> str:
        content = pdf(f"{name}: vehicles stay locked in transit.")
        record = await self.service.upload(
            self.organizations[org], Tier.PRO, Upload(name, content, "assistants")
        )
        return record.id


@pytest.fixture
async def files(settings: Settings) -> AsyncIterator[Files]:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    organizations = {}
    async with sessions() as session:
        for name in ("Grower Co", "Rival Co"):
            organization, _ = await get_or_create_organization(session, name, Tier.PRO)
            organizations[name] = organization.id
        await session.commit()
    async with AsyncExitStack() as stack:
        yield Files(sessions, open_file_service(settings, sessions, stack), organizations)
    await engine.dispose()


async def test_a_deleted_organisations_objects_are_swept_and_no_one_elses(
    settings: Settings, files: Files
) -> None:
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        await files.upload("Grower Co", name)
    kept = await files.upload("Rival Co", "theirs.pdf")
    grower = files.organizations["Grower Co"]
    async with files.sessions() as session:  # as any deletion of the row would: cascaded
        await session.execute(delete(Organization).where(Organization.id == grower))
        await session.commit()
    assert len(stored_objects(settings)) == 4  # the rows went, the bytes stayed
    swept = await FileSweeper(files.sessions, files.service).run_once()
    assert swept.orphans == 3
    assert stored_objects(settings) == [f"{files.organizations['Rival Co']}/{kept}"]


async def test_deleting_an_organisations_files_deletes_their_objects_and_quota(
    settings: Settings, files: Files
) -> None:
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        await files.upload("Grower Co", name)
    await files.upload("Rival Co", "theirs.pdf")
    grower, rival = files.organizations["Grower Co"], files.organizations["Rival Co"]
    assert await files.service.delete_organization(grower, batch=2) == 3
    assert [key.split("/")[0] for key in stored_objects(settings)] == [rival]
    usage = await used_bytes(settings)
    assert usage[grower] == 0 and usage[rival] > 0
    assert await files.service.delete_organization(grower) == 0  # a second run: nothing


async def test_a_half_stored_upload_is_taken_back_with_its_quota(
    settings: Settings, files: Files
) -> None:
    file_id = await files.upload("Grower Co", "a.pdf")
    fresh = await files.upload("Grower Co", "b.pdf")
    grower = files.organizations["Grower Co"]
    before = (await used_bytes(settings))[grower]
    async with files.sessions() as session:  # a worker died after the bytes, before the end
        await session.execute(
            update(StoredFile)
            .where(StoredFile.id == file_id)
            .values(status=PENDING, created_at=utcnow() - PENDING_TTL - timedelta(minutes=1))
        )
        await session.commit()
    swept = await FileSweeper(files.sessions, files.service).run_once()
    assert (swept.pending, swept.orphans) == (1, 0)
    assert stored_objects(settings) == [f"{grower}/{fresh}"]
    assert (await used_bytes(settings))[grower] < before
    assert await files.service.get(grower, fresh) is not None


async def test_each_run_looks_at_one_batch_and_the_walk_goes_round(
    settings: Settings, files: Files
) -> None:
    for number in range(5):
        await files.upload("Grower Co", f"{number}.pdf")
    kept = await files.upload("Rival Co", "theirs.pdf")
    async with files.sessions() as session:
        await session.execute(
            delete(Organization).where(Organization.id == files.organizations["Grower Co"])
        )
        await session.commit()
    sweeper = FileSweeper(files.sessions, files.service, batch=2)
    removed = [(await sweeper.run_once()).orphans for _ in range(5)]
    assert all(count <= 2 for count in removed) and sum(removed) == 5
    assert stored_objects(settings) == [f"{files.organizations['Rival Co']}/{kept}"]


async def test_an_index_of_an_organisation_without_files_is_dropped(
    settings: Settings, files: Files
) -> None:
    file_id = await files.upload("Grower Co", "a.pdf")
    grower = files.organizations["Grower Co"]
    indexes = DocumentIndexes(files.sessions, content_link("http://chat"))
    assert await indexes.for_organization(grower) is not None
    sweeper = FileSweeper(files.sessions, files.service, indexes)
    assert (await sweeper.run_once()).indexes == 0
    assert await files.service.delete(grower, file_id)
    assert (await sweeper.run_once()).indexes == 1
    assert await indexes.for_organization(grower) is None
