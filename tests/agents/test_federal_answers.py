"""Issue 19: a federal rule asked with a state named ("we're a Colorado dispensary, 280E?")
is answered by the federal fact, said to apply in that state, when the topic asked is one
federal law governs (280E, FinCEN's SAR duties, OSHA's logs, reporting and limits); a
state's own law (its excise or sales tax) is still answered by the state's facts only, and a
province named gets no US federal rule."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.engine import binds_in
from trichome.agents.service import AgentService, build_agent_service
from trichome.agents.understanding import understand
from trichome.config import Settings
from trichome.knowledge.federal_topics import FEDERAL_IN_EVERY_STATE
from trichome.knowledge.packs import Fact, Source


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "fact", "state", "figure"),
    [
        ("we're a colorado dispensary, can we deduct rent under 280e?", "gen-280e-tax",
         "Colorado", "280E"),
        ("michigan credit union here, what does FinCEN expect for SARs on marijuana businesses",
         "us-fincen-marijuana-sar-labels", "Michigan", "MARIJUANA LIMITED"),
        ("our illinois bank wants to know the SAR labels for marijuana customers",
         "us-fincen-marijuana-sar-labels", "Illinois", "MARIJUANA TERMINATION"),
        ("osha 300 log - do we need one for our washington grow?",
         "ops-osha-300-log-recordkeeping", "Washington", "more than ten employees"),
        ("one of our trimmers in michigan lost a finger tip in the trim machine - how fast do "
         "we have to tell osha?", "ops-osha-severe-injury-reporting", "Michigan", "24 hours"),
        ("hexane exposure limit for our lab in arizona?", "ops-hexane-exposure-limits",
         "Arizona", "50 ppm"),
        ("how loud can our trim room get before we need hearing protection? we're in colorado",
         "ops-osha-noise-exposure", "Colorado", "85 dBA"),
        ("our oregon grow has 9 employees, does the emergency action plan have to be written "
         "or can we tell people verbally?", "ops-emergency-action-plan-written-or-oral", "Oregon",
         "10 or fewer employees"),
    ],
)  # fmt: skip
def test_a_federal_rule_asked_with_a_state_named_is_answered_as_applying_there(
    service: AgentService, question: str, fact: str, state: str, figure: str
) -> None:
    answered = answer(service, question)
    # the federal fact answers (the main agent may lead with FinCEN's guidance as a whole)
    assert fact in answered.fact_ids[:2]
    assert figure in answered.text
    assert f"applies in {state} as in every US state" in answered.text


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("colorado retail marijuana sales tax rate? doing our pos setup",
         "co-retail-marijuana-sales-tax-15"),
        ("what's washington's cannabis excise tax at the register?", "wa-cannabis-excise-tax-37"),
    ],
)  # fmt: skip
def test_a_states_own_tax_is_answered_by_the_state_not_by_280e(
    service: AgentService, question: str, fact: str
) -> None:
    answered = answer(service, question)
    assert fact in answered.fact_ids
    assert "gen-280e-tax" not in answered.fact_ids
    assert "federal law" not in answered.text


def test_a_province_named_gets_no_us_federal_rule(service: AgentService) -> None:
    answered = answer(service, "do we need to keep an osha 300 log at our ontario LP?")
    assert answered.fact_ids == ()


def test_federal_topics_follow_the_topic_asked_not_its_wording() -> None:
    federal = understand(["can we deduct rent under 280e? colorado shop"]).federal_topics
    state = understand(["whats the excise tax in colorado?"]).federal_topics
    assert "federal-tax" in federal
    assert "federal-tax" not in state
    assert state == FEDERAL_IN_EVERY_STATE


def _fact(jurisdiction: str | None, topic: str) -> Fact:
    source = Source("29 CFR 1904", "https://www.ecfr.gov/", "1904.39", "primary")
    return Fact("f", "p", topic, "t", "text", (source,), jurisdiction)


def test_binds_in_a_us_state_only_on_a_federal_topic_asked() -> None:
    asked = understand(["report an amputation to osha, we're in ohio"]).federal_topics
    assert binds_in(_fact("US", "injury-reporting"), {"OH"}, asked)
    assert binds_in(_fact(None, "injury-reporting"), {"OH"}, asked)
    assert not binds_in(_fact("US", "injury-reporting"), {"OH"})  # not asked about
    assert not binds_in(_fact("US", "injury-reporting"), {"CA-ON"}, asked)  # not a US state
    assert not binds_in(_fact("CO", "injury-reporting"), {"OH"}, asked)  # another state's
    assert not binds_in(_fact(None, "worker-health"), {"OH"}, asked)  # a case report, not law


@pytest.mark.parametrize(
    "question",
    [
        "tiny craft grow, me + 7 employees. does our OSHA emergency action plan have to be "
        "written down or can we just go over it verbally?",
        "do we legally need a written emergency action plan with 6 staff?",
        "emergency action plan rules: when can it be oral instead of in writing",
    ],
)
def test_an_emergency_action_plan_question_naming_no_state_gets_osha_s_rule(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[:1] == ("ops-emergency-action-plan-written-or-oral",)
    assert "10 or fewer employees" in answered.text
