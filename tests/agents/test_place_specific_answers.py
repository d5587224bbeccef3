"""Issue 19: a question naming a province, or a city or borough standing for its state, is
answered with that place's own rule, not the national floor or "you named no state"."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def ask(service: AgentService, question: str) -> tuple[str, list[str | None]]:
    """The answer and the jurisdiction of each fact it cites."""
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    text = asyncio.run(service.complete(prepared)).text
    return text, [fact.jurisdiction for fact in compose(prepared.request).sources]


def test_a_provincial_city_gets_the_provinces_home_grow_rule_first(
    service: AgentService,
) -> None:
    text, cited = ask(
        service, "winnipeg here, can i grow at home the way people do elsewhere in canada?"
    )
    assert cited and cited[0] == "CA-MB"
    assert text.startswith("Manitoba")


def test_a_province_named_outright_still_leads_with_its_own_rule(service: AgentService) -> None:
    _, cited = ask(service, "manitoba and the rest of canada: how many plants can I grow at home?")
    assert cited and cited[0] == "CA-MB"


def test_canada_alone_keeps_the_federal_rule(service: AgentService) -> None:
    _, cited = ask(service, "how many cannabis plants can an adult grow at home in canada?")
    assert cited and cited[0] == "CAN"


@pytest.mark.parametrize(
    "question",
    [
        "bk apartment, how many plants can we keep",
        "bk condo board asks how many plants i can grow",
    ],
)
def test_a_borough_shorthand_before_a_home_names_new_york(question: str) -> None:
    assert detect_jurisdictions(question) == ["NY"]


def test_the_shorthand_alone_in_a_sentence_is_still_no_place() -> None:
    assert "NY" not in detect_jurisdictions("we bk the cost into the price of each unit")


def test_the_national_rule_supports_the_provinces_own(service: AgentService) -> None:
    _, cited = ask(
        service, "halifax, canada: four of us share a house, can each of us grow 4 plants?"
    )
    assert cited[:2] == ["CA-NS", "CAN"]


def test_an_edible_serving_size_question_gets_the_serving_cap_not_a_packaging_rule(
    service: AgentService,
) -> None:
    text, cited = ask(service, "washington state: gummy serving size, and what's the package max?")
    assert cited[0] == "WA"
    assert "10 mg" in text


def test_an_uncovered_serving_size_names_the_regulator_and_cites_nothing(
    service: AgentService,
) -> None:
    text, cited = ask(service, "florida gummy serving size and package max?")
    assert cited == []
    assert "Office of Medical Marijuana Use" in text


def test_a_serving_cap_that_was_raised_is_answered_with_the_current_figure(
    service: AgentService,
) -> None:
    text, cited = ask(service, "oregon gummy serving size and package max?")
    assert cited[:2] == ["OR", "OR"]
    assert "10 mg" in text
    assert "100 mg" in text
