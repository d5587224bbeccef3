"""/v1/files when things go wrong: a file store that is down (local disk or S3) answers 503
`storage_unavailable` and leaves nothing half-stored; concurrent uploads from two workers
cannot pass the quota together; a hostile file meets the extraction's time and memory
bounds with a 400, and an upload whose worker died is swept away by the next one."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import anyio
import httpx
import pytest
from sqlalchemy import update

from tests.conftest import KeyMaker, reconfigured, started
from tests.documents.samples import docx_file, inflating_docx, sparse_xlsx_bomb
from tests.services.chat.files_support import (
    STORES,
    assert_error,
    auth,
    settings_on,
    stored_objects,
    stored_rows,
    upload,
    used_bytes,
)
from tests.support.s3server import free_port
from trichome.config import Settings
from trichome.config.storage_url import S3Location
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import StorageUsage, StoredFile, utcnow
from trichome.documents.service import PENDING_TTL
from trichome.documents.storage import open_file_store
from trichome.plans import STORAGE_QUOTA_BYTES, Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio


@pytest.fixture(params=STORES)
def settings(
    request: pytest.FixtureRequest, migrated_database_url: str, tmp_path: Path
) -> Settings:
    return settings_on(request.param, request, migrated_database_url, tmp_path)


def with_store_down(settings: Settings) -> Settings:
    """The same database with the same store made unreachable: an S3 endpoint nothing
    listens on, or a 'folder' that is a regular file."""
    if settings.storage_url is None:
        blocked = settings.data_dir / "blocked"
        blocked.write_text("not a folder")
        return reconfigured(settings, storage_url=f"file://{blocked}")
    location = S3Location.parse(settings.storage_url)
    dead = f"http://127.0.0.1:{free_port()}"
    return reconfigured(
        settings, storage_url=f"s3://{location.bucket}/{location.prefix}?endpoint={dead}"
    )


async def test_a_store_that_is_down_changes_nothing(settings: Settings, make_key: KeyMaker) -> None:
    key = await make_key(Tier.PRO)
    down = with_store_down(settings)
    async with started(create_app(settings)) as client, started(create_app(down)) as broken:
        kept = (await upload(client, key, "licence.txt", b"Licence 42")).json()
        usage = await used_bytes(settings)
        refused = await upload(broken, key, "sop.txt", b"Lock the van")
        error = assert_error(refused, 503, "storage_unavailable")
        assert "127.0.0.1" not in error["message"] and "secret" not in error["message"]
        path = f"/v1/files/{kept['id']}"
        assert_error(
            await broken.get(f"{path}/content", headers=auth(key)), 503, "storage_unavailable"
        )
        assert_error(await broken.delete(path, headers=auth(key)), 503, "storage_unavailable")
        # The failed deletion left the file whole: listed, served, and deletable later.
        assert [
            f["id"] for f in (await client.get("/v1/files", headers=auth(key))).json()["data"]
        ] == [kept["id"]]
        assert (await client.get(f"{path}/content", headers=auth(key))).content == b"Licence 42"
        assert [row.filename for row in await stored_rows(settings)] == ["licence.txt"]
        assert await used_bytes(settings) == usage
        assert (await client.delete(path, headers=auth(key))).status_code == 200
    assert await stored_rows(settings) == []
    assert stored_objects(settings) == []
    assert set((await used_bytes(settings)).values()) == {0}


async def test_concurrent_uploads_cannot_pass_the_quota_together(
    settings: Settings, make_key: KeyMaker
) -> None:
    quota = STORAGE_QUOTA_BYTES[Tier.FREE]
    settings = reconfigured(settings, max_file_bytes=quota)
    key = await make_key(Tier.FREE)
    size = quota * 2 // 5  # two fit, a third does not
    statuses: list[int] = []

    async def send(client: httpx.AsyncClient, n: int) -> None:
        response = await upload(client, key, f"{n}.txt", bytes([97 + n]) * size)
        statuses.append(response.status_code)
        if response.status_code != 200:
            assert_error(response, 403, "storage_quota_exceeded")

    # Two workers on one database, three uploads each, all in flight at once.
    async with (
        started(create_app(settings)) as one,
        started(create_app(settings)) as two,
        anyio.create_task_group() as group,
    ):
        for n in range(6):
            group.start_soon(send, (one, two)[n % 2], n)
    assert sorted(statuses) == [200, 200, 403, 403, 403, 403]
    rows = await stored_rows(settings)
    assert len(rows) == 2 and len(stored_objects(settings)) == 2
    assert list((await used_bytes(settings)).values()) == [2 * size]


async def test_hostile_files_meet_the_extraction_bounds(
    settings: Settings, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.PRO)
    timed = reconfigured(settings, extraction_seconds=2.0, extraction_memory_mb=256)
    async with started(create_app(timed)) as client:
        slow = await upload(client, key, "results.xlsx", sparse_xlsx_bomb())
        assert "longer than 2 s" in assert_error(slow, 400, "extraction_limit_exceeded")["message"]
    # The memory bound and an ordinary file get a time bound no loaded machine reaches, so
    # what they show does not depend on the machine's speed.
    settings = reconfigured(settings, extraction_seconds=120.0, extraction_memory_mb=256)
    async with started(create_app(settings)) as client:
        big = await upload(client, key, "sop.docx", inflating_docx(150))
        assert "256 MB" in assert_error(big, 400, "extraction_limit_exceeded")["message"]
        # The same bounds leave an ordinary document alone.
        fine = await upload(client, key, "sop.docx", docx_file("Lock the van", [["a"]]))
        assert fine.status_code == 200, fine.text
    assert [row.filename for row in await stored_rows(settings)] == ["sop.docx"]
    assert len(stored_objects(settings)) == 1


async def test_an_upload_whose_worker_died_is_swept_away(
    settings: Settings, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.PRO)
    async with started(create_app(settings)) as client:
        first = (await upload(client, key, "a.txt", b"kept")).json()
    rows = await stored_rows(settings)
    organization_id = rows[0].organization_id
    # What a worker killed between storing the bytes and marking the row leaves behind.
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        orphan = StoredFile(
            id="file_0123456789abcdef",
            organization_id=organization_id,
            filename="half.txt",
            purpose="assistants",
            kind="text",
            media_type="text/plain; charset=utf-8",
            size_bytes=4,
            sha256="0" * 64,
            storage_key=f"{organization_id}/file_0123456789abcdef",
            text="half",
            created_at=utcnow() - PENDING_TTL - timedelta(minutes=1),
            status="pending",
        )
        session.add(orphan)
        await session.execute(
            update(StorageUsage)
            .where(StorageUsage.organization_id == organization_id)
            .values(used_bytes=StorageUsage.used_bytes + 4)
        )
        await session.commit()
    await engine.dispose()
    store = open_file_store(settings.storage_url, settings.data_dir)
    store.put(orphan.storage_key, b"half")
    store.close()
    async with started(create_app(settings)) as client:
        listed = (await client.get("/v1/files", headers=auth(key))).json()["data"]
        assert [f["id"] for f in listed] == [first["id"]]  # a pending file is never shown
        second = await upload(client, key, "b.txt", b"next")
        assert second.status_code == 200
    assert sorted(row.filename for row in await stored_rows(settings)) == ["a.txt", "b.txt"]
    assert len(stored_objects(settings)) == 2
    assert await used_bytes(settings) == {organization_id: 8}
