"""OpenAI's Responses output: the response object, its usage, and the stream's events."""

from __future__ import annotations

from typing import Any

import orjson

from trichome.http.openai.responses import ResponsesRequest, text_format


def _echoed_format(body: ResponsesRequest) -> dict[str, Any]:
    """`text.format` as understood, for the response object."""
    chat = text_format(body)
    if chat is None or chat["type"] == "json_object":
        return chat or {"type": "text"}
    return {"type": "json_schema", **chat["json_schema"]}


def response_object(
    body: ResponsesRequest,
    *,
    response_id: str,
    created_at: int,
    model: str,
    status: str,
    output: list[dict[str, Any]],
    metadata: dict[str, str],
    usage: dict[str, Any] | None = None,
    completed_at: int | None = None,
    error: dict[str, str] | None = None,
    incomplete_reason: str | None = None,
) -> dict[str, Any]:
    """A `response` object, echoing the request's configuration as OpenAI does."""
    return {
        "id": response_id,
        "object": "response",
        "created_at": created_at,
        "status": status,
        "background": False,
        "completed_at": completed_at,
        "error": error,
        "incomplete_details": {"reason": incomplete_reason} if incomplete_reason else None,
        "instructions": body.instructions,
        "max_output_tokens": body.max_output_tokens,
        "max_tool_calls": None,
        "model": model,
        "output": output,
        "parallel_tool_calls": body.parallel_tool_calls
        if body.parallel_tool_calls is not None
        else True,
        "previous_response_id": None,
        "reasoning": {"effort": None, "summary": None},
        "store": False,
        "temperature": body.temperature if body.temperature is not None else 1.0,
        "text": {"format": _echoed_format(body), "verbosity": "medium"},
        "tool_choice": _echoed_choice(body.tool_choice),
        "tools": [_echoed_tool(tool) for tool in body.tools or ()],
        "top_p": body.top_p if body.top_p is not None else 1.0,
        "truncation": body.truncation or "disabled",
        "usage": usage,
        "user": body.user,
        "metadata": metadata,
    }


def _echoed_tool(tool: dict[str, Any]) -> dict[str, Any]:
    """A web_search tool as it was understood: its type and allowed domains (only these are
    read, and echoing a client's arbitrary JSON back could not always be serialised)."""
    echoed: dict[str, Any] = {"type": tool["type"]}
    filters = tool.get("filters")
    if isinstance(filters, dict) and isinstance(filters.get("allowed_domains"), list):
        echoed["filters"] = {"allowed_domains": list(filters["allowed_domains"])}
    return echoed


def _echoed_choice(choice: str | dict[str, Any] | None) -> str | dict[str, Any]:
    if isinstance(choice, dict):
        return {"type": choice["type"]}
    return choice or "auto"


def usage_object(input_tokens: int, output_tokens: int) -> dict[str, Any]:
    """The Responses `usage` shape."""
    return {
        "input_tokens": input_tokens,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": output_tokens,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": input_tokens + output_tokens,
    }


class EventWriter:
    """Serialises Responses stream events: `event:` and `data:` lines, numbered in order."""

    def __init__(self) -> None:
        self._sequence = 0

    def __call__(self, kind: str, **fields: Any) -> bytes:
        payload = {"type": kind, "sequence_number": self._sequence, **fields}
        self._sequence += 1
        return b"event: " + kind.encode() + b"\ndata: " + orjson.dumps(payload) + b"\n\n"
