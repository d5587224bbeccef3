"""The chat API in-process, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import KeyMaker, started
from tests.support.asgi import running_app
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio

QUESTION = [{"role": "user", "content": "What is the decarboxylation factor for THCA?"}]


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def post_chat(client: httpx.AsyncClient, key: str, body: dict[str, Any]) -> httpx.Response:
    return await client.post("/v1/chat/completions", headers=bearer(key), json=body)


def sse_events(body: str) -> list[str]:
    """The data payloads of an SSE body, checking its framing on the way."""
    assert body.endswith("\n\n")
    events = []
    for block in body.split("\n\n")[:-1]:
        assert block.startswith("data: "), block
        assert "\n" not in block
        events.append(block[len("data: ") :])
    return events


def assert_error(
    response: httpx.Response, status: int, code: str, param: str | None = None
) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    error = response.json()["error"]
    assert set(error) >= {"message", "type", "code"}
    assert error["code"] == code
    assert error["message"]
    if param is not None:
        assert error["param"] == param
    return dict(error)


# ---------------------------------------------------------------- authentication


async def test_a_missing_credential_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/v1/chat/completions", json={"model": "free-agent", "messages": QUESTION}
    )
    error = assert_error(response, 401, "missing_api_key")
    assert error["type"] == "authentication_error"
    assert response.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    "header",
    [
        "Bearer trk_not_a_real_key_at_all_0000000",
        "Bearer nonsense",
        "Basic dXNlcjpwYXNz",
        "Bearer ",
    ],
)
async def test_an_invalid_credential_is_refused(client: httpx.AsyncClient, header: str) -> None:
    response = await client.get("/v1/models", headers={"Authorization": header})
    assert response.status_code == 401
    assert response.json()["error"]["type"] == "authentication_error"


async def test_a_revoked_key_stops_working_at_once(
    client: httpx.AsyncClient, make_key: KeyMaker, settings: Settings
) -> None:
    from trichome.accounts.service import list_api_keys, revoke_api_key
    from trichome.db.engine import create_engine, create_sessionmaker

    key = await make_key(Tier.PRO, org="Revokers")
    assert (await client.get("/v1/models", headers=bearer(key))).status_code == 200
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        ((record, _),) = await list_api_keys(session)
        await revoke_api_key(session, record.id)
        await session.commit()
    await engine.dispose()
    assert_error(await client.get("/v1/models", headers=bearer(key)), 401, "invalid_api_key")


# ---------------------------------------------------------------- models


@pytest.mark.parametrize(
    ("tier", "model"),
    [
        (Tier.FREE, "free-agent"),
        (Tier.PRO, "pro-agent"),
        (Tier.OPERATOR, "operator-agent"),
        (Tier.TEAM, "operator-agent"),
    ],
)
async def test_models_list_the_tiers_model(
    client: httpx.AsyncClient, make_key: KeyMaker, tier: Tier, model: str
) -> None:
    response = await client.get("/v1/models", headers=bearer(await make_key(tier)))
    assert response.status_code == 200
    body = response.json()
    assert body["object"] == "list"
    assert [entry["id"] for entry in body["data"]] == [model]
    assert body["data"][0]["object"] == "model"
    assert body["data"][0]["owned_by"] == "trichome"


async def test_a_model_can_be_retrieved_only_on_its_tier(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.PRO)
    assert (await client.get("/v1/models/pro-agent", headers=bearer(key))).json()[
        "id"
    ] == "pro-agent"
    assert_error(
        await client.get("/v1/models/operator-agent", headers=bearer(key)), 404, "model_not_found"
    )


# ---------------------------------------------------------------- completions


async def test_a_non_streaming_completion_has_the_spec_shape(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    response = await post_chat(
        client,
        await make_key(Tier.PRO),
        {"model": "pro-agent", "messages": QUESTION, "stream": False},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["id"].startswith("chatcmpl-")
    assert body["object"] == "chat.completion"
    assert isinstance(body["created"], int) and body["created"] > 1_700_000_000
    assert body["model"] == "pro-agent"
    (choice,) = body["choices"]
    assert choice["index"] == 0 and choice["finish_reason"] == "stop"
    assert choice["message"]["role"] == "assistant"
    assert "0.877" in choice["message"]["content"]
    usage = body["usage"]
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    assert usage["prompt_tokens"] > 0 and usage["completion_tokens"] > 0
    assert response.headers["x-trichome-agent"] == "formulation"
    assert 0 < float(response.headers["x-trichome-route-confidence"]) <= 1
    assert response.headers["x-request-id"].startswith("req_")


async def test_streaming_is_the_default_and_follows_the_chunk_rules(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await post_chat(client, key, {"model": "operator-agent", "messages": QUESTION})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["x-trichome-agent"] == "formulation"
    events = sse_events(response.text)
    assert events[-1] == "[DONE]"
    chunks = [json.loads(event) for event in events[:-1]]
    assert len(chunks) >= 3
    assert len({(c["id"], c["created"], c["model"]) for c in chunks}) == 1
    assert chunks[0]["id"].startswith("chatcmpl-") and chunks[0]["model"] == "operator-agent"
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    first, *middle, last = chunks
    assert first["choices"][0]["delta"]["role"] == "assistant"
    assert first["choices"][0]["delta"]["content"]
    assert all(set(c["choices"][0]["delta"]) == {"content"} for c in middle)
    assert all(c["choices"][0]["finish_reason"] is None for c in [first, *middle])
    assert last["choices"][0]["delta"] == {} and last["choices"][0]["finish_reason"] == "stop"
    assert "usage" not in first
    streamed = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    whole = await post_chat(
        client, key, {"model": "operator-agent", "messages": QUESTION, "stream": False}
    )
    assert streamed == whole.json()["choices"][0]["message"]["content"]


async def test_include_usage_adds_a_usage_chunk_without_choices(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    response = await client.post(
        "/v1/chat/completions",
        headers=bearer(await make_key(Tier.FREE)),
        json={
            "model": "free-agent",
            "messages": QUESTION,
            "stream_options": {"include_usage": True},
        },
    )
    events = sse_events(response.text)
    chunks = [json.loads(event) for event in events[:-1]]
    *content, finish, usage = chunks
    assert finish["choices"][0]["finish_reason"] == "stop"
    assert usage["choices"] == []
    assert (
        usage["usage"]["total_tokens"]
        == usage["usage"]["prompt_tokens"] + usage["usage"]["completion_tokens"]
    )
    assert all(chunk["usage"] is None for chunk in [*content, finish])


async def test_only_the_latest_twenty_messages_count(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    filler = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": "word " * 50} for i in range(30)
    ]

    async def prompt_tokens(messages: list[dict[str, str]]) -> int:
        response = await post_chat(
            client, key, {"model": "operator-agent", "messages": messages, "stream": False}
        )
        return int(response.json()["usage"]["prompt_tokens"])

    recent = [*filler[-19:], QUESTION[0]]
    assert await prompt_tokens([*filler, QUESTION[0]]) == await prompt_tokens(recent)
    assert await prompt_tokens(recent[-5:]) < await prompt_tokens(recent)


async def test_text_parts_standard_fields_and_unknown_fields_are_accepted(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    response = await client.post(
        "/v1/chat/completions",
        headers=bearer(await make_key(Tier.OPERATOR)),
        json={
            "model": "operator-agent",
            "messages": [
                {"role": "developer", "content": "Be brief."},
                {"role": "user", "content": [{"type": "text", "text": "What is the decarboxylation "},
                                             {"type": "text", "text": "factor for THCA?"}]},
            ],
            "stream": False,
            "temperature": 0.2, "top_p": 0.9, "max_tokens": 100, "max_completion_tokens": 100,
            "stop": ["\n\n\n"], "n": 1, "user": "u-1", "seed": 7, "metadata": {"a": "b"},
            "tools": [{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}],
            "tool_choice": "auto", "response_format": {"type": "text"},
            "stream_options": {"include_usage": True},
            "some_future_field": {"x": 1},
        },
    )  # fmt: skip
    assert response.status_code == 200, response.text
    assert "0.877" in response.json()["choices"][0]["message"]["content"]


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("body", "code", "param"),
    [
        ({"messages": QUESTION}, "missing_required_field", "model"),
        ({"model": "free-agent"}, "missing_required_field", "messages"),
        ({"model": "free-agent", "messages": [{"role": "user"}]}, "missing_required_field", "messages[0].content"),
        ({"model": "free-agent", "messages": [{"content": "hi"}]}, "missing_required_field", "messages[0].role"),
        ({"model": "free-agent", "messages": []}, "invalid_value", "messages"),
        ({"model": "free-agent", "messages": [{"role": "wizard", "content": "hi"}]}, "invalid_value", "messages[0].role"),
        ({"model": "free-agent", "messages": [{"role": "user", "content": 42}]}, "invalid_type", "messages[0].content"),
        ({"model": "free-agent", "messages": [{"role": "user", "content": {"text": "hi"}}]}, "invalid_type", "messages[0].content"),
        ({"model": "free-agent", "messages": [{"role": "user", "content": [{"type": "image_url", "text": "x"}]}]},
         "invalid_value", "messages[0].content"),
        ({"model": "free-agent", "messages": [{"role": "user", "content": None}]}, "invalid_type", "messages[0].content"),
        ({"model": "free-agent", "messages": [{"role": "assistant"}]}, "missing_required_field", "messages[0].content"),
        ({"model": "free-agent", "messages": ["hi"]}, "invalid_type", "messages[0]"),
        ({"model": "free-agent", "messages": [{"role": "tool", "content": "42"}]}, "missing_required_field", "messages[0].tool_call_id"),
        ({"model": "gpt-4o", "messages": QUESTION}, "model_not_found", "model"),
        ({"model": 7, "messages": QUESTION}, "invalid_type", "model"),
        ({"model": "free-agent", "messages": "hi"}, "invalid_type", "messages"),
        ({"model": "free-agent", "messages": QUESTION, "stream": "yes"}, "invalid_type", "stream"),
        ({"model": "free-agent", "messages": QUESTION, "temperature": "hot"}, "invalid_type", "temperature"),
        ({"model": "free-agent", "messages": QUESTION, "temperature": 3}, "invalid_value", "temperature"),
        ({"model": "free-agent", "messages": QUESTION, "n": 2}, "unsupported_value", "n"),
        ({"model": "free-agent", "messages": QUESTION, "stop": ["a", "b", "c", "d", "e"]}, "invalid_value", "stop"),
        ({"model": "free-agent", "messages": QUESTION, "max_tokens": 0}, "invalid_value", "max_tokens"),
        ({"model": "free-agent", "messages": QUESTION, "tool_choice": "sometimes"}, "invalid_value", "tool_choice"),
        ({"model": "free-agent", "messages": QUESTION, "tool_choice": {"type": {}}}, "invalid_value", "tool_choice.type"),
        ({"model": "free-agent", "messages": QUESTION, "tool_choice": {"type": "function"}},
         "missing_required_field", "tool_choice.function"),
        ({"model": "free-agent", "messages": QUESTION, "tool_choice": "required"}, "invalid_value", "tool_choice"),
        ({"model": "free-agent", "messages": QUESTION, "tools": [{"type": "function", "function": {"name": "a"}}],
          "tool_choice": {"type": "function", "function": {"name": "b"}}}, "invalid_value", "tool_choice.function.name"),
        ({"model": "free-agent", "messages": QUESTION, "tools": [{"type": "function", "function": {"name": "trichome_infusion"}}]},
         "invalid_value", "tools[0].function.name"),
        ({"model": "free-agent", "messages": QUESTION, "tools": [{"type": "function", "function": {"name": "a b"}}]},
         "invalid_value", "tools[0].function.name"),
        ({"model": "free-agent", "messages": QUESTION,
          "tools": [{"type": "function", "function": {"name": "a", "parameters": {"type": "string"}}}]},
         "invalid_value", "tools[0].function.parameters"),
        ({"model": "free-agent", "messages": QUESTION, "response_format": {"type": "json_schema"}},
         "missing_required_field", "response_format.json_schema"),
        ({"model": "free-agent", "messages": QUESTION, "response_format": {"type": "json_schema", "json_schema": 5}},
         "invalid_type", "response_format.json_schema"),
        ({"model": "free-agent", "messages": QUESTION, "response_format": {"type": "xml"}}, "invalid_value", "response_format.type"),
        ({"model": "free-agent", "messages": QUESTION, "stream_options": {"include_usage": "yes"}},
         "invalid_type", "stream_options.include_usage"),
    ],
)  # fmt: skip
async def test_invalid_requests_get_a_precise_400(
    client: httpx.AsyncClient, make_key: KeyMaker, body: dict[str, Any], code: str, param: str
) -> None:
    response = await client.post(
        "/v1/chat/completions", headers=bearer(await make_key(Tier.FREE)), json=body
    )
    error = assert_error(response, 400, code, param)
    assert error["type"] == "invalid_request_error"


@pytest.mark.parametrize("raw", [b"", b"{not json", b"[1, 2]", b'"text"', b"null"])
async def test_bodies_that_are_not_a_json_object_get_a_400(
    client: httpx.AsyncClient, make_key: KeyMaker, raw: bytes
) -> None:
    response = await client.post(
        "/v1/chat/completions",
        headers=bearer(await make_key(Tier.FREE)) | {"Content-Type": "application/json"},
        content=raw,
    )
    assert response.status_code == 400
    assert response.json()["error"]["type"] == "invalid_request_error"


async def test_an_oversized_body_is_refused_before_it_is_read(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    huge = {
        "model": "free-agent",
        "messages": [{"role": "user", "content": "x" * (5 * 1024 * 1024)}],
    }
    response = await client.post(
        "/v1/chat/completions", headers=bearer(await make_key(Tier.FREE)), json=huge
    )
    assert_error(response, 413, "request_too_large")


async def test_a_model_above_the_tier_names_the_tier_and_the_upgrade_path(
    client: httpx.AsyncClient, make_key: KeyMaker, settings: Settings
) -> None:
    response = await post_chat(
        client, await make_key(Tier.FREE), {"model": "operator-agent", "messages": QUESTION}
    )
    error = assert_error(response, 403, "model_not_in_tier", "model")
    assert "Operator or Team" in error["message"]
    assert settings.upgrade_url in error["message"]


async def test_a_lower_model_stays_available_after_an_upgrade(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    response = await post_chat(
        client,
        await make_key(Tier.TEAM),
        {"model": "free-agent", "messages": QUESTION, "stream": False},
    )
    assert response.status_code == 200


async def test_a_specialist_above_the_tier_is_answered_by_the_main_agent(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    response = await client.post(
        "/v1/chat/completions",
        headers=bearer(await make_key(Tier.FREE)),
        json={"model": "free-agent", "stream": False,
              "messages": [{"role": "user", "content": "Instagram caption ideas for our 4/20 sale"}]},
    )  # fmt: skip
    assert response.headers["x-trichome-agent"] == "main_agent"
    content = response.json()["choices"][0]["message"]["content"]
    assert "marketing specialist" in content and "pro-agent" in content


# ---------------------------------------------------------------- errors, health


async def test_unknown_routes_and_methods_use_the_error_body(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/v1/nothing-here"), 404, "not_found")
    assert_error(await client.get("/v1/chat/completions"), 405, "method_not_allowed")
    assert_error(await client.delete("/health"), 405, "method_not_allowed")


async def test_health_reports_every_agent_without_a_credential(client: httpx.AsyncClient) -> None:
    response = await client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "healthy" and body["reasons"] == []
    assert set(body["agents"]) == {
        "main_agent",
        "compliance",
        "formulation",
        "operations",
        "marketing",
    }
    assert all(status == "available" for status in body["agents"].values())
    assert isinstance(body["uptime"], int) and body["uptime"] >= 0
    assert body["version"]
    assert body["timestamp"].endswith("Z")


async def test_health_is_degraded_with_the_reason_when_the_database_is_down(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, database_url="postgresql+asyncpg://nobody@127.0.0.1:1/none"
    )
    app = create_app(settings)
    async with (
        running_app(app) as asgi,
        httpx.AsyncClient(transport=httpx.ASGITransport(app=asgi), base_url="http://t") as client,
    ):
        body = (await client.get("/health")).json()
        assert body["status"] == "degraded"
        assert any("database" in reason for reason in body["reasons"])
        response = await client.get("/v1/models", headers=bearer("trk_" + "a" * 43))
        assert_error(response, 503, "database_unavailable")


async def test_anonymous_mode_serves_the_free_tier_without_a_credential(
    tmp_path: Path, settings: Settings
) -> None:
    anonymous = Settings(data_dir=tmp_path, database_url=settings.database_url, anonymous=True)
    app = create_app(anonymous)
    async with started(app) as client:
        models = await client.get("/v1/models")
        assert [m["id"] for m in models.json()["data"]] == ["free-agent"]
        ok = await client.post(
            "/v1/chat/completions",
            json={"model": "free-agent", "messages": QUESTION, "stream": False},
        )
        assert ok.status_code == 200
        assert_error(
                await client.post("/v1/chat/completions", json={"model": "pro-agent", "messages": QUESTION}),
                403, "model_not_in_tier",
            )  # fmt: skip
        assert_error(
            await client.get("/v1/models", headers=bearer("trk_" + "b" * 43)),
            401,
            "invalid_api_key",
        )
