"""The OpenAI chat-completions wire format: request validation and response shapes."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from trichome.apps.errors import ApiError, invalid_request

# ---------------------------------------------------------------------------- request


_CONTENT_SCHEMA: dict[str, Any] = {
    "anyOf": [
        {"type": "string"},
        {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"type": {"const": "text"}, "text": {"type": "string"}},
                "required": ["type", "text"],
            },
        },
        {"type": "null"},
    ],
    "description": (
        "A string, or an array of text parts; null only on an assistant turn with tool_calls."
    ),
}


def flatten_content(value: Any) -> str | None:
    """Message content as text: a string, or the text parts of an array joined together."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list):
        texts = []
        for position, part in enumerate(value):
            if not isinstance(part, dict) or not isinstance(part.get("text"), str):
                raise PydanticCustomError(
                    "invalid_content",
                    "content parts must be objects with a string 'text' (part {position})",
                    {"position": position},
                )
            if part.get("type") != "text":
                raise PydanticCustomError(
                    "unsupported_content",
                    "only text content parts are supported, got {part_type!r}",
                    {"part_type": part.get("type")},
                )
            texts.append(part["text"])
        return "".join(texts)
    raise PydanticCustomError(
        "invalid_type", "content must be a string or an array of text parts", {}
    )


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class FunctionCall(_Strict):
    name: str
    arguments: str


class ToolCall(_Strict):
    id: str
    type: Literal["function"] = "function"
    function: FunctionCall


class ChatMessageIn(_Strict):
    """One message of the conversation."""

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: Annotated[str | None, WithJsonSchema(_CONTENT_SCHEMA)]
    name: str | None = None
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None

    @field_validator("content", mode="before")
    @classmethod
    def _flatten(cls, value: Any) -> str | None:
        return flatten_content(value)

    @model_validator(mode="after")
    def _role_rules(self) -> ChatMessageIn:
        if self.content is None and not (self.role == "assistant" and self.tool_calls):
            raise PydanticCustomError(
                "null_content", "content may be null only on an assistant turn with tool_calls", {}
            )
        if self.role == "tool" and not self.tool_call_id:
            raise PydanticCustomError(
                "missing_tool_call_id", "a tool message needs tool_call_id", {}
            )
        return self


class StreamOptions(_Strict):
    include_usage: bool = False


class FunctionDefinition(_Strict):
    name: str = Field(min_length=1, max_length=64)
    description: str | None = None
    parameters: dict[str, Any] | None = None
    strict: bool | None = None


class ToolDefinition(_Strict):
    type: Literal["function"]
    function: FunctionDefinition


class ResponseFormat(_Strict):
    model_config = ConfigDict(extra="allow", strict=True)
    type: Literal["text", "json_object", "json_schema"]


class ChatCompletionRequest(_Strict):
    """`POST /v1/chat/completions`. Unknown fields are ignored, as OpenAI-compatible servers do."""

    model: str = Field(description="free-agent, pro-agent or operator-agent.")
    messages: list[ChatMessageIn] = Field(min_length=1)
    stream: bool = Field(True, description="Server-Sent Events unless false (the default is true).")
    stream_options: StreamOptions | None = None
    temperature: float | None = Field(None, ge=0, le=2)
    top_p: float | None = Field(None, ge=0, le=1)
    max_tokens: int | None = Field(None, ge=1)
    max_completion_tokens: int | None = Field(None, ge=1)
    stop: Annotated[
        str | list[str] | None,
        WithJsonSchema(
            {
                "anyOf": [
                    {"type": "string"},
                    {"type": "array", "items": {"type": "string"}, "maxItems": 4},
                    {"type": "null"},
                ]
            }
        ),
    ] = None
    n: int | None = Field(None, ge=1, le=1, description="Only 1 is supported.")
    seed: int | None = None
    user: str | None = None
    presence_penalty: float | None = Field(None, ge=-2, le=2)
    frequency_penalty: float | None = Field(None, ge=-2, le=2)
    tools: list[ToolDefinition] | None = None
    tool_choice: Annotated[
        str | dict[str, Any] | None,
        WithJsonSchema(
            {
                "anyOf": [
                    {"enum": ["none", "auto", "required"]},
                    {"type": "object"},
                    {"type": "null"},
                ]
            }
        ),
    ] = None
    parallel_tool_calls: bool | None = None
    response_format: ResponseFormat | None = None
    metadata: dict[str, str] | None = None

    @field_validator("stop", mode="before")
    @classmethod
    def _stop(cls, value: Any) -> Any:
        if value is None or isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            if len(value) > 4:
                raise PydanticCustomError("too_long", "stop takes at most 4 sequences", {})
            return value
        raise PydanticCustomError(
            "invalid_type", "stop must be a string or an array of strings", {}
        )

    @field_validator("tool_choice", mode="before")
    @classmethod
    def _tool_choice(cls, value: Any) -> Any:
        if value is None or isinstance(value, dict) or value in ("none", "auto", "required"):
            return value
        raise PydanticCustomError(
            "invalid_value", "tool_choice must be 'none', 'auto', 'required' or an object", {}
        )


_TYPE_NAMES = {
    "string_type": "a string",
    "bool_type": "a boolean",
    "int_type": "an integer",
    "float_type": "a number",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "int_from_float": "an integer",
}


