"""An answer's events in the OpenAI wire format: one `chat.completion`, or an SSE stream.

The request side too: a validated request's settings, checked by the engine, and its
messages, as the agents read them.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import orjson
from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from trichome.agents.engine import UnsupportedOption
from trichome.agents.service import ChatRequest
from trichome.answering.outcome import Outcome, settled
from trichome.http.errors import ApiError, invalid_request, unavailable
from trichome.http.openai.chat import ChatCompletionRequest, refuse_unsupported
from trichome.http.openai.chat_messages import AssistantMessage, ChatMessageIn, ToolMessage
from trichome.http.openai.negotiation import wants_stream
from trichome.http.openai.sse import ChunkWriter
from trichome.llm.base import (
    AnswerEvent,
    ChatTurn,
    GenerationOptions,
    TextDelta,
    ToolCallDelta,
    UpstreamError,
    collect,
)
from trichome.plans import PublicModel

logger = logging.getLogger(__name__)
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


# ----------------------------------------------------------------------------- the request


def generation_options(body: ChatCompletionRequest) -> GenerationOptions:
    """The request's standard generation fields, for an engine to pass upstream."""
    stop = (body.stop,) if isinstance(body.stop, str) else tuple(body.stop) if body.stop else None
    return GenerationOptions(
        temperature=body.temperature,
        top_p=body.top_p,
        max_tokens=body.max_tokens,
        max_completion_tokens=body.max_completion_tokens,
        stop=stop,
        seed=body.seed,
        user=body.user,
        presence_penalty=body.presence_penalty,
        frequency_penalty=body.frequency_penalty,
        tools=tuple(t.model_dump(exclude_none=True) for t in body.tools) if body.tools else None,
        tool_choice=(
            body.tool_choice.model_dump()
            if isinstance(body.tool_choice, BaseModel)
            else body.tool_choice
        ),
        parallel_tool_calls=body.parallel_tool_calls,
        response_format=(
            body.response_format.model_dump(by_alias=True, exclude_none=True)
            if body.response_format
            else None
        ),
        metadata=body.metadata,
        reasoning_effort=body.reasoning_effort,
        verbosity=body.verbosity,
        service_tier=body.service_tier,
        prompt_cache_key=body.prompt_cache_key,
        safety_identifier=body.safety_identifier,
        logit_bias=body.logit_bias,
    )


def checked_options(
    body: ChatCompletionRequest, check: Callable[[GenerationOptions], None]
) -> GenerationOptions:
    """The request's generation settings, once the engine's `check` agreed to honour them.

    Raises:
        ApiError: 400 `unsupported_parameter` naming a setting no engine here, or not this
            engine, can honour.
    """
    refuse_unsupported(body)
    options = generation_options(body)
    try:
        check(options)
    except UnsupportedOption as refused:
        raise invalid_request(
            refused.message, code="unsupported_parameter", param=refused.param
        ) from None
    return options


def stream_requested(body: ChatCompletionRequest, request: Request) -> bool:
    """Whether this request is answered as a stream (see `wants_stream`)."""
    return wants_stream(
        body.stream, request.headers.get("accept"), request.headers.get("user-agent")
    )


def check_lengths(turns: Sequence[ChatTurn], limit: int, param: str) -> None:
    """Refuse a message longer than `limit` characters before anything is charged: one huge
    question must not hold a worker (routing and retrieval read it whole).

    Raises:
        ApiError: 400 `context_length_exceeded` naming the message, as OpenAI words it.
    """
    for position, turn in enumerate(turns):
        if turn.content is not None and len(turn.content) > limit:
            raise invalid_request(
                f"Message {position} has {len(turn.content):,} characters; this service reads "
                f"at most {limit:,} per message. Shorten it, or send the relevant part.",
                code="context_length_exceeded",
                param=param.format(position=position),
            )


def chat_turns(body: ChatCompletionRequest) -> tuple[ChatTurn, ...]:
    """The request's messages as the engines read them."""
    return tuple(_turn(message) for message in body.messages)


def to_chat_request(
    body: ChatCompletionRequest,
    model: PublicModel,
    options: GenerationOptions,
    upstream_model: str | None = None,
) -> ChatRequest:
    """The domain request for a validated wire request and its checked settings."""
    return ChatRequest(
        model=model, messages=chat_turns(body), options=options, upstream_model=upstream_model
    )


def _turn(message: ChatMessageIn) -> ChatTurn:
    if isinstance(message, AssistantMessage):
        calls = tuple(call.model_dump() for call in message.tool_calls or ())
        return ChatTurn("assistant", message.content, message.name, calls)
    if isinstance(message, ToolMessage):
        return ChatTurn("tool", message.content, tool_call_id=message.tool_call_id)
    return ChatTurn(message.role, message.content, message.name)


