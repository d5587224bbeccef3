"""What /openapi.json publishes for `/v1/responses`: the JSON Schema of OpenAI's Responses
request, and the answers (the `response` object, its event stream, the errors)."""

from __future__ import annotations

import copy
from typing import Any

from trichome.http.errors import error_responses
from trichome.http.openai.responses import (
    FORMAT_NAME,
    MAX_METADATA_KEYS,
    MAX_OUTPUT_TOKENS,
    MESSAGE_ROLES,
    SKIPPED_ITEMS,
    TEXT_PARTS,
    WEB_SEARCH_TOOLS,
)
from trichome.http.openapi import NOT_BLANK
from trichome.plans import PUBLIC_MODEL_IDS

_TEXT_PART_TYPES = sorted(TEXT_PARTS)
_PART: dict[str, Any] = {
    "anyOf": [
        {
            "type": "object",
            "required": ["type", "text"],
            "properties": {"type": {"enum": _TEXT_PART_TYPES}, "text": {"type": "string"}},
        },
        {"type": "object", "required": ["type"], "properties": {"type": {"const": "refusal"}}},
    ]
}
_MESSAGE: dict[str, Any] = {
    "type": "object",
    "required": ["role", "content"],
    "properties": {
        "type": {"const": "message"},
        "role": {"enum": list(MESSAGE_ROLES)},
        "content": {"anyOf": [{"type": "string"}, {"type": "array", "items": _PART}]},
    },
}
_QUESTION: dict[str, Any] = {
    "type": "object",
    "required": ["role", "content"],
    "properties": {
        "type": {"const": "message"},
        "role": {"const": "user"},
        "content": {
            "anyOf": [
                {"type": "string", "pattern": NOT_BLANK},
                {
                    "type": "array",
                    "contains": {
                        "type": "object",
                        "required": ["type", "text"],
                        "properties": {
                            "type": {"enum": _TEXT_PART_TYPES},
                            "text": {"type": "string", "pattern": NOT_BLANK},
                        },
                    },
                },
            ]
        },
    },
}
_EARLIER_OUTPUT: dict[str, Any] = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"enum": sorted(SKIPPED_ITEMS)}},
}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


# The request body's JSON Schema for /openapi.json, written to accept exactly what the
# parser accepts (the property tests send what it allows and what it forbids).
REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["model", "input"],
    "properties": {
        "model": {"enum": list(PUBLIC_MODEL_IDS)},
        "input": {
            "description": "The question, or OpenAI's input items (messages).",
            "anyOf": [
                {"type": "string", "pattern": NOT_BLANK},
                {
                    "type": "array",
                    "items": {"anyOf": [_MESSAGE, _EARLIER_OUTPUT]},
                    "contains": _QUESTION,
                },
            ],
        },
        "instructions": _nullable({"type": "string"}),
        "stream": {"type": "boolean", "description": "SSE events when true (default false)."},
        "tools": _nullable(
            {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {
                        "type": {"enum": sorted(WEB_SEARCH_TOOLS)},
                        "filters": _nullable(
                            {
                                "type": "object",
                                "properties": {
                                    "allowed_domains": _nullable(
                                        {"type": "array", "items": {"type": "string"}}
                                    )
                                },
                            }
                        ),
                    },
                },
            }
        ),
        "tool_choice": _nullable(
            {
                "anyOf": [
                    {"enum": ["auto", "none", "required"]},
                    {
                        "type": "object",
                        "required": ["type"],
                        "properties": {"type": {"enum": sorted(WEB_SEARCH_TOOLS)}},
                    },
                ]
            }
        ),
        "temperature": _nullable({"type": "number", "minimum": 0, "maximum": 2}),
        "top_p": _nullable({"type": "number", "minimum": 0, "maximum": 1}),
        "max_output_tokens": _nullable(
            {"type": "integer", "minimum": 1, "maximum": MAX_OUTPUT_TOKENS}
        ),
        "metadata": _nullable(
            {
                "type": "object",
                "maxProperties": MAX_METADATA_KEYS,
                "propertyNames": {"maxLength": 64},
                "additionalProperties": {"type": "string", "maxLength": 512},
            }
        ),
        "include": _nullable({"type": "array", "items": {"type": "string"}}),
        "store": _nullable({"type": "boolean"}),
        "previous_response_id": {"type": "null", "description": "Not supported (not stored)."},
        "background": _nullable({"const": False}),
        "parallel_tool_calls": _nullable({"type": "boolean"}),
        "user": _nullable({"type": "string"}),
        "truncation": _nullable({"enum": ["auto", "disabled"]}),
        "text": _nullable(
            {
                "type": "object",
                "properties": {
                    "format": _nullable(
                        {
                            "anyOf": [
                                {
                                    "type": "object",
                                    "required": ["type"],
                                    "properties": {"type": {"enum": ["text", "json_object"]}},
                                },
                                {
                                    "type": "object",
                                    "required": ["type", "name", "schema"],
                                    "properties": {
                                        "type": {"const": "json_schema"},
                                        "name": {"type": "string", "pattern": FORMAT_NAME.pattern},
                                        "schema": {"type": "object"},
                                        "strict": _nullable({"type": "boolean"}),
                                        "description": _nullable({"type": "string"}),
                                    },
                                },
                            ]
                        }
                    ),
                },
            }
        ),
    },
}


