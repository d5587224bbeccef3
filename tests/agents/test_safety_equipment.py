"""OSHA's shop-floor equipment standards asked in operators' words: respirators and fit
tests, lockout/tagout, eyewash, extinguishers and forklifts are what is asked, whatever
words of other rules the story around them holds."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.offences import asks_offence
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.sops import ABOUT_A_PROCEDURE
from trichome.knowledge.topics import detect_topics


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "false_topic"),
    [
        ("our forklift driver was certified two years back, when is his next evaluation?",
         "transport"),
        ("how far can an extinguisher be from the packaging room's workers?", "packaging"),
        ("the crew keeps respirators on them all shift, do they all need fit testing?",
         "possession-limits"),
        ("we run hemp through the ethanol extractor, how often do we fit test the masks?",
         "hemp"),
        ("how long do we keep the extinguisher servicing records?", "record-keeping"),
        ("he failed the fit test on the medium mask, can he retest on a small?", "lab-testing"),
    ],
)  # fmt: skip
def test_the_equipment_asked_displaces_rules_its_story_words_name(
    question: str, false_topic: str
) -> None:
    names = [topic.name for topic in detect_topics(question)]
    assert "safety-equipment" in names
    assert false_topic not in names


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("our delivery drivers in california, what does the manifest need to show?", "delivery"),
        ("how many ounces can i have on me in colorado?", "possession-limits"),
        ("how long do we keep sales records in oregon?", "record-keeping"),
        ("our flower failed the microbial test, can we retest it?", "lab-testing"),
    ],
)
def test_without_the_equipment_the_rules_are_read_as_before(question: str, topic: str) -> None:
    names = [found.name for found in detect_topics(question)]
    assert topic in names
    assert "safety-equipment" not in names


@pytest.mark.parametrize(
    ("question", "fact", "figure"),
    [
        ("our forklift driver was certified two years back, when is his next evaluation?",
         "ops-forklift-operator-training", "three years"),
        ("we run hemp crude through the ethanol extractor, how often do we fit test the "
         "respirators?", "ops-respirator-fit-test-schedule", "annual"),
        ("how long do we keep the extinguisher servicing records?",
         "ops-fire-extinguisher-inspection", "one year"),
        ("does a worker need a medical evaluation before a respirator fit test?",
         "ops-respirator-medical-evaluation", "medical evaluation"),
        ("how often must we inspect our lockout tagout procedures for the presses?",
         "ops-lockout-tagout-inspection-training", "annual"),
        ("what class of extinguisher do we want for a butane fire?",
         "ops-fire-extinguisher-training-placement", "Class B"),
    ],
)  # fmt: skip
def test_operations_answers_from_the_osha_facts(
    service: AgentService, question: str, fact: str, figure: str
) -> None:
    answered = answer(service, question)
    assert answered.agent == "operations"
    assert answered.fact_ids[0] == fact
    assert figure.lower() in answered.text.lower()


def test_an_audit_of_procedures_held_asks_for_no_new_procedure() -> None:
    assert ABOUT_A_PROCEDURE.search("how often must our lockout procedures be inspected?")
    assert ABOUT_A_PROCEDURE.search("who may audit those energy control procedures?")
    assert not ABOUT_A_PROCEDURE.search("write a lockout procedure for the rosin presses")


def test_a_class_of_equipment_is_no_offence_class() -> None:
    assert not asks_offence("what class of extinguisher for a butane fire?")
    assert asks_offence("3 oz in the car, what class is that?")
    assert asks_offence("what class of offense is 3 oz?")


def test_a_level_to_act_from_is_no_offence_level(service: AgentService) -> None:
    assert not asks_offence("at what level do we have to start hearing tests for staff?")
    assert not asks_offence("what level should the extraction room alarm be set to")
    assert asks_offence("6 oz of flower in the trunk, what level is that?")
    asked = answer(
        service,
        "osha 8 hour noise PEL?",
        "and at what level do we have to start a hearing conservation program with audiograms",
    )
    assert "85 dBA" in asked.text
    assert asked.fact_ids[0] == "ops-osha-noise-exposure"
