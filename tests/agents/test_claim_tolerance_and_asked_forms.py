"""Issue 19 (operators-eleventh): how far a product may stray from its label is one rule
question whatever it is called (variability, variance, tolerance) and whichever amount is
the claim; a question about flower leads with flower's figure, not with another form's."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def answer(service: AgentService, *turns: str) -> str:
    chat = ChatRequest(OPERATOR_AGENT, tuple(ChatTurn("user", turn) for turn in turns))
    return asyncio.run(service.complete(service.prepare(chat))).text


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("canada: whats the allowed variability on the thc number printed on a vape cart?",),
         ("85%", "115%")),
        (("our oil is labelled 700 mg/g thc, how much variance does health canada's regs give "
          "extracts compared to gummies?",), ("85%", "115%")),
        (("canadian LP: a mint with 2 mg thc and 20 mg cbd, what tolerance does the 2 mg claim "
          "get?",), ("75%", "125%")),
        (("canada edibles, allowed variance on a 10 mg gummy?",
          "and if we split it so the label claim is 4 mg per piece, what tolerance then?"),
         ("80%", "120%")),
    ],
)  # fmt: skip
def test_a_label_tolerance_is_answered_from_the_rule_for_that_form_and_amount(
    service: AgentService, turns: tuple[str, ...], expected: tuple[str, ...]
) -> None:
    text = answer(service, *turns)
    lead = text.split("\n")[0]
    for figure in expected:
        assert figure in lead


@pytest.mark.parametrize(
    "question",
    [
        "whats the max flower i can sell one customer per transaction in washington",
        "tacoma budtender: most flower one person can buy in a single sale?",
    ],
)
def test_a_flower_question_leads_with_the_flower_figure(
    service: AgentService, question: str
) -> None:
    lead = answer(service, question).split("\n")[0]
    assert "1 ounce" in lead
    assert "infused pre-rolls" not in lead


@pytest.mark.parametrize(
    ("turns", "lead_says"),
    [
        (("what's the edible limit in michigan",), "R 420.404"),
        (("what's the edible limit in colorado", "what about michigan"), "R 420.404"),
        (("whats the allowed variance on edibles in michigan",), "15 percent"),
    ],
)
def test_a_cap_question_is_led_by_the_cap_and_a_variance_question_by_the_variance(
    service: AgentService, turns: tuple[str, ...], lead_says: str
) -> None:
    lead = answer(service, *turns).split("\n")[0]
    assert lead_says in lead
