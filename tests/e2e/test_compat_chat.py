"""Client compatibility: real OpenAI-format client libraries against real servers, each
changing only the base URL and the key (spec 1.1).

Three servers: the chat API on the offline `grounded` engine, the chat API on the `openai`
engine in front of a scripted model that follows the request's contract (a JSON schema, a
forced tool, max_tokens), and the knowledge base. Each client runs its scenarios once
(LangChain, LiteLLM and LlamaIndex in `.venv-clients`, the openai Node SDK and the Vercel
AI SDK under Node 22 from `tests/e2e/clients`; the openai Python SDK in process) and each
test checks what a user of that library sees. Every test is a row of the compatibility
table in docs/api.md (its `compat` marker), which a test keeps in step with them.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from pydantic import BaseModel

from tests.conftest import IN_CI
from tests.support.fake_upstream import fake_upstream
from tests.support.schema_model import SAMPLE_NUMBER, SAMPLE_STRING
from tests.support.servers import chat_server, create_key, kb_server, trichome_env

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
CLIENTS_DIR = Path(__file__).parent / "clients"
CLIENTS_PYTHON = ROOT / ".venv-clients" / "bin" / "python"
NODE = CLIENTS_DIR / "node_modules" / ".bin" / "node"
QUESTION = "What is the THC limit per serving for edibles in Colorado?"
FACTOR = "What is the decarboxylation factor for THCA?"
KB_QUESTION = "Why does my winterization filter keep clogging?"
PYTHON_CLIENTS = ("LangChain", "LiteLLM", "LlamaIndex")
NODE_CLIENTS = ("openai (Node)", "Vercel AI SDK")
CLIENT_TIMEOUT = 600


@dataclass(frozen=True)
class Servers:
    grounded: str
    grounded_key: str
    llm: str
    llm_key: str
    kb: str

    def config(self, clients: tuple[str, ...]) -> str:
        return json.dumps(
            {
                "clients": list(clients),
                "grounded": {"url": self.grounded, "key": self.grounded_key},
                "llm": {"url": self.llm, "key": self.llm_key},
                "kb": self.kb,
            }
        )


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    tmp_path = tmp_path_factory.mktemp("compat")
    grounded_env = trichome_env(tmp_path / "grounded")
    grounded_key = create_key(grounded_env, "operator")
    with fake_upstream() as upstream:
        upstream.mode = "model"
        llm_env = trichome_env(
            tmp_path / "llm",
            engine="openai",
            llm_base_url=upstream.base_url,
            llm_model="scripted-model",
            llm_max_retries="0",
        )
        llm_key = create_key(llm_env, "operator")
        with (
            chat_server(grounded_env, tmp_path / "grounded.log") as grounded,
            chat_server(llm_env, tmp_path / "llm.log") as llm,
            kb_server(grounded_env, tmp_path / "kb.log") as kb,
        ):
            yield Servers(grounded, grounded_key, llm, llm_key, kb)


def _missing(tool: Path, how: str) -> None:
    if tool.exists():
        return
    reason = f"{tool} is missing ({how})"
    if IN_CI:
        pytest.fail(f"{reason}; CI=true needs it")
    pytest.skip(reason)


def _run(command: list[str], cwd: Path) -> dict[str, Any]:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "NO_PROXY": "127.0.0.1"}
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=CLIENT_TIMEOUT
    )
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stderr[-4000:]}"
    observed: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return observed


@pytest.fixture(scope="module")
def observed(servers: Servers) -> dict[str, dict[str, Any]]:
    """What every out-of-process client saw, by client and scenario."""
    _missing(CLIENTS_PYTHON, "make test creates .venv-clients")
    _missing(NODE, "make test installs tests/e2e/clients with npm")
    seen = _run(
        [str(CLIENTS_PYTHON), "python_clients.py", servers.config(PYTHON_CLIENTS)], CLIENTS_DIR
    )
    seen |= _run([str(NODE), "node_clients.mjs", servers.config(NODE_CLIENTS)], CLIENTS_DIR)
    return seen


@pytest.fixture(scope="module")
def reference(servers: Servers) -> str:
    """The grounded answer to QUESTION, as plain HTTP gets it."""
    response = httpx.post(
        f"{servers.grounded}/v1/chat/completions",
        headers={"Authorization": f"Bearer {servers.grounded_key}"},
        json={"model": "operator-agent", "stream": False,
              "messages": [{"role": "user", "content": QUESTION}]},
        timeout=30,
    )  # fmt: skip
    text: str = response.json()["choices"][0]["message"]["content"]
    assert "10 mg" in text
    return text


def scenario(observed: dict[str, dict[str, Any]], client: str, name: str) -> dict[str, Any]:
    seen = observed[client][name]
    assert "unexpected" not in seen, f"{client} / {name} raised:\n{seen['unexpected']}"
    return seen


def rows(feature: str, clients: tuple[str, ...] = (*PYTHON_CLIENTS, *NODE_CLIENTS)) -> Any:
    return pytest.mark.parametrize(
        "client", [pytest.param(c, marks=pytest.mark.compat(c, feature), id=c) for c in clients]
    )


def refused_clearly(seen: dict[str, Any], param: str) -> None:
    """A 400 the client raised, carrying the server's unsupported_parameter and the setting."""
    assert seen["raised"], "the call should have been refused"
    assert str(seen.get("status_code", seen.get("status", seen.get("statusCode")))) == "400" or (
        "400" in seen["message"]
    ), seen
    assert "unsupported_parameter" in json.dumps(seen) or param in seen["message"], seen


