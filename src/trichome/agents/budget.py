"""The caller's token budget (`max_tokens`, `max_completion_tokens`) applied to an answer.

An upstream LLM stops its own text at the budget; what the service writes itself (the
grounded engine's answers, cited sources, notes) is counted with the same estimate as
usage and cut where the budget runs out. A cut answer ends with `finish_reason: "length"`.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

from trichome.llm.base import AnswerEvent, Finished, TextDelta, ToolCallDelta, Usage
from trichome.llm.tokens import estimate_tokens

_PIECES = re.compile(r"\w+|[^\w\s]")
CHARACTERS_PER_TOKEN = 4


def truncate_to_tokens(text: str, tokens: int) -> str:
    """The longest start of `text` whose estimated tokens fit in `tokens`.

    A word longer than the remaining budget is cut inside, four characters a token, so a
    small budget still gets the start of the answer.
    """
    if tokens <= 0:
        return ""
    used = 0
    end = 0
    for piece in _PIECES.finditer(text):
        cost = estimate_tokens(piece.group())
        if used + cost > tokens:
            room = (tokens - used) * CHARACTERS_PER_TOKEN
            if piece.group()[0].isalnum() or piece.group()[0] == "_":
                return text[: piece.start() + room] if room > 0 else text[:end]
            return text[:end]
        used += cost
        end = piece.end()
    return text


class TokenBudget:
    """Counts the tokens of an answer as it goes out and says where it must stop."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.used = 0
        self.exhausted = False

    def take(self, text: str) -> str:
        """The part of `text` that fits; after a cut, `exhausted` is true."""
        if self.limit is None:
            self.used += estimate_tokens(text)
            return text
        cost = estimate_tokens(text)
        if self.used + cost <= self.limit:
            self.used += cost
            return text
        head = truncate_to_tokens(text, self.limit - self.used)
        self.used += estimate_tokens(head)
        self.exhausted = True
        return head

    def fits(self, text: str, already: int | None = None) -> bool:
        """Whether `text` fits after `already` tokens (default: what was counted so far)."""
        if self.limit is None:
            return True
        spent = self.used if already is None else already
        return spent + estimate_tokens(text) <= self.limit


async def within_budget(
    events: AsyncIterator[AnswerEvent], limit: int | None, prompt_tokens: int
) -> AsyncIterator[AnswerEvent]:
    """The events of an answer, cut at `limit` completion tokens with `finish_reason: "length"`.

    Tool-call fragments pass whole: an upstream that makes a call honoured the budget
    itself, and half a call's arguments would be unreadable JSON.
    """
    if limit is None:
        async for event in events:
            yield event
        return
    budget = TokenBudget(limit)
    try:
        async for event in events:
            if isinstance(event, TextDelta):
                head = budget.take(event.text)
                if head:
                    yield TextDelta(head)
                if budget.exhausted:
                    yield Finished("length", Usage(prompt_tokens, budget.used))
                    return
            elif isinstance(event, ToolCallDelta):
                yield event
            else:
                usage = event.usage or Usage(prompt_tokens, budget.used)
                capped = Usage(usage.prompt_tokens, min(usage.completion_tokens, limit))
                yield Finished(event.reason, capped, event.notes_sent)
                return
    finally:
        await events.aclose()  # type: ignore[attr-defined]
