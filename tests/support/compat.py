"""The client compatibility table of docs/api.md, from the tests that prove its rows.

Each end-to-end test that shows a client library doing something carries
`@pytest.mark.compat(client, feature)`. `compatibility_table()` collects those markers
(a `pytest --collect-only` run with this module as a plugin) and renders them as a
feature × client table; `make docs` writes it into docs/api.md and a test fails when the
two differ. The suite runs every marked test, so a ✓ is a test that passes in CI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUTPUT_VARIABLE = "TRICHOME_COMPAT_MARKERS"
CLIENTS = (
    "openai (Python)",
    "openai (Node)",
    "LangChain",
    "LiteLLM",
    "LlamaIndex",
    "Vercel AI SDK",
    "MCP Python SDK",
    "MCP TypeScript SDK",
    "MCP Inspector",
)
MCP_CLIENTS = ("MCP Python SDK", "MCP TypeScript SDK", "MCP Inspector")
FEATURES = (
    "stdio: tools",
    "HTTP: tools",
    "HTTP with OAuth",
    "structured content",
    "prompts",
    "chat completion",
    "streaming",
    "max_tokens",
    "JSON mode",
    "structured output",
    "tool calls",
    "knowledge base",
    "responses",
)
FEATURE_NOTES = {
    "chat completion": "the library's plain call, which sends no `stream` (JSON back)",
    "streaming": "the library's streaming call; the same text as the plain call",
    "max_tokens": 'the budget ends the answer with `finish_reason: "length"`',
    "JSON mode": "`response_format: json_object`: `{answer, agent, sources}`",
    "structured output": "a JSON schema (pydantic/zod): filled by the `openai` engine; "
    "a clear 400 `unsupported_parameter` on `grounded`",
    "tool calls": "the client's tools, `tool_choice: required`: called through the "
    "`openai` engine; a clear 400 on `grounded`",
    "knowledge base": "the `knowledge-base` model of the knowledge base's API",
    "responses": "`POST /v1/responses`: create, stream, `max_output_tokens` (`incomplete`), "
    "`parse` with a schema (through the `openai` engine; a clear 400 on `grounded`)",
    "stdio: tools": "`trichome mcp`: list the tools, call a read tool and a skill",
    "HTTP: tools": "`/api/mcp` with an API key: list the tools, call a read tool and a skill",
    "HTTP with OAuth": "`/api/mcp` with only its URL: sign-in and consent through the dashboard",
    "structured content": "each result's `structuredContent` matches the tool's `outputSchema`",
    "prompts": "`prompts/list`, and `prompts/get` of `morning_check` with a licence",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Write every (client, feature) marker of the collected tests to the output file."""
    output = os.environ.get(OUTPUT_VARIABLE)
    if not output:
        return
    rows = sorted(
        {
            (str(marker.args[0]), str(marker.args[1]))
            for item in items
            for marker in item.iter_markers("compat")
        }
    )
    Path(output).write_text(json.dumps(rows), encoding="utf-8")


def collected_markers(output: Path) -> set[tuple[str, str]]:
    """The (client, feature) pairs the end-to-end tests prove, by collecting them."""
    env = {**os.environ, OUTPUT_VARIABLE: str(output)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "tests.support.compat",
         "tests/e2e"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"collecting the compatibility tests failed:\n{done.stdout[-3000:]}")
    return {(client, feature) for client, feature in json.loads(output.read_text())}


def _ordered(values: set[str], known: tuple[str, ...]) -> list[str]:
    return [v for v in known if v in values] + sorted(values - set(known))


def _table(pairs: set[tuple[str, str]], clients: list[str]) -> str:
    features = _ordered({feature for client, feature in pairs if client in clients}, FEATURES)
    lines = [
        "| feature | " + " | ".join(clients) + " |",
        "|---|" + "---|" * len(clients),
    ]
    for feature in features:
        note = FEATURE_NOTES.get(feature)
        label = f"{feature}: {note}" if note else feature
        cells = ["✓" if (client, feature) in pairs else "" for client in clients]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def compatibility_table(pairs: set[tuple[str, str]]) -> str:
    """Two markdown tables, chat clients then MCP clients: a row per feature, a column per
    client, ✓ where a test proves it."""
    clients = _ordered({client for client, _ in pairs}, CLIENTS)
    chat = [client for client in clients if client not in MCP_CLIENTS]
    mcp = [client for client in clients if client in MCP_CLIENTS]
    return "\n\n".join(_table(pairs, group) for group in (chat, mcp) if group)
