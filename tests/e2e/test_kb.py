"""A real `trichome serve kb` on a fresh data dir (the sample loads at its first start), driven
by httpx and the real `openai` SDK; and the same with an LLM behind it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import openai
import pytest
from markupsafe import escape

from tests.support.fake_upstream import ANSWER, fake_upstream
from tests.support.servers import kb_server, trichome_env
from trichome.forum.corpus import ThreadRecord, read_jsonl
from trichome.forum.service import sample_files

pytestmark = pytest.mark.e2e


def _sample_thread(category_file: str, position: int) -> ThreadRecord:
    path = next(p for p in sample_files() if p.name == category_file)
    with path.open("rb") as stream:
        records = [r for r in read_jsonl(stream) if isinstance(r, ThreadRecord)]
    return records[position]


@pytest.fixture(scope="module")
def kb(module_database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp_path = tmp_path_factory.mktemp("kb")
    env = trichome_env(tmp_path / "data", module_database_url)
    with kb_server(env, tmp_path / "server.log", workers=2) as base_url:
        yield base_url


def test_the_first_start_serves_the_sample_at_once(kb: str) -> None:
    health = httpx.get(f"{kb}/api/health").json()
    assert health["status"] == "healthy"
    assert health["threads"] == health["indexed"] >= 300
    wanted = _sample_thread("equipment.jsonl", 3)
    found = httpx.get(f"{kb}/api/threads", params={"q": wanted.title, "limit": 5})
    assert found.status_code == 200
    assert found.json()["data"][0]["url"] == wanted.url
    assert httpx.get(f"{kb}/api/threads").status_code == 400


def test_the_sdk_gets_cited_answers_whole_and_streamed(kb: str) -> None:
    wanted = _sample_thread("testing.jsonl", 5)
    question = f"{wanted.title}?"
    # A key that is sent must be valid.
    with (
        openai.OpenAI(base_url=f"{kb}/v1", api_key="not-a-key", max_retries=0) as client,
        pytest.raises(openai.AuthenticationError),
    ):
        client.chat.completions.create(
            model="knowledge-base", messages=[{"role": "user", "content": question}]
        )
    # Without a key: the api_key `anonymous`.
    with openai.OpenAI(base_url=f"{kb}/v1", api_key="anonymous", max_retries=0) as client:
        # As in the chat API, a request without `stream` streams.
        whole = client.chat.completions.create(
            model="knowledge-base", messages=[{"role": "user", "content": question}], stream=False
        )
        text = whole.choices[0].message.content or ""
        citations = (whole.model_extra or {})["citations"]
        assert citations[0]["url"] == wanted.url
        # The sample forum's host is reserved for examples: sources link the thread's page.
        assert f"[1] [{wanted.title}]({citations[0]['page_url']})" in text
        streamed = "".join(
            chunk.choices[0].delta.content or ""
            for chunk in client.chat.completions.create(
                model="knowledge-base",
                messages=[{"role": "user", "content": question}],
                stream=True,
            )
            if chunk.choices
        )
        assert streamed == text
        with pytest.raises(openai.BadRequestError):
            client.chat.completions.create(
                model="operator-agent", messages=[{"role": "user", "content": question}]
            )


def test_a_citation_opens_a_readable_page_of_the_thread(kb: str) -> None:
    """Over real HTTP: the link an answer cites opens the thread on this service, the quoted
    post marked, though the sample's forum does not exist."""
    wanted = _sample_thread("testing.jsonl", 5)
    answer = httpx.post(f"{kb}/api/chat", json={"message": f"{wanted.title}?"}, timeout=30)
    assert answer.status_code == 200, answer.text
    citation = answer.json()["citations"][0]
    assert citation["url"] == wanted.url
    assert citation["page_url"].startswith(f"{kb}/threads/{citation['id']}?post=")
    page = httpx.get(citation["page_url"])
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert '<html lang="en">' in page.text and "The answer cites this post" in page.text
    assert escape(wanted.title) in page.text
    assert all(escape(post.author) in page.text for post in wanted.posts)
    assert wanted.url not in page.text
    assert httpx.get(f"{kb}/threads/987654321").status_code == 404
    assert httpx.get(f"{kb}/threads/not-an-id").status_code == 400


def test_an_llm_writes_the_answer_from_the_cited_threads(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    wanted = _sample_thread("cultivation.jsonl", 7)
    tmp_path = tmp_path_factory.mktemp("kb-llm")
    with fake_upstream() as upstream:
        env = trichome_env(
            tmp_path / "data",
            engine="openai",
            llm_base_url=upstream.base_url,
            llm_model="upstream-model",
        )
        with kb_server(env, tmp_path / "server.log") as base:
            answer = httpx.post(f"{base}/api/chat", json={"message": wanted.title}, timeout=30)
            health = httpx.get(f"{base}/api/health").json()
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["engine"] == health["engine"] == "openai"
    assert body["answer"].startswith("".join(ANSWER))
    # The scripted model cites [1]: only that thread is returned, and it is the best match.
    assert [c["number"] for c in body["citations"]] == [1]
    assert body["citations"][0]["url"] == wanted.url
    prompt = upstream.requests[-1]["messages"][0]["content"]
    assert f"[1] {wanted.title}" in prompt and body["citations"][0]["page_url"] in prompt
    assert wanted.url not in prompt
    assert "tools" not in upstream.requests[-1]
