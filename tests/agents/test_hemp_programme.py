"""A hemp question is not answered by a rule of the marijuana programmes: a fact marked for
all of them, or speaking of adult-use buyers or patients, that names no hemp ("the Division
licenses the cultivators ... of medical and adult-use marijuana") is no hemp grower's rule."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.programmes import of_program
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import load_packs
from trichome.knowledge.retrieval import Passage


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def _passage(fact_id: str) -> Passage:
    fact = next(f for pack in load_packs() for f in pack.facts if f.id == fact_id)
    return Passage(fact=fact, score=1.0, coverage=1.0, has_key_term=True, terms=frozenset())


def test_a_marijuana_programme_rule_does_not_answer_a_hemp_question() -> None:
    marijuana = _passage("oh-dispensary-licence-cap-400")  # marked "all", names no hemp
    hemp = _passage("us-hemp-felony-ten-year-bar")
    assert of_program([marijuana, hemp], "hemp") == [hemp]
    assert of_program([marijuana, hemp], None) == [marijuana, hemp]
    assert marijuana in of_program([marijuana], "adult-use")


def test_ohio_s_dispensary_licences_do_not_answer_a_hemp_grower(service: AgentService) -> None:
    answered = answer(service, "do i need a license to grow hemp in ohio")
    assert "oh-dispensary-licence-cap-400" not in answered.fact_ids
    assert "dispensaries" not in answered.text.split("\n")[0]


def test_cbd_consumables_are_hemp_s_and_an_ads_medical_claims_no_patient_rule(
    service: AgentService,
) -> None:
    from trichome.agents.understanding import program_of

    assert program_of("can we stock cbd tinctures at the smoke shop in ohio") == "hemp"
    assert program_of("can patients buy cbd oil in georgia") is None  # both named: neither
    # Meta's rule bans "health or medical claims": it is no medical programme's rule, so a
    # CBD lotion's ad question meets it
    answered = answer(service, "can i run instagram ads for our cbd body lotion (under 0.3% thc)")
    assert "mkt-meta-cbd-thc-policy" in answered.fact_ids
    assert "LegitScript" in answered.text


@pytest.mark.parametrize(
    "question",
    ["do i need a license to grow hemp", "do i need a permit to farm hemp in the us?"],
)
def test_whether_growing_hemp_needs_a_licence_is_answered_by_the_federal_licence_rule(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[0] == "us-hemp-producer-licence-required"
    first = answered.text.split("\n")[0]
    assert first.startswith("Federal: Yes") and "USDA" in first
    assert "990.21" in answered.text  # its source, cited
