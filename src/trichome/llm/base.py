"""What an answer is made of: the conversation's turns, the caller's generation settings,
and the events an answer streams as (text, tool-call fragments, the end)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ChatTurn:
    """One message of the conversation, its content already flattened to text."""

    role: str
    content: str | None
    name: str | None = None
    tool_calls: tuple[dict[str, Any], ...] = ()
    tool_call_id: str | None = None


@dataclass(frozen=True, slots=True)
class GenerationOptions:
    """Standard request fields an LLM engine passes upstream; the grounded engine ignores them."""

    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None
    stop: tuple[str, ...] | None = None
    seed: int | None = None
    user: str | None = None
    presence_penalty: float | None = None
    frequency_penalty: float | None = None
    tools: tuple[dict[str, Any], ...] | None = None
    tool_choice: str | dict[str, Any] | None = None
    parallel_tool_calls: bool | None = None
    response_format: dict[str, Any] | None = None
    metadata: dict[str, str] | None = None
    # Hints an upstream may use; they never change what a correct answer says.
    reasoning_effort: str | None = None
    verbosity: str | None = None
    service_tier: str | None = None
    prompt_cache_key: str | None = None
    safety_identifier: str | None = None
    logit_bias: dict[str, int] | None = None

    @property
    def token_budget(self) -> int | None:
        """The most completion tokens the caller accepts (the smaller of the two fields)."""
        limits = [n for n in (self.max_tokens, self.max_completion_tokens) if n is not None]
        return min(limits) if limits else None

    @property
    def structured(self) -> bool:
        """Whether the answer must be JSON (`response_format` json_object or json_schema)."""
        return (self.response_format or {}).get("type") in ("json_object", "json_schema")

    @property
    def forces_tool_call(self) -> bool:
        """Whether the caller requires a call of one of its tools (`required` or a name)."""
        return self.tool_choice == "required" or isinstance(self.tool_choice, dict)


@dataclass(frozen=True, slots=True)
class Usage:
    """Token counts of one answer."""

    prompt_tokens: int
    completion_tokens: int

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True, slots=True)
class TextDelta:
    """The next piece of the answer's text."""

    text: str


@dataclass(frozen=True, slots=True)
class ToolCallDelta:
    """A fragment of a function call the model makes (OpenAI's streaming tool-call shape)."""

    index: int
    id: str | None
    name: str | None
    arguments: str


@dataclass(frozen=True, slots=True)
class Finished:
    """The answer is complete; `usage` is None when the engine could not count it.

    `notes_sent` says whether the service's notes (the upgrade line, the sponsored line)
    went out with the answer: they do not when the answer is structured, calls tools or was
    cut at the caller's token budget.
    """

    reason: str
    usage: Usage | None = None
    notes_sent: bool = False


AnswerEvent = TextDelta | ToolCallDelta | Finished


class UpstreamError(Exception):
    """The answer could not be produced; carries the status and code the client should see."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(slots=True)
class CompletedAnswer:
    """A whole answer, gathered from its events (for non-streaming responses)."""

    text: str
    tool_calls: list[dict[str, object]]
    finish_reason: str
    usage: Usage | None
    notes_sent: bool = False


async def collect(events: AsyncIterator[AnswerEvent]) -> CompletedAnswer:
    """An answer's events gathered into one answer: its text, its whole tool calls, its end.

    Raises:
        UpstreamError: the answer failed, or ended without finishing.
    """
    text: list[str] = []
    calls: dict[int, dict[str, object]] = {}
    async for event in events:
        if isinstance(event, TextDelta):
            text.append(event.text)
        elif isinstance(event, ToolCallDelta):
            call = calls.setdefault(
                event.index,
                {"id": "", "type": "function", "function": {"name": "", "arguments": ""}},
            )
            function = call["function"]
            assert isinstance(function, dict)
            if event.id:
                call["id"] = event.id
            if event.name:
                function["name"] += event.name
            function["arguments"] += event.arguments
        else:
            return CompletedAnswer(
                "".join(text),
                [calls[i] for i in sorted(calls)],
                event.reason,
                event.usage,
                event.notes_sent,
            )
    raise UpstreamError(502, "upstream_incomplete", "The answer engine stopped mid-answer.")
