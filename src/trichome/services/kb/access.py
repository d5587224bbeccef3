"""Who calls the knowledge base, and the window a call counts in: an API key is optional
(`Authorization: Bearer` or `X-API-Key`); without one a client IP gets
`TRICHOME_KB_REQUESTS_PER_HOUR` requests an hour, with one the organisation's quota applies."""

from __future__ import annotations

from datetime import timedelta

from fastapi import Request

from trichome.accounts.principal import Principal
from trichome.answering.admission import Admitted
from trichome.answering.outcome import Outcome
from trichome.config import KB_MODEL
from trichome.http.errors import ApiError
from trichome.http.limits import too_many_requests
from trichome.http.state import CoreState
from trichome.limits import windows
from trichome.limits.base import Record, in_order
from trichome.limits.service import Limiter, LimitExceeded
from trichome.limits.usage_log import calls_record

API_KEY_HEADER = "x-api-key"
NO_KEY_CREDENTIALS = frozenset({"", "bearer", "bearer anonymous"})


async def caller(request: Request, core: CoreState) -> Principal | None:
    """The key's principal, or None for a caller without a key.

    Raises:
        ApiError: 401 for a key that is malformed, unknown or revoked.
    """
    auth = core.auth
    authorization = request.headers.get("authorization")
    # No key: an empty credential, or `anonymous` (the OpenAI SDK insists on some api_key).
    if authorization is None or authorization.strip().lower() not in NO_KEY_CREDENTIALS:
        found = await auth.optional_principal(request)
        if found is not None:
            return found
    key = request.headers.get(API_KEY_HEADER)
    if key is None or key.strip().lower() == "anonymous":
        return None
    if not key.strip():
        raise ApiError(
            401,
            "The X-API-Key header is empty; send a key or leave the header out.",
            type="authentication_error",
            code="invalid_api_key",
        )
    return await auth.key_principal(key)


async def admit_kb_call(request: Request, core: CoreState, principal: Principal | None) -> Admitted:
    """Count a valid request against its window, held until it is answered: the client's
    hour without a key, the organisation's quota with one.

    Raises:
        ApiError: 429 over the limit.
        CountersUnavailable: the counter store cannot be reached.
    """
    limiter, settings = core.limiter, core.settings
    client = core.auth.client(request)
    if principal is None or principal.organization_id is None:
        window = windows.fixed_window(
            "kb", client, settings.kb_requests_per_hour, timedelta(hours=1), limiter.now()
        )
        code = "rate_limit_exceeded"
        message = (
            f"Without an API key the knowledge base answers {window.limit} requests an hour "
            "per client. Retry after the wait, or send an API key."
        )
    else:
        window = limiter.calls_window(principal, client)
        code = "insufficient_quota"
        message = (
            f"Your organisation has used its {window.limit} calls for this period. "
            "Upgrade your plan for more, or wait for the period to renew."
        )
    hold = limiter.new_hold()
    try:
        return Admitted(window, await limiter.reserve(window, code, message, hold), hold)
    except LimitExceeded as exceeded:
        raise too_many_requests(exceeded, limiter.now()) from None


def kb_outcome(limiter: Limiter, admitted: Admitted, principal: Principal | None) -> Outcome:
    """A knowledge-base answer's outcome: its call settled when it finished (with a key,
    logged in the organisation's usage under the model `KB_MODEL` and the key, as chat
    calls are, in the same transaction), refunded when it failed."""
    window, hold = admitted.window, admitted.hold

    async def succeeded(notes_sent: bool) -> None:
        records: list[Record] = []
        if principal is not None and principal.organization_id is not None:
            records.append(
                calls_record(
                    principal.organization_id,
                    KB_MODEL,
                    principal.api_key_id,
                    limiter.now(),
                    principal.billing_period_start,
                    principal.billing_period_end,
                )
            )
        await limiter.settle(window, hold, in_order(records))

    return Outcome(refund=lambda: limiter.release(window, hold), succeeded=succeeded)
