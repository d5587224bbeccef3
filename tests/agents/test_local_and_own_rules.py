"""Issue 19: a neighbouring rule is not the answer. A city's own ordinance, fee, tax vote or
bylaw is not answered by the state's rule on what localities may do; a state's own rule or
papers are not answered by federal law; a possession limit is not answered by who issues
licences; a medical dispensary licence is not answered by a hemp office; the odds of an
award are not foretold; a thank-you or a vent is chat, not a question. Each test asks in its
own words and checks what the user is shown: the answer, or an honest abstention (no
citation) naming who to ask."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.local_rules import asked_locality
from trichome.agents.service import AgentService, build_agent_service
from trichome.agents.state_own_rules import asks_state_own_rule
from trichome.agents.understanding import RequestKind, kind_of
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "locality", "regulator"),
    [
        (
            "we're scouting a unit in south denver. which denver zoning districts allow a "
            "marijuana store and how far apart does the city keep them?",
            "Denver",
            "Colorado",
        ),
        (
            "what does the city of ann arbor charge as its annual local licence fee for a "
            "rec retailer? i already know the state fee",
            "Ann Arbor",
            "Michigan Cannabis Regulatory Agency",
        ),
        (
            "did yellowstone county vote in the local option marijuana tax, and what rate "
            "would we charge there?",
            "Yellowstone County",
            "Montana Department of Revenue",
        ),
        (
            "edmonton zoning bylaw: how many metres must a cannabis retail store be from a "
            "library?",
            "Edmonton",
            "AGLC",
        ),
        (
            "cleveland city ordinance on dispensary opening hours: can we open at 6am?",
            "Cleveland",
            "Ohio",
        ),
    ],
)
def test_a_localitys_own_rule_is_not_answered_by_the_states(
    service: AgentService, question: str, locality: str, regulator: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()  # no state fact cited as the city's rule
    assert f"rule of {locality}" in answered.text
    assert "local government" in answered.text
    assert regulator in answered.text  # the state's regulator is still named


@pytest.mark.parametrize(
    "question",
    [
        # what localities may do is the state's rule, which the state's facts answer
        "portland oregon shop. whats the state tax on rec sales and can the city add its own?",
        "can a michigan township opt out of adult use dispensaries?",
        "kansas city MO dispensary - how much can the city add on top of the state tax?",
    ],
)
def test_what_localities_may_do_is_still_the_states_rule(
    service: AgentService, question: str
) -> None:
    assert asked_locality(question) is None
    assert answer(service, question).fact_ids  # answered from the state's sourced facts


@pytest.mark.parametrize(
    ("question", "regulator"),
    [
        (
            "starting a hemp store in topeka. what THC cap do kansas rules set for cbd "
            "gummies, and is there a state retail registration?",
            "Kansas Department of Agriculture",
        ),
        (
            "selling cbd tinctures out of a kiosk in wichita - what limit do kansas regulations "
            "put on thc in them?",
            "Kansas Department of Agriculture",
        ),
    ],
)
def test_a_states_own_rule_is_not_answered_by_federal_law(
    service: AgentService, question: str, regulator: str
) -> None:
    assert asks_state_own_rule(question)
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "no sourced" in answered.text
    assert regulator in answered.text


def test_federal_law_still_answers_when_asked_beside_the_state() -> None:
    assert not asks_state_own_rule("what do kansas rules and federal law say about thc in cbd?")
    assert not asks_state_own_rule("is 280E a problem for our colorado shop?")


@pytest.mark.parametrize(
    "question",
    [
        "heard nebraska went medical. what's the possession limit for patients there, and "
        "when can businesses apply?",
        "nebraska medical program - how much can a patient possess at one time?",
    ],
)
def test_a_possession_limit_is_not_answered_by_who_licenses(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "Nebraska Medical Cannabis Commission" in answered.text


def test_a_possession_limit_held_is_still_given(service: AgentService) -> None:
    answered = answer(service, "what's the possession limit for adults in michigan?")
    assert answered.fact_ids
    assert "2.5 ounces" in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "my cousin wants to open a medical marijuana dispensary in pocatello idaho, which "
        "licence and which regulator?",
        "who licenses medical dispensaries in idaho and what's the application called?",
    ],
)
def test_a_hemp_office_is_not_named_as_a_dispensarys_regulator(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "no medical dispensary programme" in answered.text
    assert "names no medical regulator" in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "new jersey adult use licensing - realistically what are our odds of getting a "
        "retail licence in the next round?",
        "what's the chance we win a dispensary permit in the ohio lottery?",
        "how good are my chances at landing a cultivation license in virginia?",
    ],
)
def test_the_odds_of_an_award_are_declined(service: AgentService, question: str) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "can't predict" in answered.text


@pytest.mark.parametrize(
    "message",
    [
        "that cleared it up, thank you!! now i can stop arguing with my manager lol",
        "appreciate it, saved our opening shift a lot of guesswork",
        "brutal inventory count tonight, two bins missing and the printer jammed, no "
        "question really just venting",
        "closing was a mess, drawer short and the label printer died. not even asking a "
        "question, just needed to vent",
    ],
)
def test_thanks_and_venting_are_chat(service: AgentService, message: str) -> None:
    assert kind_of(message) is RequestKind.SMALL_TALK
    answered = answer(service, message)
    assert answered.agent == "main_agent"
    assert answered.fact_ids == ()
    assert "sourced answer" not in answered.text


def test_a_question_after_thanks_is_still_a_question() -> None:
    assert kind_of("thanks! and what's the purchase limit in nevada?") is not RequestKind.SMALL_TALK