# ---------------------------------------------------------------- out-of-process clients


@rows("chat completion")
def test_a_plain_call_gets_one_answer(
    observed: dict[str, dict[str, Any]], reference: str, client: str
) -> None:
    seen = scenario(observed, client, "chat completion")
    assert seen.get("content", seen.get("text")) == reference
    if client == "LiteLLM":
        assert seen["type"] == "ModelResponse"
        assert scenario(observed, client, "chat completion/stream false")["content"] == reference
    if client == "LangChain":
        assert seen["type"] == "AIMessage"
    if client == "openai (Node)":
        assert seen["type"] == "object" and seen["object"] == "chat.completion"
    if client == "LlamaIndex":
        assert scenario(observed, client, "chat completion/complete")["text"] == reference


@rows("streaming")
def test_streaming_delivers_the_same_answer_in_pieces(
    observed: dict[str, dict[str, Any]], reference: str, client: str
) -> None:
    seen = scenario(observed, client, "streaming")
    assert seen["chunks"] > 3
    assert seen["content"] == reference


@rows("max_tokens")
def test_the_token_budget_ends_the_answer_with_length(
    observed: dict[str, dict[str, Any]], client: str
) -> None:
    seen = scenario(observed, client, "max_tokens")
    assert seen["finish_reason"] == "length"
    assert 0 < seen["completion_tokens"] <= 20


@rows("JSON mode", ("LangChain", "LiteLLM", "openai (Node)", "Vercel AI SDK"))
def test_json_mode_gets_the_answer_and_its_sources_as_json(
    observed: dict[str, dict[str, Any]], client: str
) -> None:
    seen = scenario(observed, client, "JSON mode")
    answer = seen.get("parsed", seen)
    assert "10 mg" in answer["answer"] and answer["agent"] == "compliance"
    if "sources" in answer:
        assert answer["sources"][0]["url"].startswith("http")


@rows("structured output")
def test_structured_output_works_with_an_llm_and_is_refused_clearly_offline(
    observed: dict[str, dict[str, Any]], client: str
) -> None:
    refused_clearly(scenario(observed, client, "structured output/grounded"), "response_format")
    with_llm = scenario(observed, client, "structured output/llm")
    parsed = with_llm.get("parsed", with_llm)
    assert (parsed["factor"] if isinstance(parsed, dict) else parsed) == SAMPLE_NUMBER


@rows("tool calls")
def test_tool_calls_reach_the_client_with_an_llm_and_are_refused_clearly_offline(
    observed: dict[str, dict[str, Any]], client: str
) -> None:
    refused_clearly(scenario(observed, client, "tool calls/grounded"), "tool_choice")
    calls = scenario(observed, client, "tool calls/llm")["tool_calls"]
    assert calls == [{"name": "lookup_rule", "args": {"state": SAMPLE_STRING}}]


@rows("knowledge base")
def test_the_knowledge_base_model_answers_with_citations(
    observed: dict[str, dict[str, Any]], client: str
) -> None:
    seen = scenario(observed, client, "knowledge base")
    assert "[1]" in seen["content"]
    if "streamed" in seen:
        assert "[1]" in seen["streamed"]


# ---------------------------------------------------------------- the openai Python SDK


class Factor(BaseModel):
    factor: float
    explanation: str


