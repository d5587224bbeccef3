"""The OpenAI chat-completions request (its messages are in `chat_messages`): tools, formats,
validation and what is refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    WithJsonSchema,
    field_validator,
)
from pydantic_core import PydanticCustomError

from trichome.http.errors import ApiError, invalid_request
from trichome.http.openai.chat_messages import ChatMessageIn
from trichome.http.openai.types import (
    TOOL_CHOICE_FUNCTION,
    TOOL_CHOICE_MODE,
    UNSUPPORTED_SCHEMA,
    Integer,
    PositiveInteger,
    StrictModel,
    integral,
)
from trichome.http.openai.validation import to_api_error
from trichome.plans import PUBLIC_MODEL_IDS


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
            BeforeValidator(integral),
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
                BeforeValidator(integral),
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
        int | None, BeforeValidator(integral), WithJsonSchema({"enum": [0, None]})
    ] = None
    modalities: Annotated[
        list[Literal["text", "audio"]] | None,
        WithJsonSchema(
            {"anyOf": [{"type": "array", "items": {"const": "text"}}, {"type": "null"}]}
        ),
    ] = None
    audio: Annotated[dict[str, Any] | None, WithJsonSchema(UNSUPPORTED_SCHEMA)] = None
    web_search_options: Annotated[dict[str, Any] | None, WithJsonSchema(UNSUPPORTED_SCHEMA)] = None
    functions: Annotated[list[dict[str, Any]] | None, WithJsonSchema(UNSUPPORTED_SCHEMA)] = None
    function_call: Annotated[str | dict[str, Any] | None, WithJsonSchema(UNSUPPORTED_SCHEMA)] = None
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
