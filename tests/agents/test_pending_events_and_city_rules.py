"""Issues 19 and 21: a question about a named city's own zoning, fee or store count, about
when stores open, or about how a vote went is answered only by a fact stating that: the
state's framework, the act setting up a programme, or another year's ballot offered in its
place is a wrong answer with a citation. Each test asks in its own words."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.asked_aspects import asked_aspects, states_aspects
from trichome.agents.local_rules import asked_locality
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("when will the first adult-use shops in delaware open their doors?", "opening-date"),
        ("when did medical sales begin in kentucky?", "opening-date"),
        ("did the 2030 legalization initiative in idaho pass?", "ballot-result"),
        ("did question 3 pass on the wyoming ballot?", "ballot-result"),
        ("which towns in essex county still prohibit retail sales?", "places-list"),
        ("how many dispensaries sell cannabis in anchorage?", "open-count"),
        ("has a licensed store opened in whitehorse yet?", "open-count"),
    ],
)
def test_a_pending_event_or_a_places_particular_is_read(question: str, aspect: str) -> None:
    assert aspect in [a.name for a in asked_aspects(question)]


def test_an_opening_date_is_stated_by_a_start_and_a_date_not_an_application_window() -> None:
    aspects = asked_aspects("when will the first shops open?")
    assert states_aspects("Retail sales began on 1 July 2023.", aspects)
    assert not states_aspects("The office opened licence applications on 31 March 2025.", aspects)
    assert not states_aspects("A commission licenses medical cannabis businesses.", aspects)


def test_a_ballots_result_must_be_of_the_year_asked() -> None:
    question = "did the 2030 amendment pass?"
    aspects = asked_aspects(question)
    assert not states_aspects("The 2028 amendment was not adopted.", aspects, question)
    assert states_aspects("Voters approved the 2030 amendment.", aspects, question)


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("whats the city of aspen's own sales tax on recreational weed?", "aspen"),
        ("portland zoning: can a shop open in an EX district?", "portland"),
        ("what host community fee is worcester charging a new retailer?", "worcester"),
        ("how many stores sell cannabis in calgary these days?", "calgary"),
    ],
)
def test_a_named_citys_own_rule_is_read_as_the_citys(question: str, named: str) -> None:
    locality = asked_locality(question)
    assert locality is not None
    assert locality.name.lower() == named


def test_a_tax_charged_on_top_is_the_states_rule_not_the_citys() -> None:
    # a state's receipt rule asked from a named city: "charged" is how the tax works
    assert asked_locality("shop in spokane: is sales tax charged on top of the excise?") is None


@pytest.mark.parametrize(
    "question",
    [
        "when will the first medical dispensaries in nebraska open, and how many licences?",
        "did florida's 2030 adult-use amendment pass?",
        "whats the city of aspen's own sales tax on recreational weed?",
        "how many stores sell cannabis in calgary these days?",
        "which towns in essex county still prohibit retail sales? massachusetts",
    ],
)
def test_with_no_fact_stating_it_the_answer_admits_the_gap(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
