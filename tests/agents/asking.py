"""Asking the agents one question as a user would, for tests that check what the answer says
and how many sources it cites."""

from __future__ import annotations

import asyncio

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


def text_and_cited(service: AgentService, question: str) -> tuple[str, int]:
    """The answer's text and how many sources it cites."""
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    text = asyncio.run(service.complete(prepared)).text
    return text, len(compose(prepared.request).sources)


def text_and_fact_ids(service: AgentService, question: str) -> tuple[str, tuple[str, ...]]:
    """The answer's text and the ids of the facts it cites."""
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    text = asyncio.run(service.complete(prepared)).text
    return text, tuple(fact.id for fact in compose(prepared.request).sources)
