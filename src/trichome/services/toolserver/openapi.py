"""The tool server's `/openapi.json` parts: how `POST /api/chat` is called and what it answers.

`/api/mcp` is not described here: it speaks MCP (JSON-RPC over Streamable HTTP), which MCP
clients read from the server itself (`initialize`, `tools/list`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from trichome.http.errors import error_responses
from trichome.metrc.tools.registry import CATEGORIES


def _names_pattern(names: Iterable[str]) -> str:
    """A comma-separated list of these names (blanks and empty items allowed), as the
    `X-MCP-*` headers are read."""
    name = "|".join(re.escape(item) for item in sorted(names, key=lambda n: (-len(n), n)))
    item = rf"\s*(?:{name})?\s*"
    return rf"^{item}(?:,{item})*$"


def _header(name: str, description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name,
        "in": "header",
        "required": False,
        "description": description,
        "schema": schema,
    }


def chat_openapi(tool_names: Iterable[str]) -> dict[str, Any]:
    """`openapi_extra` of `POST /api/chat`: its JSON body and the headers it reads."""
    body = {
        "type": "object",
        "required": ["message"],
        "properties": {
            "message": {"type": "string", "minLength": 1, "maxLength": 4000},
            "license_number": {
                "anyOf": [{"type": "string", "minLength": 3, "maxLength": 40}, {"type": "null"}],
                "description": "The facility the question is about.",
            },
        },
    }
    # A blank key header counts as not sent.
    metrc_key = {"type": "string"}
    return {
        "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
        "parameters": [
            _header(
                "X-Metrc-Vendor-Key",
                "The Metrc vendor key (with X-Metrc-User-Key); without both, the keys stored "
                "for the organisation, or the local sandbox's development keys.",
                {**metrc_key, "pattern": "^[^:]*$"},
            ),
            _header("X-Metrc-User-Key", "The Metrc user key (with X-Metrc-Vendor-Key).", metrc_key),
            _header(
                "X-MCP-Toolsets",
                f"Only these toolsets, comma-separated ({', '.join(CATEGORIES)}, or all).",
                {"type": "string", "pattern": _names_pattern([*CATEGORIES, "all"])},
            ),
            _header(
                "X-MCP-Tools",
                "Exactly these tools, comma-separated (overrides X-MCP-Toolsets).",
                {"type": "string", "pattern": _names_pattern([*tool_names, "all"])},
            ),
            _header(
                "X-MCP-Readonly",
                "`true`, `1` or `yes`: only tools that change nothing (any other value: no "
                "narrowing).",
                {"type": "string"},
            ),
        ],
    }


# 502, 503 and 504 come from the LLM when TRICHOME_ENGINE=openai, as in the chat API.
CHAT_RESPONSES = error_responses(400, 401, 403, 413, 429, 502, 503, 504)