def responses_request_schema(engine: str) -> dict[str, Any]:
    """The request schema for the engine in use: offline, only plain text can be asked for."""
    schema = copy.deepcopy(REQUEST_SCHEMA)
    if engine == "grounded":
        schema["properties"]["text"] = _nullable(
            {
                "type": "object",
                "properties": {
                    "format": _nullable(
                        {"type": "object", "required": ["type"],
                         "properties": {"type": {"const": "text"}}}
                    )
                },
            }
        )  # fmt: skip
    return schema


RESPONSES_DOC: dict[int | str, dict[str, Any]] = {
    200: {
        "description": (
            "A `response` object (stream false, the default), or an SSE stream of Responses "
            "events from `response.created` to `response.completed` (or "
            "`response.incomplete` at `max_output_tokens`; stream true)."
        ),
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["id", "object", "created_at", "model", "status", "output"],
                    "properties": {
                        "id": {"type": "string", "pattern": "^resp_"},
                        "object": {"const": "response"},
                        "created_at": {"type": "integer"},
                        "model": {"type": "string"},
                        "status": {"enum": ["completed", "incomplete", "failed"]},
                        "incomplete_details": {
                            "anyOf": [
                                {
                                    "type": "object",
                                    "required": ["reason"],
                                    "properties": {"reason": {"const": "max_output_tokens"}},
                                },
                                {"type": "null"},
                            ],
                            "description": "Why an `incomplete` answer stopped.",
                        },
                        "output": {"type": "array", "items": {"type": "object"}},
                        "metadata": {
                            "type": "object",
                            "additionalProperties": {"type": "string"},
                            "description": (
                                "The caller's metadata, then `agent`, `search` (searched, "
                                "not_needed, disabled, not_configured or failed), "
                                "`search_reason`, `search_detail`, `retrieval_confidence` and "
                                "`confidence_threshold`."
                            ),
                        },
                    },
                }
            },
            "text/event-stream": {
                # Before OpenAPI 3.2, the schema of an event stream describes one event.
                "schema": {
                    "type": "object",
                    "required": ["event", "data"],
                    "properties": {
                        "event": {"type": "string", "pattern": "^response\\."},
                        "data": {
                            "type": "string",
                            "description": "The event as JSON, with `type` and `sequence_number`.",
                        },
                    },
                }
            },
        },
    },
    **error_responses(400, 401, 403, 413, 429, 500, 502, 503, 504),
}
