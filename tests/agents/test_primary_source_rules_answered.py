"""Rules added to the packs from their statute or regulation (issue 21), asked the way an
operator or a patient would: Alabama's dispensing-site cap and its rule that minors buy only
through a caregiver, Nevada's limits on what a medical card covers, New Hampshire's patient
home grow, and the federal per-container hemp cap."""

from __future__ import annotations

import pytest

from tests.agents.asking import text_and_fact_ids
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


ask = text_and_fact_ids


@pytest.mark.parametrize(
    ("question", "fact", "words"),
    [
        (
            "we hold one of the alabama dispensary licenses - how many storefronts can we open?",
            "al-licence-types",
            ("three dispensing sites", "different county"),
        ),
        (
            "alabama dispensary: minimum age for a patient to buy? ours is 17",
            "al-minimum-age-19-and-minor-patients",
            ("caregiver",),
        ),
        (
            "nevada medical card holder wants to know if public consumption is ok with his card",
            "nv-medical-card-no-cover-public-use-driving-school",
            ("public place",),
        ),
        (
            "nevada med patient drove high, does his card protect him from a DUI?",
            "nv-medical-card-no-cover-public-use-driving-school",
            ("under the influence",),
        ),
        (
            "new hampshire patients - is home grow allowed yet?",
            "nh-no-home-grow",
            ("HB 53",),
        ),
    ],
)
def test_a_rule_read_from_its_own_text_answers_the_question(
    service: AgentService, question: str, fact: str, words: tuple[str, ...]
) -> None:
    text, cited = ask(service, question)
    assert fact in cited
    for word in words:
        assert word in text


def test_the_nevada_medical_rule_is_not_offered_for_an_adult_use_question(
    service: AgentService,
) -> None:
    _, cited = ask(service, "las vegas tourist, 25, no card: can I smoke a joint on the strip?")
    assert "nv-medical-card-no-cover-public-use-driving-school" not in cited
