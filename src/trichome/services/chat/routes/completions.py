"""`POST /v1/chat/completions`: validate, answer the call, write the wire format asked."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.answering.admission import admit
from trichome.http.deps import ChatPrincipalDep, read_body, resolve_model
from trichome.http.errors import ApiError, error_responses
from trichome.http.limits import too_many_requests, usage_headers
from trichome.http.openai.answer import (
    check_lengths,
    checked_options,
    respond,
    stream_requested,
    to_chat_request,
)
from trichome.http.openai.chat import parse_chat_request
from trichome.limits.service import LimitExceeded
from trichome.services.chat.state import ChatDep

router = APIRouter()

_CHAT_REQUEST_BODY = {
    "required": True,
    "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/ChatCompletionRequest"}}
    },
}

_CHAT_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The answer: a chat.completion (stream false) or an SSE stream of chunks.",
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ChatCompletion"}},
            "text/event-stream": {
                # Before OpenAPI 3.2, the schema of an event stream describes one event.
                "schema": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {
                        "data": {
                            "type": "string",
                            "description": (
                                "A chat.completion.chunk object as JSON (see "
                                "ChatCompletionChunk), an error body as JSON when the answer "
                                "fails after the stream started, or [DONE] to end the stream."
                            ),
                        },
                        "event": {"type": "string"},
                    },
                }
            },
        },
        "headers": {
            "X-Trichome-Agent": {
                "description": "The agent that answered.",
                "schema": {"type": "string"},
            },
            "X-Trichome-Route-Confidence": {
                "description": "The router's confidence in its pick, 0 to 1.",
                "schema": {"type": "string"},
            },
        },
    },
    **error_responses(400, 401, 403, 413, 429, 500, 502, 503, 504),
}


@router.post(
    "/v1/chat/completions",
    openapi_extra={"requestBody": _CHAT_REQUEST_BODY},
    responses=_CHAT_RESPONSES,
    response_class=Response,
    summary="Chat completion (streams by default)",
)
async def chat_completions(
    request: Request, principal: ChatPrincipalDep, chat: ChatDep
) -> Response:
    core = chat.core
    limiter = core.limiter
    window = limiter.calls_window(principal, core.auth.client(request))
    try:
        body = parse_chat_request(await read_body(request, core.settings.max_request_bytes))
        model = resolve_model(body.model, principal, core.settings.upgrade_url)
        options = checked_options(body, chat.agents.engine.check_options)
        request_ = to_chat_request(body, model, options, principal.upstream_models.get(model.id))
        limit = core.settings.max_message_chars
        check_lengths(request_.messages, limit, "messages[{position}].content")
        user_messages = sum(1 for message in body.messages if message.role == "user")
        admitted = await admit(limiter, window, principal, model, user_messages)
    except ApiError as error:
        error.headers.update(await usage_headers(limiter, window))
        raise
    except LimitExceeded as exceeded:
        raise too_many_requests(exceeded, limiter.now()) from None
    call = await chat.answering.prepare(principal, model, admitted, request_)
    stream = stream_requested(body, request)
    prepared = call.prepared
    headers = admitted.usage.headers(limiter.now()) | {
        "X-Trichome-Agent": prepared.agent.name,
        "X-Trichome-Route-Confidence": f"{prepared.route.confidence:.4f}",
    }
    return await respond(
        chat.agents.stream(prepared, incremental=stream),
        stream=stream,
        model=model.id,
        chunk_id=core.ids("chatcmpl-"),
        created=int(core.clock().timestamp()),
        include_usage=bool(body.stream_options and body.stream_options.include_usage),
        headers=headers,
        outcome=call.outcome,
    )
