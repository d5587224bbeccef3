"""The `openai` engine under a faulty upstream (the scripted one, over real HTTP), at the chat
API in process: content parts are accepted; a number, any other shape that is no chat
completion, an answer past its size caps, a stall, a trickle and a cut connection reach the
client as a 502 or 504 (or, once the stream started, an error event) with the error body,
never a 500; and none of them is charged, in the quota's counter or in the usage log."""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.conftest import reconfigured, started
from tests.support.fake_upstream import FakeUpstream, fake_upstream
from tests.support.upstream_faults import PARTS_ANSWER, REASONING
from trichome.accounts.service import create_api_key, get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.migrate import upgrade_database
from trichome.db.models import UsageDay, utcnow
from trichome.limits.service import create_counter_store
from trichome.limits.windows import monthly_calls
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio

QUESTION = "What is the decarboxylation factor for THCA?"
ENDPOINTS = [("chat", False), ("chat", True), ("responses", False), ("responses", True)]
# A silent upstream is given up after 1 s; a trickling one after 4 s in all.
STALL_TIMEOUTS = {"llm_read_timeout": 1.0, "llm_total_timeout": 4.0}


@dataclass
class Gateway:
    """The chat app in process in front of the scripted upstream, with one Operator key."""

    client: httpx.AsyncClient
    key: str
    organization_id: str
    settings: Settings
    stack: AsyncExitStack

    async def ask(self, endpoint: str = "chat", stream: bool = False) -> httpx.Response:
        if endpoint == "chat":
            path, body = (
                "/v1/chat/completions",
                {"messages": [{"role": "user", "content": QUESTION}]},
            )
        else:
            path, body = "/v1/responses", {"input": QUESTION}
        return await self.client.post(
            path,
            json={"model": "operator-agent", "stream": stream, **body},
            headers={"Authorization": f"Bearer {self.key}"},
        )

    async def charged(self) -> tuple[int, int]:
        """The calls counted against the quota and those in the usage log, once the app has
        stopped (which writes the log's buffered counts)."""
        await self.stack.aclose()
        engine = create_engine(self.settings)
        store = create_counter_store(self.settings, engine)
        try:
            window = monthly_calls(self.organization_id, Tier.OPERATOR, utcnow())
            quota = await store.used(window)
            async with create_sessionmaker(engine)() as session:
                logged = await session.scalar(select(func.coalesce(func.sum(UsageDay.calls), 0)))
        finally:
            await store.aclose()
            await engine.dispose()
        return quota, int(logged or 0)


@pytest.fixture(scope="module")
def upstream() -> Iterator[FakeUpstream]:
    with fake_upstream() as running:
        yield running


@pytest.fixture
def openai_settings(
    upstream: FakeUpstream, tmp_path: Path, request: pytest.FixtureRequest
) -> Settings:
    """Settings of the `openai` engine on the scripted upstream, on a fresh SQLite database;
    a test may change some (`indirect` parametrisation with a dict of changes). The timeouts
    are generous, so a loaded machine never turns a malformed answer into a timeout; the
    stall tests ask for short ones (`STALL_TIMEOUTS`)."""
    changes: dict[str, object] = getattr(request, "param", {})
    settings = Settings(
        data_dir=tmp_path,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'trichome.db'}",
        engine="openai",
        llm_base_url=upstream.base_url,
        llm_model="upstream-model",
        llm_max_retries=0,
        llm_read_timeout=30.0,
        llm_total_timeout=60.0,
    )
    settings = reconfigured(settings, **changes) if changes else settings
    upgrade_database(settings)
    return settings


@pytest.fixture
async def gateway(upstream: FakeUpstream, openai_settings: Settings) -> AsyncIterator[Gateway]:
    upstream.mode, upstream.delay, settings = "ok", 3.0, openai_settings
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        organization, _ = await get_or_create_organization(
            session, f"org-{secrets.token_hex(4)}", Tier.OPERATOR
        )
        key = await create_api_key(session, organization)
        await session.commit()
    await engine.dispose()
    async with AsyncExitStack() as stack:
        client = await stack.enter_async_context(started(create_app(settings)))
        yield Gateway(client, key.secret, organization.id, settings, stack)
    upstream.mode = "ok"


def sse_events(response: httpx.Response) -> list[tuple[str | None, Any]]:
    """The (event name, data) of each event of an SSE body; `[DONE]` as a string."""
    events = []
    for block in response.text.strip().split("\n\n"):
        name, data = None, None
        for line in block.splitlines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = line[6:] if line[6:] == "[DONE]" else json.loads(line[6:])
        events.append((name, data))
    return events


def seen_failure(response: httpx.Response) -> tuple[int, dict[str, Any]]:
    """The status and the error the client was given: the error body of a failed request,
    the error event of a chat stream, or the error of a `response.failed` event."""
    assert response.status_code != 500 and "server_error" not in response.text, response.text
    if response.status_code != 200:
        return response.status_code, response.json()["error"]
    events = sse_events(response)
    if events[-1][1] == "[DONE]":  # chat completions: the error event before the end
        assert "error" in events[-2][1], response.text
        return 200, events[-2][1]["error"]
    name, data = events[-1]
    assert name == "response.failed", response.text
    return 200, {"type": "upstream_error", **data["response"]["error"]}


