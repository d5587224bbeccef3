"""`POST /v1/chat/completions` with the model `knowledge-base`: the chat API's wire format,
answered from the threads (the request schema, `KbCompletionRequest`, follows the engine)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.config import KB_MODEL
from trichome.http.deps import read_body
from trichome.http.errors import invalid_request
from trichome.http.openai.answer import (
    chat_turns,
    check_lengths,
    checked_options,
    respond,
    stream_requested,
)
from trichome.http.openai.chat import parse_chat_request
from trichome.services.kb.access import admit_kb_call, caller, kb_outcome
from trichome.services.kb.schemas import (
    COMPLETION_RESPONSES,
    MAX_MESSAGE_CHARS,
    cited,
    json_body,
)
from trichome.services.kb.state import KbDep

router = APIRouter()


@router.post(
    "/v1/chat/completions",
    response_class=Response,
    responses=COMPLETION_RESPONSES,
    summary="Chat completions with the model `knowledge-base` (streams when asked)",
    openapi_extra=json_body({"$ref": "#/components/schemas/KbCompletionRequest"}),
)
async def chat_completions(request: Request, kb: KbDep) -> Response:
    principal = await caller(request, kb.core)
    body = parse_chat_request(await read_body(request, kb.core.settings.max_request_bytes))
    if body.model != KB_MODEL:
        raise invalid_request(
            f"The model '{body.model}' does not exist here; the knowledge base's model "
            f"is '{KB_MODEL}'.",
            code="model_not_found",
            param="model",
        )
    turns = chat_turns(body)
    check_lengths(turns, MAX_MESSAGE_CHARS, "messages[{position}].content")
    if not any(t.role == "user" and t.content and t.content.strip() for t in turns):
        raise invalid_request(
            "messages needs a user message with text to answer.",
            code="missing_required_field",
            param="messages",
        )
    options = checked_options(body, kb.knowledge.check_options)
    stream = stream_requested(body, request)
    admitted = await admit_kb_call(request, kb.core, principal)
    limiter = kb.core.limiter
    outcome = kb_outcome(limiter, admitted, principal)
    try:
        reply = await kb.knowledge.reply(
            turns, options=options, incremental=stream, pages=str(request.base_url)
        )
    except BaseException:
        await outcome.failed()
        raise

    def citations(text: str) -> dict[str, Any]:
        base_url = str(request.base_url)
        return {"citations": [cited(c, base_url).model_dump() for c in reply.citations(text)]}

    return await respond(
        reply.events,
        stream=stream,
        model=KB_MODEL,
        chunk_id=kb.core.ids("chatcmpl-"),
        created=int(kb.core.clock().timestamp()),
        include_usage=bool(body.stream_options and body.stream_options.include_usage),
        headers=admitted.usage.headers(limiter.now()),
        outcome=outcome,
        extra=citations,
    )
