"""How the chat API reads OpenAI's request settings: each one honoured, or refused with a
400 naming it, never silently ignored (grounded engine, in process)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.conftest import KeyMaker
from tests.services.chat.test_ads import impressions
from tests.services.chat.test_chat import QUESTION, assert_error, bearer, sse_events
from tests.services.chat.test_limits import new_key, random_ip, serving
from trichome.config import Settings
from trichome.llm.tokens import estimate_tokens
from trichome.plans import Tier

pytestmark = pytest.mark.anyio

COLORADO = [
    {"role": "user", "content": "What is the THC limit per serving for edibles in Colorado?"}
]


async def ask(
    client: httpx.AsyncClient, key: str, headers: dict[str, str] | None = None, **body: Any
) -> httpx.Response:
    payload = {"model": "operator-agent", "messages": QUESTION, **body}
    return await client.post(
        "/v1/chat/completions", headers=bearer(key) | (headers or {}), json=payload
    )


# ---------------------------------------------------------------- stream or JSON


@pytest.mark.parametrize(
    ("headers", "body", "streams"),
    [
        # What the openai SDKs send for a plain call: JSON asked for, no `stream`.
        ({"Accept": "application/json"}, {}, False),
        # curl, httpx and requests: Accept */*; the specification's default applies.
        ({"Accept": "*/*"}, {}, True),
        ({}, {}, True),
        # The Vercel AI SDK: Accept */*, no `stream`, and it expects JSON.
        ({"Accept": "*/*", "User-Agent": "ai/7.0.173 ai-sdk/provider-utils/4.0.65"}, {}, False),
        (
            {"Accept": "*/*", "User-Agent": "ai/7.0.173 ai-sdk-provider-utils/5.0.81 node.js/22"},
            {},
            False,
        ),
        ({"Accept": "*/*", "User-Agent": "Mozilla/5.0 (Macintosh) Safari/605.1.15"}, {}, True),
        ({"Accept": "text/event-stream"}, {}, True),
        ({"Accept": "application/json;q=0.5, text/event-stream"}, {}, True),
        ({"Accept": "text/event-stream;q=0.2, application/json"}, {}, False),
        # An explicit `stream` always wins.
        ({"Accept": "application/json"}, {"stream": True}, True),
        ({"Accept": "text/event-stream"}, {"stream": False}, False),
        ({"User-Agent": "ai/7 ai-sdk/provider-utils/4"}, {"stream": True}, True),
    ],
)
async def test_stream_or_json_follows_what_the_client_asked_for(
    client: httpx.AsyncClient,
    make_key: KeyMaker,
    headers: dict[str, str],
    body: dict[str, Any],
    streams: bool,
) -> None:
    response = await ask(client, await make_key(Tier.OPERATOR), headers, **body)
    assert response.status_code == 200, response.text
    if streams:
        assert response.headers["content-type"].startswith("text/event-stream")
        assert sse_events(response.text)[-1] == "[DONE]"
    else:
        assert response.headers["content-type"].startswith("application/json")
        assert response.json()["object"] == "chat.completion"


# ---------------------------------------------------------------- the token budget


@pytest.mark.parametrize("field", ["max_tokens", "max_completion_tokens"])
async def test_an_answer_stops_at_the_token_budget(
    client: httpx.AsyncClient, make_key: KeyMaker, field: str
) -> None:
    key = await make_key(Tier.OPERATOR)
    full = (await ask(client, key, stream=False, messages=COLORADO)).json()
    assert full["usage"]["completion_tokens"] > 20
    cut = (await ask(client, key, stream=False, messages=COLORADO, **{field: 20})).json()
    choice = cut["choices"][0]
    assert choice["finish_reason"] == "length"
    assert cut["usage"]["completion_tokens"] <= 20
    assert estimate_tokens(choice["message"]["content"]) <= 20
    assert full["choices"][0]["message"]["content"].startswith(choice["message"]["content"])
    assert len(choice["message"]["content"]) > 20  # the start of the answer, not nothing

    streamed = await ask(client, key, messages=COLORADO, stream=True, **{field: 20})
    chunks = [json.loads(event) for event in sse_events(streamed.text)[:-1]]
    assert chunks[-1]["choices"][0]["finish_reason"] == "length"
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    assert text == choice["message"]["content"]


async def test_a_budget_the_answer_fits_in_ends_normally(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    full = (await ask(client, key, stream=False)).json()
    roomy = (await ask(client, key, stream=False, max_tokens=4000)).json()
    assert roomy["choices"][0]["finish_reason"] == "stop"
    assert roomy["choices"][0]["message"]["content"] == full["choices"][0]["message"]["content"]


async def test_a_cut_answer_carries_no_sponsored_line_and_counts_no_impression(
    settings: Settings,
) -> None:
    _, key = await new_key(settings, Tier.FREE)
    headers = {"Authorization": f"Bearer {key}"}
    async with serving(settings) as connect, connect(random_ip()) as client:
        response = await client.post(
            "/v1/chat/completions",
            headers=headers,
            json={"model": "free-agent", "messages": QUESTION, "stream": False, "max_tokens": 12},
        )
    choice = response.json()["choices"][0]
    assert choice["finish_reason"] == "length"
    assert "Sponsored" not in choice["message"]["content"]
    assert await impressions(settings) == 0


# ---------------------------------------------------------------- response_format, tools, stop


async def test_json_object_answers_are_one_json_object_with_their_sources(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    response = await ask(
        client, key, stream=False, messages=COLORADO, response_format={"type": "json_object"}
    )
    assert response.status_code == 200, response.text
    answer = json.loads(response.json()["choices"][0]["message"]["content"])
    assert set(answer) == {"answer", "agent", "sources"}
    assert "10" in answer["answer"] and answer["agent"] == "compliance"
    assert answer["sources"] and all(s["url"].startswith("http") for s in answer["sources"])
    assert "[1]" in answer["answer"] and answer["sources"][0]["number"] == 1

    streamed = await ask(client, key, messages=COLORADO, response_format={"type": "json_object"})
    chunks = [json.loads(event) for event in sse_events(streamed.text)[:-1]]
    assert (
        json.loads("".join(c["choices"][0]["delta"].get("content", "") for c in chunks)) == answer
    )


async def test_json_object_answers_of_ad_models_stay_parseable(settings: Settings) -> None:
    _, key = await new_key(settings, Tier.FREE)
    async with serving(settings) as connect, connect(random_ip()) as client:
        response = await client.post(
            "/v1/chat/completions",
            headers={"Authorization": f"Bearer {key}"},
            json={"model": "free-agent", "messages": QUESTION, "stream": False,
                  "response_format": {"type": "json_object"}},
        )  # fmt: skip
    content = response.json()["choices"][0]["message"]["content"]
    assert "0.877" in json.loads(content)["answer"]
    assert await impressions(settings) == 0


async def test_stop_sequences_end_the_answer_where_they_start(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    full = (await ask(client, key, stream=False)).json()["choices"][0]["message"]["content"]
    assert "Sources:" in full
    cut = (await ask(client, key, stream=False, stop=["Sources:"])).json()["choices"][0]
    assert cut["message"]["content"] == full[: full.index("Sources:")]
    assert cut["finish_reason"] == "stop"


@pytest.mark.parametrize(
    ("settings_sent", "param"),
    [
        ({"response_format": {"type": "json_schema",
                              "json_schema": {"name": "a", "schema": {"type": "object"}}}}, "response_format"),
        ({"tools": [{"type": "function", "function": {"name": "lookup"}}], "tool_choice": "required"},
         "tool_choice"),
        ({"tools": [{"type": "function", "function": {"name": "lookup"}}],
          "tool_choice": {"type": "function", "function": {"name": "lookup"}}}, "tool_choice"),
        ({"logit_bias": {"50256": -100}}, "logit_bias"),
        ({"logprobs": True}, "logprobs"),
        ({"top_logprobs": 3}, "top_logprobs"),
        ({"modalities": ["text", "audio"]}, "modalities"),
        ({"audio": {"voice": "alloy", "format": "mp3"}}, "audio"),
        ({"web_search_options": {}}, "web_search_options"),
        ({"functions": [{"name": "lookup"}]}, "functions"),
        ({"function_call": "auto"}, "function_call"),
        ({"store": True}, "store"),
    ],
)  # fmt: skip
async def test_settings_the_grounded_engine_cannot_honour_are_refused_by_name(
    client: httpx.AsyncClient, make_key: KeyMaker, settings_sent: dict[str, Any], param: str
) -> None:
    response = await ask(client, await make_key(Tier.OPERATOR), stream=False, **settings_sent)
    error = assert_error(response, 400, "unsupported_parameter", param)
    assert error["type"] == "invalid_request_error"


async def test_a_refused_setting_consumes_no_call(settings: Settings) -> None:
    _, key = await new_key(settings, Tier.FREE)
    headers = {"Authorization": f"Bearer {key}"}
    async with serving(settings) as connect, connect(random_ip()) as client:
        refused = await client.post(
            "/v1/chat/completions",
            headers=headers,
            json={"model": "free-agent", "messages": QUESTION, "logprobs": True},
        )
        answered = await client.post(
            "/v1/chat/completions",
            headers=headers,
            json={"model": "free-agent", "messages": QUESTION, "stream": False},
        )
    assert refused.status_code == 400
    assert refused.headers["x-ratelimit-remaining-requests"] == "100"
    assert answered.headers["x-ratelimit-remaining-requests"] == "99"


async def test_settings_that_ask_for_nothing_unsupported_are_accepted(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    response = await ask(
        client,
        await make_key(Tier.OPERATOR),
        stream=False,
        logprobs=False,
        modalities=["text"],
        store=False,
        logit_bias={},
        tools=[{"type": "function", "function": {"name": "lookup"}}],
        tool_choice="auto",
        reasoning_effort="low",
        verbosity="low",
        service_tier="auto",
        prompt_cache_key="k",
        safety_identifier="s",
        prediction={"type": "content", "content": "x"},
    )
    assert response.status_code == 200, response.text
    message = response.json()["choices"][0]["message"]
    assert "0.877" in message["content"] and "tool_calls" not in message


async def test_a_message_over_the_length_cap_is_refused_before_it_is_charged(
    settings: Settings,
) -> None:
    settings = settings.model_copy(update={"max_message_chars": 1_000})
    _, key = await new_key(settings, Tier.PRO)
    headers = {"Authorization": f"Bearer {key}"}
    long = "How long may a transport manifest be? " * 30  # 1,140 characters
    async with serving(settings) as connect, connect(random_ip()) as client:
        chat = await client.post(
            "/v1/chat/completions",
            headers=headers,
            json={"model": "pro-agent", "messages": [*QUESTION, {"role": "user", "content": long}]},
        )
        responses = await client.post(
            "/v1/responses", headers=headers, json={"model": "pro-agent", "input": long}
        )
        answered = await client.post(
            "/v1/chat/completions",
            headers=headers,
            json={"model": "pro-agent", "messages": QUESTION, "stream": False},
        )
    error = assert_error(chat, 400, "context_length_exceeded", "messages[1].content")
    assert "1,140 characters" in error["message"] and "1,000" in error["message"]
    assert_error(responses, 400, "context_length_exceeded", "input")
    assert chat.headers["x-ratelimit-remaining-requests"] == "1000"
    assert answered.headers["x-ratelimit-remaining-requests"] == "999"
