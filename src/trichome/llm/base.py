"""What every answer engine takes and yields."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.registry import Agent
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.sops import FilledSop


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


class ServerTools(Protocol):
    """Tools the server runs itself during an answer (the tool server's Metrc tools)."""

    @property
    def definitions(self) -> tuple[dict[str, Any], ...]:
        """OpenAI function-tool definitions."""
        ...

    @property
    def names(self) -> frozenset[str]:
        """The tool names, to tell their calls from the client's."""
        ...

    async def run(self, name: str, arguments: str) -> str:
        """Run one call; its JSON result (an error object when it failed)."""
        ...


@dataclass(frozen=True, slots=True)
class AnswerRequest:
    """Everything an engine needs to answer: the agent, the conversation and the passages."""

    public_model: str
    agent: Agent
    question: str
    messages: tuple[ChatTurn, ...]
    passages: tuple[Passage, ...]
    jurisdictions: tuple[str, ...]
    options: GenerationOptions = field(default_factory=GenerationOptions)
    # The upstream model chosen by the caller's endpoint; None means the deployment's.
    upstream_model: str | None = None
    # A calculation the question asks for, worked out by the calculators, and the sourced
    # facts it was checked against.
    calculation: RecognisedCalculation | None = None
    calculation_facts: tuple[Fact, ...] = ()
    # A standard operating procedure asked for, filled in for the user's state.
    sop: FilledSop | None = None
    # States the question names that the agent's packs hold no facts for, and those they do.
    uncovered_states: tuple[str, ...] = ()
    covered_states: tuple[str, ...] = ()
    # Tools the engine runs on the server's side (LLM engines only).
    server_tools: ServerTools | None = None


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


class UnsupportedOption(Exception):
    """A request setting the engine cannot honour; the caller gets a 400 naming it."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(message)
        self.param = param
        self.message = message


class UpstreamError(Exception):
    """The answer could not be produced; carries the status and code the client should see."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class AnswerEngine(Protocol):
    """Writes the answer for a prepared request, as a stream of events ending in `Finished`."""

    name: str

    def stream(
        self, request: AnswerRequest, *, incremental: bool = True
    ) -> AsyncIterator[AnswerEvent]:
        """The answer as events; raises UpstreamError when it cannot be produced.

        `incremental` false says the caller wants the whole answer at once, so an engine
        may fetch it in one piece.
        """
        ...

    def check_options(self, options: GenerationOptions) -> None:
        """Refuse the settings this engine cannot honour.

        Raises:
            UnsupportedOption: the first setting it cannot honour.
        """
        ...

    async def check(self) -> str | None:
        """None when the engine can answer, else the reason it cannot (for `/health`)."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...
