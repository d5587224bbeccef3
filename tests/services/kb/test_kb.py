"""The knowledge-base API: search, cited answers, the chat-completions adapter, keys, limits."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import orjson
import pytest

from tests.conftest import reconfigured
from tests.forum.conftest import THREADS, jsonl
from tests.services.chat.test_limits import new_key, random_ip
from tests.support.asgi import running_app
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.forum.service import ForumKnowledgeBase
from trichome.plans import Tier
from trichome.services.kb.app import create_app

pytestmark = pytest.mark.anyio
QUESTION = "Why does my winterization filter keep clogging?"


async def _load_threads(settings: Settings) -> None:
    engine = create_engine(settings)
    try:
        await ForumKnowledgeBase(settings, create_sessionmaker(engine)).import_jsonl(jsonl(THREADS))
    finally:
        await engine.dispose()


@contextlib.asynccontextmanager
async def kb_client(settings: Settings, ip: str | None = None) -> AsyncIterator[httpx.AsyncClient]:
    """The knowledge-base app over THREADS, started, with a client from `ip`."""
    settings = reconfigured(settings, kb_sample=False)
    await _load_threads(settings)
    async with running_app(create_app(settings)) as asgi:
        transport = httpx.ASGITransport(app=asgi, client=(ip or random_ip(), 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            yield client


async def test_health_counts_the_threads_without_a_key(settings: Settings) -> None:
    async with kb_client(settings) as client:
        health = await client.get("/api/health")
    assert health.status_code == 200
    body = health.json()
    assert (body["status"], body["threads"], body["indexed"]) == ("healthy", 7, 7)
    assert body["engine"] == "grounded"
    assert "x-ratelimit-limit-requests" not in health.headers


async def test_search_returns_scored_highlighted_matches(settings: Settings) -> None:
    async with kb_client(settings) as client:
        found = await client.get("/api/threads", params={"q": "clogged filter", "limit": 2})
    assert found.status_code == 200
    body = found.json()
    assert body["terms"] == ["clogged", "filter"]
    assert body["limit"] == 2 and body["total"] >= 1
    top = body["data"][0]
    assert top["title"] == "Winterization filter clogging at -40C"
    assert top["url"] == THREADS[0]["url"]
    assert top["category"] == "Extraction" and top["post_count"] == 3
    assert top["score"] > 0
    start, end = top["highlights"][0]
    assert top["snippet"][start:end].lower().startswith(("clog", "filter"))
    assert "<mark>" in top["snippet_html"]
    assert found.headers["x-ratelimit-limit-requests"] == "100"


@pytest.mark.parametrize(
    ("params", "code", "param"),
    [
        ({}, "missing_required_field", "q"),
        ({"q": "   "}, "missing_required_field", "q"),
        ({"q": "x", "limit": "0"}, "invalid_value", "limit"),
        ({"q": "x", "limit": "many"}, "invalid_value", "limit"),
        ({"q": "x", "offset": "-1"}, "invalid_value", "offset"),
        ({"q": "x" * 501}, "invalid_value", "q"),
    ],
)
async def test_bad_searches_are_400_naming_the_parameter(
    settings: Settings, params: dict[str, str], code: str, param: str
) -> None:
    async with kb_client(settings) as client:
        answer = await client.get("/api/threads", params=params)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["type"], error["code"], error["param"]) == ("invalid_request_error", code, param)


async def test_chat_answers_with_numbered_citations(settings: Settings) -> None:
    async with kb_client(settings) as client:
        answer = await client.post("/api/chat", json={"message": QUESTION})
        nothing = await client.post("/api/chat", json={"message": "best pizza dough recipe"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["engine"] == "grounded"
    first = body["citations"][0]
    assert (first["number"], first["title"]) == (1, THREADS[0]["title"])
    assert first["score"] > 0
    # The test forum's host is reserved for examples: the sources link the thread's page here.
    assert f"[1] [{first['title']}]({first['page_url']})" in body["answer"]
    assert nothing.status_code == 200
    assert nothing.json()["citations"] == []
    assert "no forum thread" in nothing.json()["answer"]


@pytest.mark.parametrize(
    ("body", "code", "param"),
    [
        (b"", "missing_required_field", "message"),
        (b"{}", "missing_required_field", "message"),
        (b'{"message": ""}', "invalid_value", "message"),
        (b'{"message": "   "}', "invalid_value", "message"),
        (b'{"message": 42}', "invalid_type", "message"),
        (b'{"message": "hi", "extra": 1}', "invalid_value", "extra"),
        (b"not json", "invalid_json", None),
        (b"[1, 2]", "invalid_type", None),
    ],
)
async def test_bad_chat_bodies_are_400(
    settings: Settings, body: bytes, code: str, param: str | None
) -> None:
    async with kb_client(settings) as client:
        answer = await client.post(
            "/api/chat", content=body, headers={"Content-Type": "application/json"}
        )
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == code, error
    if param is not None:
        assert error["param"] == param


async def test_the_adapter_answers_in_the_chat_wire_format(settings: Settings) -> None:
    messages = [{"role": "user", "content": QUESTION}]
    async with kb_client(settings) as client:
        whole = await client.post(
            "/v1/chat/completions",
            json={"model": "knowledge-base", "messages": messages, "stream": False},
        )
        streamed = await client.post(
            "/v1/chat/completions",
            json={
                "model": "knowledge-base",
                "messages": messages,
                "stream_options": {"include_usage": True},
            },
        )
        wrong_model = await client.post(
            "/v1/chat/completions", json={"model": "operator-agent", "messages": messages}
        )
        models = await client.get("/v1/models")
    assert whole.status_code == 200
    body = whole.json()
    assert body["object"] == "chat.completion" and body["model"] == "knowledge-base"
    text = body["choices"][0]["message"]["content"]
    assert body["choices"][0]["finish_reason"] == "stop"
    assert body["citations"][0]["url"] == THREADS[0]["url"]
    assert body["usage"]["completion_tokens"] > 0
    assert streamed.status_code == 200
    assert streamed.headers["content-type"].startswith("text/event-stream")
    events = [line[6:] for line in streamed.text.splitlines() if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    chunks = [orjson.loads(event) for event in events[:-1]]
    content = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    assert content == text
    assert chunks[-1]["usage"]["total_tokens"] > 0
    # The closing chunk names the cited threads, as the whole answer's body does.
    (closing,) = [c for c in chunks if c["choices"] and c["choices"][0]["finish_reason"]]
    assert closing["citations"] == body["citations"]
    assert all("citations" not in c for c in chunks if c is not closing)
    assert wrong_model.status_code == 400
    assert wrong_model.json()["error"]["code"] == "model_not_found"
    assert [m["id"] for m in models.json()["data"]] == ["knowledge-base"]


async def test_the_adapter_streams_or_answers_json_as_the_chat_api_does(
    settings: Settings,
) -> None:
    body = {"model": "knowledge-base", "messages": [{"role": "user", "content": QUESTION}]}
    async with kb_client(settings) as client:
        sdk = await client.post(
            "/v1/chat/completions", json=body, headers={"Accept": "application/json"}
        )
        vercel = await client.post(
            "/v1/chat/completions", json=body, headers={"User-Agent": "ai/7 ai-sdk/openai/3"}
        )
        curl = await client.post("/v1/chat/completions", json=body, headers={"Accept": "*/*"})
    assert sdk.json()["object"] == vercel.json()["object"] == "chat.completion"
    assert curl.headers["content-type"].startswith("text/event-stream")


async def test_the_adapter_honours_the_token_budget_and_json_object(settings: Settings) -> None:
    body = {"model": "knowledge-base", "messages": [{"role": "user", "content": QUESTION}],
            "stream": False}  # fmt: skip
    async with kb_client(settings) as client:
        full = (await client.post("/v1/chat/completions", json=body)).json()
        cut = (await client.post("/v1/chat/completions", json=body | {"max_tokens": 15})).json()
        as_json = await client.post(
            "/v1/chat/completions", json=body | {"response_format": {"type": "json_object"}}
        )
        schema = await client.post(
            "/v1/chat/completions",
            json=body | {"response_format": {"type": "json_schema", "json_schema": {"name": "a"}}},
        )
    assert full["usage"]["completion_tokens"] > 15
    assert cut["choices"][0]["finish_reason"] == "length"
    assert cut["usage"]["completion_tokens"] <= 15
    text = full["choices"][0]["message"]["content"]
    assert text.startswith(cut["choices"][0]["message"]["content"])
    answer = orjson.loads(as_json.json()["choices"][0]["message"]["content"])
    assert answer["answer"] == text
    assert answer["sources"][0]["url"].startswith("http://testserver/threads/")
    assert schema.status_code == 400
    assert schema.json()["error"]["code"] == "unsupported_parameter"
    assert schema.json()["error"]["param"] == "response_format"


async def test_keys_come_as_bearer_or_x_api_key_and_must_be_valid(settings: Settings) -> None:
    _, key = await new_key(settings, Tier.PRO)
    async with kb_client(settings) as client:
        bearer = await client.get(
            "/api/threads", params={"q": "hash"}, headers={"Authorization": f"Bearer {key}"}
        )
        header = await client.get("/api/threads", params={"q": "hash"}, headers={"X-API-Key": key})
        wrong = await client.get(
            "/api/threads", params={"q": "hash"}, headers={"X-API-Key": "tri_nope"}
        )
        revoked_style = await client.post(
            "/api/chat", json={"message": "hash"}, headers={"Authorization": "Bearer tri_x"}
        )
        empty = await client.get("/api/threads", params={"q": "hash"}, headers={"X-API-Key": ""})
    # With a key, the organisation's monthly quota applies (Pro: 1,000 calls).
    assert bearer.status_code == header.status_code == 200
    assert bearer.headers["x-ratelimit-limit-requests"] == "1000"
    assert header.headers["x-ratelimit-remaining-requests"] == "998"
    for refused in (wrong, revoked_style, empty):
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "invalid_api_key"


async def test_without_a_key_a_client_gets_its_hourly_limit(limited_settings: Settings) -> None:
    settings = reconfigured(limited_settings, kb_requests_per_hour=3)
    ip = random_ip()
    async with kb_client(settings, ip) as client:
        invalid = await client.get("/api/threads")  # a 400 does not count
        statuses = [
            (await client.get("/api/threads", params={"q": "hash"})).status_code,
            (await client.post("/api/chat", json={"message": "hash"})).status_code,
            (
                await client.post(
                    "/v1/chat/completions",
                    json={"model": "knowledge-base", "stream": False,
                          "messages": [{"role": "user", "content": "hash"}]},
                )
            ).status_code,
        ]  # fmt: skip
        refused = await client.get("/api/threads", params={"q": "hash"})
        health = await client.get("/api/health")
    assert invalid.status_code == 400
    assert statuses == [200, 200, 200]
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert (error["type"], error["code"]) == ("rate_limit_error", "rate_limit_exceeded")
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    assert refused.headers["x-ratelimit-remaining-requests"] == "0"
    assert health.status_code == 200
    # Another client is not affected.
    async with kb_client(settings) as other:
        assert (await other.get("/api/threads", params={"q": "hash"})).status_code == 200


async def test_with_a_key_the_organisations_quota_applies(limited_settings: Settings) -> None:
    _, key = await new_key(limited_settings, Tier.FREE)
    headers = {"X-API-Key": key}
    async with kb_client(limited_settings) as client:
        statuses = [
            (await client.get("/api/threads", params={"q": "rosin"}, headers=headers)).status_code
            for _ in range(100)
        ]
        refused = await client.get("/api/threads", params={"q": "rosin"}, headers=headers)
    assert statuses == [200] * 100
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "insufficient_quota"
    assert refused.headers["x-should-retry"] == "false"


async def test_browsers_on_any_site_may_call_it(settings: Settings) -> None:
    async with kb_client(settings) as client:
        preflight = await client.options(
            "/api/chat",
            headers={
                "Origin": "https://shop.example",
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type, x-api-key",
            },
        )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "*"
    assert "x-api-key" in preflight.headers["access-control-allow-headers"].lower()
    assert "access-control-allow-credentials" not in preflight.headers


async def test_a_first_start_on_an_empty_database_answers_from_the_sample(
    settings: Settings,
) -> None:
    app = create_app(settings)  # TRICHOME_KB_SAMPLE is on by default
    async with (
        running_app(app) as asgi,
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=asgi), base_url="http://testserver"
        ) as client,
    ):
        health = (await client.get("/api/health")).json()
        answer = await client.post(
            "/api/chat", json={"message": "What water activity should cured flower reach?"}
        )
    assert health["threads"] >= 300 and health["indexed"] == health["threads"]
    assert answer.json()["citations"], answer.json()


async def test_the_adapter_refuses_a_message_over_4000_characters(settings: Settings) -> None:
    messages = [{"role": "user", "content": "x" * 4_001}]
    async with kb_client(settings) as client:
        answer = await client.post(
            "/v1/chat/completions", json={"model": "knowledge-base", "messages": messages}
        )
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert (error["code"], error["param"]) == ("context_length_exceeded", "messages[0].content")


async def test_calls_with_a_key_are_logged_per_key_as_chat_calls_are(settings: Settings) -> None:
    """The dashboard's usage charts read the log: each answered knowledge-base request with a
    key counts under its key and the model `knowledge-base`; one without a key or refused
    counts nowhere."""
    from trichome.accounts.service import list_api_keys
    from trichome.limits import windows
    from trichome.limits.usage_log import usage_breakdown

    organization_id, key = await new_key(settings, Tier.PRO)
    headers = {"X-API-Key": key}
    async with kb_client(settings) as client:
        answered = [
            (await client.get("/api/threads", params={"q": "rosin"}, headers=headers)).status_code,
            (await client.post("/api/chat", json={"message": "hash"}, headers=headers)).status_code,
            (
                await client.post(
                    "/v1/chat/completions", headers=headers,
                    json={"model": "knowledge-base", "stream": False,
                          "messages": [{"role": "user", "content": "hash"}]},
                )
            ).status_code,
        ]  # fmt: skip
        anonymous = await client.get("/api/threads", params={"q": "rosin"})
        invalid = await client.get("/api/threads", headers=headers)
    assert answered == [200, 200, 200]
    assert anonymous.status_code == 200 and invalid.status_code == 400
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            [(record, _)] = await list_api_keys(session, organization_id)
        now = datetime.now(UTC)
        start, end = windows.quota_period(now, None, None)
        breakdown = await usage_breakdown(engine, organization_id, start, end, now)
    finally:
        await engine.dispose()
    assert breakdown.by_model == [("knowledge-base", 3)]
    assert breakdown.by_key == [(record.id, 3)]
    assert breakdown.total == 3
