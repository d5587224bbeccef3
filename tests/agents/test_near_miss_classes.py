"""Issue 19: answers that cited a near fact for another question, one class each.

A limit stated in ounces is also answered in ounces; what a purchase limit leaves is the
law's sum (not formulation's); a package cap asked in one turn is shared out when the next
asks per piece; a follow-up asking whether the same cap holds for something else asks the
earlier turn's per-serving figure; a council against a store, or a driver loading up before
orders, asks the local-approval or the delivery rule, not licensing or transport at large.
"""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.calculators import StateEdibleLimits
from trichome.agents.figures import asks_serving_figure
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge.topics import detect_topics
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "ounces"),
    [
        ("colorado rec: 2 g of wax already rung up, how much flower can they still buy?", "three quarters of an ounce"),
        ("co customer has 6 g of concentrate in the cart, how much flower can i still sell them?", "a quarter ounce"),
    ],
)  # fmt: skip
def test_what_is_left_of_a_limit_stated_in_ounces_is_said_in_ounces(
    question: str, ounces: str
) -> None:
    found = recognise(question, "CO")
    assert found is not None and found.calculation is not None, found
    assert ounces in found.calculation.summary


def test_a_limit_stated_in_grams_is_not_turned_into_ounces() -> None:
    found = recognise(
        "i live in illinois and have 10 g of flower, how many more grams of flower can i legally have",
        "IL",
    )
    assert found is not None and found.calculation is not None
    assert " oz" not in found.calculation.summary


def test_what_a_purchase_limit_leaves_stays_with_the_agent_for_rules(
    service: AgentService,
) -> None:
    question = "colorado rec: guy has 3 g of shatter rung up, how much flower can he still get?"
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    assert prepared.agent.name != "formulation"


def test_a_package_cap_asked_then_split_per_piece_is_worked_out() -> None:
    found = recognise_conversation(
        ["canada edibles: max thc for a package?", "ok so per gummy in a 5 pack?"],
        "CAN",
        lambda _: StateEdibleLimits("Canada", None, 10.0, ()),
    )
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(2.0)  # 10 mg / 5


def test_whether_the_same_cap_holds_asks_the_earlier_turns_serving_figure() -> None:
    turns = ["whats the most thc allowed per can of soda in jersey", "is it the same for gummies?"]
    assert asks_serving_figure(turns, turns[-1], "yes-no")
    assert not asks_serving_figure(["jersey package cap?", "is it the same for gummies?"],
                                   "is it the same for gummies?", "yes-no")  # fmt: skip


def test_a_serving_cap_the_packs_do_not_hold_is_admitted_not_answered_by_the_package_cap(
    service: AgentService,
) -> None:
    text = ask(
        service, "nj: thc cap for one can of infused soda?", "is that the same for chocolates?"
    )
    assert "100 mg" not in text.split("\n\n")[0]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("ontario store: what if the town council objects to our location?", "local-control"),
        ("our city doesn't want a dispensary downtown - can the state still license us?", "local-control"),
        ("can a county quorum court in arkansas just pass an ordinance banning dispensaries?", "local-control"),
        ("the quorum court voted to keep dispensaries out - can they do that?", "local-control"),
        ("can a driver carry extra product for customers who haven't ordered yet?", "delivery"),
    ],
)  # fmt: skip
def test_a_question_is_read_as_its_narrower_topic(question: str, topic: str) -> None:
    assert topic in {t.name for t in detect_topics(question)}
