"""Asking the agents as a client would: one conversation, turn by turn, through the service."""

from __future__ import annotations

from tests.agents.asking import answer
from trichome.agents.service import AgentService


def answer_text(service: AgentService, *turns: str) -> str:
    """The last answer's text after asking `turns` in order, each earlier answer kept in the
    conversation as the assistant's turn (so a follow-up reads like a client's)."""
    return answer(service, *turns, own_replies=True).text