def sdk(base_url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{base_url}/v1", api_key=key, max_retries=0)


OPENAI_PYTHON = "openai (Python)"


@pytest.mark.compat(OPENAI_PYTHON, "chat completion")
def test_openai_python_plain_call(servers: Servers, reference: str) -> None:
    with sdk(servers.grounded, servers.grounded_key) as client:
        completion = client.chat.completions.create(
            model="operator-agent", messages=[{"role": "user", "content": QUESTION}]
        )
    assert isinstance(completion, openai.types.chat.ChatCompletion)
    assert completion.choices[0].message.content == reference


@pytest.mark.compat(OPENAI_PYTHON, "streaming")
def test_openai_python_streaming(servers: Servers, reference: str) -> None:
    with sdk(servers.grounded, servers.grounded_key) as client:
        chunks = list(client.chat.completions.create(
            model="operator-agent", messages=[{"role": "user", "content": QUESTION}], stream=True
        ))  # fmt: skip
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == reference


@pytest.mark.compat(OPENAI_PYTHON, "max_tokens")
def test_openai_python_max_tokens(servers: Servers) -> None:
    with sdk(servers.grounded, servers.grounded_key) as client:
        completion = client.chat.completions.create(
            model="operator-agent",
            messages=[{"role": "user", "content": QUESTION}],
            max_completion_tokens=20,
        )
    assert completion.choices[0].finish_reason == "length"
    assert completion.usage is not None and completion.usage.completion_tokens <= 20


@pytest.mark.compat(OPENAI_PYTHON, "JSON mode")
def test_openai_python_json_mode(servers: Servers) -> None:
    with sdk(servers.grounded, servers.grounded_key) as client:
        completion = client.chat.completions.create(
            model="operator-agent",
            messages=[{"role": "user", "content": QUESTION}],
            response_format={"type": "json_object"},
        )
    answer = json.loads(completion.choices[0].message.content or "")
    assert "10 mg" in answer["answer"] and answer["sources"]


@pytest.mark.compat(OPENAI_PYTHON, "structured output")
def test_openai_python_parse(servers: Servers) -> None:
    messages = [{"role": "user", "content": FACTOR}]
    with (
        sdk(servers.grounded, servers.grounded_key) as client,
        pytest.raises(openai.BadRequestError) as refused,
    ):
        client.chat.completions.parse(
            model="operator-agent",
            messages=messages,
            response_format=Factor,  # type: ignore[arg-type]
        )
    assert refused.value.code == "unsupported_parameter"
    assert refused.value.param == "response_format"  # type: ignore[attr-defined]
    with sdk(servers.llm, servers.llm_key) as client:
        parsed = client.chat.completions.parse(
            model="operator-agent",
            messages=messages,
            response_format=Factor,  # type: ignore[arg-type]
        )
    assert parsed.choices[0].message.parsed == Factor(
        factor=SAMPLE_NUMBER, explanation=SAMPLE_STRING
    )


@pytest.mark.compat(OPENAI_PYTHON, "tool calls")
def test_openai_python_tool_calls(servers: Servers) -> None:
    tools = [{"type": "function", "function": {"name": "lookup_rule", "parameters": {
        "type": "object", "properties": {"state": {"type": "string"}}, "required": ["state"]}}}]  # fmt: skip
    messages = [{"role": "user", "content": QUESTION}]
    with (
        sdk(servers.grounded, servers.grounded_key) as client,
        pytest.raises(openai.BadRequestError) as refused,
    ):
        client.chat.completions.create(
            model="operator-agent",
            messages=messages,
            tools=tools,
            tool_choice="required",  # type: ignore[arg-type]
        )
    assert refused.value.code == "unsupported_parameter"
    with sdk(servers.llm, servers.llm_key) as client:
        completion = client.chat.completions.create(
            model="operator-agent",
            messages=messages,
            tools=tools,
            tool_choice="required",  # type: ignore[arg-type]
        )
        call = completion.choices[0].message.tool_calls[0]  # type: ignore[index]
        assert completion.choices[0].finish_reason == "tool_calls"
        followed = client.chat.completions.create(
            model="operator-agent",
            messages=[*messages, completion.choices[0].message.model_dump(exclude_none=True),  # type: ignore[list-item]
                      {"role": "tool", "tool_call_id": call.id, "content": "10 mg per serving"}],
            tools=tools,  # type: ignore[arg-type]
        )  # fmt: skip
    assert json.loads(call.function.arguments) == {"state": SAMPLE_STRING}  # type: ignore[union-attr]
    assert "10 mg per serving" in (followed.choices[0].message.content or "")


@pytest.mark.compat(OPENAI_PYTHON, "knowledge base")
def test_openai_python_knowledge_base(servers: Servers) -> None:
    with sdk(servers.kb, "anonymous") as client:
        completion = client.chat.completions.create(
            model="knowledge-base", messages=[{"role": "user", "content": KB_QUESTION}]
        )
        streamed = client.chat.completions.create(
            model="knowledge-base", messages=[{"role": "user", "content": KB_QUESTION}], stream=True
        )
        text = "".join(c.choices[0].delta.content or "" for c in streamed if c.choices)
    assert "[1]" in (completion.choices[0].message.content or "")
    assert text == completion.choices[0].message.content


@pytest.mark.compat(OPENAI_PYTHON, "responses")
def test_openai_python_responses(servers: Servers) -> None:
    with sdk(servers.grounded, servers.grounded_key) as client:
        response = client.responses.create(model="operator-agent", input=QUESTION)
        with client.responses.stream(model="operator-agent", input=QUESTION) as stream:
            streamed = stream.get_final_response()
        cut = client.responses.create(model="operator-agent", input=QUESTION, max_output_tokens=16)
        with pytest.raises(openai.BadRequestError) as refused:
            client.responses.parse(model="operator-agent", input=FACTOR, text_format=Factor)
    assert "10 mg" in response.output_text and response.status == "completed"
    assert streamed.output_text == response.output_text
    assert cut.status == "incomplete" and cut.incomplete_details is not None
    assert cut.incomplete_details.reason == "max_output_tokens"
    assert refused.value.code == "unsupported_parameter"
    with sdk(servers.llm, servers.llm_key) as client:
        parsed = client.responses.parse(model="operator-agent", input=FACTOR, text_format=Factor)
    assert parsed.output_parsed == Factor(factor=SAMPLE_NUMBER, explanation=SAMPLE_STRING)
