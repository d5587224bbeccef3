"""`/v1/responses` through the real `openai` SDK against `trichome serve chat`, searching a local
SearXNG-shaped server and reading a local site: with the offline engine (SQLite and
PostgreSQL) and with an LLM upstream whose citations are checked against the pages."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import openai
import pytest

from tests.support.fake_upstream import FakeUpstream, fake_upstream
from tests.support.searxng import SearchServer, search_server
from tests.support.servers import chat_server, create_key, trichome_env
from tests.support.site import ARTICLES, Site, serve_site

pytestmark = pytest.mark.e2e

FRESH = "What is the latest news on Michigan edible rules?"


@dataclass
class Deployment:
    base_url: str
    key: str
    site: Site
    search: SearchServer
    clients: list[openai.OpenAI] = field(default_factory=list)

    def client(self) -> openai.OpenAI:
        client = openai.OpenAI(base_url=f"{self.base_url}/v1", api_key=self.key, max_retries=0)
        self.clients.append(client)
        return client


def page_text(url: str) -> str:
    return next(a.text for a in ARTICLES if a.path == urlsplit(url).path)


@contextlib.contextmanager
def deployed(
    directory: Path, database_url: str | None = None, **settings: str
) -> Iterator[Deployment]:
    """A chat server searching a local search server that points at a local site."""
    with serve_site() as site, search_server(site.documents()) as search:
        env = trichome_env(
            directory / "data",
            database_url,
            search_provider="searxng",
            search_url=search.url,
            fetch_test_allowlist=json.dumps([urlsplit(site.origin).netloc]),
            **settings,
        )
        key = create_key(env, "operator")
        with chat_server(env, directory / "server.log") as base_url:
            deployment = Deployment(base_url, key, site, search)
            yield deployment
            for client in deployment.clients:
                client.close()


@pytest.fixture(scope="module")
def deployment(
    module_database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Deployment]:
    with deployed(tmp_path_factory.mktemp("responses"), module_database_url) as running:
        yield running


def assert_cites_pages_it_read(response: openai.types.responses.Response) -> None:
    read = {
        item.action.url
        for item in response.output
        if item.type == "web_search_call" and item.action.type == "open_page"
        and item.status == "completed"
    }  # fmt: skip
    message = response.output[-1]
    assert message.type == "message"
    [part] = message.content
    assert part.type == "output_text" and part.annotations
    for annotation in part.annotations:
        assert annotation.type == "url_citation"
        assert annotation.url in read
        span = part.text[annotation.start_index : annotation.end_index]
        assert span and span in page_text(annotation.url)


def test_create_returns_a_searched_and_cited_response(deployment: Deployment) -> None:
    response = deployment.client().responses.create(model="operator-agent", input=FRESH)
    assert response.id.startswith("resp_") and response.status == "completed"
    assert response.model == "operator-agent"
    assert response.metadata is not None and response.metadata["search"] == "searched"
    assert response.metadata["search_reason"] == "fresh_facts"
    search = response.output[0]
    assert search.type == "web_search_call" and search.action.type == "search"
    assert "10 milligrams" in response.output_text
    assert_cites_pages_it_read(response)
    assert response.usage is not None and response.usage.total_tokens > 0


def test_the_streaming_helper_builds_the_same_response(deployment: Deployment) -> None:
    deltas: list[str] = []
    kinds: list[str] = []
    with deployment.client().responses.stream(model="operator-agent", input=FRESH) as stream:
        for event in stream:
            kinds.append(event.type)
            if event.type == "response.output_text.delta":
                deltas.append(event.delta)
        final = stream.get_final_response()
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert "response.web_search_call.searching" in kinds
    assert "response.output_text.annotation.added" in kinds
    assert "".join(deltas) == final.output_text
    assert_cites_pages_it_read(final)


def test_raw_streaming_and_a_question_the_packs_answer(deployment: Deployment) -> None:
    stream = deployment.client().responses.create(
        model="operator-agent",
        input=[{"role": "user", "content": "What is the decarboxylation factor for THCA?"}],
        stream=True,
    )
    events = list(stream)
    assert [e.sequence_number for e in events] == list(range(len(events)))
    completed = events[-1]
    assert completed.type == "response.completed"
    assert completed.response.metadata["search"] == "not_needed"
    assert "0.877" in completed.response.output_text
    assert [item.type for item in completed.response.output] == ["message"]


def test_errors_reach_the_sdk_as_its_exceptions(deployment: Deployment) -> None:
    client = deployment.client()
    with pytest.raises(openai.BadRequestError) as bad:
        client.responses.create(model="operator-agent", input="   ")
    assert bad.value.body["param"] == "input"  # type: ignore[index]
    denied = openai.OpenAI(
        base_url=f"{deployment.base_url}/v1", api_key="trk_wrong_key_000000000000", max_retries=0
    )
    with denied, pytest.raises(openai.AuthenticationError):
        denied.responses.create(model="operator-agent", input=FRESH)


@pytest.fixture(scope="module")
def upstream() -> Iterator[FakeUpstream]:
    with fake_upstream() as running:
        yield running


@pytest.fixture(scope="module")
def with_llm(
    upstream: FakeUpstream, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Deployment]:
    with deployed(
        tmp_path_factory.mktemp("responses-llm"),
        engine="openai",
        llm_base_url=upstream.base_url,
        llm_model="upstream-default",
        llm_tools="false",
        llm_max_retries="0",
    ) as running:
        yield running


@pytest.fixture(autouse=True)
def citing(upstream: FakeUpstream) -> Iterator[None]:
    upstream.mode = "cite"
    yield
    upstream.mode = "cite"


def test_an_llm_answer_cites_only_what_the_pages_support(
    with_llm: Deployment, upstream: FakeUpstream
) -> None:
    client = with_llm.client()
    response = client.responses.create(model="operator-agent", input=FRESH)
    with client.responses.stream(model="operator-agent", input=FRESH) as stream:
        streamed = stream.get_final_response()
    system = upstream.requests[-1]["messages"][0]["content"]
    # The pages read are the numbered sources, first.
    assert "[1] Michigan regulators update edible rules for 2027" in system
    for final in (response, streamed):
        [part] = final.output[-1].content
        spans = [part.text[a.start_index : a.end_index] for a in part.annotations]
        # The quoted sentence is cited; the invented price and the unknown [9] are not.
        assert len(spans) == 1 and spans[0] in page_text(part.annotations[0].url)
        assert "9000 dollars" in part.text and "[9]" in part.text
        assert final.metadata["search"] == "searched"


def test_an_upstream_failure_is_a_502_or_a_failed_response(
    with_llm: Deployment, upstream: FakeUpstream
) -> None:
    client = with_llm.client()
    upstream.mode = "error_500"
    with pytest.raises(openai.APIStatusError) as failed:
        client.responses.create(model="operator-agent", input=FRESH)
    assert failed.value.status_code == 502
    assert "SECRET" not in str(failed.value.body)
    upstream.mode = "cut"
    events = list(client.responses.create(model="operator-agent", input=FRESH, stream=True))
    assert events[0].type == "response.created"
    assert events[-1].type == "response.failed"
    assert events[-1].response.status == "failed"
    assert events[-1].response.error is not None
