"""A real `trichome serve chat` process driven by the real `openai` SDK, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import openai
import pytest

from tests.support.servers import chat_server, create_key, trichome, trichome_env

pytestmark = pytest.mark.e2e

QUESTION = "What is the decarboxylation factor for THCA?"


@dataclass
class Deployment:
    base_url: str
    env: dict[str, str]
    keys: dict[str, str]
    clients: list[openai.OpenAI] = field(default_factory=list)

    def client(self, tier: str = "operator", key: str | None = None) -> openai.OpenAI:
        client = openai.OpenAI(
            base_url=f"{self.base_url}/v1", api_key=key or self.keys[tier], max_retries=0
        )
        self.clients.append(client)
        return client


@pytest.fixture(scope="module")
def deployment(
    module_database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Deployment]:
    tmp_path = tmp_path_factory.mktemp("chat")
    env = trichome_env(tmp_path / "data", module_database_url)
    keys = {tier: create_key(env, tier) for tier in ("free", "pro", "operator")}
    with chat_server(env, tmp_path / "server.log") as base_url:
        deployed = Deployment(base_url, env, keys)
        yield deployed
        for client in deployed.clients:
            client.close()


def test_non_streaming_chat(deployment: Deployment) -> None:
    completion = deployment.client().chat.completions.create(
        model="operator-agent", messages=[{"role": "user", "content": QUESTION}], stream=False
    )
    assert completion.id.startswith("chatcmpl-")
    assert completion.model == "operator-agent"
    assert completion.choices[0].finish_reason == "stop"
    assert "0.877" in (completion.choices[0].message.content or "")
    assert completion.usage is not None and completion.usage.total_tokens > 0


def test_streaming_chat_with_usage(deployment: Deployment) -> None:
    stream = deployment.client("free").chat.completions.create(
        model="free-agent",
        messages=[{"role": "user", "content": QUESTION}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert "0.877" in text and "Sources:" in text
    finishing = [c for c in chunks if c.choices and c.choices[0].finish_reason]
    assert [c.choices[0].finish_reason for c in finishing] == ["stop"]
    assert chunks[-1].choices == [] and chunks[-1].usage is not None
    assert len({c.id for c in chunks}) == 1


def test_the_response_names_the_agent(deployment: Deployment) -> None:
    raw = deployment.client("pro").chat.completions.with_raw_response.create(
        model="pro-agent",
        messages=[{"role": "user", "content": "Instagram caption ideas for our 4/20 sale"}],
        stream=False,
    )
    assert raw.headers["x-trichome-agent"] == "marketing"
    assert 0 < float(raw.headers["x-trichome-route-confidence"]) <= 1


def test_models_list(deployment: Deployment) -> None:
    assert [m.id for m in deployment.client("free").models.list()] == ["free-agent"]
    assert [m.id for m in deployment.client("pro").models.list()] == ["pro-agent"]
    models = list(deployment.client("operator").models.list())
    assert [m.id for m in models] == ["operator-agent"] and models[0].owned_by == "trichome"


def test_bad_key_missing_tier_and_bad_request(deployment: Deployment) -> None:
    bad = deployment.client(key="trk_" + "x" * 43)
    with pytest.raises(openai.AuthenticationError) as unauthorized:
        bad.models.list()
    assert unauthorized.value.code == "invalid_api_key"
    with pytest.raises(openai.PermissionDeniedError) as forbidden:
        deployment.client("free").chat.completions.create(
            model="operator-agent", messages=[{"role": "user", "content": QUESTION}]
        )
    assert (
        "Operator or Team" in forbidden.value.message
        and "upgrade" in forbidden.value.message.lower()
    )
    with pytest.raises(openai.BadRequestError) as invalid:
        deployment.client().chat.completions.create(
            model="operator-agent", messages=[{"role": "user", "content": QUESTION}], n=2
        )
    assert invalid.value.code == "unsupported_value" and invalid.value.param == "n"
    with pytest.raises(openai.BadRequestError) as unknown:
        deployment.client().chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": QUESTION}]
        )
    assert unknown.value.code == "model_not_found"


def test_only_the_latest_twenty_messages_are_used(deployment: Deployment) -> None:
    client = deployment.client()
    history = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "filler " * 40}
        for i in range(40)
    ]
    question = {"role": "user", "content": QUESTION}

    def prompt_tokens(messages: list[dict[str, str]]) -> int:
        completion = client.chat.completions.create(
            model="operator-agent",
            messages=messages,
            stream=False,  # type: ignore[arg-type]
        )
        assert completion.usage is not None
        return completion.usage.prompt_tokens

    window = [*history[-19:], question]
    assert prompt_tokens([*history, question]) == prompt_tokens(window)
    assert prompt_tokens(window[-3:]) < prompt_tokens(window)


def test_revoked_key_is_refused_by_the_running_server(deployment: Deployment) -> None:
    client = deployment.client(key=create_key(deployment.env, "pro", org="Short-lived"))
    assert list(client.models.list())
    listing = trichome("keys", "list", env=deployment.env).stdout
    key_id = next(line.split()[0] for line in listing.splitlines() if "Short-lived" in line)
    trichome("keys", "revoke", key_id, env=deployment.env)
    with pytest.raises(openai.AuthenticationError):
        client.models.list()


def test_health_needs_no_key(deployment: Deployment) -> None:
    body = httpx.get(f"{deployment.base_url}/health").json()
    assert body["status"] == "healthy"
    assert set(body["agents"]) >= {"main_agent", "compliance", "formulation"}
