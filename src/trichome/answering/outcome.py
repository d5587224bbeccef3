"""What happens when an answer ends: its call is refunded if it failed, noted if it ended."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from trichome.llm.base import AnswerEvent, Finished

logger = logging.getLogger(__name__)


async def _nothing() -> None:
    return None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What to do when an answer ends: refund its call if it failed, note its success
    (told whether the notes, and so the sponsored line, went out with it)."""

    refund: Callable[[], Awaitable[None]] = field(default=lambda: _nothing())
    succeeded: Callable[[bool], None] = field(default=lambda notes_sent: None)

    async def failed(self) -> None:
        """Give the call back; a refund that fails is logged, never raised over the answer."""
        try:
            await self.refund()
        except Exception:  # the client's answer matters more than the refund
            logger.exception("could not refund a failed call")


async def settled(
    events: AsyncIterator[AnswerEvent], outcome: Outcome
) -> AsyncIterator[AnswerEvent]:
    """The answer's events; its end is noted as a success, a failure refunds the call.

    Raises:
        Exception: whatever the answer failed with, after the refund.
    """
    try:
        async for event in events:
            if isinstance(event, Finished):
                # Noted before it is handed on: a consumer stops reading at the end.
                outcome.succeeded(event.notes_sent)
                yield event
                return
            yield event
    except Exception:
        await outcome.failed()
        raise
    finally:
        await events.aclose()  # type: ignore[attr-defined]
