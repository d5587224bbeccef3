"""The messages of an OpenAI chat-completions request: the conversation a client sends."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema, model_validator
from pydantic_core import PydanticCustomError

from trichome.http.openai.types import TEXT_SCHEMA, StrictModel, Text, flatten_content


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
                {"required": ["content"], "properties": {"content": TEXT_SCHEMA}},
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
        WithJsonSchema({"anyOf": [*TEXT_SCHEMA["anyOf"], {"type": "null"}]}),
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
