"""Limits at the HTTP edge: 429 responses and the x-ratelimit headers."""

from __future__ import annotations

from datetime import datetime

from trichome.apps.errors import ApiError
from trichome.limits.service import LimitExceeded


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
