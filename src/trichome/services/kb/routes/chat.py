"""`POST /api/chat`: an answer from the threads, with citations."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import ValidationError
from starlette.responses import Response

from trichome.answering.outcome import settled
from trichome.http.deps import read_body
from trichome.http.errors import error_responses, invalid_request
from trichome.http.openai.answer import upstream_api_error
from trichome.http.openai.validation import to_api_error
from trichome.http.responses import json_response
from trichome.llm.base import ChatTurn, UpstreamError, collect
from trichome.services.kb.access import admit_kb_call, caller, kb_outcome
from trichome.services.kb.schemas import CHAT_IN_SCHEMA, ChatIn, ChatOut, cited, json_body
from trichome.services.kb.state import KbDep

router = APIRouter()


@router.post(
    "/api/chat",
    response_model=ChatOut,
    responses=error_responses(400, 401, 413, 429, 502, 503, 504),
    summary="An answer from the threads, with citations",
    openapi_extra=json_body(CHAT_IN_SCHEMA),
)
async def chat(request: Request, kb: KbDep) -> Response:
    principal = await caller(request, kb.core)
    raw = await read_body(request, kb.core.settings.max_request_bytes)
    if not raw.strip():
        raise invalid_request(
            "The request body is empty; send a JSON object with 'message'.",
            code="missing_required_field",
            param="message",
        )
    try:
        body = ChatIn.model_validate_json(raw)
    except ValidationError as error:
        raise to_api_error(error) from None
    if not body.message.strip():
        raise invalid_request("message must not be blank.", code="invalid_value", param="message")
    admitted = await admit_kb_call(request, kb.core, principal)
    limiter = kb.core.limiter
    headers = admitted.usage.headers(limiter.now())
    outcome = kb_outcome(limiter, admitted, principal)
    try:
        reply = await kb.knowledge.reply(
            [ChatTurn("user", body.message)], incremental=False, pages=str(request.base_url)
        )
    except BaseException:
        await outcome.failed()
        raise
    try:
        text = (await collect(settled(reply.events, outcome))).text
    except UpstreamError as error:
        failure = upstream_api_error(error)
        failure.headers.update(headers)
        raise failure from None
    answer = ChatOut(
        answer=text,
        citations=[cited(c, str(request.base_url)) for c in reply.citations(text)],
        engine=reply.engine,
    )
    return json_response(answer, headers)
