"""Which agent answers (`agents/triage.py`): a place named and a pick the router is unsure
of go to the compliance specialist; a document asked for stays with its writer."""

from __future__ import annotations

import pytest

from trichome.agents.registry import AGENTS
from trichome.agents.router import RouteDecision
from trichome.agents.triage import UNSURE_BELOW, abstains_instead, second_opinion, specialist
from trichome.agents.understanding import understand
from trichome.plans import OPERATOR_AGENT

UPGRADE = "https://example.test/upgrade"


def _answering(question: str, route: RouteDecision, *, drafting: bool = False) -> str:
    agent, _ = specialist(route, OPERATOR_AGENT, understand([question]), None, UPGRADE, drafting)
    return agent.name


@pytest.mark.parametrize("picked", ["operations", "formulation", "marketing"])
def test_an_unsure_pick_for_a_question_naming_a_place_goes_to_compliance(picked: str) -> None:
    question = "vermont: does the allotment roll over if a patient skips a month?"
    unsure = RouteDecision(picked, UNSURE_BELOW - 0.1, "compliance")
    assert _answering(question, unsure) == "compliance"


def test_a_sure_pick_or_a_question_naming_no_place_keeps_the_router_s_agent() -> None:
    sure = RouteDecision("formulation", UNSURE_BELOW + 0.2, "compliance")
    assert _answering("vermont: how do we get distillate to mix into honey?", sure) == (
        "formulation"
    )
    unsure = RouteDecision("formulation", UNSURE_BELOW - 0.1, "compliance")
    assert _answering("how do we get distillate to mix into honey evenly?", unsure) == (
        "formulation"
    )


def test_a_document_asked_for_stays_with_its_writer_however_unsure() -> None:
    unsure = RouteDecision("marketing", UNSURE_BELOW - 0.1, "compliance")
    question = "need two caption ideas for our long weekend hours at the boulder store"
    assert _answering(question, unsure, drafting=True) == "marketing"
    assert _answering("write an invite to our denver vendor day, friday 3pm", unsure) == (
        "marketing"
    )


def test_advertising_in_a_place_stays_with_marketing_when_unsure() -> None:
    unsure = RouteDecision("marketing", UNSURE_BELOW - 0.1, "compliance")
    assert _answering("can our billboard in detroit show a leaf", unsure) == "marketing"


def test_the_main_agent_is_a_second_opinion_only_for_a_rule_asked() -> None:
    unsure = RouteDecision("marketing", 0.45, "main_agent")
    assert second_opinion(unsure, "NY", rule_asked=True) == "compliance"
    assert second_opinion(unsure, None, rule_asked=True) == "main_agent"
    assert second_opinion(unsure, None, rule_asked=False) is None
    other = RouteDecision("marketing", 0.45, "operations")
    assert second_opinion(other, None, rule_asked=False) == "operations"


def test_the_main_agent_abstains_for_an_unsure_specialist_but_not_for_compliance() -> None:
    # neither knows a shop's hours: the main agent says so, not marketing; compliance's own
    # gap names the regulator, so it keeps the question
    main = AGENTS["main_agent"]
    assert abstains_instead(AGENTS["marketing"], main)
    assert abstains_instead(AGENTS["operations"], main)
    assert not abstains_instead(AGENTS["compliance"], main)
    assert not abstains_instead(AGENTS["marketing"], AGENTS["compliance"])
