"""The `openai` engine: any OpenAI-compatible upstream, streamed through under our ids."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

import httpx2
import openai
from openai import AsyncOpenAI

from trichome.config import Settings
from trichome.knowledge.retrieval import Passage
from trichome.llm.base import (
    AnswerEvent,
    AnswerRequest,
    ChatTurn,
    Finished,
    TextDelta,
    ToolCallDelta,
    UpstreamError,
    Usage,
)

logger = logging.getLogger(__name__)
_CITATION = re.compile(r"\[(\d{1,2})\]")
HEALTH_TIMEOUT = 3.0


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


def build_messages(request: AnswerRequest) -> list[dict[str, Any]]:
    """The upstream prompt: the agent's instructions and sources, then the caller's window."""
    system = f"{request.agent.system_prompt}\n\n{_passages_prompt(request.passages)}"
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
        "tools": list(options.tools) if options.tools else None,
        "tool_choice": options.tool_choice,
        "parallel_tool_calls": options.parallel_tool_calls,
        "response_format": options.response_format,
        "metadata": options.metadata,
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


def _translate(error: BaseException) -> UpstreamError:
    # Upstream messages can echo our credentials or internal URLs, so clients get a
    # generic message; the detail is logged with the request id instead.
    if isinstance(error, UpstreamError):
        return error
    if isinstance(error, openai.APITimeoutError | TimeoutError | httpx2.TimeoutException):
        return UpstreamError(504, "upstream_timeout", "The answer engine did not respond in time.")
    if isinstance(error, openai.APIConnectionError | httpx2.TransportError):
        return UpstreamError(502, "upstream_unavailable", "The answer engine could not be reached.")
    if isinstance(error, openai.RateLimitError):
        return UpstreamError(
            503, "upstream_rate_limited", "The answer engine is over capacity; retry shortly."
        )
    if isinstance(error, openai.APIStatusError):
        return UpstreamError(
            502, "upstream_error", f"The answer engine failed (HTTP {error.status_code})."
        )
    return UpstreamError(
        502, "upstream_error", "The answer engine returned an answer that could not be read."
    )


class OpenAICompatibleEngine:
    """Streams answers from an OpenAI-compatible upstream with the agent's sources in the prompt."""

    name = "openai"

    def __init__(self, settings: Settings) -> None:
        assert settings.llm_base_url is not None, "checked by Settings"
        self._settings = settings
        timeout = httpx2.Timeout(
            connect=settings.llm_connect_timeout,
            read=settings.llm_read_timeout,
            write=settings.llm_read_timeout,
            pool=settings.llm_connect_timeout,
        )
        self._client = AsyncOpenAI(
            base_url=settings.llm_base_url,
            api_key=settings.llm_api_key.get_secret_value() if settings.llm_api_key else "none",
            timeout=timeout,
            max_retries=settings.llm_max_retries,
            http_client=httpx2.AsyncClient(
                timeout=timeout,
                limits=httpx2.Limits(max_connections=256, max_keepalive_connections=64),
            ),
        )

    async def stream(self, request: AnswerRequest) -> AsyncIterator[AnswerEvent]:
        """Upstream deltas as events, then the cited sources, then `Finished`.

        Raises:
            UpstreamError: the upstream failed, timed out, or ended its stream early.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._settings.llm_total_timeout
        try:
            async with asyncio.timeout_at(deadline):
                # Options come from the caller's request as a dict, so the SDK's per-field
                # overloads cannot be checked statically here.
                completions: Any = self._client.chat.completions
                upstream = await completions.create(
                    model=self._settings.upstream_model_for(request.public_model),
                    messages=build_messages(request),
                    stream=True,
                    stream_options={"include_usage": True},
                    **_request_options(request),
                )
        except Exception as error:
            raise self._failed(error) from error
        text: list[str] = []
        finish_reason: str | None = None
        usage: Usage | None = None
        iterator = upstream.__aiter__()
        try:
            while True:
                async with asyncio.timeout_at(deadline):
                    try:
                        chunk = await iterator.__anext__()
                    except StopAsyncIteration:
                        break
                if chunk.usage is not None:
                    usage = Usage(chunk.usage.prompt_tokens, chunk.usage.completion_tokens)
                for choice in chunk.choices[:1]:
                    delta = choice.delta
                    if delta.content:
                        text.append(delta.content)
                        yield TextDelta(delta.content)
                    for call in delta.tool_calls or ():
                        function = call.function
                        yield ToolCallDelta(
                            index=call.index,
                            id=call.id,
                            name=function.name if function else None,
                            arguments=(function.arguments or "") if function else "",
                        )
                    if choice.finish_reason:
                        finish_reason = choice.finish_reason
        except Exception as error:
            raise self._failed(error) from error
        finally:
            await upstream.close()
        if finish_reason is None:
            raise self._failed(
                UpstreamError(502, "upstream_incomplete", "The answer engine stopped mid-answer.")
            )
        sources = cited_sources("".join(text), request.passages)
        if sources:
            yield TextDelta(sources)
        yield Finished(finish_reason, usage)

    def _failed(self, error: BaseException) -> UpstreamError:
        translated = _translate(error)
        logger.warning("upstream failure (%s): %r", translated.code, error)
        return translated

    async def check(self) -> str | None:
        """None when the upstream answers its model list, else why it does not."""
        try:
            async with asyncio.timeout(HEALTH_TIMEOUT):
                await self._client.models.list()
        except openai.APIStatusError as error:
            if error.status_code in (404, 405):
                return None  # reachable; some compatible servers do not list models
            return f"upstream answered HTTP {error.status_code}"
        except Exception as error:
            return f"upstream unreachable ({type(error).__name__})"
        return None

    async def aclose(self) -> None:
        """Close the upstream connection pool."""
        await self._client.close()
