"""The sample corpus that ships with Trichome: its size, its shape, and search over it."""

from __future__ import annotations

import collections
from collections.abc import AsyncIterator

import pytest

from tests.conftest import reconfigured
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.migrate import upgrade_database
from trichome.forum.corpus import BadLine, ThreadRecord, read_jsonl
from trichome.forum.service import ForumKnowledgeBase, sample_files
from trichome.llm.base import ChatTurn

pytestmark = pytest.mark.anyio
CATEGORIES = {
    "Extraction",
    "Cultivation",
    "Testing and Analytics",
    "Equipment",
    "Compliance",
    "Business",
}


def _sample() -> list[ThreadRecord]:
    records: list[ThreadRecord] = []
    for path in sample_files():
        with path.open("rb") as stream:
            for item in read_jsonl(stream):
                assert not isinstance(item, BadLine), f"{path.name}: {item}"
                records.append(item)
    return records


def test_the_sample_holds_300_multi_post_threads_on_every_topic() -> None:
    records = _sample()
    assert len(records) >= 300
    assert len({(r.source, r.topic_id) for r in records}) == len(records)
    assert len({r.title.lower() for r in records}) == len(records)
    per_category = collections.Counter(r.category for r in records)
    assert set(per_category) == CATEGORIES
    assert min(per_category.values()) >= 40
    for record in records:
        assert len(record.posts) >= 3, record.title
        assert len({post.author for post in record.posts}) >= 2, record.title
        assert record.url.startswith("https://forum.trichome.example/t/")


@pytest.fixture(scope="module")
def sample_settings(module_database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    settings = Settings(data_dir=tmp_path_factory.mktemp("kb"), database_url=module_database_url)
    upgrade_database(settings)
    return reconfigured(settings, kb_sample=True)


@pytest.fixture(scope="module")
async def sample_forum(sample_settings: Settings) -> AsyncIterator[ForumKnowledgeBase]:
    settings = sample_settings
    engine = create_engine(settings)
    knowledge = ForumKnowledgeBase(settings, create_sessionmaker(engine))
    try:
        await knowledge.prepare()  # the first start loads the sample
        yield knowledge
    finally:
        await engine.dispose()


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


async def test_the_first_start_loads_and_indexes_the_sample(
    sample_forum: ForumKnowledgeBase,
) -> None:
    expected = len(_sample())
    assert await sample_forum.thread_count() == expected
    assert sample_forum.index.count() == expected
    await sample_forum.prepare()  # a second start loads nothing again
    assert await sample_forum.thread_count() == expected


async def test_every_sample_thread_ranks_first_for_its_own_title(
    sample_forum: ForumKnowledgeBase,
) -> None:
    misses = []
    for record in _sample():
        top = sample_forum.search(record.title, limit=1).hits[0]
        if top.url != record.url:
            misses.append(f"{record.title!r} -> {top.title!r}")
    assert not misses, misses


async def test_sample_answers_quote_the_accepted_answer_first(
    sample_forum: ForumKnowledgeBase,
) -> None:
    marked = [r for r in _sample() if any(post.accepted for post in r.posts)]
    assert len(marked) >= 8
    for record in marked:
        (accepted,) = [post for post in record.posts if post.accepted]
        reply = await sample_forum.reply([ChatTurn("user", record.title)])
        async for _ in reply.events:
            pass
        source = reply.retrieval.sources[0]
        assert source.hit.url == record.url, record.title
        first = source.quotes[0]
        assert (first.post_number, first.author) == (accepted.post_number, accepted.author)
        assert first.text in accepted.content
