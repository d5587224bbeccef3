"""A question asking a particular aspect of a rule (a penalty, a licence's fee, flying with
cannabis, driving impaired, a prize draw, how long records are kept) is answered only by a fact that speaks of it
(issue 19): a place's label warning that mentions driving is no answer to what driving high
costs, and a delivery rule is no answer to taking cannabis on a plane. With no such fact the
answer admits the gap and names the regulator, and cites nothing."""

from __future__ import annotations

import asyncio

import pytest

from tests.agents.asking import answer
from tests.agents.test_rules_over_questions_back import prepare
from trichome.agents.asked_aspects import asked_aspects, finds_an_answer, states_aspects
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import Passage


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("arizona: what do they hit you with for a dui on weed", "impaired-driving"),
        ("whats the fine if a budtender sells to a 20 yr old in michigan", "penalty"),
        ("new jersey class 5 retail licence - what's the application fee", "fee"),
        ("flying out of LAX with a vape in my carry-on, allowed?", "air-travel"),
        ("can we do a sweepstakes for newsletter signups in colorado", "prize-draw"),
        (
            "oregon grow - how many yrs do we hang on to... i mean keep harvest records?",
            "retention",
        ),
        ("whats the footage retention period for dispensary cameras in nevada", "retention"),
        ("can we do a bogo on edibles in colorado", "price-deal"),
        ("how close to a school can a dispensary be in michigan", "distance"),
        ("how long do edibles take to kick in", "onset"),
        ("can a 19 year old work at a dispensary in colorado", "employment"),
        ("happy hour discount on pre-rolls, ok in michigan?", "price-deal"),
        ("can we give away free pre-rolls on 4/20 in colorado", "price-deal"),
        ("budtender training requirements", "staff-training"),
        ("do new hires need a state certification course in nevada?", "staff-training"),
        ("PPE for butane extraction", "protective-equipment"),
        ("what protective gear do our extractors wear", "protective-equipment"),
    ],
)
def test_the_aspect_asked_is_read(question: str, aspect: str) -> None:
    assert aspect in [a.name for a in asked_aspects(question)]


@pytest.mark.parametrize(
    "question",
    [
        "heading to fairbanks, how much can i carry on me",  # carrying is possession, not flying
        "strawberry gummies - is that going to fly with the state?",
        "is it fine to store flower in the back office overnight",
        "how long can we keep vape carts on the shelf before they go bad",  # stock, not records
    ],
)
def test_ordinary_words_ask_no_aspect(question: str) -> None:
    assert asked_aspects(question) == ()


def test_a_fact_must_speak_of_every_aspect_asked() -> None:
    aspects = asked_aspects("penalty for driving high in a company van?")
    assert {a.name for a in aspects} == {"penalty", "impaired-driving"}
    assert not states_aspects("Labels must warn that cannabis may impair driving.", aspects)
    assert states_aspects(
        "Operating a motor vehicle while impaired is a class 1 misdemeanor.", aspects
    )


def test_a_retention_answer_states_how_long_something_is_kept() -> None:
    aspects = asked_aspects("how long do we have to keep transfer manifests on file in michigan?")
    assert not states_aspects("A manifest lists the driver, the vehicle and the route.", aspects)
    assert states_aspects("Licensees retain every manifest for three years.", aspects)


def test_a_hemp_plans_land_records_are_answered_with_their_retention(service: AgentService) -> None:
    answer = asyncio.run(
        service.complete(
            prepare(
                service,
                "we grow hemp in kentucky, for how many years must the state plan "
                "hold the legal description of our fields?",
            )
        )
    ).text
    assert "3 calendar years" in answer
    assert "1639" in answer


@pytest.mark.parametrize(
    "question",
    [
        "arizona - what happens to me for a dui after smoking, first offense penalty?",
        "taking my prescribed cannabis on a flight from san diego to sacramento, is that ok?",
        # a deal or a giveaway is not answered by the audience test of the advertising rules
        "can we do a bogo on edibles in colorado",
        "can we give a free pre-roll with purchase in colorado",
        # a municipality's power to ban is no distance; a buyer's age is no employee's
        "how close to a school can a dispensary be in michigan",
        "can a 19 year old work at a dispensary in colorado",
    ],
)
def test_a_neighbouring_fact_is_not_offered_as_the_answer(
    service: AgentService, question: str
) -> None:
    answer = asyncio.run(service.complete(prepare(service, question))).text
    assert "Sources:" not in answer
    assert "ask" in answer.lower()  # the regulator to ask is named


