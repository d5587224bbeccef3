"""Issue 19: what a question asks, not who asks it. An opening naming the asker's role
("juneau home grower.") or a clause about their business ("we run a hemp/cbd shop") is
not the topic asked; "(not a patient)" names no programme; one adult giving another some
of their own for free is the gifting limit, not a promotion; a grow limit per person is
home grow, and a follow-up about the household keeps it. Each gets the sourced rule."""

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


def answer(service: AgentService, *turns: str) -> tuple[str, int]:
    """The last answer's text and how many sources it cites."""
    chat = ChatRequest(OPERATOR_AGENT, tuple(ChatTurn("user", t) for t in turns))
    prepared = service.prepare(chat)
    return asyncio.run(service.complete(prepared)).text, len(compose(prepared.request).sources)


@pytest.mark.parametrize(
    ("question", "topic", "not_topic"),
    [
        ("anchorage home grower. can i hand my neighbor an ounce for free?",
         "possession-limits", "home-grow"),
        ("we run a hemp/cbd shop in norfolk and people ask: how much can an adult carry in "
         "virginia", "possession-limits", "hemp"),
        ("detroit home grower, can i give away some of my harvest to friends", "possession-limits",
         "advertising"),
    ],
)  # fmt: skip
def test_the_asker_s_role_is_not_the_topic_asked(question: str, topic: str, not_topic: str) -> None:
    names = {t.name for t in understand([question]).rule_topics}
    assert topic in names and not_topic not in names


def test_a_business_or_a_programme_disowned_is_not_the_programme_asked() -> None:
    assert (
        understand(["we run a hemp shop in richmond, how much can i carry in virginia"]).program
        is None
    )
    assert (
        understand(["alaska, how many plants can one adult grow (not a patient)"]).program is None
    )
    assert understand(["how many plants can a medical patient grow in alaska"]).program == "medical"


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("boston here, can i give my friend some of my homegrow if no money changes hands? how much",
         "1 ounce"),
        ("lansing home grower, can i give away some of my harvest at a party? how much per person",
         "2.5 ounces"),
    ],
)  # fmt: skip
def test_a_gift_between_adults_gets_the_state_s_gifting_limit(
    service: AgentService, question: str, says: str
) -> None:
    text, cited = answer(service, question)
    assert says in text and "remuneration" in text and cited >= 1


def test_a_household_follow_up_keeps_the_home_grow_rule(service: AgentService) -> None:
    text, cited = answer(
        service, "alaska grow limit per person?", "and with four adults in the house, is it 24?"
    )
    assert "12 plants" in text and cited >= 1


def test_a_drivers_licence_shown_as_id_is_not_a_licensing_question() -> None:
    names = {t.name for t in understand(["can i buy with my drivers license in ohio"]).topics}
    assert "licensing" not in names


def test_a_lab_result_read_as_what_the_lab_got_is_checked_against_canada_s_window(
    service: AgentService,
) -> None:
    text, cited = answer(
        service,
        "qa at a british columbia lp. chocolate labelled 10 mg THC, the lab got 11.8 mg. ok on variability?",
    )
    assert "fails" in text and "11.5 mg" in text and cited >= 1


def test_washington_s_reporting_system_is_named_from_its_sourced_fact(
    service: AgentService,
) -> None:
    text, cited = answer(
        service, "new to washington: what's the traceability system licensees report into there?"
    )
    assert "CCRS" in text and cited >= 1


def test_how_many_a_customer_can_buy_counts_no_customers() -> None:
    from trichome.agents.counting import counted_thing

    assert counted_thing("does that change how many a customer can buy?") is None
    assert counted_thing("how many plants can i grow in alaska") == "plant"


def test_canada_s_extract_tolerance_answers_a_province_s_question(service: AgentService) -> None:
    text, cited = answer(
        service,
        "ontario processor. what tolerance vs the label do the federal regs allow on vape carts?",
    )
    assert "85%" in text and "115%" in text and cited >= 1


def test_an_unsure_pick_keeps_the_question_when_the_runner_up_knows_nothing_more(
    service: AgentService,
) -> None:
    # The router leans to operations, compliance takes the rule asked; the main agent
    # (runner-up) reads the same compliance facts, so it is no better placed to answer.
    question = (
        "bc grower, friend wants to carry fresh untrimmed buds home. whats the fresh "
        "cannabis equivalent of 30 g dried"
    )
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    assert prepared.agent.name == "compliance"
