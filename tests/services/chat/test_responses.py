"""`POST /v1/responses` in-process: the Responses body and stream, the decision to search,
citations into pages read from a local site found by a local SearXNG-shaped server."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import KeyMaker, reconfigured, started
from tests.support.searxng import SearchServer, search_server
from tests.support.site import ARTICLES, Site, serve_site
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio

FRESH = "What is the latest news on Michigan edible rules?"
TIMELESS = "What is the decarboxylation factor for THCA?"


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with serve_site() as running:
        yield running


@pytest.fixture
def searxng(site: Site) -> Iterator[SearchServer]:
    with search_server(site.documents()) as server:
        yield server


def searching(settings: Settings, site: Site, server: SearchServer) -> Settings:
    return reconfigured(
        settings,
        search_provider="searxng",
        search_url=server.url,
        fetch_test_allowlist=[urlsplit(site.origin).netloc],
        fetch_cache_ttl=0,
    )


@pytest.fixture
async def web(
    settings: Settings, site: Site, searxng: SearchServer
) -> AsyncIterator[httpx.AsyncClient]:
    async with started(create_app(searching(settings, site, searxng))) as client:
        yield client


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def events_of(body: str) -> list[tuple[str, dict[str, Any]]]:
    """The (event, data) pairs of a Responses SSE body, checking the framing."""
    assert body.endswith("\n\n")
    found = []
    for block in body.split("\n\n")[:-1]:
        kind, data = block.split("\n")
        assert kind.startswith("event: ") and data.startswith("data: "), block
        payload = json.loads(data[len("data: ") :])
        assert payload["type"] == kind[len("event: ") :]
        found.append((payload["type"], payload))
    return found


def message_of(response: dict[str, Any]) -> dict[str, Any]:
    messages = [item for item in response["output"] if item["type"] == "message"]
    assert len(messages) == 1
    return messages[0]


def article_text(url: str, site: Site) -> str:
    path = urlsplit(url).path
    return next(a.text for a in ARTICLES if a.path == path)


# ---------------------------------------------------------------- searched answers


async def test_a_fresh_question_searches_reads_and_cites_the_pages_it_read(
    web: httpx.AsyncClient, make_key: KeyMaker, site: Site, searxng: SearchServer
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses", headers=bearer(key), json={"model": "operator-agent", "input": FRESH}
    )
    assert response.status_code == 200, response.text
    assert response.headers["x-trichome-search"] == "searched"
    body = response.json()
    assert body["id"].startswith("resp_") and body["object"] == "response"
    assert body["status"] == "completed" and body["model"] == "operator-agent"
    assert body["metadata"]["search"] == "searched"
    assert body["metadata"]["search_reason"] == "fresh_facts"
    assert "latest" in body["metadata"]["search_detail"]
    # The search went to the provider with the question.
    [sent] = searxng.hits("searxng")
    assert "Michigan edible rules" in sent.query["q"]

    search, *reads, message = body["output"]
    assert search["type"] == "web_search_call" and search["id"].startswith("ws_")
    assert search["status"] == "completed"
    assert search["action"]["type"] == "search" and search["action"]["query"]
    assert "sources" not in search["action"]  # only with include
    opened = {r["action"]["url"]: r["status"] for r in reads}
    assert all(r["type"] == "web_search_call" and r["action"]["type"] == "open_page" for r in reads)
    # The page that redirects to the metadata address was not read.
    assert opened.get(site.url("/moved"), "failed") == "failed"
    assert "/latest/meta-data/" not in site.hits

    assert message["role"] == "assistant" and message["id"].startswith("msg_")
    [part] = message["content"]
    text, annotations = part["text"], part["annotations"]
    assert annotations, text
    for annotation in annotations:
        assert annotation["type"] == "url_citation"
        assert opened[annotation["url"]] == "completed"  # cites only pages it read
        span = text[annotation["start_index"] : annotation["end_index"]]
        assert span and span in article_text(annotation["url"], site)
        assert annotation["title"]
    cited = {annotation["url"] for annotation in annotations}
    assert site.url("/news/michigan-edibles-2027") in cited
    assert site.url("/surf/wax") not in cited
    assert body["usage"]["output_tokens"] > 0
    assert body["usage"]["total_tokens"] == (
        body["usage"]["input_tokens"] + body["usage"]["output_tokens"]
    )


async def test_sources_are_listed_when_included(
    web: httpx.AsyncClient, make_key: KeyMaker, site: Site
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={
            "model": "operator-agent",
            "input": FRESH,
            "include": ["web_search_call.action.sources"],
        },
    )
    search = response.json()["output"][0]
    urls = [source["url"] for source in search["action"]["sources"]]
    assert site.url("/news/michigan-edibles-2027") in urls
    assert all(source["type"] == "url" for source in search["action"]["sources"])


async def test_a_confident_timeless_question_stays_with_the_packs(
    web: httpx.AsyncClient, make_key: KeyMaker, searxng: SearchServer
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses", headers=bearer(key), json={"model": "operator-agent", "input": TIMELESS}
    )
    body = response.json()
    assert body["metadata"]["search"] == "not_needed"
    assert body["metadata"]["search_reason"] == "confident"
    assert float(body["metadata"]["retrieval_confidence"]) >= 0.5
    assert body["metadata"]["confidence_threshold"] == "0.50"
    assert [item["type"] for item in body["output"]] == ["message"]
    assert "0.877" in message_of(body)["content"][0]["text"]
    assert searxng.hits("searxng") == []


async def test_a_question_the_packs_do_not_cover_searches_for_low_confidence(
    web: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={"model": "operator-agent", "input": "How do I wax a surfboard deck?"},
    )
    body = response.json()
    assert body["metadata"]["search"] == "searched"
    assert body["metadata"]["search_reason"] == "low_confidence"
    assert float(body["metadata"]["retrieval_confidence"]) < 0.5


async def test_the_threshold_is_configurable(
    settings: Settings, site: Site, searxng: SearchServer, make_key: KeyMaker
) -> None:
    lenient = reconfigured(searching(settings, site, searxng), search_confidence_threshold=0.0)
    key = await make_key(Tier.OPERATOR)
    async with started(create_app(lenient)) as client:
        response = await client.post(
            "/v1/responses",
            headers=bearer(key),
            json={"model": "operator-agent", "input": "How do I wax a surfboard deck?"},
        )
    body = response.json()
    assert body["metadata"]["search"] == "not_needed"
    assert body["metadata"]["confidence_threshold"] == "0.00"
    assert searxng.requests == []


async def test_tool_choice_none_and_an_empty_tool_list_turn_search_off(
    web: httpx.AsyncClient, make_key: KeyMaker, searxng: SearchServer
) -> None:
    key = await make_key(Tier.OPERATOR)
    for extra in ({"tool_choice": "none"}, {"tools": []}):
        response = await web.post(
            "/v1/responses",
            headers=bearer(key),
            json={"model": "operator-agent", "input": FRESH, **extra},
        )
        body = response.json()
        assert body["metadata"]["search"] == "disabled", extra
        assert [item["type"] for item in body["output"]] == ["message"]
    assert searxng.hits("searxng") == []


async def test_tool_choice_web_search_forces_a_search(
    web: httpx.AsyncClient, make_key: KeyMaker, searxng: SearchServer
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={
            "model": "operator-agent",
            "input": TIMELESS,
            "tools": [{"type": "web_search"}],
            "tool_choice": {"type": "web_search"},
        },
    )
    body = response.json()
    assert body["metadata"]["search_reason"] == "requested"
    assert len(searxng.hits("searxng")) == 1
    assert body["tools"] == [{"type": "web_search"}]


async def test_allowed_domains_keep_other_sites_out(
    web: httpx.AsyncClient, make_key: KeyMaker, site: Site
) -> None:
    key = await make_key(Tier.OPERATOR)
    hits = len(site.hits)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={
            "model": "operator-agent",
            "input": FRESH,
            "tools": [{"type": "web_search", "filters": {"allowed_domains": ["cra.example"]}}],
        },
    )
    body = response.json()
    assert body["metadata"]["search"] == "failed"
    assert "No page the web search found could be read" in message_of(body)["content"][0]["text"]
    assert len(site.hits) == hits


async def test_a_failed_search_answers_from_the_packs_and_says_so(
    web: httpx.AsyncClient, make_key: KeyMaker, searxng: SearchServer
) -> None:
    key = await make_key(Tier.OPERATOR)
    searxng.fail(500, times=2)  # the provider retries once
    response = await web.post(
        "/v1/responses", headers=bearer(key), json={"model": "operator-agent", "input": FRESH}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["metadata"]["search"] == "failed"
    assert body["output"][0]["type"] == "web_search_call"
    assert body["output"][0]["status"] == "failed"
    text = message_of(body)["content"][0]["text"]
    assert "web search failed" in text and "knowledge packs alone" in text
    assert message_of(body)["content"][0]["annotations"] == []


async def test_without_a_provider_the_answer_says_search_is_not_configured(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await client.post(
        "/v1/responses", headers=bearer(key), json={"model": "operator-agent", "input": FRESH}
    )
    body = response.json()
    assert body["metadata"]["search"] == "not_configured"
    assert body["metadata"]["search_reason"] == "fresh_facts"
    assert [item["type"] for item in body["output"]] == ["message"]
    assert "Web search is not configured" in message_of(body)["content"][0]["text"]


# ---------------------------------------------------------------- streaming


async def test_the_stream_follows_the_responses_event_sequence(
    web: httpx.AsyncClient, make_key: KeyMaker, site: Site
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={"model": "operator-agent", "input": FRESH, "stream": True},
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = events_of(response.text)
    kinds = [kind for kind, _ in events]
    assert [payload["sequence_number"] for _, payload in events] == list(range(len(events)))
    assert kinds[:6] == [
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.web_search_call.in_progress",
        "response.web_search_call.searching",
        "response.web_search_call.completed",
    ]
    assert events[0][1]["response"]["status"] == "in_progress"
    assert events[0][1]["response"]["output"] == []
    assert kinds[-1] == "response.completed" and "[DONE]" not in response.text
    final = events[-1][1]["response"]
    assert final["status"] == "completed"
    message = message_of(final)
    index = final["output"].index(message)
    deltas = [p["delta"] for k, p in events if k == "response.output_text.delta"]
    assert all(
        p["output_index"] == index for k, p in events if k.startswith("response.output_text")
    )
    text = message["content"][0]["text"]
    assert "".join(deltas) == text
    added = [p["annotation"] for k, p in events if k == "response.output_text.annotation.added"]
    assert added == message["content"][0]["annotations"] and added
    for annotation in added:
        span = text[annotation["start_index"] : annotation["end_index"]]
        assert span in article_text(annotation["url"], site)
    # Every item added is done, in order, before the response completes.
    added_items = [p["output_index"] for k, p in events if k == "response.output_item.added"]
    done_items = [p["output_index"] for k, p in events if k == "response.output_item.done"]
    assert added_items == done_items == list(range(len(final["output"])))


async def test_a_stream_without_search_has_only_the_message(
    web: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={"model": "operator-agent", "input": TIMELESS, "stream": True},
    )
    kinds = [kind for kind, _ in events_of(response.text)]
    assert "response.web_search_call.searching" not in kinds
    assert kinds[2:4] == ["response.output_item.added", "response.content_part.added"]
    assert kinds[-4:] == [
        "response.output_text.done",
        "response.content_part.done",
        "response.output_item.done",
        "response.completed",
    ]


async def test_an_answer_cut_at_max_output_tokens_is_incomplete(
    web: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    body = {"model": "operator-agent", "input": TIMELESS, "max_output_tokens": 16,
            "tool_choice": "none"}  # fmt: skip
    whole = (await web.post("/v1/responses", headers=bearer(key), json=body)).json()
    assert whole["status"] == "incomplete"
    assert whole["incomplete_details"] == {"reason": "max_output_tokens"}
    assert whole["output"][-1]["status"] == "incomplete"
    assert whole["usage"]["output_tokens"] <= 16
    streamed = await web.post("/v1/responses", headers=bearer(key), json=body | {"stream": True})
    kinds = [kind for kind, _ in events_of(streamed.text)]
    assert kinds[-1] == "response.incomplete" and "response.completed" not in kinds
    plain = await web.post(
        "/v1/responses", headers=bearer(key), json=body | {"max_output_tokens": 4000}
    )
    assert plain.json()["status"] == "completed" and plain.json()["incomplete_details"] is None


# ---------------------------------------------------------------- input and errors


async def test_input_items_carry_the_conversation(
    web: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={
            "model": "operator-agent",
            "instructions": "Answer briefly.",
            "input": [
                {"role": "user", "content": "Hello"},
                {
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": "Hi. Ask me anything."}],
                },
                {"type": "web_search_call", "id": "ws_1", "status": "completed"},
                {"role": "user", "content": [{"type": "input_text", "text": TIMELESS}]},
            ],
            "metadata": {"ticket": "T-42"},
        },
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "0.877" in message_of(body)["content"][0]["text"]
    assert body["metadata"]["ticket"] == "T-42"
    assert body["instructions"] == "Answer briefly."


@pytest.mark.parametrize(
    ("body", "param", "code"),
    [
        ({"model": "operator-agent"}, "input", "missing_required_field"),
        ({"input": TIMELESS}, "model", "missing_required_field"),
        ({"model": "operator-agent", "input": "   "}, "input", "invalid_value"),
        ({"model": "operator-agent", "input": []}, "input", "invalid_value"),
        ({"model": "operator-agent", "input": 42}, "input", "invalid_type"),
        ({"model": "gpt-9", "input": TIMELESS}, "model", "model_not_found"),
        (
            {
                "model": "operator-agent",
                "input": [
                    {
                        "role": "user",
                        "content": [
                            {"type": "input_image", "image_url": "http://169.254.169.254/"}
                        ],
                    }
                ],
            },
            "input[0].content[0].type",
            "unsupported_value",
        ),
        (
            {"model": "operator-agent", "input": [{"role": "robot", "content": "hi"}]},
            "input[0].role",
            "invalid_value",
        ),
        (
            {"model": "operator-agent", "input": [{"type": "function_call_output", "output": "1"}]},
            "input[0].type",
            "unsupported_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "tools": [{"type": "function"}]},
            "tools[0].type",
            "unsupported_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "previous_response_id": "resp_1"},
            "previous_response_id",
            "unsupported_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "tool_choice": "sometimes"},
            "tool_choice",
            "unsupported_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "tool_choice": {"type": {}}},
            "tool_choice.type",
            "invalid_type",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "tool_choice": {"type": []}},
            "tool_choice.type",
            "invalid_type",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "tool_choice": {"type": "function"}},
            "tool_choice.type",
            "unsupported_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "max_output_tokens": 0},
            "max_output_tokens",
            "invalid_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "max_output_tokens": 2**40},
            "max_output_tokens",
            "invalid_value",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "metadata": {"k": 1}},
            "metadata.k",
            "invalid_type",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "text": {"format": "json"}},
            "text.format",
            "invalid_type",
        ),
        (
            {"model": "operator-agent", "input": TIMELESS, "text": {"format": {"type": "xml"}}},
            "text.format.type",
            "invalid_value",
        ),
        (
            {
                "model": "operator-agent",
                "input": TIMELESS,
                "text": {"format": {"type": "json_schema", "schema": {"type": "object"}}},
            },
            "text.format.name",
            "invalid_value",
        ),
        (
            {
                "model": "operator-agent",
                "input": TIMELESS,
                "text": {"format": {"type": "json_schema", "name": "a"}},
            },
            "text.format.schema",
            "missing_required_field",
        ),
        (
            {
                "model": "operator-agent",
                "input": TIMELESS,
                "text": {
                    "format": {"type": "json_schema", "name": "a", "schema": {"type": "object"}}
                },
            },
            "text.format",
            "unsupported_parameter",
        ),
        (
            {
                "model": "operator-agent",
                "input": TIMELESS,
                "text": {"format": {"type": "json_object"}},
            },
            "text.format",
            "unsupported_parameter",
        ),
    ],
)
async def test_bad_requests_get_400_naming_the_field(
    web: httpx.AsyncClient,
    make_key: KeyMaker,
    searxng: SearchServer,
    body: dict[str, Any],
    param: str,
    code: str,
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post("/v1/responses", headers=bearer(key), json=body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["param"] == param and error["code"] == code and error["message"]
    assert searxng.requests == []


async def test_not_json_and_too_large_bodies_are_refused(
    web: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    broken = await web.post("/v1/responses", headers=bearer(key), content=b"{not json")
    assert broken.status_code == 400 and broken.json()["error"]["code"] == "invalid_json"
    huge = await web.post(
        "/v1/responses",
        headers=bearer(key),
        content=b'{"model":"operator-agent","input":"' + b"a" * 5_000_000 + b'"}',
    )
    assert huge.status_code == 413


async def test_tiers_apply_as_in_the_chat_api(web: httpx.AsyncClient, make_key: KeyMaker) -> None:
    anonymous = await web.post("/v1/responses", json={"model": "free-agent", "input": TIMELESS})
    assert anonymous.status_code == 401
    free = await make_key(Tier.FREE)
    above = await web.post(
        "/v1/responses", headers=bearer(free), json={"model": "operator-agent", "input": TIMELESS}
    )
    assert above.status_code == 403
    assert above.json()["error"]["code"] == "model_not_in_tier"
    allowed = await web.post(
        "/v1/responses", headers=bearer(free), json={"model": "free-agent", "input": TIMELESS}
    )
    assert allowed.status_code == 200
    assert int(allowed.headers["x-ratelimit-remaining-requests"]) < int(
        allowed.headers["x-ratelimit-limit-requests"]
    )


async def test_the_free_tier_conversation_cap_applies(
    web: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.FREE)
    turns = [{"role": "user", "content": f"Question {n} about THCA?"} for n in range(6)]
    response = await web.post(
        "/v1/responses", headers=bearer(key), json={"model": "free-agent", "input": turns}
    )
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "conversation_limit_exceeded"
    allowed = await web.post(
        "/v1/responses", headers=bearer(key), json={"model": "free-agent", "input": turns[:5]}
    )
    assert allowed.status_code == 200


async def test_tools_are_echoed_as_understood(web: httpx.AsyncClient, make_key: KeyMaker) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await web.post(
        "/v1/responses",
        headers=bearer(key),
        json={
            "model": "operator-agent",
            "input": TIMELESS,
            "tool_choice": "none",
            "tools": [
                {"type": "web_search", "size": 10**40, "filters": {"allowed_domains": ["a.org"]}},
                {"type": "web_search_preview", "user_location": {"city": "Denver"}},
            ],
        },
    )
    assert response.status_code == 200, response.text
    assert response.json()["tools"] == [
        {"type": "web_search", "filters": {"allowed_domains": ["a.org"]}},
        {"type": "web_search_preview"},
    ]
