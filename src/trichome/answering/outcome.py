"""What happens when an answer ends: its call is settled if it finished, refunded if not."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

import anyio

from trichome.llm.base import AnswerEvent, Finished

logger = logging.getLogger(__name__)


async def _nothing() -> None:
    return None


async def _nothing_noted(notes_sent: bool) -> None:
    return None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What to do when an answer ends: settle its call when it finished (told whether the
    notes, and so the sponsored line, went out with it), refund it when it did not."""

    refund: Callable[[], Awaitable[None]] = field(default=_nothing)
    succeeded: Callable[[bool], Awaitable[None]] = field(default=_nothing_noted)

    async def failed(self) -> None:
        """Give the call back; a refund that fails is logged, never raised over the answer
        (the call's hold is then given back by a sweep after its deadline)."""
        try:
            with anyio.CancelScope(shield=True):  # also when the client went away
                await self.refund()
        except Exception:  # the client's answer matters more than the refund
            logger.exception("could not refund a failed call")


async def _settle(outcome: Outcome, notes_sent: bool) -> None:
    """Charge a whole answer. The answer goes out even when settling fails: the limiter
    keeps a settlement the store could not take and retries it until it lands (a retry
    after a COMMIT whose acknowledgement was lost charges nothing twice). Never is a
    client charged for an answer it did not get, nor an answered call left uncharged while
    its worker runs."""
    try:
        await outcome.succeeded(notes_sent)
    except Exception:  # not the store (the limiter keeps those): a bug, logged
        logger.exception("could not settle an answered call")


async def settled(
    events: AsyncIterator[AnswerEvent], outcome: Outcome
) -> AsyncIterator[AnswerEvent]:
    """The answer's events. Its end settles the call (charged, usage and impression
    recorded) before it is handed on; an answer that fails, stops short or is abandoned
    (the client went away) refunds it.

    Raises:
        Exception: whatever the answer failed with, after the refund.
    """
    charged = False
    try:
        async for event in events:
            if isinstance(event, Finished):
                # Settled before it is handed on: a consumer stops reading at the end.
                charged = True
                await _settle(outcome, event.notes_sent)
                yield event
                return
            yield event
    except BaseException:
        if not charged:
            await outcome.failed()
        raise
    finally:
        await events.aclose()  # type: ignore[attr-defined]
    await outcome.failed()  # the events ended without a Finished: no answer went out
