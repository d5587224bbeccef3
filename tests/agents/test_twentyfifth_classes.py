"""Issue 19, classes from the twenty-fifth unseen set, each asked in its own words: a place's
first fact giving the unit asked answers a question told in a story; "the max amounts we can
sell" asks amounts, not a count of "amounts"; a result told ("our hemp tested hot") keeps the
hemp rule asked; OSHA's flammable-liquid cabinet and category rules answer an OSHA question;
a state code in a line of capitals is a shouted word; and the sourced facts added for
Washington's priced ads, Oregon's sales-suppression ban and New York's home extraction."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.counting import counted_thing
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.topics import detect_topics


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def test_a_distance_asked_in_a_story_is_answered_by_the_places_distance_rule(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "we manage a shop in queens and a sign company offered us a bus-shelter poster spot "
        "near a playground on our block. how far away from a playground does an ad need to "
        "be in new york?",
    )
    assert "500 feet" in answered.text
    assert "ny-advertising-500-feet" in answered.fact_ids


def test_max_amounts_asks_an_amount_not_a_count_of_amounts() -> None:
    assert counted_thing("what are the max amounts a store can sell to one person?") == (
        "an amount"
    )
    assert counted_thing("what's the max quantities per visit?") == "an amount"


def test_selling_to_one_adult_customer_asks_the_purchase_limit() -> None:
    topics = {t.name for t in detect_topics("how much wax can we sell one adult customer")}
    assert "purchase-limits" in topics


def test_a_hot_hemp_result_told_still_asks_the_hemp_rule(service: AgentService) -> None:
    topics = {t.name for t in detect_topics("our hemp tested at 0.6% total thc, now what")}
    assert "hemp" in topics
    answered = answer(
        service,
        "field one hemp tested 0.8% total thc on the state's test. is that a negligent "
        "violation under the usda rules or is there some leeway?",
    )
    assert "1.0 percent" in answered.text
    assert "us-hemp-negligence-threshold-1-percent" in answered.fact_ids


@pytest.mark.parametrize(
    ("question", "figure", "fact_id"),
    [
        (
            "our extraction room keeps isopropyl in a flammable storage cabinet, how many "
            "gallons can osha let us keep in that one cabinet?",
            "60 gallons",
            "ops-osha-flammables-cabinet-capacity",
        ),
        (
            "osha question: which flash point separates a category 3 flammable liquid from "
            "category 2?",
            "73.4 F",
            "ops-osha-flammable-liquid-categories",
        ),
    ],
)
def test_osha_flammable_liquid_rules_answer_an_osha_question(
    service: AgentService, question: str, figure: str, fact_id: str
) -> None:
    answered = answer(service, question)
    assert answered.agent == "operations"
    assert figure in answered.text
    assert fact_id in answered.fact_ids


def test_a_state_code_in_a_line_of_capitals_is_a_word() -> None:
    assert "IN" not in detect_jurisdictions("ad draft: 'BEST PRICES IN BROOKLYN' for ny")
    assert "OR" in detect_jurisdictions("our store in Portland, OR sells edibles")


@pytest.mark.parametrize(
    ("question", "said", "fact_id"),
    [
        (
            "designing a price postcard ad for our tacoma shop: can the advertised prices "
            "leave out the 37% excise?",
            "reflected",
            "wa-excise-in-advertised-prices",
        ),
        (
            "an oregon dispensary owner was offered pos software that can delete some sales "
            "records before tax time. is that allowed under the marijuana tax law?",
            "unlawful",
            "or-sales-suppression-devices-banned",
        ),
    ],
)
def test_sourced_rules_added_for_the_set_answer_in_other_words(
    service: AgentService, question: str, said: str, fact_id: str
) -> None:
    answered = answer(service, question)
    assert said in answered.text
    assert fact_id in answered.fact_ids


def test_keeping_sales_out_of_the_tax_report_is_declined(service: AgentService) -> None:
    answered = answer(
        service,
        "how do i set the register up so a few cash sales never show up in the monthly "
        "washington excise report?",
    )
    assert answered.text.startswith("I won't help")
    assert answered.fact_ids == ()
