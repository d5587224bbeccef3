"""`POST /v1/feedback`: a thumbs up or down on an answer, with or without a credential."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from trichome.db.models import Feedback, utcnow
from trichome.http.deps import read_body
from trichome.http.errors import ApiError, error_responses, invalid_request
from trichome.http.limits import too_many_requests, usage_headers
from trichome.http.openai.validation import to_api_error
from trichome.http.openapi import BEARER_AUTH, optional
from trichome.http.state import CoreDep
from trichome.ids import new_id
from trichome.limits import windows
from trichome.limits.service import LimitExceeded

router = APIRouter()


class FeedbackIn(BaseModel):
    """A rating of one answer."""

    model_config = ConfigDict(extra="ignore", strict=True)

    completion_id: Annotated[str, Field(min_length=1, max_length=100)] = Field(
        description="The `id` of the rated answer (`chatcmpl-…`)."
    )
    rating: Literal["up", "down"]
    comment: Annotated[str, Field(max_length=2000)] | None = None


class FeedbackOut(BaseModel):
    """The stored feedback."""

    id: str
    object: Literal["feedback"]
    completion_id: str
    rating: Literal["up", "down"]
    comment: str | None
    created: int = Field(description="Unix time in seconds.")


@router.post(
    "/v1/feedback",
    status_code=201,
    response_model=FeedbackOut,
    responses=error_responses(400, 401, 413, 429, 503),
    summary="Rate an answer (5 per 15 minutes per client IP; credential optional)",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": FeedbackIn.model_json_schema()}},
        },
        **optional(BEARER_AUTH),
    },
)
async def post_feedback(request: Request, response: Response, core: CoreDep) -> FeedbackOut:
    settings = core.settings
    authenticator = core.auth
    limiter = core.limiter
    principal = await authenticator.optional_principal(request)
    window = windows.feedback(authenticator.client(request), limiter.now())
    try:
        raw = await read_body(request, settings.max_request_bytes)
        if not raw.strip():
            raise invalid_request(
                "The request body is empty.", code="missing_required_field", param="rating"
            )
        try:
            body = FeedbackIn.model_validate_json(raw)
        except ValidationError as error:
            raise to_api_error(error) from None
        usage = await limiter.reserve(
            window,
            "feedback_rate_limited",
            f"At most {window.limit} feedback submissions per 15 minutes from one address.",
        )
    except ApiError as error:
        error.headers.update(await usage_headers(limiter, window))
        raise
    except LimitExceeded as exceeded:
        raise too_many_requests(exceeded, limiter.now()) from None
    record = Feedback(
        id=new_id("fb"),
        completion_id=body.completion_id,
        rating=body.rating,
        comment=body.comment,
        organization_id=principal.organization_id if principal else None,
        created_at=utcnow(),
    )
    async with core.sessions() as session:
        session.add(record)
        await session.commit()
    response.headers.update(usage.headers(limiter.now()))
    return FeedbackOut(
        id=record.id,
        object="feedback",
        completion_id=record.completion_id,
        rating=body.rating,
        comment=record.comment,
        created=int(record.created_at.timestamp()),
    )
