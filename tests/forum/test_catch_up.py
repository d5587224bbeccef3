"""The index is derived from the database and catches up by itself: after an import killed
between saving and indexing, on the next import, and in a running service within seconds."""

from __future__ import annotations

import copy

import anyio
import httpx
import pytest

from tests.forum.conftest import THREADS, jsonl, thread
from tests.support.asgi import running_app
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.forum.corpus import read_jsonl
from trichome.forum.service import ForumKnowledgeBase
from trichome.forum.store import save_threads
from trichome.services.kb.app import create_app

pytestmark = pytest.mark.anyio

LATE = thread(
    901, "Ozonator placement in the cure room", "Cultivation",
    ("curing_cam", "Mounting the ozonator above the return duct cleared the smell in a day."),
)  # fmt: skip


async def saved_only(settings: Settings, threads: list[dict[str, object]]) -> None:
    """What an import killed after saving and before indexing leaves: rows, no index."""
    engine = create_engine(settings)
    records = [item for item in read_jsonl(jsonl(threads)) if not hasattr(item, "reason")]
    await save_threads(create_sessionmaker(engine), records)  # type: ignore[arg-type]
    await engine.dispose()


async def test_rerunning_a_killed_import_indexes_what_it_had_saved(
    forum: ForumKnowledgeBase, kb_settings: Settings
) -> None:
    await saved_only(kb_settings, [LATE])
    assert forum.search("ozonator placement", limit=3).total == 0

    again = await forum.import_jsonl(jsonl([LATE]))
    assert again.saved.unchanged == 1  # nothing new in the file itself
    assert again.indexed == 1
    assert forum.search("ozonator placement", limit=3).hits[0].title == LATE["title"]
    assert forum.index.count() == len(THREADS) + 1


async def test_a_changed_thread_the_index_missed_is_indexed_again(
    forum: ForumKnowledgeBase, kb_settings: Settings
) -> None:
    changed = copy.deepcopy(THREADS[0])
    changed["title"] = "Hydrocarbon purge times in a vacuum oven"
    await saved_only(kb_settings, [changed])
    assert await forum.catch_up() == 1
    assert forum.search("vacuum oven purge", limit=3).hits[0].title == changed["title"]
    assert await forum.catch_up() == 0  # nothing more to do: one query


async def test_a_running_service_indexes_threads_another_process_saved(
    kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("trichome.forum.service.INDEX_CATCH_UP_SECONDS", 0.1)
    engine = create_engine(kb_settings)
    await ForumKnowledgeBase(kb_settings, create_sessionmaker(engine)).import_jsonl(jsonl(THREADS))
    await engine.dispose()
    async with running_app(create_app(kb_settings)) as asgi:
        transport = httpx.ASGITransport(app=asgi, client=("198.51.100.4", 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            await saved_only(kb_settings, [LATE])
            with anyio.fail_after(30):  # generous: the service looks every 0.1 s
                while True:
                    found = await client.get("/api/threads", params={"q": "ozonator"})
                    if found.status_code == 200 and found.json()["total"]:
                        break
                    await anyio.sleep(0.1)
    assert found.json()["data"][0]["title"] == LATE["title"]
