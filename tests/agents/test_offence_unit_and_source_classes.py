"""Issue 19, the ninth operator set's classes: an offence tier is not a legal limit; a
comparison gives each place's rule in its own unit; a hemp rule asked with no place is the
federal one; a follow-up asking for the section gets the law's own references; a follow-up's
own words decide its answer; a count asked inside a story is still answered. Each test asks
in its own words, not the set's."""

from __future__ import annotations

import pytest

from tests.agents.test_answer_or_abstain_classes import ask as ask_agent
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def ask(service: AgentService, *turns: str) -> tuple[str, int]:
    """The last answer's text and how many sources it cites."""
    text, _, cited = ask_agent(service, *turns)
    return text, cited


def first_paragraph(text: str) -> str:
    return text.split("\n\n", 1)[0]


@pytest.mark.parametrize(
    ("question", "tier"),
    [
        ("minnesota: what degree of crime is 20 grams of concentrate in your bag?", "16 and up to 80 grams"),
        ("MN, when do thc edibles in the car turn into a third-degree offense?", "1,600 mg"),
        ("what kind of charge is 3 oz of flower outside the house in minnesota", "petty misdemeanor"),
    ],
)  # fmt: skip
def test_an_offence_tier_question_gets_the_tiers_not_the_legal_limit(
    service: AgentService, question: str, tier: str
) -> None:
    text, cited = ask(service, question)
    lead = first_paragraph(text)
    assert tier in lead
    assert "Adults 21+ may carry" not in lead  # the legal personal limit answers another question
    assert cited >= 1


def test_a_legal_limit_question_still_gets_the_legal_limit(service: AgentService) -> None:
    lead = first_paragraph(ask(service, "how much weed can i have on me in public in minnesota")[0])
    assert "2 ounces" in lead
    assert "Third degree" not in lead


def test_a_comparison_gives_each_place_its_rule_in_its_own_unit(service: AgentService) -> None:
    text, cited = ask(
        service, "georgia vs texas, what's the max thc % for the low thc medical products?"
    )
    assert "5 percent" in text  # Georgia states a share of weight
    assert "10 mg" in text  # Texas caps each dosage unit in milligrams
    assert cited >= 2


def test_a_hemp_rule_asked_with_no_place_is_answered_by_the_federal_rule(
    service: AgentService,
) -> None:
    text, cited = ask(
        service, "is it ok to start cutting our hemp field before the sampling agent has come out?"
    )
    lead = first_paragraph(text)
    assert "must not harvest" in lead or "may not be harvested before" in lead
    assert cited >= 1


def test_a_state_named_beside_the_usda_plan_gets_the_federal_sampling_window(
    service: AgentService,
) -> None:
    text, _ = ask(
        service,
        "tennessee grower on a usda-licensed hemp plot, how many days before harvest is the thc sample taken",
    )
    assert "30 days" in first_paragraph(text)
    assert "no sourced rule" not in text


@pytest.mark.parametrize(
    "follow_up", ["what section of the code is that in?", "can you cite the statute for that"]
)
def test_a_follow_up_asking_for_the_section_names_every_primary_source(
    service: AgentService, follow_up: str
) -> None:
    text, _ = ask(service, "california per-serving thc limit on edibles?", follow_up)
    lead = first_paragraph(text)
    assert "Where it is written" in lead
    assert "17304" in lead and "26130" in lead  # the regulation and the statute behind it


def test_a_follow_up_is_answered_for_its_own_question(service: AgentService) -> None:
    first_turn = "usda hemp crop tested hot, do we have to destroy it or is there another way"
    earlier = first_paragraph(ask(service, first_turn)[0])
    text, _ = ask(service, first_turn, "ok and after we remediate, what testing does it need")
    assert first_paragraph(text) != earlier  # not the earlier answer again
    assert "post-harvest" in text


def test_two_counts_in_one_question_are_both_answered(service: AgentService) -> None:
    lead = first_paragraph(
        ask(
            service, "growing at home in DC - how many plants total and how many can be flowering?"
        )[0]
    )
    assert "6" in lead and "3 or fewer" in lead


def test_a_count_buried_in_a_story_is_still_answered(service: AgentService) -> None:
    text, cited = ask(
        service,
        "my aunt in fresno is finally retired and wants a little garden out back with some weed in it, "
        "how many plants can she legally have at one time under the state law, not the county",
    )
    assert "six living plants" in first_paragraph(text)
    assert cited >= 1


def test_how_much_a_relative_may_legally_hold_is_a_limit_not_dosing(service: AgentService) -> None:
    text, _ = ask(
        service, "my dad has the georgia low thc card, how much oil can he legally have on hand"
    )
    assert "20 fluid ounces" in text
    assert "doctor" not in first_paragraph(text)