def answered_text(response: httpx.Response, stream: bool) -> str:
    assert response.status_code == 200, response.text
    if not stream:
        body = response.json()
        if "choices" in body:
            return str(body["choices"][0]["message"]["content"])
        return "".join(p["text"] for item in body["output"] for p in item.get("content", ()))
    text = []
    for name, data in sse_events(response):
        assert not (isinstance(data, dict) and "error" in data), response.text
        if name == "response.output_text.delta":
            text.append(data["delta"])
        elif name is None and isinstance(data, dict):
            text.append(data["choices"][0]["delta"].get("content") or "" if data["choices"] else "")
    return "".join(text)


@pytest.mark.parametrize(("endpoint", "stream"), ENDPOINTS)
async def test_content_parts_are_answered_as_their_text(
    gateway: Gateway, upstream: FakeUpstream, endpoint: str, stream: bool
) -> None:
    upstream.mode = "parts"
    text = answered_text(await gateway.ask(endpoint, stream), stream)
    assert text.startswith("".join(PARTS_ANSWER))
    assert REASONING["text"] not in text
    assert await gateway.charged() == (1, 1)


@pytest.mark.parametrize("mode", ["number", "bad_parts"])
@pytest.mark.parametrize(("endpoint", "stream"), ENDPOINTS)
async def test_content_that_is_no_text_is_a_502_and_not_charged(
    gateway: Gateway, upstream: FakeUpstream, mode: str, endpoint: str, stream: bool
) -> None:
    upstream.mode = mode
    status, error = seen_failure(await gateway.ask(endpoint, stream))
    # Only a Responses stream has begun (response.created) before the upstream's answer.
    assert status == (200 if (endpoint, stream) == ("responses", True) else 502)
    assert error["type"] == "upstream_error" and error["code"] == "upstream_error"
    assert error["message"] and "0.877" not in error["message"]
    assert await gateway.charged() == (0, 0)


@pytest.mark.parametrize(
    ("mode", "stream", "code"),
    [
        ("bad_arguments", False, "upstream_error"),
        ("bad_arguments", True, "upstream_error"),
        ("no_choices", False, "upstream_error"),
        ("no_choices", True, "upstream_incomplete"),
        ("bad_delta", False, "upstream_error"),
        ("bad_delta", True, "upstream_error"),
        ("bad_usage", False, "upstream_error"),
        ("bad_usage", True, "upstream_error"),  # after the text: an error event
        ("error_object", False, "upstream_error"),
        ("error_object", True, "upstream_error"),
    ],
)
async def test_an_answer_that_is_no_chat_completion_fails_uncharged(
    gateway: Gateway, upstream: FakeUpstream, mode: str, stream: bool, code: str
) -> None:
    upstream.mode = mode
    status, error = seen_failure(await gateway.ask("chat", stream))
    assert status in (200, 502) and (status == 502 or stream)
    assert (error["type"], error["code"]) == ("upstream_error", code)
    assert await gateway.charged() == (0, 0)


@pytest.mark.parametrize(
    ("mode", "stream", "status"),
    [("big_line", True, 502), ("big_line", False, 502), ("many_chunks", True, 200)],
)
async def test_an_answer_past_its_caps_is_a_502_and_the_next_is_served(
    gateway: Gateway, upstream: FakeUpstream, mode: str, stream: bool, status: int
) -> None:
    upstream.mode = mode  # a 200 MB line, or 8 MiB of chunks against the 4 MiB cap
    seen, error = seen_failure(await gateway.ask("chat", stream))
    assert seen == status
    assert (error["type"], error["code"]) == ("upstream_error", "upstream_too_large")
    upstream.mode = "ok"
    assert answered_text(await gateway.ask("chat", stream), stream).startswith("The decarb")
    assert await gateway.charged() == (1, 1)  # the second call only


@pytest.mark.parametrize(
    ("mode", "stream", "status", "code"),
    [
        ("stall", True, 200, "upstream_timeout"),  # silent past the read timeout mid-stream
        ("trickle", True, 200, "upstream_timeout"),  # never silent: the total timeout ends it
        ("slow", False, 504, "upstream_timeout"),
        ("cut", True, 200, "upstream_unavailable"),
    ],
)
@pytest.mark.parametrize("openai_settings", [STALL_TIMEOUTS], indirect=True)
async def test_a_stalled_or_cut_upstream_ends_in_an_error_uncharged(
    gateway: Gateway, upstream: FakeUpstream, mode: str, stream: bool, status: int, code: str
) -> None:
    upstream.mode = mode
    seen, error = seen_failure(await gateway.ask("chat", stream))
    assert (seen, error["type"], error["code"]) == (status, "upstream_error", code)
    assert await gateway.charged() == (0, 0)
