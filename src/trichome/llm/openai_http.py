"""An OpenAI-compatible chat-completions upstream over HTTP: messages and tools in, events out.

The upstream is spoken to with httpx and orjson directly. The `openai` SDK was the first
choice, but it spent about 60% of a request's CPU (measured with cProfile behind the
gateway benchmark's upstream) transforming parameters and building a pydantic model per
chunk, for a wire format this module needs a dozen lines to read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import httpx
import orjson

from trichome.config import Settings
from trichome.llm.base import AnswerEvent, Finished, GenerationOptions, UpstreamError, Usage
from trichome.llm.bounded_reading import AnswerTooLarge, body_head, sse_data, whole_body
from trichome.llm.openai_wire import ReportedError, completion_events, read_chunk

logger = logging.getLogger(__name__)
HEALTH_TIMEOUT = 3.0
RETRYABLE_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504})
MAX_BACKOFF = 4.0
ERROR_BODY_LIMIT = 2048


def request_options(options: GenerationOptions) -> dict[str, Any]:
    """The standard request fields a caller set, as the upstream reads them (tools apart)."""
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
    if isinstance(error, AnswerTooLarge):
        return UpstreamError(
            502, "upstream_too_large", "The answer engine's answer was larger than accepted."
        )
    if isinstance(error, ReportedError):
        return UpstreamError(502, "upstream_error", "The answer engine failed mid-answer.")
    return UpstreamError(
        502, "upstream_error", "The answer engine returned an answer that could not be read."
    )


# What reading an answer can fail with: the connection or a timeout, the size caps, an
# error object, a body that is not JSON or JSON not shaped like an answer (both are
# ValueErrors, as is text that is not UTF-8). The lookup, type and attribute errors are a
# safety net: nothing that fails to read is counted as an answer (it would be charged) or
# reaches the client as a 500.
_READING_FAILURES = (
    httpx.HTTPError,
    TimeoutError,
    AnswerTooLarge,
    ReportedError,
    ValueError,
    LookupError,
    TypeError,
    AttributeError,
)


class OpenAICompatibleClient:
    """One upstream's chat completions: a request body in, its answer's events out."""

    def __init__(self, settings: Settings) -> None:
        assert settings.llm_base_url is not None, "checked by Settings"
        self._settings = settings
        base = settings.llm_base_url.rstrip("/")
        self._completions_url = f"{base}/chat/completions"
        self._models_url = f"{base}/models"
        # Uncompressed answers: a compressed one could expand past the caps before they
        # are checked (httpx still decodes one if a server compresses regardless).
        self._headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Accept-Encoding": "identity",
        }
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

    async def events(
        self, body: dict[str, Any], *, incremental: bool, deadline: float
    ) -> AsyncIterator[AnswerEvent]:
        """The events of one upstream answer to `body` (streamed when `incremental`).

        Raises:
            UpstreamError: the upstream failed, timed out, or ended its answer early.
        """
        payload = {**body, "stream": incremental}
        if incremental:
            payload["stream_options"] = {"include_usage": True}
        response = await self._open(orjson.dumps(payload), deadline)
        finished = False
        try:
            answer = (
                self._incremental(response, deadline)
                if incremental
                else self._whole(response, deadline)
            )
            async for event in answer:
                finished = finished or isinstance(event, Finished)
                yield event
        except UpstreamError as error:
            raise self._failed(error) from None
        except _READING_FAILURES as error:
            raise self._failed(error) from error
        finally:
            await response.aclose()
        if not finished:
            raise self._failed(
                UpstreamError(502, "upstream_incomplete", "The answer engine stopped mid-answer.")
            )

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
                    try:
                        detail = await body_head(response, ERROR_BODY_LIMIT)
                    finally:
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

    async def _whole(self, response: httpx.Response, deadline: float) -> AsyncIterator[AnswerEvent]:
        async with asyncio.timeout_at(deadline):
            body = await whole_body(response, self._settings.llm_max_answer_bytes)
        for event in completion_events(orjson.loads(body)):
            yield event

    async def _incremental(
        self, response: httpx.Response, deadline: float
    ) -> AsyncIterator[AnswerEvent]:
        finish_reason: str | None = None
        usage: Usage | None = None
        events = sse_data(
            response,
            total_limit=self._settings.llm_max_answer_bytes,
            line_limit=self._settings.llm_max_line_bytes,
        )
        async with contextlib.aclosing(events):
            while True:
                async with asyncio.timeout_at(deadline):
                    try:
                        data = await anext(events)
                    except StopAsyncIteration:
                        break
                if data == b"[DONE]":
                    break
                chunk = read_chunk(orjson.loads(data))
                usage = chunk.usage or usage
                for event in chunk.events:
                    yield event
                finish_reason = chunk.finish_reason or finish_reason
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
                # Only the status counts: the list itself, of any size, is never read.
                request = self._client.build_request("GET", self._models_url, headers=self._headers)
                response = await self._client.send(request, stream=True)
                await response.aclose()
        except Exception as error:
            return f"upstream unreachable ({type(error).__name__})"
        if response.status_code in (200, 404, 405):
            return None  # reachable; some compatible servers do not list models
        return f"upstream answered HTTP {response.status_code}"

    async def aclose(self) -> None:
        """Close the upstream connection pool."""
        await self._client.aclose()
