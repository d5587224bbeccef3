"""A market price is answered only by a fact stating one (`agents/asked_attributes.py`)."""

from __future__ import annotations

import pytest

from trichome.agents.asked_attributes import asks_market_price, gives_market_price
from trichome.agents.engines.grounded import compose
from trichome.agents.service import ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.mark.parametrize(
    "question",
    [
        "typical bulk price for trim in oregon these days?",
        "what are smalls going for in michigan",
        "current market rate per gram of shatter in colorado",
    ],
)
def test_a_going_price_is_a_market_price(question: str) -> None:
    assert asks_market_price(question)


@pytest.mark.parametrize(
    "question",
    [
        "what's the minimum price per unit in ontario",
        "average excise cost on a $50 eighth in illinois",
        "how much is the wholesale markup AGLC charges",
    ],
)
def test_a_price_set_by_law_is_a_rule_not_a_market_price(question: str) -> None:
    assert not asks_market_price(question)


def test_a_tax_in_dollars_does_not_state_a_market_price() -> None:
    assert not gives_market_price("The excise is $1.10 per ounce on transfers.")
    assert gives_market_price("Outdoor flower sold for about $900 a pound in the survey.")


def test_a_market_price_question_is_admitted_with_its_regulator_not_answered_by_a_tax() -> None:
    service = build_agent_service(Settings(engine="grounded"))
    question = "typical bulk price per pound of outdoor flower in california this month?"
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    answer = compose(prepared.request)
    assert answer.sources == ()
    assert "California" in answer.text
