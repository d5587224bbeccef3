"""The OpenAI chat-completions responses: a whole answer, a streamed chunk, the model list."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    Field,
)

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
