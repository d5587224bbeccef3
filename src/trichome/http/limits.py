"""Limits at the HTTP edge: 429 responses and the x-ratelimit headers."""

from __future__ import annotations

from datetime import datetime

from trichome.http.errors import ApiError
from trichome.limits.base import CountersUnavailable, Window
from trichome.limits.service import Limiter, LimitExceeded, conversation_cap_exceeded
from trichome.plans import PublicModel


def too_many_requests(exceeded: LimitExceeded, now: datetime) -> ApiError:
    """A 429 with the limit's own code, Retry-After in seconds and the window's headers.

    A wait the OpenAI SDK would not sit out, or a cap no wait cures, adds
    `x-should-retry: false` so the SDK does not retry at all.
    """
    headers = exceeded.usage.headers(now) | {"Retry-After": str(exceeded.retry_after)}
    if exceeded.final:
        headers["x-should-retry"] = "false"
    return ApiError(
        429, exceeded.message, type="rate_limit_error", code=exceeded.code, headers=headers
    )


async def check_conversation_cap(
    limiter: Limiter, window: Window, model: PublicModel, user_messages: int
) -> None:
    """Refuse a conversation longer than the model's cap (the Free tier's five questions).

    Raises:
        LimitExceeded: the conversation has more user messages than the model answers.
    """
    if model.conversation_cap is not None and user_messages > model.conversation_cap:
        raise conversation_cap_exceeded(model, user_messages, await limiter.usage(window))


async def usage_headers(limiter: Limiter, window: Window) -> dict[str, str]:
    """The window's x-ratelimit headers for an error response; none when the counters
    cannot be read (the error is reported as it is, not turned into a 503)."""
    try:
        usage = await limiter.usage(window)
    except CountersUnavailable:
        return {}
    return usage.headers(limiter.now())
