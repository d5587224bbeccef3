"""Each organisation's index follows the database: a file added is found, a file deleted is
gone, a pending upload is not there yet, two organisations never share a passage, and two
processes (two `DocumentIndexes` on one database) agree without telling each other."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy import delete

from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import StoredFile, utcnow
from trichome.documents.index import DocumentIndexes, content_link
from trichome.plans import Tier

pytestmark = pytest.mark.anyio

LINK = content_link("https://dashboard.example.com/")


def stored(org: str, name: str, kind: str, text: str, status: str = "processed") -> StoredFile:
    file_id = f"file_{secrets.token_hex(12)}"
    return StoredFile(
        id=file_id,
        organization_id=org,
        filename=name,
        purpose="assistants",
        kind=kind,
        media_type="application/octet-stream",
        size_bytes=len(text),
        sha256="0" * 64,
        storage_key=f"{org}/{file_id}",
        text=text,
        created_at=utcnow(),
        status=status,
    )


async def test_the_index_follows_the_database_per_organisation(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    try:
        async with sessions() as session:
            ours, _ = await get_or_create_organization(session, "ours", Tier.PRO)
            theirs, _ = await get_or_create_organization(session, "theirs", Tier.PRO)
            sop = stored(
                ours.id, "transport-sop.pdf", "pdf", "Scope.\fSeal checked every 50 miles."
            )
            other = stored(theirs.id, "their-sop.pdf", "pdf", "Seal checked every 20 miles.")
            pending = stored(ours.id, "draft.txt", "text", "Seal checked hourly.", "pending")
            session.add_all([sop, other, pending])
            await session.commit()
        indexes, elsewhere = DocumentIndexes(sessions, LINK), DocumentIndexes(sessions, LINK)
        index = await indexes.for_organization(ours.id)
        assert index is not None
        found = index.search("how often is the seal checked", limit=10)
        assert [p.fact.title for p in found] == ["transport-sop.pdf, page 2"]
        source = found[0].fact.sources[0]
        assert (source.title, source.section) == ("transport-sop.pdf", "page 2")
        assert source.url == f"https://dashboard.example.com/documents/{sop.id}/content#page=2"
        their_index = await elsewhere.for_organization(theirs.id)
        assert their_index is not None
        assert [p.fact.title for p in their_index.search("seal checked", limit=10)] == [
            "their-sop.pdf, page 1"
        ]
        assert await indexes.for_organization(None) is None
        # The same index object while nothing changed; another process's deletion is seen.
        assert await indexes.for_organization(ours.id) is index
        async with sessions() as session:
            await session.execute(delete(StoredFile).where(StoredFile.id == sop.id))
            await session.commit()
        assert await indexes.for_organization(ours.id) is None
        async with sessions() as session:
            session.add(
                stored(ours.id, "keys.md", "markdown", "# Keys\nThe seal is checked daily.")
            )
            await session.commit()
        index = await indexes.for_organization(ours.id)
        assert index is not None
        assert [p.fact.title for p in index.search("seal checked", limit=10)] == [
            'keys.md, section "Keys"'
        ]
    finally:
        await engine.dispose()


async def test_least_recently_asked_organisations_are_dropped(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    try:
        orgs = []
        async with sessions() as session:
            for n in range(3):
                org, _ = await get_or_create_organization(session, f"org {n}", Tier.PRO)
                session.add(stored(org.id, f"{n}.txt", "text", f"note number {n}"))
                orgs.append(org.id)
            await session.commit()
        indexes = DocumentIndexes(sessions, LINK, capacity=2)
        first = await indexes.for_organization(orgs[0])
        for org in orgs[1:]:
            await indexes.for_organization(org)
        rebuilt = await indexes.for_organization(orgs[0])
        assert rebuilt is not first and rebuilt is not None  # rebuilt from the database
        assert [p.fact.title for p in rebuilt.search("note number", limit=5)] == ["0.txt"]
    finally:
        await engine.dispose()
