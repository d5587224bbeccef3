"""The OpenAI chat-completions wire format: request validation and response shapes."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from trichome.http.errors import ApiError, invalid_request
from trichome.plans import PUBLIC_MODEL_IDS

# ---------------------------------------------------------------------------- request


_TEXT_PARTS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {"type": {"const": "text"}, "text": {"type": "string"}},
        "required": ["type", "text"],
    },
}
_TEXT_SCHEMA: dict[str, Any] = {
    "anyOf": [{"type": "string"}, _TEXT_PARTS_SCHEMA],
    "description": "A string, or an array of text parts (joined in order).",
}


def flatten_content(value: Any) -> str:
    """Message content as text: a string, or the text parts of an array joined together."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        texts = []
        for position, part in enumerate(value):
            if not isinstance(part, dict):
                raise PydanticCustomError(
                    "invalid_content",
                    "content part {position} must be an object",
                    {"position": position},
                )
            if part.get("type") != "text":
                raise PydanticCustomError(
                    "unsupported_content",
                    "only text content parts are supported, got '{part_type}'",
                    {"part_type": part.get("type")},
                )
            if not isinstance(part.get("text"), str):
                raise PydanticCustomError(
                    "invalid_content",
                    "content part {position} needs a string 'text'",
                    {"position": position},
                )
            texts.append(part["text"])
        return "".join(texts)
    raise PydanticCustomError(
        "invalid_type", "content must be a string or an array of text parts", {}
    )


Text = Annotated[str, BeforeValidator(flatten_content), WithJsonSchema(_TEXT_SCHEMA)]


def _integral(value: Any) -> Any:
    # JSON Schema counts 1.0 as an integer; so do we.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Integer = Annotated[int, BeforeValidator(_integral)]
# A before-validator hides the bounds from pydantic's schema generator, so they are stated.
PositiveInteger = Annotated[
    int,
    BeforeValidator(_integral),
    Field(ge=1),
    WithJsonSchema({"type": "integer", "minimum": 1}),
]


# The schema of a field that is refused whenever it carries a value.
_UNSUPPORTED: dict[str, Any] = {"type": "null", "description": "Not supported (a 400 when set)."}


