"""Issue 19: a follow-up naming only where the buyer comes from keeps the state whose rules
were asked (and finds its rule for visitors); a price asked with a state's named tax is
worked out at that tax's rate, with the taxes stacked beside it left aside and said so."""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.service import AgentService, build_agent_service
from trichome.agents.understanding import understand
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "follow_up",
    ["ok what if the guy came up from kentucky", "and someone traveling in from missouri?"],
)
def test_a_buyer_from_another_state_keeps_the_rules_of_the_state_asked(follow_up: str) -> None:
    understanding = understand(["how much weed can adults carry in illinois", follow_up])
    assert understanding.jurisdictions == ("IL",)
    assert understanding.state == "IL"
    assert len(understanding.residence) == 1


def test_the_visitor_follow_up_is_answered_with_the_visitors_limit(
    service: AgentService,
) -> None:
    text = ask(
        service,
        "how much weed can adults carry in illinois",
        "what changes if the buyer drove over from wisconsin",
    )
    first = text.split("\n")[0]
    assert "Illinois" in first and "15 grams" in first


def test_a_named_tax_on_a_price_is_worked_out_at_that_tax_rate(service: AgentService) -> None:
    text = ask(service, "ringing up $40 of pre-rolls in worcester, what's the state excise on it")
    first = text.split("\n")[0]
    assert "$4.30" in first  # $40 x 10.75%
    assert "before any other tax" in first


def test_a_tax_charged_at_wholesale_is_not_applied_to_the_shelf_price(
    service: AgentService,
) -> None:
    text = ask(service, "michigan, customer buys $50 of flower, how much tax is that")
    assert "$12.00" not in text  # not 24% of the retail price


def test_the_taxes_of_one_kind_asked_together_are_summed(service: AgentService) -> None:
    text = ask(
        service, "rhode island register, $50 ticket: both excise taxes combined come to what"
    )
    first = text.split("\n")[0]
    assert "$6.50" in first  # $50 x (10% + 3%)
    assert "sales tax" not in first
