"""A question asking a particular of places (which localities banned or opted in, a
licence's fee amount, how many stores are open, a store's hours, the total tax with local
taxes) is answered only by a fact stating it (issues 19 and 21): the power to opt out, the
licence types, the state's own rate or a cap on licences, offered in its place, is a wrong
answer with a citation. With no such fact the answer admits the gap, names the regulator
and cites nothing; where a fact does state it, the answer gives the figure."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.asked_aspects import asked_aspects, states_aspects
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("which colorado counties have banned dispensaries?", "places-list"),
        ("what michigan towns voted to opt out of rec sales", "places-list"),
        ("give me a list of the municipalities in new jersey allowing retail", "places-list"),
        ("how many dispensaries are open in montana right now?", "open-count"),
        ("how many retail stores are operating on the big island", "open-count"),
        ("has the board issued any cultivation licences yet?", "open-count"),
        ("is the medical center in portland open on christmas?", "store-hours"),
        ("what are the store hours for the dispensary downtown", "store-hours"),
        ("whats the combined tax with the city tax on a rec sale in illinois", "combined-tax"),
        ("total tax rate on flower including local taxes in colorado?", "combined-tax"),
        ("ontario retail store authorization fee?", "fee"),
    ],
)
def test_the_particular_asked_is_read(question: str, aspect: str) -> None:
    assert aspect in [a.name for a in asked_aspects(question)]


@pytest.mark.parametrize(
    "question",
    [
        "can ohio cities ban dispensaries?",  # the power is the state's rule
        "which counties can opt out in michigan",  # what they may do, not what they did
        "how many hours of training do budtenders need",
        "how many plants can i grow in maine",
        "what is the excise tax rate in colorado",
    ],
)
def test_rule_questions_ask_no_particular(question: str) -> None:
    names = {a.name for a in asked_aspects(question)}
    assert not names & {"places-list", "open-count", "store-hours", "combined-tax"}


def test_a_fee_is_stated_by_its_amount_not_by_a_fine_or_a_waiver() -> None:
    aspects = asked_aspects("what's the application fee for a grower permit?")
    assert not states_aspects("75% of application and licensing fees are waived.", aspects)
    assert not states_aspects("Buying elsewhere can bring a fine of up to $100,000.", aspects)
    assert states_aspects("A grower pays a $5,000 application fee.", aspects)


@pytest.mark.parametrize(
    ("question", "regulator"),
    [
        ("which colorado counties have banned dispensaries?", "Marijuana Enforcement Division"),
        ("is the dispensary in burlington vermont open on christmas?", "Cannabis Control Board"),
        (
            "whats the combined tax rate including local taxes on a rec sale in illinois?",
            "Division of Cannabis Regulation",
        ),
        ("ontario retail store authorization - how much is the fee?", "AGCO"),
        ("cannabis store in fredericton - open on easter monday?", "New Brunswick"),
    ],
)
def test_a_particular_no_fact_states_is_admitted_naming_the_regulator(
    service: AgentService, question: str, regulator: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "ask" in answered.text.lower() or "won't guess" in answered.text
    assert regulator in answered.text


def test_a_city_store_count_is_the_citys_own_and_is_admitted(service: AgentService) -> None:
    answered = answer(service, "how many dispensaries are open in anchorage right now?")
    assert answered.fact_ids == ()
    assert "Anchorage" in answered.text


def test_a_shops_hours_are_left_to_the_main_agent_not_marketing(service: AgentService) -> None:
    # the router leans to marketing on a store's name; no specialist knows a shop's hours
    answered = answer(service, "cannabis NB store in saint john - hours on holidays?")
    assert answered.agent in ("main_agent", "compliance")
    assert answered.fact_ids == ()


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("what's the application fee for a west virginia grower permit?", "$5,000"),
        ("our gummies in canada are labelled 10 mg thc - what variance does health canada allow?",
         "8.5 mg to 11.5 mg"),
        ("do i need to label my plants? growing at home in virginia", "tag"),
        ("edibles possession cap for montana?", "800 mg"),
        ("is an out-of-state medical card honored in georgia for low thc oil?", "45 days"),
    ],
)  # fmt: skip
def test_a_fact_stating_the_particular_answers_with_it(
    service: AgentService, question: str, says: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids
    assert says in answered.text


def test_a_named_citys_own_sales_tax_is_not_answered_by_the_states_rate(
    service: AgentService,
) -> None:
    answered = answer(service, "what's the local sales tax on rec weed in st. louis?")
    assert answered.fact_ids == ()
    assert "St. Louis" in answered.text or "St Louis" in answered.text
