"""Asking the agents as a user would, one question or a conversation, for tests that check
what the answer says, which agent wrote it and which sources it cites."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@dataclass(frozen=True, slots=True)
class Answered:
    """What a user is shown for the last turn: the agent that wrote it, its text and the
    ids of the facts it cites."""

    agent: str
    text: str
    fact_ids: tuple[str, ...]


def answer(service: AgentService, *turns: str, own_replies: bool = False) -> Answered:
    """The answer to the last of the user's turns; each earlier turn was acknowledged by the
    assistant ("noted"), or with `own_replies` answered by the service itself, as `bench
    answers` and a client asking turn by turn do, so the conversation reads as a user's
    follow-ups."""
    messages: list[ChatTurn] = []
    text = ""
    for index, turn in enumerate(turns):
        if index:
            messages.append(ChatTurn("assistant", text if own_replies else "noted"))
        messages.append(ChatTurn("user", turn))
        if own_replies or index == len(turns) - 1:
            prepared = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))
            text = asyncio.run(service.complete(prepared)).text
    ids = tuple(fact.id for fact in compose(prepared.request).sources)
    return Answered(prepared.agent.name, text, ids)


def text_and_cited(service: AgentService, question: str) -> tuple[str, int]:
    """The answer's text and how many sources it cites."""
    answered = answer(service, question)
    return answered.text, len(answered.fact_ids)


def text_and_fact_ids(service: AgentService, question: str) -> tuple[str, tuple[str, ...]]:
    """The answer's text and the ids of the facts it cites."""
    answered = answer(service, question)
    return answered.text, answered.fact_ids