# ----------------------------------------------------------------------------- the answer


def upstream_api_error(error: UpstreamError) -> ApiError:
    """How an engine failure reaches the client."""
    return ApiError(error.status, error.message, type="upstream_error", code=error.code)


def _tool_call_fragment(event: ToolCallDelta) -> dict[str, Any]:
    fragment: dict[str, Any] = {"index": event.index}
    if event.id:
        fragment["id"] = event.id
        fragment["type"] = "function"
    function: dict[str, str] = {"arguments": event.arguments}
    if event.name:
        function["name"] = event.name
    fragment["function"] = function
    return fragment


async def sse_body(
    first: AnswerEvent,
    events: AsyncIterator[AnswerEvent],
    writer: ChunkWriter,
    *,
    include_usage: bool,
    extra: Callable[[str], dict[str, Any]] | None = None,
) -> AsyncIterator[bytes]:
    """The SSE stream of one answer; a failure after the start becomes an error event.
    `extra`'s fields, from the whole text, go in the closing chunk."""
    event = first
    text: list[str] = []
    try:
        while True:
            if isinstance(event, TextDelta):
                if extra is not None:
                    text.append(event.text)
                yield writer.delta(content=event.text)
            elif isinstance(event, ToolCallDelta):
                yield writer.delta(tool_calls=[_tool_call_fragment(event)])
            else:
                if not writer.started:
                    yield writer.delta(content="")
                yield writer.finish(event.reason, extra("".join(text)) if extra else None)
                if include_usage and event.usage is not None:
                    yield writer.usage(event.usage.prompt_tokens, event.usage.completion_tokens)
                yield ChunkWriter.DONE
                return
            event = await anext(events)
    except UpstreamError as error:
        yield ChunkWriter.error(upstream_api_error(error))
        yield ChunkWriter.DONE
    except Exception as error:
        failure = unavailable(error)  # e.g. the settlement could not reach the counters
        if failure is None:
            logger.exception("answer stream failed")
            failure = ApiError(
                500, "The answer failed mid-stream.", type="server_error", code="internal_error"
            )
        yield ChunkWriter.error(failure)
        yield ChunkWriter.DONE
    finally:
        await events.aclose()  # type: ignore[attr-defined]


def completion_body(
    chunk_id: str,
    created: int,
    model: str,
    message: dict[str, Any],
    finish_reason: str,
    prompt_tokens: int,
    completion_tokens: int,
) -> dict[str, Any]:
    """A `chat.completion` object with one choice."""
    return {
        "id": chunk_id,
        "object": "chat.completion",
        "created": created,
        "model": model,
        "system_fingerprint": None,
        "choices": [
            {"index": 0, "message": message, "logprobs": None, "finish_reason": finish_reason}
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


async def respond(
    events: AsyncIterator[AnswerEvent],
    *,
    stream: bool,
    model: str,
    chunk_id: str,
    created: int,
    include_usage: bool,
    headers: dict[str, str],
    outcome: Outcome,
    extra: Callable[[str], dict[str, Any]] | None = None,
) -> Response:
    """The answer as a chat.completion body, or an SSE stream of chunks. The call's outcome
    follows the answer: refunded if it fails, noted when it ends. `extra` adds fields of the
    service's own to a whole answer's body (a stream's closing chunk), from its text.

    Raises:
        ApiError: the engine failed before the answer started (its call is refunded).
    """
    answer = settled(events, outcome)
    if not stream:
        try:
            completed = await collect(answer)
        except UpstreamError as error:
            raise _with_headers(upstream_api_error(error), headers) from None
        message: dict[str, Any] = {
            "role": "assistant",
            "content": completed.text if completed.text or not completed.tool_calls else None,
            "refusal": None,
        }
        if completed.tool_calls:
            message["tool_calls"] = completed.tool_calls
        used = completed.usage
        prompt, completion = (used.prompt_tokens, used.completion_tokens) if used else (0, 0)
        body = completion_body(
            chunk_id, created, model, message, completed.finish_reason, prompt, completion
        )
        if extra is not None:
            body.update(extra(completed.text))
        return Response(orjson.dumps(body), media_type="application/json", headers=headers)
    try:
        first = await anext(answer)
    except UpstreamError as error:
        raise _with_headers(upstream_api_error(error), headers) from None
    writer = ChunkWriter(chunk_id, created, model, include_usage=include_usage)
    return StreamingResponse(
        sse_body(first, answer, writer, include_usage=include_usage, extra=extra),
        media_type="text/event-stream",
        headers=headers | SSE_HEADERS,
    )


def _with_headers(error: ApiError, headers: dict[str, str]) -> ApiError:
    error.headers.update(headers)
    return error
