"""A state's potency variance rule applied to the question's numbers."""

import pytest

from trichome.agents.engines.grounded import compose_answer
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.variance import read_potencies
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings())


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        ("what if my 10mg gummies test at 11.2mg, still ok?", (10.0, 11.2)),
        ("our 100 mg bar came back 84 mg", (100.0, 84.0)),
        ("tested 9.1 mg but labelled 10 mg", (10.0, 9.1)),
        ("how many 10 mg gummies from 5 g", None),
    ],
)
def test_the_labelled_and_tested_potency_are_read(
    text: str, readings: tuple[float, float] | None
) -> None:
    assert read_potencies(text) == readings


def ask(service: AgentService, *turns: str) -> str:
    messages = []
    for number, turn in enumerate(turns):
        if number:
            messages.append(ChatTurn("assistant", "..."))
        messages.append(ChatTurn("user", turn))
    return compose_answer(service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages))).request)


def test_a_result_inside_the_window_passes_with_the_rule_cited(service: AgentService) -> None:
    answer = ask(
        service,
        "whats colorado's standardized edible serving",
        "what if my 10mg gummies test at 11.2mg, still ok?",
    )
    assert answer.startswith("11.2 mg against a 10 mg label passes.")
    assert "from 8.7 mg to 11.76 mg" in answer
    assert "Sources:\n[1] 1 CCR 212-3, Rule 4-115" in answer


def test_a_result_outside_the_window_fails(service: AgentService) -> None:
    answer = ask(service, "colorado: our 100 mg chocolate bar tested at 84 mg, can we sell it")
    assert answer.startswith("84 mg against a 100 mg label fails")


def test_no_rule_no_verdict(service: AgentService) -> None:
    answer = ask(service, "texas: our 10 mg gummies tested at 11.2 mg, ok?")
    assert "passes" not in answer and "fails" not in answer