def test_a_hemp_growers_follow_up_on_records_stays_with_the_hemp_plan(
    service: AgentService,
) -> None:
    answer = asyncio.run(
        service.complete(
            prepare(
                service,
                "we grow industrial hemp, licensed straight through usda since our state quit",
                "for how long must the field legal descriptions be kept?",
            )
        )
    ).text
    assert "3 calendar years" in answer
    assert "other part of your question" not in answer


def test_a_giveaway_rule_answers_a_giveaway_question(service: AgentService) -> None:
    answer = asyncio.run(
        service.complete(
            prepare(service, "can we give away free cannabis as a promotion in california")
        )
    ).text
    assert "15411" in answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("can I open a dispensary near a church in missouri", "1,000 feet"),
        ("how close to a school can a dispensary be in ohio", "500 feet"),
        ("how long do edibles take to kick in", "30-90 minutes"),
        # pieces and their strength told beside a time asked: the time is the question
        ("had 3 of the 5mg chocolates after dinner, when does it kick in", "30-90 minutes"),
    ],
)
def test_the_fact_stating_the_aspect_answers(
    service: AgentService, question: str, says: str
) -> None:
    answer = asyncio.run(service.complete(prepare(service, question))).text
    assert says in answer.split("\n")[0]


def _passage(text: str, title: str = "t") -> Passage:
    source = Source(title="s", url="https://example.gov", section="1", kind="primary")
    fact = Fact(id="f", pack_id="p", topic="t", title=title, text=text, sources=(source,))
    return Passage(fact, score=1.0, coverage=0.6, matched_terms=2, query_terms=2)


def test_relevant_facts_that_all_miss_the_aspect_asked_find_no_answer() -> None:
    # the second opinion is asked when the pick's relevant facts all miss the aspect
    question = "budtender training requirements"
    trained_admin = _passage("A licensee must designate at least one trained system administrator.")
    staff_rule = _passage("Every employee must finish the state's responsible-vendor training.")
    assert not finds_an_answer([trained_admin], question)
    assert finds_an_answer([trained_admin, staff_rule], question)
    assert finds_an_answer([trained_admin], "who administers the tracking system?")


@pytest.mark.parametrize(
    "question",
    [
        "budtender training requirements",  # was a state's track-and-trace admin rule
        "PPE for butane extraction",  # was LPG's IDLH
        "what ppe do my extraction techs need running a closed-loop bho system",
    ],
)
def test_with_no_fact_on_the_aspect_the_answer_abstains_citing_nothing(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
    # no fact on the aspect: it says so, or (a state's rule, no state named) asks which state
    assert "won't guess" in answered.text or "Which jurisdiction" in answered.text


@pytest.mark.parametrize(
    "question",
    ["a free pre-roll with purchase in michigan?", "michigan: can we do a bogo on edibles?"],
)
def test_a_promotion_no_fact_of_the_place_speaks_to_is_admitted_naming_the_regulator(
    service: AgentService, question: str
) -> None:
    # Michigan's facts on advertising audiences and adult gifts say nothing of a shop's deals
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "Michigan Cannabis Regulatory Agency" in answered.text


def test_how_many_patients_a_caregiver_serves_is_not_answered_by_a_possession_limit(
    service: AgentService,
) -> None:
    answered = answer(
        service, "new hampshire caregiver here, i have four patients, can i take on two more?"
    )
    assert "nh-patient-possession-2-oz" not in answered.fact_ids
    assert "patients-served" in [
        a.name for a in asked_aspects("caregiver for 3 patients already, can i add another")
    ]


def test_a_renewal_fee_is_not_answered_by_the_first_years_permit_fee(
    service: AgentService,
) -> None:
    aspects = asked_aspects("how much does it cost to renew a processor permit?")
    assert {"fee", "renewal-fee"} <= {a.name for a in aspects}
    assert not states_aspects("A processor pays a $50,000 annual permit fee.", aspects)
    assert states_aspects("The permit renewal fee of $5,000 is paid on renewal.", aspects)
    answered = answer(service, "west virginia grower/processor permit - what does renewal cost?")
    assert answered.fact_ids == ()
    assert "Office of Medical Cannabis" in answered.text