def _param(location: tuple[int | str, ...]) -> str | None:
    # Pydantic adds a union member's name ("str", "list[ToolCall]") or a validator tag
    # to the location; clients want the path of their own field.
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        elif (
            "[" in part
            or part in ("str", "int", "float", "bool", "list", "dict", "none")
            or part.startswith(("function-", "json-or-python"))
        ):
            continue
        else:
            text += f".{part}" if text else part
    return text or None


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def to_api_error(error: ValidationError) -> ApiError:
    """The first validation failure as a 400 with a precise `code` and `param`."""
    first = error.errors(include_url=False)[0]
    kind = first["type"]
    param = _param(first["loc"])
    where = f"'{param}'" if param else "the request body"
    if kind == "missing":
        return invalid_request(
            f"Missing required parameter: {where}.", code="missing_required_field", param=param
        )
    if param == "n" and kind == "less_than_equal":
        return invalid_request(
            "Only n=1 is supported: each request returns one choice.",
            code="unsupported_value",
            param="n",
        )
    if kind == "json_invalid":
        return invalid_request(
            f"The request body is not valid JSON: {first['msg']}.", code="invalid_json"
        )
    if kind in _TYPE_NAMES:
        expected = _TYPE_NAMES[kind]
        return invalid_request(
            f"Invalid type for {where}: expected {expected}, got {_json_type(first.get('input'))}.",
            code="invalid_type",
            param=param,
        )
    if kind == "missing_tool_call_id":
        return invalid_request(
            f"Missing required parameter: '{param}.tool_call_id'.",
            code="missing_required_field",
            param=f"{param}.tool_call_id" if param else "tool_call_id",
        )
    if kind in ("invalid_type", "invalid_content"):
        return invalid_request(
            f"Invalid type for {where}: {first['msg']}.", code="invalid_type", param=param
        )
    return invalid_request(
        f"Invalid value for {where}: {first['msg']}.", code="invalid_value", param=param
    )


def parse_chat_request(body: bytes) -> ChatCompletionRequest:
    """Validate a request body.

    Raises:
        ApiError: 400 naming the field at fault.
    """
    if not body.strip():
        raise invalid_request(
            "The request body is empty; send a JSON object with 'model' and 'messages'.",
            code="missing_required_field",
            param="model",
        )
    try:
        return ChatCompletionRequest.model_validate_json(body)
    except ValidationError as error:
        raise to_api_error(error) from None


# ---------------------------------------------------------------------------- responses


class ChatMessageOut(BaseModel):
    role: Literal["assistant"]
    content: str | None
    refusal: str | None = None
    tool_calls: list[dict[str, Any]] | None = None


class ChoiceOut(BaseModel):
    index: int
    message: ChatMessageOut
    finish_reason: str
    logprobs: None = None


class UsageOut(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatCompletion(BaseModel):
    """A whole answer (`stream: false`)."""

    id: str = Field(pattern=r"^chatcmpl-")
    object: Literal["chat.completion"]
    created: int
    model: str
    choices: list[ChoiceOut]
    usage: UsageOut
    system_fingerprint: str | None = None


class ModelEntry(BaseModel):
    id: str
    object: Literal["model"]
    created: int
    owned_by: str


class ModelList(BaseModel):
    object: Literal["list"]
    data: list[ModelEntry]


def completion_id() -> str:
    """A fresh `chatcmpl-` id."""
    return "chatcmpl-" + secrets.token_hex(12)


IdFactory = Callable[[], str]


class ChunkWriter:
    """Serialises one streamed answer as SSE `data:` lines with a fixed id, created and model."""

    def __init__(self, chunk_id: str, created: int, model: str, *, include_usage: bool) -> None:
        # The invariant part of every chunk is rendered once; only choices vary.
        self._head = (
            b'data: {"id":"'
            + chunk_id.encode()
            + b'","object":"chat.completion.chunk","created":'
            + str(created).encode()
            + b',"model":'
            + orjson.dumps(model)
            + b',"system_fingerprint":null,"choices":'
        )
        self._tail = b',"usage":null}\n\n' if include_usage else b"}\n\n"
        self._role_sent = False

    def delta(
        self, content: str | None = None, tool_calls: list[dict[str, Any]] | None = None
    ) -> bytes:
        """A chunk with the next content or tool-call fragment; the first also carries the role."""
        delta: dict[str, Any] = {}
        if not self._role_sent:
            delta["role"] = "assistant"
            self._role_sent = True
        if content is not None:
            delta["content"] = content
        if tool_calls is not None:
            delta["tool_calls"] = tool_calls
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}
        return self._head + orjson.dumps([choice]) + self._tail

    @property
    def started(self) -> bool:
        """Whether the first delta went out."""
        return self._role_sent

    def finish(self, reason: str) -> bytes:
        """The closing chunk: an empty delta and the finish reason."""
        choice = {"index": 0, "delta": {}, "logprobs": None, "finish_reason": reason}
        return self._head + orjson.dumps([choice]) + self._tail

    def usage(self, prompt_tokens: int, completion_tokens: int) -> bytes:
        """The `stream_options.include_usage` chunk: no choices, the whole usage."""
        usage = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
        return self._head + b"[]," + b'"usage":' + orjson.dumps(usage) + b"}\n\n"

    @staticmethod
    def error(error: ApiError) -> bytes:
        """An error event after the stream started (the OpenAI SDK raises it as APIError)."""
        return b"data: " + orjson.dumps(error.body()) + b"\n\n"

    DONE = b"data: [DONE]\n\n"
