"""`POST /v1/responses`: a question answered from the packs and, when that helps, the web.

The body and the stream follow OpenAI's Responses API, so `client.responses.create` and
`client.responses.stream` work unchanged. Responses are not stored.
"""

from __future__ import annotations

from dataclasses import replace

import anyio
import orjson
from fastapi import APIRouter, Request
from starlette.responses import Response, StreamingResponse

from trichome.agents.service import ChatRequest
from trichome.answering.admission import admit
from trichome.http.deps import PrincipalDep, read_body, resolve_model
from trichome.http.errors import ApiError
from trichome.http.limits import too_many_requests, usage_headers
from trichome.http.openai.answer import SSE_HEADERS, check_lengths, upstream_api_error
from trichome.http.openai.responses import (
    allowed_domains,
    input_turns,
    parse_responses_request,
    search_choice,
)
from trichome.http.openai.responses_answer import (
    ResponseCall,
    response_stream,
    structured_format,
    whole_response,
)
from trichome.http.openai.responses_schema import RESPONSES_DOC
from trichome.limits.service import LimitExceeded
from trichome.llm.base import GenerationOptions, UpstreamError
from trichome.services.chat.state import ChatDep

router = APIRouter()


@router.post(
    "/v1/responses",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/ResponsesRequest"}}
            },
        }
    },
    responses=RESPONSES_DOC,
    response_class=Response,
    summary="Answer a question, searching the web when that would help",
)
async def create_response(request: Request, principal: PrincipalDep, chat: ChatDep) -> Response:
    """OpenAI's Responses API: `{model, input}`; web search is decided by the agent."""
    settings = chat.core.settings
    limiter = chat.core.limiter
    window = limiter.calls_window(principal, chat.core.auth.client(request))
    try:
        body = parse_responses_request(await read_body(request, settings.max_request_bytes))
        model = resolve_model(body.model, principal, settings.upgrade_url)
        turns = input_turns(body)
        check_lengths(turns, settings.max_message_chars, "input")
        choice = search_choice(body)
        domains = allowed_domains(body)
        response_format = structured_format(body, chat.agents.engine.name)
        user_messages = sum(1 for turn in turns if turn.role == "user")
        admitted = await admit(limiter, window, principal, model, user_messages)
    except ApiError as error:
        error.headers.update(await usage_headers(limiter, window))
        raise
    except LimitExceeded as exceeded:
        raise too_many_requests(exceeded, limiter.now()) from None
    answerer = chat.answerer
    question = ChatRequest(
        model=model,
        messages=turns,
        options=GenerationOptions(
            temperature=body.temperature,
            top_p=body.top_p,
            max_tokens=body.max_output_tokens,
            user=body.user,
            response_format=response_format,
        ),
        upstream_model=principal.upstream_models.get(model.id),
    )
    try:
        question = replace(question, documents=await chat.answering.own_documents(principal))
        # Routing and retrieval are CPU work: off the event loop, like every other answer's.
        plan = await anyio.to_thread.run_sync(
            lambda: answerer.plan(question, tool_choice=choice, allowed_domains=domains)
        )
    except BaseException:
        await chat.answering.outcome(principal, model, admitted, None).failed()
        raise
    call_ = await chat.answering.meter(principal, model, admitted, plan.prepared)
    plan, outcome = replace(plan, prepared=call_.prepared), call_.outcome
    call = ResponseCall(
        body,
        plan,
        model.id,
        settings.search_confidence_threshold,
        outcome,
        ids=chat.core.ids,
        clock=chat.core.clock,
    )
    headers = admitted.usage.headers(limiter.now()) | {
        "X-Trichome-Agent": plan.prepared.agent.name,
        "X-Trichome-Search": plan.status.value,
    }
    if body.stream:
        return StreamingResponse(
            response_stream(call, answerer),
            media_type="text/event-stream",
            headers=headers | SSE_HEADERS,
        )
    try:
        whole, notes_sent = await whole_response(call, answerer)
        await outcome.succeeded(notes_sent)
    except UpstreamError as error:
        await outcome.failed()
        failure = upstream_api_error(error)
        failure.headers.update(headers)
        raise failure from None
    except BaseException:
        await outcome.failed()
        raise
    return Response(orjson.dumps(whole), media_type="application/json", headers=headers)
