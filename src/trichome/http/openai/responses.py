"""OpenAI's Responses request: its model, validation, and what the agents read from it."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from trichome.http.errors import ApiError, invalid_request
from trichome.http.openai.types import PositiveInteger, StrictModel
from trichome.http.openai.validation import to_api_error
from trichome.llm.base import ChatTurn

WEB_SEARCH_TOOLS = frozenset(
    {"web_search", "web_search_preview", "web_search_2025_08_26", "web_search_preview_2025_03_11"}
)
TEXT_PARTS = frozenset({"input_text", "output_text", "text"})
MESSAGE_ROLES = ("user", "system", "developer", "assistant")
# Earlier output items a client may send back as context; they carry no text to read.
SKIPPED_ITEMS = frozenset({"web_search_call", "reasoning"})
MAX_METADATA_KEYS = 16
MAX_OUTPUT_TOKENS = 2**31 - 1


class ResponsesRequest(StrictModel):
    """`POST /v1/responses`. Unknown fields are ignored, as OpenAI-compatible servers do."""

    model: str = Field(description="free-agent, pro-agent or operator-agent.")
    input: str | list[dict[str, Any]] = Field(
        description="The question, or OpenAI's list of input items (messages)."
    )
    instructions: str | None = None
    stream: bool = False
    tools: list[dict[str, Any]] | None = None
    tool_choice: str | dict[str, Any] | None = None
    temperature: float | None = Field(None, ge=0, le=2)
    top_p: float | None = Field(None, ge=0, le=1)
    max_output_tokens: PositiveInteger | None = Field(None, le=MAX_OUTPUT_TOKENS)
    metadata: dict[str, str] | None = None
    include: list[str] | None = None
    store: bool | None = None
    previous_response_id: str | None = None
    background: bool | None = None
    parallel_tool_calls: bool | None = None
    user: str | None = None
    truncation: Literal["auto", "disabled"] | None = None
    text: dict[str, Any] | None = None

    @field_validator("metadata")
    @classmethod
    def _metadata_limits(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        if value is not None:
            if len(value) > MAX_METADATA_KEYS:
                raise ValueError(f"metadata takes at most {MAX_METADATA_KEYS} keys")
            if any(len(key) > 64 or len(text) > 512 for key, text in value.items()):
                raise ValueError("metadata keys are at most 64 characters, values 512")
        return value


FORMAT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def text_format(body: ResponsesRequest) -> dict[str, Any] | None:
    """`text.format` as chat completions' `response_format` (None for plain text).

    Raises:
        ApiError: 400 naming the part of `text.format` at fault.
    """
    text = body.text or {}
    fmt = text.get("format")
    if fmt is None:
        return None
    if not isinstance(fmt, dict):
        raise invalid_request(
            "'text.format' must be an object.", code="invalid_type", param="text.format"
        )
    kind = _kind(fmt, "text.format")
    if kind == "text":
        return None
    if kind == "json_object":
        return {"type": "json_object"}
    if kind != "json_schema":
        raise invalid_request(
            f"Invalid value for 'text.format.type': {kind!r}. Supported: text, json_object, "
            "json_schema.",
            code="invalid_value",
            param="text.format.type",
        )
    name, schema = fmt.get("name"), fmt.get("schema")
    if not isinstance(name, str) or not FORMAT_NAME.match(name):
        raise invalid_request(
            "'text.format.name' must be 1 to 64 letters, digits, '_' or '-'.",
            code="invalid_value",
            param="text.format.name",
        )
    if not isinstance(schema, dict):
        raise invalid_request(
            "'text.format.schema' must be a JSON Schema object.",
            code="invalid_type" if schema is not None else "missing_required_field",
            param="text.format.schema",
        )
    spec: dict[str, Any] = {"name": name, "schema": schema}
    if isinstance(fmt.get("strict"), bool):
        spec["strict"] = fmt["strict"]
    if isinstance(fmt.get("description"), str):
        spec["description"] = fmt["description"]
    return {"type": "json_schema", "json_schema": spec}


def _unsupported(message: str, param: str) -> ApiError:
    return invalid_request(message, code="unsupported_value", param=param)


def _kind(obj: dict[str, Any], where: str, default: str | None = None) -> str:
    """The `type` of an object the client sent, which must be a string (absent or null: the
    default).

    Raises:
        ApiError: 400 naming `{where}.type` when it is missing (without a default) or not a
            string (an object or array there would otherwise reach a set lookup).
    """
    kind = obj.get("type")
    if kind is None:
        kind = default
    if kind is None:
        raise invalid_request(
            f"Missing required parameter: '{where}.type'.",
            code="missing_required_field",
            param=f"{where}.type",
        )
    if not isinstance(kind, str):
        raise invalid_request(
            f"'{where}.type' must be a string.", code="invalid_type", param=f"{where}.type"
        )
    return kind


def _part_text(part: Any, where: str) -> str | None:
    if not isinstance(part, dict):
        raise invalid_request(f"'{where}' must be an object.", code="invalid_type", param=where)
    kind = _kind(part, where)
    if kind in TEXT_PARTS:
        if not isinstance(part.get("text"), str):
            raise invalid_request(
                f"'{where}.text' must be a string.", code="invalid_type", param=f"{where}.text"
            )
        text: str = part["text"]
        return text
    if kind == "refusal":
        return None
    raise _unsupported(
        f"Content parts of type {kind!r} are not supported; send input_text.", f"{where}.type"
    )


def _content(value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        texts = [_part_text(part, f"{where}[{n}]") for n, part in enumerate(value)]
        return "".join(text for text in texts if text)
    raise invalid_request(
        f"'{where}' must be a string or an array of content parts.",
        code="invalid_type",
        param=where,
    )


def _item_turn(item: Any, where: str) -> ChatTurn | None:
    if not isinstance(item, dict):
        raise invalid_request(f"'{where}' must be an object.", code="invalid_type", param=where)
    kind = _kind(item, where, default="message")
    if kind in SKIPPED_ITEMS:
        return None
    if kind != "message":
        raise _unsupported(
            f"Input items of type {kind!r} are not supported; send messages.", f"{where}.type"
        )
    role = item.get("role")
    if role not in MESSAGE_ROLES:
        raise invalid_request(
            f"Invalid value for '{where}.role': {role!r}. "
            f"Supported roles: {', '.join(MESSAGE_ROLES)}.",
            code="invalid_value" if role is not None else "missing_required_field",
            param=f"{where}.role",
        )
    if "content" not in item:
        raise invalid_request(
            f"Missing required parameter: '{where}.content'.",
            code="missing_required_field",
            param=f"{where}.content",
        )
    return ChatTurn(role, _content(item["content"], f"{where}.content"))


def input_turns(body: ResponsesRequest) -> tuple[ChatTurn, ...]:
    """The request's instructions and input as the conversation the agents read.

    Raises:
        ApiError: 400 for an unsupported item or part, or input without a user question.
    """
    turns: list[ChatTurn] = []
    if body.instructions and body.instructions.strip():
        turns.append(ChatTurn("system", body.instructions))
    if isinstance(body.input, str):
        turns.append(ChatTurn("user", body.input))
    else:
        for position, item in enumerate(body.input):
            turn = _item_turn(item, f"input[{position}]")
            if turn is not None:
                turns.append(turn)
    if not any(turn.role == "user" and (turn.content or "").strip() for turn in turns):
        raise invalid_request(
            "'input' needs a question: a non-empty string, or a user message with text.",
            code="invalid_value",
            param="input",
        )
    return tuple(turns)


def search_choice(body: ResponsesRequest) -> str:
    """`auto`, `none` or `required`: how the request lets the agent use web search.

    Without `tools`, the agent decides (`auto`). A `tools` list without a web_search tool
    means no search, as at OpenAI.

    Raises:
        ApiError: 400 for a tool or tool_choice other than web search.
    """
    offered = body.tools is None
    for position, tool in enumerate(body.tools or ()):
        kind = _kind(tool, f"tools[{position}]")
        if kind not in WEB_SEARCH_TOOLS:
            raise _unsupported(
                f"Tools of type {kind!r} are not supported; only web_search is.",
                f"tools[{position}].type",
            )
        offered = True
    choice = body.tool_choice
    if choice is None or choice == "auto":
        return "auto" if offered else "none"
    if choice == "none":
        return "none"
    if isinstance(choice, dict):
        kind = _kind(choice, "tool_choice")
        if kind not in WEB_SEARCH_TOOLS:
            raise _unsupported(
                f"tool_choice of type {kind!r} is not supported; only web_search is.",
                "tool_choice.type",
            )
        return "required"  # asking for the search offers it
    if choice == "required":
        return "required"
    raise _unsupported(
        "tool_choice must be 'auto', 'none', 'required' or {\"type\": \"web_search\"}.",
        "tool_choice",
    )


def allowed_domains(body: ResponsesRequest) -> tuple[str, ...]:
    """The web_search tools' `filters.allowed_domains` (empty: any domain).

    Raises:
        ApiError: 400 when the filters are not an object or the domains not strings.
    """
    domains: list[str] = []
    for position, tool in enumerate(body.tools or ()):
        filters = tool.get("filters")
        if filters is None:
            continue
        where = f"tools[{position}].filters"
        if not isinstance(filters, dict):
            raise invalid_request(f"'{where}' must be an object.", code="invalid_type", param=where)
        listed = filters.get("allowed_domains")
        if listed is None:
            continue
        if not isinstance(listed, list) or not all(isinstance(d, str) for d in listed):
            raise invalid_request(
                f"'{where}.allowed_domains' must be an array of domain names.",
                code="invalid_type",
                param=f"{where}.allowed_domains",
            )
        domains.extend(listed)
    return tuple(domains)


def parse_responses_request(raw: bytes) -> ResponsesRequest:
    """Validate a request body.

    Raises:
        ApiError: 400 naming the field at fault.
    """
    if not raw.strip():
        raise invalid_request(
            "The request body is empty; send a JSON object with 'model' and 'input'.",
            code="missing_required_field",
            param="model",
        )
    try:
        body = ResponsesRequest.model_validate_json(raw)
    except ValidationError as error:
        raise to_api_error(error) from None
    if body.previous_response_id is not None:
        raise _unsupported(
            "Responses are not stored, so previous_response_id is not supported; send the "
            "earlier turns in 'input'.",
            "previous_response_id",
        )
    if body.background:
        raise _unsupported("Background responses are not supported.", "background")
    text_format(body)
    return body
