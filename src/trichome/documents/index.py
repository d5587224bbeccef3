"""Each organisation's own search index over its files' passages, with the packs' BM25
(`trichome.knowledge.retrieval.FactIndex`): a passage becomes a fact of the pack
`own-documents`, titled by its file and place in it, whose source is the file's link on
the dashboard (served to the organisation's signed-in members only).

The index is derived from the database, never the other way round. Before each use the
organisation's processed file ids are read (one indexed query); a file added since is read
and chunked, one deleted is dropped, and the index is rebuilt when the set changed. So every
worker on every machine catches up with uploads and deletions by itself, a restart loses
nothing, and a deleted file is never found again. Indexes are kept per organisation id, and
a search is only ever given the asking organisation's: no index holds two organisations'
passages."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import anyio
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.agents.engine import OWN_DOCUMENTS
from trichome.db.models import StoredFile
from trichome.documents.chunks import Chunk, chunk_text
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import FactIndex

# Organisations whose index a process keeps; the least recently asked is dropped first.
CACHED_ORGANISATIONS = 256
# Where a passage's link points: the file's content, at its page when it has one.
LinkOf = Callable[[str, Chunk], str]


def page_link(dashboard_url: str, file_id: str, page: int | None) -> str:
    """The link to a file's download on the dashboard's documents page
    (`/documents/{file_id}/content`), at a page of a PDF (`#page=N`, which PDF viewers open
    at). The dashboard serves it to a signed-in member of the file's organisation only:
    anyone else signed in gets 404, as for a file that never existed, and a visitor is sent
    to sign in."""
    anchor = f"#page={page}" if page is not None else ""
    return f"{dashboard_url.rstrip('/')}/documents/{file_id}/content{anchor}"


def content_link(dashboard_url: str) -> LinkOf:
    """Links to each passage's file on the dashboard, at its page (`page_link`)."""

    def link(file_id: str, chunk: Chunk) -> str:
        return page_link(dashboard_url, file_id, chunk.page)

    return link


def passage_facts(file_id: str, filename: str, chunks: Sequence[Chunk], link: LinkOf) -> list[Fact]:
    """A file's passages as facts: titled `file name, page 3`, sourced to the file."""
    facts = []
    for chunk in chunks:
        where = chunk.locator or "whole file"
        facts.append(
            Fact(
                id=f"{file_id}-{chunk.position}",
                pack_id=OWN_DOCUMENTS,
                topic=OWN_DOCUMENTS,
                title=f"{filename}, {where}" if chunk.locator else filename,
                text=chunk.text,
                sources=(Source(title=filename, url=link(file_id, chunk), section=where),),
            )
        )
    return facts


@dataclass(slots=True)
class _Cached:
    """One organisation's index and the passages of each file it was built from."""

    files: dict[str, tuple[Fact, ...]]
    index: FactIndex | None


class DocumentIndexes:
    """The organisations' indexes, kept in step with the database."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        link: LinkOf,
        *,
        capacity: int = CACHED_ORGANISATIONS,
    ) -> None:
        self._sessions = sessions
        self._link = link
        self._capacity = capacity
        self._cache: OrderedDict[str, _Cached] = OrderedDict()

    async def for_organization(self, organization_id: str | None) -> FactIndex | None:
        """The index over the organisation's processed files as the database has them now;
        None when it has none (or the caller has no organisation)."""
        if organization_id is None:
            return None
        async with self._sessions() as session:
            listed = set(
                await session.scalars(
                    select(StoredFile.id).where(
                        StoredFile.organization_id == organization_id,
                        StoredFile.status == "processed",
                    )
                )
            )
            cached = self._cache.get(organization_id) or _Cached({}, None)
            if listed == set(cached.files):
                self._touch(organization_id, cached)
                return cached.index
            missing = [file_id for file_id in listed if file_id not in cached.files]
            texts = await self._texts(session, organization_id, missing)
        files = {file_id: facts for file_id, facts in cached.files.items() if file_id in listed}
        for file_id, (filename, kind, text) in texts.items():
            files[file_id] = await anyio.to_thread.run_sync(
                self._facts, file_id, filename, kind, text
            )
        facts = [fact for file_id in sorted(files) for fact in files[file_id]]
        index = await anyio.to_thread.run_sync(FactIndex, facts) if facts else None
        self._touch(organization_id, _Cached(files, index))
        return index

    async def _texts(
        self, session: AsyncSession, organization_id: str, file_ids: Sequence[str]
    ) -> dict[str, tuple[str, str, str]]:
        if not file_ids:
            return {}
        rows = await session.execute(
            select(StoredFile.id, StoredFile.filename, StoredFile.kind, StoredFile.text).where(
                StoredFile.organization_id == organization_id,
                StoredFile.status == "processed",
                StoredFile.id.in_(file_ids),
            )
        )
        return {file_id: (name, kind, text) for file_id, name, kind, text in rows}

    def _facts(self, file_id: str, filename: str, kind: str, text: str) -> tuple[Fact, ...]:
        return tuple(passage_facts(file_id, filename, chunk_text(text, kind), self._link))

    async def prune(self) -> int:
        """Drop the cached indexes of organisations that have no processed file left (one
        deleted, or all its files); returns how many were dropped."""
        cached = list(self._cache)
        if not cached:
            return 0
        async with self._sessions() as session:
            holding = set(
                await session.scalars(
                    select(StoredFile.organization_id)
                    .where(
                        StoredFile.organization_id.in_(cached),
                        StoredFile.status == "processed",
                    )
                    .distinct()
                )
            )
        gone = [organization_id for organization_id in cached if organization_id not in holding]
        for organization_id in gone:
            self._cache.pop(organization_id, None)
        return len(gone)

    def _touch(self, organization_id: str, cached: _Cached) -> None:
        self._cache[organization_id] = cached
        self._cache.move_to_end(organization_id)
        while len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
