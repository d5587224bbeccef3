"""Issue 19: an amount held without the card or licence a medical programme asks for is a
possession question (Oklahoma's 63 O.S. 420(B): up to 1.5 oz, a fine of at most $400), not one
about applying for a licence; and California's home-grow fact answers how many plants an adult
may grow in the statute's own words."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.understanding import understand
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def _answer(service: AgentService, question: str) -> tuple[str, list[str]]:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    text = asyncio.run(service.complete(prepared)).text
    return text, [fact.id for fact in compose(prepared.request).sources]


@pytest.mark.parametrize(
    "question",
    [
        "tulsa: my brother got stopped holding half an ounce, no med card yet but he has chronic "
        "pain. how bad is that?",
        "oklahoma - what's the penalty for having 1 oz without a medical license if you can name "
        "a condition?",
    ],
)
def test_an_amount_held_without_a_card_is_answered_by_the_unlicensed_rule(
    service: AgentService, question: str
) -> None:
    assert [topic.name for topic in understand([question]).rule_topics] == ["possession-limits"]
    text, cited = _answer(service, question)
    assert cited[0] == "ok-no-licence-medical-condition-possession"
    assert "$400" in text
    assert "1.5 ounces" in text
    assert "temporary" not in text.split("\n")[0]


def test_applying_for_a_licence_is_still_a_licensing_question() -> None:
    topics = understand(["how do i apply for an oklahoma medical marijuana license?"]).topics
    assert [topic.name for topic in topics] == ["licensing"]


def test_californias_plant_count_for_one_adult_is_the_statutes_six_living_plants(
    service: AgentService,
) -> None:
    text, cited = _answer(service, "im 25 and live in sacramento, how many plants am i allowed?")
    assert cited[0] == "ca-home-grow-six-plants-per-residence"
    assert "six living plants" in text.split("\n")[0]
