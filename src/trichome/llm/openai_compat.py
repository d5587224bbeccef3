"""The `openai` engine: any OpenAI-compatible upstream, streamed through under our ids.

The upstream is spoken to with httpx and orjson directly. The `openai` SDK was the first
choice, but it spent about 60% of a request's CPU (measured with cProfile behind the
gateway benchmark's upstream) transforming parameters and building a pydantic model per
chunk, for a wire format this module needs a dozen lines to read.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

import httpx
import orjson

from trichome.agents.calculator_tools import TOOL_NAMES, TOOLS, run_tool
from trichome.config import Settings
from trichome.knowledge.retrieval import KnowledgeBase, Passage
from trichome.llm.base import (
    AnswerEvent,
    AnswerRequest,
    ChatTurn,
    Finished,
    GenerationOptions,
    TextDelta,
    ToolCallDelta,
    UpstreamError,
    Usage,
)

logger = logging.getLogger(__name__)
_CITATION = re.compile(r"\[(\d{1,2})\]")
HEALTH_TIMEOUT = 3.0
RETRYABLE_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504})
MAX_BACKOFF = 4.0
ERROR_BODY_LIMIT = 2048


def _passages_prompt(passages: Sequence[Passage]) -> str:
    if not passages:
        return "Sources: none of the knowledge packs matched this question."
    lines = ["Sources:"]
    for number, passage in enumerate(passages, start=1):
        fact = passage.fact
        source = fact.sources[0]
        where = f" ({fact.jurisdiction_name})" if fact.jurisdiction_name else ""
        lines.append(
            f"[{number}] {fact.title}{where}: {fact.text} "
            f"(from {source.title}, {source.section}, {source.url})"
        )
    return "\n".join(lines)


def _turn_to_message(turn: ChatTurn) -> dict[str, Any]:
    message: dict[str, Any] = {"role": turn.role, "content": turn.content}
    if turn.name:
        message["name"] = turn.name
    if turn.tool_calls:
        message["tool_calls"] = list(turn.tool_calls)
    if turn.tool_call_id:
        message["tool_call_id"] = turn.tool_call_id
    return message


CALCULATOR_INSTRUCTIONS = (
    "For any arithmetic (doses, infusion amounts, total THC, dilution, batch scaling, unit "
    "conversions, servings against a state's caps) call the trichome_* tools and present "
    "their result with its working; never calculate numbers yourself."
)


def _calculation_prompt(request: AnswerRequest) -> str:
    recognised = request.calculation
    if recognised is None:
        return ""
    if recognised.refusal is not None:
        return (
            "\n\nThe calculator refused the numbers in the question: "
            f"{recognised.refusal}. Say so and ask for valid numbers; give no result."
        )
    calculation = recognised.calculation
    assert calculation is not None
    working = "\n".join(f"{n}. {step}" for n, step in enumerate(calculation.steps, 1))
    return (
        "\n\nThe calculator already worked out the user's calculation. Present this result "
        f"and its working exactly:\n{calculation.summary}\n{working}"
    )


def build_messages(request: AnswerRequest, *, with_tools: bool = False) -> list[dict[str, Any]]:
    """The upstream prompt: the agent's instructions and sources, then the caller's window."""
    system = f"{request.agent.system_prompt}\n\n{_passages_prompt(request.passages)}"
    if with_tools:
        system += f"\n\n{CALCULATOR_INSTRUCTIONS}"
    system += _calculation_prompt(request)
    if request.server_tools is not None:
        system += (
            "\n\nThe user's Metrc (track-and-trace) data is reachable through the metrc tools. "
            "Answer questions about their licences, packages, plants, transfers, sales and "
            "compliance by calling them (prefer the skills, which compute the answer), and "
            "say which tool each fact came from. Never guess data the tools did not return."
        )
    if request.sop is not None:
        system += (
            "\n\nThe user asked for a standard operating procedure. Base it on this template, "
            "already filled in with the state's sourced rules; keep its structure and its "
            f"citations:\n\n{request.sop.text}"
        )
    return [{"role": "system", "content": system}, *map(_turn_to_message, request.messages)]


def _request_options(request: AnswerRequest) -> dict[str, Any]:
    options = request.options
    fields: dict[str, Any] = {
        "temperature": options.temperature,
        "top_p": options.top_p,
        "max_tokens": options.max_tokens,
        "max_completion_tokens": options.max_completion_tokens,
        "stop": list(options.stop) if options.stop else None,
        "seed": options.seed,
        "user": options.user,
        "presence_penalty": options.presence_penalty,
        "frequency_penalty": options.frequency_penalty,
        "tools": None,  # merged with the calculators by the engine
        "tool_choice": options.tool_choice,
        "parallel_tool_calls": options.parallel_tool_calls,
        "response_format": options.response_format,
        "metadata": options.metadata,
        "reasoning_effort": options.reasoning_effort,
        "verbosity": options.verbosity,
        "service_tier": options.service_tier,
        "prompt_cache_key": options.prompt_cache_key,
        "safety_identifier": options.safety_identifier,
        "logit_bias": options.logit_bias,
    }
    return {name: value for name, value in fields.items() if value is not None}


def cited_sources(text: str, passages: Sequence[Passage]) -> str:
    """A sources block for the passage numbers the answer cites, or '' when it cites none."""
    numbers = sorted({int(n) for n in _CITATION.findall(text) if 1 <= int(n) <= len(passages)})
    if not numbers:
        return ""
    lines = []
    for number in numbers:
        source = passages[number - 1].fact.sources[0]
        lines.append(f"[{number}] {source.title}, {source.section}: {source.url}")
    return "\n\nSources:\n" + "\n".join(lines)


def _status_error(status: int) -> UpstreamError:
    if status == 429:
        return UpstreamError(
            503, "upstream_rate_limited", "The answer engine is over capacity; retry shortly."
        )
    return UpstreamError(502, "upstream_error", f"The answer engine failed (HTTP {status}).")


def _translate(error: BaseException) -> UpstreamError:
    # Upstream messages can echo our credentials or internal URLs, so clients get a
    # generic message; the detail is logged with the request id instead.
    if isinstance(error, UpstreamError):
        return error
    if isinstance(error, TimeoutError | httpx.TimeoutException):
        return UpstreamError(504, "upstream_timeout", "The answer engine did not respond in time.")
    if isinstance(error, httpx.TransportError):
        return UpstreamError(502, "upstream_unavailable", "The answer engine could not be reached.")
    return UpstreamError(
        502, "upstream_error", "The answer engine returned an answer that could not be read."
    )


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None
    prompt, completion = raw.get("prompt_tokens"), raw.get("completion_tokens")
    if isinstance(prompt, int) and isinstance(completion, int):
        return Usage(prompt, completion)
    return None


def _tool_call_events(calls: Any) -> list[ToolCallDelta]:
    events = []
    for position, call in enumerate(calls or ()):
        function = call.get("function") or {}
        events.append(
            ToolCallDelta(
                index=call.get("index", position),
                id=call.get("id"),
                name=function.get("name"),
                arguments=function.get("arguments") or "",
            )
        )
    return events


MAX_TOOL_ROUNDS = 4


class _PendingCall:
    """A tool call assembled from its streamed fragments."""

    def __init__(self) -> None:
        self.id = ""
        self.name = ""
        self.arguments = ""

    def add(self, fragment: ToolCallDelta) -> None:
        self.id = fragment.id or self.id
        self.name += fragment.name or ""
        self.arguments += fragment.arguments

    def message(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function",
                "function": {"name": self.name, "arguments": self.arguments}}  # fmt: skip


def _add_usage(total: Usage | None, more: Usage | None) -> Usage | None:
    # A round without counts makes the whole answer's counts unknown (estimated later).
    if total is None or more is None:
        return None
    return Usage(
        total.prompt_tokens + more.prompt_tokens, total.completion_tokens + more.completion_tokens
    )


async def _sse_data(response: httpx.Response) -> AsyncIterator[str]:
    """The `data` of each server-sent event (multi-line data joined, comments skipped)."""
    data: list[str] = []
    async for line in response.aiter_lines():
        if not line:
            if data:
                yield "\n".join(data)
                data = []
        elif line.startswith("data:"):
            value = line[5:]
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        yield "\n".join(data)


class OpenAICompatibleEngine:
    """Answers through an OpenAI-compatible upstream with the agent's sources in the prompt."""

    name = "openai"

    def __init__(self, settings: Settings, knowledge: KnowledgeBase) -> None:
        assert settings.llm_base_url is not None, "checked by Settings"
        self._settings = settings
        self._knowledge = knowledge
        base = settings.llm_base_url.rstrip("/")
        self._completions_url = f"{base}/chat/completions"
        self._models_url = f"{base}/models"
        self._headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if settings.llm_api_key is not None:
            self._headers["Authorization"] = f"Bearer {settings.llm_api_key.get_secret_value()}"
        self._client = httpx.AsyncClient(
            timeout=httpx.Timeout(
                connect=settings.llm_connect_timeout,
                read=settings.llm_read_timeout,
                write=settings.llm_read_timeout,
                pool=settings.llm_connect_timeout,
            ),
            limits=httpx.Limits(max_connections=512, max_keepalive_connections=128),
        )

    def _tools(self, request: AnswerRequest) -> list[dict[str, Any]]:
        client_tools = list(request.options.tools or ())
        if request.options.forces_tool_call:
            # A caller that requires a tool call wants one of its own tools called: a
            # calculator call would satisfy "required" and never reach it.
            return client_tools
        server = list(request.server_tools.definitions) if request.server_tools else []
        calculators = TOOLS if self._settings.llm_tools else []
        return [*calculators, *server, *client_tools]

    def check_options(self, options: GenerationOptions) -> None:
        """Every standard setting goes upstream, which decides what it honours."""

    def _body(
        self,
        request: AnswerRequest,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]],
        incremental: bool,
    ) -> bytes:
        body: dict[str, Any] = {
            "model": request.upstream_model
            or self._settings.upstream_model_for(request.public_model),
            "messages": messages,
            **_request_options(request),
            "stream": incremental,
        }
        if tools:
            body["tools"] = tools
        if incremental:
            body["stream_options"] = {"include_usage": True}
        return orjson.dumps(body)

    async def _open(self, body: bytes, deadline: float) -> httpx.Response:
        """The upstream's response with its headers read; retried while nothing was answered."""
        attempt = 0
        while True:
            try:
                async with asyncio.timeout_at(deadline):
                    response = await self._client.send(
                        self._client.build_request(
                            "POST", self._completions_url, content=body, headers=self._headers
                        ),
                        stream=True,
                    )
                    if response.status_code == 200:
                        return response
                    detail = (await response.aread())[:ERROR_BODY_LIMIT]
                    await response.aclose()
                logger.warning("upstream answered HTTP %s: %r", response.status_code, detail)
                failure: BaseException = _status_error(response.status_code)
                retryable = response.status_code in RETRYABLE_STATUSES
            except (httpx.TransportError, TimeoutError) as error:
                failure = error
                retryable = isinstance(error, httpx.ConnectError | httpx.RemoteProtocolError)
            backoff = min(0.25 * 2**attempt, MAX_BACKOFF)
            loop = asyncio.get_running_loop()
            if not retryable or attempt >= self._settings.llm_max_retries:
                raise self._failed(failure)
            if loop.time() + backoff >= deadline:
                raise self._failed(failure)
            attempt += 1
            await asyncio.sleep(backoff)

    async def stream(
        self, request: AnswerRequest, *, incremental: bool = True
    ) -> AsyncIterator[AnswerEvent]:
        """Upstream deltas as events, then the cited sources, then `Finished`.

        The model's calls of the calculator tools are run here and answered, for up to
        MAX_TOOL_ROUNDS rounds; calls of the client's own tools are passed to the client.
        With `incremental` false the upstream is asked for each answer whole.

        Raises:
            UpstreamError: the upstream failed, timed out, or ended its answer early.
        """
        deadline = asyncio.get_running_loop().time() + self._settings.llm_total_timeout
        tools = self._tools(request)
        messages = build_messages(request, with_tools=self._settings.llm_tools)
        text: list[str] = []
        usage: Usage | None = Usage(0, 0)
        for round_number in range(MAX_TOOL_ROUNDS + 1):
            body = self._body(request, messages, tools, incremental)
            response = await self._open(body, deadline)
            round_text: list[str] = []
            calls: dict[int, _PendingCall] = {}
            finished: Finished | None = None
            try:
                answer = (
                    self._incremental(response, deadline)
                    if incremental
                    else self._whole(response, deadline)
                )
                async for event in answer:
                    if isinstance(event, TextDelta):
                        round_text.append(event.text)
                        yield event
                    elif isinstance(event, ToolCallDelta):
                        calls.setdefault(event.index, _PendingCall()).add(event)
                    else:
                        finished = event
            except UpstreamError as error:
                raise self._failed(error) from None
            except (httpx.HTTPError, TimeoutError, orjson.JSONDecodeError, LookupError,
                    TypeError, AttributeError) as error:  # fmt: skip
                raise self._failed(error) from error
            finally:
                await response.aclose()
            if finished is None:
                raise self._failed(
                    UpstreamError(
                        502, "upstream_incomplete", "The answer engine stopped mid-answer."
                    )
                )
            text.extend(round_text)
            usage = _add_usage(usage, finished.usage)
            server_names = request.server_tools.names if request.server_tools else frozenset()
            mine = TOOL_NAMES | server_names
            ours = [call for call in calls.values() if call.name in mine]
            theirs = [call for call in calls.values() if call.name not in mine]
            if ours and not theirs:
                if round_number == MAX_TOOL_ROUNDS:
                    raise self._failed(
                        UpstreamError(
                            502, "upstream_error", "The answer engine kept calling tools."
                        )
                    )
                messages.append(
                    {"role": "assistant", "content": "".join(round_text) or None,
                     "tool_calls": [call.message() for call in ours]}
                )  # fmt: skip
                for call in ours:
                    if request.server_tools is not None and call.name in server_names:
                        result = await request.server_tools.run(call.name, call.arguments)
                    else:
                        result = run_tool(call.name, call.arguments, self._knowledge)
                    messages.append({"role": "tool", "tool_call_id": call.id, "content": result})
                continue
            for index, call in enumerate(theirs):
                yield ToolCallDelta(index, call.id, call.name, call.arguments)
            # A structured answer must stay parseable, and an answer cut at the caller's
            # budget has no room left: neither gets the sources block.
            complete = finished.reason == "stop" and not request.options.structured
            sources = cited_sources("".join(text), request.passages) if complete else ""
            if sources and not theirs:
                yield TextDelta(sources)
            yield Finished(finished.reason, usage)
            return

    async def _whole(self, response: httpx.Response, deadline: float) -> AsyncIterator[AnswerEvent]:
        async with asyncio.timeout_at(deadline):
            payload = orjson.loads(await response.aread())
        choice = payload["choices"][0]
        message = choice.get("message") or {}
        content = message.get("content")
        if content:
            yield TextDelta(content)
        for call in _tool_call_events(message.get("tool_calls")):
            yield call
        if choice.get("finish_reason"):
            yield Finished(choice["finish_reason"], _usage(payload.get("usage")))

    async def _incremental(
        self, response: httpx.Response, deadline: float
    ) -> AsyncIterator[AnswerEvent]:
        finish_reason: str | None = None
        usage: Usage | None = None
        events = _sse_data(response)
        while True:
            async with asyncio.timeout_at(deadline):
                try:
                    data = await anext(events)
                except StopAsyncIteration:
                    break
            if data == "[DONE]":
                break
            chunk = orjson.loads(data)
            if "error" in chunk:
                logger.warning("upstream error event: %r", chunk["error"])
                raise UpstreamError(502, "upstream_error", "The answer engine failed mid-answer.")
            usage = _usage(chunk.get("usage")) or usage
            for choice in (chunk.get("choices") or ())[:1]:
                delta = choice.get("delta") or {}
                content = delta.get("content")
                if content:
                    yield TextDelta(content)
                for call in _tool_call_events(delta.get("tool_calls")):
                    yield call
                finish_reason = choice.get("finish_reason") or finish_reason
        if finish_reason is not None:
            yield Finished(finish_reason, usage)

    def _failed(self, error: BaseException) -> UpstreamError:
        translated = _translate(error)
        logger.warning("upstream failure (%s): %r", translated.code, error)
        return translated

    async def check(self) -> str | None:
        """None when the upstream answers its model list, else why it does not."""
        try:
            async with asyncio.timeout(HEALTH_TIMEOUT):
                response = await self._client.get(self._models_url, headers=self._headers)
        except Exception as error:
            return f"upstream unreachable ({type(error).__name__})"
        if response.status_code in (200, 404, 405):
            return None  # reachable; some compatible servers do not list models
        return f"upstream answered HTTP {response.status_code}"

    async def aclose(self) -> None:
        """Close the upstream connection pool."""
        await self._client.aclose()
