"""A deterministic stand-in for an LLM that follows the request's contract the way a real
model does: it fills a `json_schema` response format, calls the tool a `tool_choice`
forces (or the caller's first tool when it offers tools), answers after a tool result,
and stops at `max_tokens` words with `finish_reason: "length"`.

The scripted upstream (`tests/support/fake_upstream.py`) answers this way in mode `model`,
so client libraries can be tested end to end through the `openai` engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ANSWER_WORDS = "The decarboxylation factor for THCA is 0.877 [1], so 20% THCA gives 17.54% THC."
SAMPLE_STRING = "0.877"
SAMPLE_NUMBER = 0.877
SAMPLE_INTEGER = 10
CALCULATOR_PREFIX = "trichome_"


def instance_of(schema: dict[str, Any], definitions: dict[str, Any] | None = None) -> Any:
    """A value that satisfies `schema` (the JSON Schema subset pydantic and zod produce)."""
    definitions = definitions if definitions is not None else {}
    definitions = {**definitions, **schema.get("$defs", {}), **schema.get("definitions", {})}
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return instance_of(definitions[name], definitions)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    for combinator in ("anyOf", "oneOf", "allOf"):
        if combinator in schema:
            options = [o for o in schema[combinator] if o.get("type") != "null"] or schema[
                combinator
            ]
            return instance_of(options[0], definitions)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        properties = schema.get("properties", {})
        return {name: instance_of(sub, definitions) for name, sub in properties.items()}
    if kind == "array":
        return [instance_of(schema.get("items", {"type": "string"}), definitions)]
    return {
        "string": SAMPLE_STRING,
        "number": SAMPLE_NUMBER,
        "integer": SAMPLE_INTEGER,
        "boolean": True,
        "null": None,
    }[kind]


@dataclass(frozen=True, slots=True)
class Reply:
    """One model turn: text, or a tool call, and why it ended."""

    content: str | None
    tool_call: dict[str, Any] | None
    finish_reason: str


def _chosen_tool(payload: dict[str, Any]) -> dict[str, Any] | None:
    tools = [tool["function"] for tool in payload.get("tools") or () if tool.get("function")]
    choice = payload.get("tool_choice")
    if choice == "none" or not tools:
        return None
    if isinstance(choice, dict):
        wanted = choice.get("function", {}).get("name")
        return next((tool for tool in tools if tool["name"] == wanted), None)
    callers = [tool for tool in tools if not tool["name"].startswith(CALCULATOR_PREFIX)]
    return callers[0] if callers else None


def reply_to(payload: dict[str, Any]) -> Reply:
    """How the model answers this chat-completions request."""
    messages = payload.get("messages") or []
    last = messages[-1] if messages else {}
    tool = _chosen_tool(payload)
    if tool is not None and last.get("role") != "tool":
        arguments = instance_of(tool.get("parameters") or {"type": "object"})
        call = {
            "id": "call_model_1",
            "type": "function",
            "function": {"name": tool["name"], "arguments": json.dumps(arguments)},
        }
        return Reply(None, call, "tool_calls")
    response_format = payload.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        schema = response_format.get("json_schema", {}).get("schema", {"type": "object"})
        return Reply(json.dumps(instance_of(schema)), None, "stop")
    if response_format.get("type") == "json_object":
        return Reply(json.dumps({"answer": ANSWER_WORDS}), None, "stop")
    text = ANSWER_WORDS
    if last.get("role") == "tool":
        text = f"The tool answered: {last.get('content')}"
    budget = payload.get("max_completion_tokens") or payload.get("max_tokens")
    words = text.split(" ")
    if budget is not None and len(words) > budget:
        return Reply(" ".join(words[:budget]), None, "length")
    return Reply(text, None, "stop")