class StrictModel(BaseModel):
    """A request object: types are not coerced, unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore", strict=True)


class FunctionCall(StrictModel):
    name: str
    arguments: str


class ToolCall(StrictModel):
    id: str
    type: Literal["function"]
    function: FunctionCall


class SystemMessage(StrictModel):
    """Instructions to the assistant."""

    role: Literal["system"]
    content: Text
    name: str | None = None


class DeveloperMessage(StrictModel):
    """Instructions to the assistant (OpenAI's newer name for a system message).

    A class of its own, not a second role of SystemMessage: each discriminator value maps to
    one schema, which OpenAPI tools read unambiguously.
    """

    role: Literal["developer"]
    content: Text
    name: str | None = None


class UserMessage(StrictModel):
    role: Literal["user"]
    content: Text
    name: str | None = None


class AssistantMessage(StrictModel):
    """An earlier answer; its content may be absent or null when it made tool calls."""

    model_config = ConfigDict(
        extra="ignore",
        strict=True,
        json_schema_extra={
            "anyOf": [
                {"required": ["content"], "properties": {"content": _TEXT_SCHEMA}},
                {
                    "required": ["tool_calls"],
                    "properties": {"tool_calls": {"type": "array", "minItems": 1}},
                },
            ]
        },
    )
    role: Literal["assistant"]
    content: Annotated[
        str | None,
        BeforeValidator(lambda value: None if value is None else flatten_content(value)),
        WithJsonSchema({"anyOf": [*_TEXT_SCHEMA["anyOf"], {"type": "null"}]}),
    ] = None
    name: str | None = None
    tool_calls: list[ToolCall] | None = None

    @model_validator(mode="after")
    def _content_or_tool_calls(self) -> AssistantMessage:
        if self.content is None and not self.tool_calls:
            raise PydanticCustomError(
                "missing_content", "an assistant message needs content or tool_calls", {}
            )
        return self


class ToolMessage(StrictModel):
    """The result of a tool call the assistant made."""

    role: Literal["tool"]
    content: Text
    tool_call_id: str


ChatMessageIn = Annotated[
    SystemMessage | DeveloperMessage | UserMessage | AssistantMessage | ToolMessage,
    Field(discriminator="role"),
]


class StreamOptions(StrictModel):
    include_usage: bool = False


class FunctionDefinition(StrictModel):
    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    description: str | None = None
    parameters: Annotated[
        dict[str, Any] | None,
        WithJsonSchema(
            {
                "anyOf": [
                    {"type": "object", "properties": {"type": {"const": "object"}}},
                    {"type": "null"},
                ],
                "description": "A JSON Schema whose top level is an object.",
            }
        ),
    ] = None
    strict: bool | None = None

    @field_validator("parameters")
    @classmethod
    def _object_schema(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is not None and value.get("type", "object") != "object":
            raise PydanticCustomError(
                "invalid_value", "a function's parameters must be a JSON Schema of type object", {}
            )
        return value


class ToolDefinition(StrictModel):
    type: Literal["function"]
    function: FunctionDefinition


class TextFormat(StrictModel):
    type: Literal["text"]


class JsonObjectFormat(StrictModel):
    type: Literal["json_object"]


class JsonSchemaSpec(StrictModel):
    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    description: str | None = None
    schema_: dict[str, Any] | None = Field(None, alias="schema")
    strict: bool | None = None


class JsonSchemaFormat(StrictModel):
    type: Literal["json_schema"]
    json_schema: JsonSchemaSpec


ResponseFormat = Annotated[
    TextFormat | JsonObjectFormat | JsonSchemaFormat, Field(discriminator="type")
]


class NamedFunction(StrictModel):
    name: str


class FunctionChoice(StrictModel):
    """`tool_choice` naming the one function the model must call."""

    type: Literal["function"]
    function: NamedFunction


TOOL_CHOICE_MODE, TOOL_CHOICE_FUNCTION = "mode", "named-function"


def _tool_choice_kind(value: Any) -> str:
    return TOOL_CHOICE_FUNCTION if isinstance(value, dict | FunctionChoice) else TOOL_CHOICE_MODE


class ChatCompletionRequest(StrictModel):
    """`POST /v1/chat/completions`. Unknown fields are ignored, as OpenAI-compatible servers do."""

    model: Annotated[str, WithJsonSchema({"enum": list(PUBLIC_MODEL_IDS)})] = Field(
        description="free-agent, pro-agent or operator-agent."
    )
    messages: list[ChatMessageIn] = Field(min_length=1)
    stream: Annotated[
        bool | None,
        WithJsonSchema(
            {
                "type": ["boolean", "null"],
                "default": True,
                "description": (
                    "true: Server-Sent Events; false: one chat.completion. Omitted or null: JSON "
                    "when "
                    "the Accept header asks for application/json (as the OpenAI SDKs send) or "
                    "the client is an SDK that sends `stream` only to turn streaming on (the "
                    "Vercel AI SDK); otherwise a stream, the specification's default."
                ),
            }
        ),
    ] = None
    stream_options: StreamOptions | None = None
    temperature: float | None = Field(None, ge=0, le=2)
    top_p: float | None = Field(None, ge=0, le=1)
    max_tokens: PositiveInteger | None = None
    max_completion_tokens: PositiveInteger | None = None
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
    n: (
        Annotated[
            int,
            BeforeValidator(_integral),
            Field(ge=1, le=1),
            WithJsonSchema({"type": "integer", "minimum": 1, "maximum": 1}),
        ]
        | None
    ) = Field(None, description="Only 1 is supported.")
    seed: Integer | None = None
    user: str | None = None
    presence_penalty: float | None = Field(None, ge=-2, le=2)
    frequency_penalty: float | None = Field(None, ge=-2, le=2)
    tools: list[ToolDefinition] | None = None
    tool_choice: (
        Annotated[
            Annotated[Literal["none", "auto", "required"], Tag(TOOL_CHOICE_MODE)]
            | Annotated[FunctionChoice, Tag(TOOL_CHOICE_FUNCTION)],
            Discriminator(_tool_choice_kind),
        ]
        | None
    ) = None
    parallel_tool_calls: bool | None = None
    response_format: ResponseFormat | None = None
    metadata: dict[str, str] | None = None
    # Hints an upstream LLM may use; passed to it, never changing what the answer says.
    reasoning_effort: str | None = Field(None, max_length=32)
    verbosity: Literal["low", "medium", "high"] | None = None
    service_tier: str | None = Field(None, max_length=32)
    prompt_cache_key: str | None = Field(None, max_length=512)
    safety_identifier: str | None = Field(None, max_length=512)
    prediction: dict[str, Any] | None = Field(
        None, description="Accepted and not used: it only speeds an upstream up."
    )
    logit_bias: (
        dict[
            str,
            Annotated[
                int,
                BeforeValidator(_integral),
                Field(ge=-100, le=100),
                WithJsonSchema({"type": "integer", "minimum": -100, "maximum": 100}),
            ],
        ]
        | None
    ) = None
    # OpenAI fields no engine here honours: refused with a 400 when they ask for something.
    # Their schemas admit only the values that ask for nothing.
    logprobs: Annotated[bool | None, WithJsonSchema({"enum": [False, None]})] = None
    top_logprobs: Annotated[
        int | None, BeforeValidator(_integral), WithJsonSchema({"enum": [0, None]})
    ] = None
    modalities: Annotated[
        list[Literal["text", "audio"]] | None,
        WithJsonSchema(
            {"anyOf": [{"type": "array", "items": {"const": "text"}}, {"type": "null"}]}
        ),
    ] = None
    audio: Annotated[dict[str, Any] | None, WithJsonSchema(_UNSUPPORTED)] = None
    web_search_options: Annotated[dict[str, Any] | None, WithJsonSchema(_UNSUPPORTED)] = None
    functions: Annotated[list[dict[str, Any]] | None, WithJsonSchema(_UNSUPPORTED)] = None
    function_call: Annotated[str | dict[str, Any] | None, WithJsonSchema(_UNSUPPORTED)] = None
    store: Annotated[bool | None, WithJsonSchema({"enum": [False, None]})] = None

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
            "invalid_value",
            "tool_choice must be 'none', 'auto', 'required' or "
            '{"type": "function", "function": {"name": ...}}',
            {},
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


_ROLES = ("system", "developer", "user", "assistant", "tool")
_UNION_MEMBERS = frozenset({"str", "int", "float", "bool", "list", "dict", "none"})
# Discriminated unions put their tag after the field's name.
_TAGS_AFTER = {
    "response_format": frozenset({"text", "json_object", "json_schema"}),
    "tool_choice": frozenset({TOOL_CHOICE_MODE, TOOL_CHOICE_FUNCTION}),
}


def _param(location: tuple[int | str, ...]) -> str | None:
    # Pydantic puts union members ("str", "list[ToolCall]"), validator tags and, after a
    # message's index, its role tag into the location; clients want their field's path.
    text = ""
    previous: int | str | None = None
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        elif (
            "[" in part
            or part in _UNION_MEMBERS
            or part.startswith(("function-", "json-or-python"))
            or (isinstance(previous, int) and part in _ROLES)
            or (isinstance(previous, str) and part in _TAGS_AFTER.get(previous, ()))
        ):
            pass
        else:
            text += f".{part}" if text else part
        previous = part
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
    # A discriminated union names its tag field in the context, quoted: "'role'", "'type'".
    tag = str(first.get("ctx", {}).get("discriminator", "'role'")).strip("'")
    if kind in ("missing", "union_tag_not_found", "missing_content"):
        if kind != "missing":
            param = f"{param}.{tag if kind == 'union_tag_not_found' else 'content'}"
        return invalid_request(
            f"Missing required parameter: '{param}'.", code="missing_required_field", param=param
        )
    if kind == "union_tag_invalid":
        expected = str(first["ctx"]["expected_tags"]).replace("'", "")
        return invalid_request(
            f"Invalid value for '{param}.{tag}': {first['input'].get(tag)!r}. "
            f"Supported: {expected}.",
            code="invalid_value",
            param=f"{param}.{tag}",
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
    if kind in ("invalid_type", "invalid_content"):
        return invalid_request(
            f"Invalid type for {where}: {first['msg']}.", code="invalid_type", param=param
        )
    return invalid_request(
        f"Invalid value for {where}: {first['msg']}.", code="invalid_value", param=param
    )


def chat_request_schemas(engine: str) -> dict[str, dict[str, Any]]:
    """The OpenAPI components of `ChatCompletionRequest` for the engine in use: the grounded
    engine's schema admits only the settings it honours."""
    schema = ChatCompletionRequest.model_json_schema(ref_template="#/components/schemas/{model}")
    components: dict[str, dict[str, Any]] = schema.pop("$defs", {})
    components["ChatCompletionRequest"] = schema
    if engine == "grounded":
        properties = schema["properties"]
        properties["response_format"] = {
            "anyOf": [
                {"$ref": "#/components/schemas/TextFormat"},
                {"$ref": "#/components/schemas/JsonObjectFormat"},
                {"type": "null"},
            ]
        }
        properties["tool_choice"] = {"anyOf": [{"enum": ["none", "auto"]}, {"type": "null"}]}
        properties["logit_bias"] = {
            "anyOf": [{"type": "object", "maxProperties": 0}, {"type": "null"}]
        }
    return components


def _refusal(param: str, message: str) -> ApiError:
    return invalid_request(message, code="unsupported_parameter", param=param)


def refuse_unsupported(body: ChatCompletionRequest) -> None:
    """Refuse the OpenAI settings no engine here honours, rather than ignore them.

    Raises:
        ApiError: 400 `unsupported_parameter` naming the first such setting.
    """
    if body.logprobs or body.top_logprobs:
        raise _refusal(
            "logprobs" if body.logprobs else "top_logprobs",
            "Log probabilities are not available: answers are composed from sourced facts "
            "and calculators, or relayed from an upstream without them.",
        )
    if body.audio is not None or (body.modalities and "audio" in body.modalities):
        raise _refusal(
            "audio" if body.audio is not None else "modalities",
            "Only text answers are available; send modalities ['text'] or leave it out.",
        )
    if body.web_search_options is not None:
        raise _refusal(
            "web_search_options",
            "Chat completions do not search the web; use POST /v1/responses, where the "
            "agent searches when its sources are not enough.",
        )
    if body.functions is not None or body.function_call is not None:
        raise _refusal(
            "functions" if body.functions is not None else "function_call",
            "The legacy functions and function_call fields are not supported; send the same "
            "definitions as tools (type 'function') and tool_choice.",
        )
    if body.store:
        raise _refusal("store", "Completions are not stored here; send store false or omit it.")


def _media_ranges(accept: str) -> dict[str, float]:
    ranges: dict[str, float] = {}
    for item in accept.split(","):
        media, *parameters = (part.strip() for part in item.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if media:
            ranges[media.lower()] = max(quality, ranges.get(media.lower(), 0.0))
    return ranges


# Clients that send `stream` only to turn streaming on and otherwise expect OpenAI's
# default, one JSON body, while their Accept header says nothing (`*/*`): the Vercel AI
# SDK, whose user-agent starts with its `ai/<version>` and names its `ai-sdk` packages
# ("ai/7.0.173 ai-sdk-provider-utils/5.0.81 node.js/22", "ai/7.0.173 ai-sdk/provider-utils/4.0.65").
JSON_DEFAULT_AGENTS = re.compile(r"(?:^|\s)ai/\d|\bai-sdk[/-]", re.IGNORECASE)


def wants_stream(stream: bool | None, accept: str | None, user_agent: str | None) -> bool:
    """Whether to answer with Server-Sent Events.

    An explicit `stream` decides. Without it, the Accept header does: `text/event-stream`
    preferred gets a stream, `application/json` preferred gets JSON. A caller that says
    nothing (no Accept, or only wildcards) gets the specification's default, a stream,
    unless its user-agent is a client known to expect JSON in that case.
    """
    if stream is not None:
        return stream
    ranges = _media_ranges(accept or "")
    events = ranges.get("text/event-stream", 0.0)
    json = ranges.get("application/json", 0.0)
    if events > 0 or json > 0:
        return events >= json
    return JSON_DEFAULT_AGENTS.search(user_agent or "") is None


# The agents' own function tools (the calculators) are named so; a client tool of the same
# prefix would be mistaken for one of them.
RESERVED_TOOL_PREFIX = "trichome_"


def _check_tools(body: ChatCompletionRequest) -> None:
    """What the schema cannot say: a forced choice needs the tool it names."""
    names = [tool.function.name for tool in body.tools or ()]
    for position, name in enumerate(names):
        if name.startswith(RESERVED_TOOL_PREFIX):
            raise invalid_request(
                f"Tool names starting with '{RESERVED_TOOL_PREFIX}' are reserved for the "
                "agents' own calculators; rename the tool.",
                code="invalid_value",
                param=f"tools[{position}].function.name",
            )
    if len(set(names)) != len(names):
        raise invalid_request(
            "Each tool needs a name of its own.", code="invalid_value", param="tools"
        )
    choice = body.tool_choice
    if choice == "required" and not names:
        raise invalid_request(
            "tool_choice 'required' needs at least one tool in 'tools'.",
            code="invalid_value",
            param="tool_choice",
        )
    if isinstance(choice, FunctionChoice) and choice.function.name not in names:
        raise invalid_request(
            f"tool_choice names the function '{choice.function.name}', which is not in 'tools'.",
            code="invalid_value",
            param="tool_choice.function.name",
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
        request = ChatCompletionRequest.model_validate_json(body)
    except ValidationError as error:
        raise to_api_error(error) from None
    _check_tools(request)
    return request


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


class DeltaOut(BaseModel):
    role: Literal["assistant"] | None = Field(None, description="Only on the first chunk.")
    content: str | None = None
    tool_calls: list[dict[str, Any]] | None = None


class ChunkChoiceOut(BaseModel):
    index: int
    delta: DeltaOut
    finish_reason: str | None
    logprobs: None = None


class ChatCompletionChunk(BaseModel):
    """One event of a streamed answer. The first delta carries the role and the first text;
    the last chunk has an empty delta and the finish reason; with
    `stream_options.include_usage`, a final chunk has no choices and the usage."""

    id: str = Field(pattern=r"^chatcmpl-")
    object: Literal["chat.completion.chunk"]
    created: int
    model: str
    choices: list[ChunkChoiceOut]
    usage: UsageOut | None = None
    system_fingerprint: str | None = None


class ModelEntry(BaseModel):
    id: str
    object: Literal["model"]
    created: int
    owned_by: str


class ModelList(BaseModel):
    object: Literal["list"]
    data: list[ModelEntry]


OWNED_BY = "trichome"
# Models list entries need a creation time; ours is the public models' launch date.
MODELS_CREATED = 1767225600  # 2026-01-01T00:00:00Z


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
