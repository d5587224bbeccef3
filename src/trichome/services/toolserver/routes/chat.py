"""`POST /api/chat`: a plain-language question answered from the caller's Metrc data."""

from __future__ import annotations

import logging

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from trichome.http.deps import read_body
from trichome.http.errors import (
    invalid_request,
)
from trichome.http.openai.answer import upstream_api_error
from trichome.llm.base import UpstreamError
from trichome.metrc.assistant import ChatAnswer, ask
from trichome.metrc.errors import MetrcRateLimited
from trichome.metrc.tools import load_all, using, watching_use
from trichome.services.toolserver.gate import metrc_rate_limited
from trichome.services.toolserver.openapi import CHAT_RESPONSES, chat_openapi
from trichome.services.toolserver.state import ToolServerDep

logger = logging.getLogger(__name__)


router = APIRouter()


class ChatQuestion(BaseModel):
    """`POST /api/chat`: a question about the caller's track-and-trace data."""

    message: str = Field(min_length=1, max_length=4000)
    license_number: str | None = Field(
        None, min_length=3, max_length=40, description="The facility the question is about."
    )


@router.post(
    "/api/chat",
    response_model=ChatAnswer,
    responses=CHAT_RESPONSES,
    openapi_extra=chat_openapi(load_all()),
)
async def chat(request: Request, tools: ToolServerDep) -> ChatAnswer:
    caller = await tools.gatekeeper.caller(request)
    body = await read_body(request, tools.core.settings.max_request_bytes)
    try:
        question = ChatQuestion.model_validate_json(body)
    except ValueError as error:
        raise invalid_request(
            f"The body must be JSON {{message, license_number?}}: {error}",
            code="invalid_body",
        ) from None
    allowed = [
        spec.name
        for spec in tools.offered
        if spec.read_only and (caller.selection is None or caller.selection.allows(spec))
    ]
    try:
        with using(caller.access), watching_use() as use:
            answer = await ask(question.message, question.license_number, allowed, tools.agents)
    except MetrcRateLimited as limited:
        raise metrc_rate_limited(limited) from None
    except UpstreamError as error:  # the LLM of TRICHOME_ENGINE=openai
        raise upstream_api_error(error) from None
    if use.succeeded:
        await tools.gatekeeper.record_use(caller)
    return answer
