"""`trichome kb`: ingest a Discourse forum, import, export and reindex, as a user runs them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import orjson
import pytest

from tests.forum.conftest import THREADS
from tests.support.discourse import FakeDiscourse, sample_forum, serve
from tests.support.servers import kb_server, trichome, trichome_env


@pytest.fixture
def discourse() -> Iterator[FakeDiscourse]:
    with serve(sample_forum()) as served:
        yield served


@pytest.fixture
def env(database_url: str, tmp_path: Path) -> dict[str, str]:
    return trichome_env(tmp_path / "data", database_url, kb_sample="false")


def test_ingest_resumes_then_updates_incrementally_and_search_sees_it(
    env: dict[str, str], discourse: FakeDiscourse, tmp_path: Path
) -> None:
    base = discourse.base_url
    stopped = trichome(
        "kb", "ingest", "discourse", base, "--interval", "0", "--max-topics", "3", env=env
    )
    assert "3 topics fetched" in stopped.stdout
    assert "5 topics still queued" in stopped.stdout
    finished = trichome("kb", "ingest", "discourse", base, "--interval", "0", env=env)
    assert "(resumed)" in finished.stdout and "5 topics fetched" in finished.stdout
    discourse.add_reply(101, "<p>Boveda packs at 62% held it steady for a month.</p>")
    again = trichome("kb", "ingest", "discourse", base, "--interval", "0", env=env)
    assert "1 topics fetched" in again.stdout and "1 updated" in again.stdout
    with kb_server(env, tmp_path / "kb.log") as kb:
        health = httpx.get(f"{kb}/api/health").json()
        found = httpx.get(f"{kb}/api/threads", params={"q": "Boveda packs"}).json()
    assert health["threads"] == health["indexed"] == len(discourse.topics)
    assert found["data"][0]["title"] == "Curing jars at 62% RH?"
    assert found["data"][0]["url"] == f"{base}/t/curing-jars-at-62-rh/101"


def test_ingest_of_something_that_is_not_a_forum_fails_clearly(env: dict[str, str]) -> None:
    refused = trichome("kb", "ingest", "discourse", "ftp://example.com", env=env, check=False)
    assert refused.returncode == 1
    assert refused.stderr.startswith("trichome kb ingest: ")
    assert "Traceback" not in refused.stderr


def test_import_export_and_reindex(env: dict[str, str], tmp_path: Path) -> None:
    source = tmp_path / "threads.jsonl"
    source.write_bytes(b"".join(orjson.dumps(t) + b"\n" for t in THREADS) + b'{"id": "bad"}\n')
    imported = trichome("kb", "import", str(source), env=env)
    assert "7 new" in imported.stdout and "1 bad lines skipped" in imported.stdout
    assert "7 threads indexed" in imported.stdout
    assert "line 8: id must be a whole number" in imported.stderr
    exported = trichome("kb", "export", env=env)
    lines = [orjson.loads(line) for line in exported.stdout.splitlines()]
    assert sorted(line["id"] for line in lines) == [t["id"] for t in THREADS]
    target = tmp_path / "out.jsonl"
    trichome("kb", "export", str(target), env=env)
    assert target.read_text().splitlines() == exported.stdout.splitlines()
    reindexed = trichome("kb", "reindex", env=env)
    assert reindexed.stdout.startswith("Indexed 7 threads in ")
    again = trichome("kb", "import", str(target), env=env)
    assert "0 new, 0 updated, 7 unchanged" in again.stdout
    missing = trichome("kb", "import", str(tmp_path / "nope.jsonl"), env=env, check=False)
    assert missing.returncode == 1 and "No such file" in missing.stderr
