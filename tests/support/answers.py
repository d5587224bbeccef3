"""Asking the agents as a client would: one conversation, turn by turn, through the service."""

from __future__ import annotations

import asyncio

from trichome.agents.service import AgentService, ChatRequest
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


def answer_text(service: AgentService, *turns: str) -> str:
    """The last answer's text after asking `turns` in order, each earlier answer kept in the
    conversation as the assistant's turn (so a follow-up reads like a client's)."""
    messages: list[ChatTurn] = []
    text = ""
    for index, turn in enumerate(turns):
        if index:
            messages.append(ChatTurn("assistant", text))
        messages.append(ChatTurn("user", turn))
        prepared = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))
        text = asyncio.run(service.complete(prepared)).text
    return text
