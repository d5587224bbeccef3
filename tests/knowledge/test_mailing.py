"""Sending cannabis by post is the US mail's rule (USPS Publication 52 ties it to federal drug
law), not a question of whether a state allows cannabis: the answer is that rule, cited,
wherever the sender and the addressee are; seeds and email are not mailing cannabis."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.topics import detect_topics

RULE = "us-mail-controlled-substances-dea-registrants-only"


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "question",
    [
        "is it legal to mail weed to another state",
        "can i send edibles through the mail to my sister",
        "can i mail edibles to my friend in texas, we're in colorado",
        "colorado patient here, can i mail my carts to myself in michigan",
    ],
)
def test_mailing_cannabis_is_answered_from_the_mail_s_rule(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[:1] == (RULE,)
    assert "DEA" in answered.text


@pytest.mark.parametrize(
    "question",
    ["mail order seeds", "email our customers about the new weed drop", "is weed legal in texas"],
)
def test_seeds_email_and_a_state_s_status_are_not_mailing(question: str) -> None:
    assert "mailing" not in {topic.name for topic in detect_topics(question)}
