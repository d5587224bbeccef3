"""Issue 19: the main agent hands a question to the specialist whose packs hold every fact
that answers it, and keeps declines, admissions and 'which state?' questions."""

from __future__ import annotations

import pytest

from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def _answering(service: AgentService, question: str) -> tuple[str, str]:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    return prepared.route.agent, prepared.agent.name


def test_the_main_agents_pick_answered_by_operations_facts_goes_to_operations(
    service: AgentService,
) -> None:
    routed, answering = _answering(service, "no idea who to ask, osha co2 exposure limit?")
    assert routed == "main_agent"  # the router's pick, which the facts correct
    assert answering == "operations"


@pytest.mark.parametrize(
    "question",
    [
        "translate my lease into french please",  # out of scope: declined by the main agent
        "hi there!",
    ],
)
def test_a_decline_or_small_talk_stays_with_the_main_agent(
    service: AgentService, question: str
) -> None:
    assert _answering(service, question)[1] == "main_agent"


def test_a_sum_worked_out_stays_with_the_agent_that_worked_it(service: AgentService) -> None:
    routed, answering = _answering(
        service,
        "gummy labelled 5 mg tested at 4.1 mg by the lab. what percent of the label is that",
    )
    assert answering == routed == "formulation"  # an unsure pick, kept: the sum answers
