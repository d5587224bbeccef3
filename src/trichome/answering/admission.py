"""Admitting a call: the caller's window, the model's conversation cap, the reserved call."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.accounts.principal import Principal
from trichome.limits.base import Hold, Window
from trichome.limits.service import Limiter, Usage, conversation_cap_exceeded
from trichome.plans import PublicModel


@dataclass(frozen=True, slots=True)
class Admitted:
    """A call that may be answered: the window it was counted in, its usage after, and the
    hold on its unit until it settles or is refunded."""

    window: Window
    usage: Usage
    hold: Hold


async def check_conversation_cap(
    limiter: Limiter, window: Window, model: PublicModel, user_messages: int
) -> None:
    """Refuse a conversation longer than the model's cap (the Free tier's five questions).

    Raises:
        LimitExceeded: the conversation has more user messages than the model answers.
    """
    if model.conversation_cap is not None and user_messages > model.conversation_cap:
        raise conversation_cap_exceeded(model, user_messages, await limiter.usage(window))


async def admit(
    limiter: Limiter, window: Window, principal: Principal, model: PublicModel, user_messages: int
) -> Admitted:
    """Check the conversation cap, then reserve the call in the caller's window, held.

    Raises:
        LimitExceeded: the cap, the quota or the anonymous limit is reached.
        CountersUnavailable: the counter store cannot be reached.
    """
    await check_conversation_cap(limiter, window, model, user_messages)
    hold = limiter.new_hold()
    usage = await limiter.reserve_call(window, hold, anonymous=principal.is_anonymous)
    return Admitted(window, usage, hold)
